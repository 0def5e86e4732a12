#include "app/translate/translatecommand.h"

#include "app/commandline.h"
#include "app/model/modelcommand.h"
#include "core/json/jsonprinter.h"
#include "core/model/topk.h"
#include "core/text/messageid.h"
#include "core/tokenize/unicodetext.h"
#include "core/translate/translationmodel.h"
#include "ui/i18n/coremessages.h"

#include <QCoreApplication>
#include <QFile>

#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

namespace attnlab::app {

namespace {

// transformers' generate() without max_new_tokens stops at generation_config's max_length (512
// for opus-mt); the command line makes at most 64 new tokens unless told otherwise.
constexpr int kDefaultNewTokens = 64;

QString tr(const char *text)
{
    // lupdate files tr() calls in a namespace-level function under the namespace's name.
    return QCoreApplication::translate("attnlab::app", text);
}

// A vocabulary string as JSON can hold it.
std::string jsonText(const std::string &text)
{
    return core::model::isValidUtf8(text) ? text : core::model::lossyUtf8(text);
}

// A matrix as rows of numbers.
nlohmann::ordered_json rows(const core::Matrix &m)
{
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        nlohmann::ordered_json row = nlohmann::ordered_json::array();
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            row.push_back(double(m(r, c)));
        out.push_back(std::move(row));
    }
    return out;
}

// What a --target-text command reads: the model, the source ids, the target ids after the
// decoder's start (the target text's own </s> left out) and the encoder's output.
struct Seq2SeqInput {
    std::optional<core::translate::TranslationModel> model;
    std::vector<int> sourceIds, targetIds;
};

void loadSeq2Seq(const QString &dir, const CommandLine &cli, Seq2SeqInput *in)
{
    in->model.emplace(core::translate::TranslationModel::load(QFile::encodeName(dir).toStdString()));
    for (const core::model::Token &t : in->model->tokenizer().encodeSource(cli.value(cli.text).toStdString()))
        in->sourceIds.push_back(t.id);
    in->targetIds = {in->model->rules().decoderStart};
    for (const core::model::Token &t : in->model->tokenizer().encodeTarget(cli.value(cli.targetText).toStdString()))
        if (!t.special)
            in->targetIds.push_back(t.id);
}

int printJson(const nlohmann::ordered_json &out)
{
    const std::string json = core::json::print(out);
    std::fwrite(json.data(), 1, json.size(), stdout);
    if (std::fflush(stdout) != 0)
        return failModelCommand(tr("cannot write to standard output"));
    return 0;
}

} // namespace

int runTranslateCommand(const CommandLine &cli)
{
    if (!cli.isSet(cli.translate))
        return -1;
    int maxNewTokens = kDefaultNewTokens;
    if (cli.isSet(cli.maxNewTokens)) {
        const QString text = cli.value(cli.maxNewTokens);
        if (text == QLatin1String("0"))
            return failModelCommand(QStringLiteral("--max-new-tokens: ")
                + ui::coreMessageText(core::Message(core::MessageId::GenerateNewTokens, 0)));
        if (!parsePositive(text, &maxNewTokens))
            return failModelCommand(tr("--max-new-tokens: expected a whole number ≥ 1, got \"%1\"").arg(text));
    }
    QString problem;
    const QString dir = modelFolder(cli, &problem);
    if (dir.isEmpty())
        return failModelCommand(problem);
    const QString where = QStringLiteral("--model %1: ").arg(dir);
    try {
        const auto model = core::translate::TranslationModel::load(QFile::encodeName(dir).toStdString());
        // The decoder's start takes position 0 and every new token but the last one more.
        const int positions = model.decoderWeights().config.maxPositions;
        if (maxNewTokens > positions)
            return failModelCommand(QStringLiteral("--max-new-tokens: ")
                + ui::coreMessageText(
                    core::Message(core::MessageId::GenerateNoRoom, 1, positions, positions, maxNewTokens)));
        const core::translate::Translation t
            = core::translate::translateGreedy(model, cli.value(cli.text).toStdString(), maxNewTokens);
        nlohmann::ordered_json out;
        out["source_ids"] = t.sourceIds;
        out["generated"] = nlohmann::ordered_json::array();
        for (const core::translate::GeneratedToken &g : t.generated)
            out["generated"].push_back(
                {{"id", g.id}, {"token", jsonText(g.token)}, {"probability", nineDigits(float(g.probability))}});
        out["text"] = jsonText(t.text);
        return printJson(out);
    } catch (const std::exception &e) {
        return failModelCommand(where + ui::fileProblemText(ui::exceptionProblem(e)));
    }
}

int runTranslateDumpCommand(const CommandLine &cli)
{
    using core::translate::AttentionKind;
    const QString kind = cli.value(cli.attention);
    AttentionKind attention = AttentionKind::Encoder;
    if (kind == QLatin1String("decoder"))
        attention = AttentionKind::Decoder;
    else if (kind == QLatin1String("cross"))
        attention = AttentionKind::Cross;
    else if (kind != QLatin1String("encoder"))
        return failModelCommand(tr("--attention: expected encoder, decoder or cross, got \"%1\"").arg(kind));
    QString problem;
    const QString dir = modelFolder(cli, &problem);
    if (dir.isEmpty())
        return failModelCommand(problem);
    const QString where = QStringLiteral("--model %1: ").arg(dir);
    try {
        Seq2SeqInput in;
        loadSeq2Seq(dir, cli, &in);
        core::translate::HeadPick pick {attention, 0, 0};
        if (const QString why = parseIndex(cli, cli.layer, in.model->layers(attention), &pick.layer); !why.isEmpty())
            return failModelCommand(why);
        if (const QString why = parseIndex(cli, cli.head, in.model->heads(attention), &pick.head); !why.isEmpty())
            return failModelCommand(why);
        core::translate::HeadTrace trace;
        const core::Matrix encoderOut = in.model->encode(in.sourceIds, pick, &trace);
        if (attention != AttentionKind::Encoder)
            in.model->decode(encoderOut, in.targetIds, pick, &trace);
        nlohmann::ordered_json out;
        out["source_ids"] = in.sourceIds;
        out["target_ids"] = in.targetIds;
        out["heads"] = nlohmann::ordered_json::array();
        out["heads"].push_back({{"Q", rows(trace.q)}, {"K", rows(trace.k)}, {"V", rows(trace.v)},
            {"weights", rows(trace.weights)}, {"context", rows(trace.context)}});
        return printJson(out);
    } catch (const std::exception &e) {
        return failModelCommand(where + ui::fileProblemText(ui::exceptionProblem(e)));
    }
}

int runTranslatePredictCommand(const CommandLine &cli)
{
    int top = 10;
    if (cli.isSet(cli.top) && !parsePositive(cli.value(cli.top), &top))
        return failModelCommand(tr("--top: expected a positive whole number, got \"%1\"").arg(cli.value(cli.top)));
    QString problem;
    const QString dir = modelFolder(cli, &problem);
    if (dir.isEmpty())
        return failModelCommand(problem);
    const QString where = QStringLiteral("--model %1: ").arg(dir);
    try {
        Seq2SeqInput in;
        loadSeq2Seq(dir, cli, &in);
        const core::Matrix logits = in.model->nextLogits(in.model->encode(in.sourceIds), in.targetIds);
        // The model's own softmax of the last row, in double, then the k most likely.
        const Eigen::Index last = logits.rows() - 1;
        const double peak = double(logits.row(last).maxCoeff());
        core::RowVector probabilities(logits.cols());
        double total = 0;
        for (Eigen::Index j = 0; j < logits.cols(); ++j)
            total += std::exp(double(logits(last, j)) - peak);
        for (Eigen::Index j = 0; j < logits.cols(); ++j)
            probabilities(j) = core::Scalar(std::exp(double(logits(last, j)) - peak) / total);
        nlohmann::ordered_json out;
        out["source_ids"] = in.sourceIds;
        out["target_ids"] = in.targetIds;
        out["top"] = nlohmann::ordered_json::array();
        for (const core::model::TokenProbability &p : core::model::topK(probabilities, top))
            out["top"].push_back({{"id", p.id}, {"token", jsonText(in.model->tokenizer().tokenText(p.id))},
                {"probability", nineDigits(p.probability)}});
        return printJson(out);
    } catch (const std::exception &e) {
        return failModelCommand(where + ui::fileProblemText(ui::exceptionProblem(e)));
    }
}

} // namespace attnlab::app
