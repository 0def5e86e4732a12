#include "app/model/lenscommand.h"

#include "app/commandline.h"
#include "app/model/modelcommand.h"
#include "core/json/jsonprinter.h"
#include "core/json/jsonwriter.h"
#include "core/model/forward.h"
#include "core/model/lens/attribution.h"
#include "core/model/lens/block.h"
#include "core/model/lens/lens.h"
#include "core/model/topk.h"
#include "ui/i18n/coremessages.h"

#include <QCoreApplication>

#include <charconv>
#include <cstdio>
#include <memory>
#include <string>

namespace attnlab::app {

namespace {

using namespace attnlab::core::model;
using nlohmann::ordered_json;

constexpr int kDefaultTop = 10;

QString tr(const char *text)
{
    return QCoreApplication::translate("attnlab::app", text);
}

// The command's own option, for messages: --lens, --attribute or --block.
const QCommandLineOption &commandOption(const CommandLine &cli)
{
    if (cli.isSet(cli.lens))
        return cli.lens;
    if (cli.isSet(cli.attribute))
        return cli.attribute;
    return cli.block;
}

// A value with 9 significant digits, which reads back to the same float.
double nineDigitsOf(double value)
{
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value, std::chars_format::general, 9).ptr;
    double rounded = 0;
    std::from_chars(text, end, rounded);
    return rounded;
}

// A float as the double its shortest text reads back to, so it prints as that text.
double shortest(float value)
{
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    double read = 0;
    std::from_chars(text, end, read);
    return read;
}

ordered_json matrixJson(const core::Matrix &m)
{
    ordered_json rows = ordered_json::array();
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        ordered_json row = ordered_json::array();
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            row.push_back(shortest(m(r, c)));
        rows.push_back(std::move(row));
    }
    return rows;
}

int print(const ordered_json &out)
{
    const std::string json = core::json::print(out);
    std::fwrite(json.data(), 1, json.size(), stdout);
    if (std::fflush(stdout) != 0)
        return failModelCommand(tr("cannot write to standard output"));
    return 0;
}

// Loads the model and the text and runs the whole pass for --lens and --attribute. Null, with the
// one-line problem in *problem, when that is not possible.
std::unique_ptr<ForwardRunner> runToPrediction(const CommandLine &cli, ModelInput *in, QString *problem)
{
    if (*problem = loadModelInput(cli, in); !problem->isEmpty())
        return nullptr;
    const ModelConfig &config = in->weights->config;
    const int position = predictionPosition(*config.family, in->ids, in->tokenizer->maskTokenId());
    if (position < 0) {
        *problem = tr("--%1: the model predicts the token at the first [MASK], and --text has none")
                       .arg(commandOption(cli).names().constLast());
        return nullptr;
    }
    auto runner = std::make_unique<ForwardRunner>(in->weights);
    if (!runner->canPredict()) {
        *problem = QStringLiteral("--model %1: ").arg(in->dir)
            + tr("model.safetensors has no masked-LM head (cls.predictions.*), so it cannot predict");
        return nullptr;
    }
    runner->run(in->ids, position);
    return runner;
}

} // namespace

int runLensCommand(const CommandLine &cli)
{
    int top = kDefaultTop;
    if (cli.isSet(cli.top) && !parsePositive(cli.value(cli.top), &top))
        return failModelCommand(tr("--top: expected a positive whole number, got \"%1\"").arg(cli.value(cli.top)));
    ModelInput in;
    try {
        QString problem;
        const std::unique_ptr<ForwardRunner> runner = runToPrediction(cli, &in, &problem);
        if (!runner)
            return failModelCommand(problem);
        const LogitLens lens = logitLens(*runner);
        ordered_json out;
        out["token_ids"] = in.ids;
        out["position"] = lens.position;
        out["layers"] = ordered_json::array();
        for (Eigen::Index l = 0; l < lens.probabilities.rows(); ++l) {
            ordered_json layer;
            layer["layer"] = l;
            layer["top"] = ordered_json::array();
            for (const TokenProbability &p : topK(lens.probabilities.row(l), top))
                layer["top"].push_back({{"id", p.id}, {"token", predictedText(*in.tokenizer, p.id)},
                    {"probability", nineDigits(p.probability)}});
            out["layers"].push_back(std::move(layer));
        }
        return print(out);
    } catch (const std::exception &e) {
        return failModelCommand(
            QStringLiteral("--model %1: ").arg(in.dir) + ui::fileProblemText(ui::exceptionProblem(e)));
    }
}

int runAttributeCommand(const CommandLine &cli)
{
    ModelInput in;
    try {
        QString problem;
        const std::unique_ptr<ForwardRunner> runner = runToPrediction(cli, &in, &problem);
        if (!runner)
            return failModelCommand(problem);
        const int vocab = in.weights->config.vocabSize;
        int token = -1;
        if (cli.isSet(cli.token)) {
            const QString text = cli.value(cli.token);
            int id = 0;
            if (!(parsePositive(text, &id) || text == QStringLiteral("0")) || id >= vocab)
                return failModelCommand(tr("--token: expected a token id from 0 to %1 (the vocabulary), got \"%2\"")
                                            .arg(vocab - 1)
                                            .arg(text));
            token = id;
        } else {
            token = topK(runner->probabilities(), 1).front().id;
        }
        const Attribution a = attributeLogit(*runner, token);
        ordered_json out;
        out["token"] = a.token;
        out["logit"] = nineDigits(float(a.logit));
        // Post-norm models get whole layers only; the key says which decomposition this is.
        out["decomposition"] = a.perHead ? "direct" : "per_layer";
        out["components"] = ordered_json::array();
        for (const AttributionPart &part : a.parts)
            out["components"].push_back({{"name", partName(part)}, {"value", nineDigitsOf(part.value)}});
        return print(out);
    } catch (const std::exception &e) {
        return failModelCommand(
            QStringLiteral("--model %1: ").arg(in.dir) + ui::fileProblemText(ui::exceptionProblem(e)));
    }
}

int runBlockCommand(const CommandLine &cli)
{
    ModelInput in;
    if (const QString problem = loadModelInput(cli, &in); !problem.isEmpty())
        return failModelCommand(problem);
    const int layers = in.weights->config.layers;
    int layer = 0;
    if (!parsePositive(cli.value(cli.layer), &layer) || layer > layers)
        return failModelCommand(tr("--%1: expected a whole number from 1 to %2, got \"%3\"")
                                    .arg(QStringLiteral("layer"))
                                    .arg(layers)
                                    .arg(cli.value(cli.layer)));
    try {
        ForwardRunner runner(in.weights);
        // Only the layers up to the chosen one: stop before the next layer (or the prediction).
        runner.run(in.ids, -1, [layer](int next, int) { return next < layer; });
        const BlockStages s = blockStages(runner, layer - 1);
        ordered_json out;
        out["token_ids"] = in.ids;
        ordered_json &block = out["block"];
        block["input"] = matrixJson(s.input);
        block["attn_in"] = matrixJson(s.attnIn);
        block["attn_out"] = matrixJson(s.attnOut);
        block["after_attn"] = matrixJson(s.afterAttn);
        block["mlp_in"] = matrixJson(s.mlpIn);
        // A sparse MLP layer has no one inner activation: its router instead.
        if (s.routing.logits.size() == 0)
            block["mlp_act"] = matrixJson(s.mlpAct);
        block["mlp_out"] = matrixJson(s.mlpOut);
        block["output"] = matrixJson(s.output);
        if (s.routing.logits.size() > 0) {
            ordered_json experts = ordered_json::array();
            for (Eigen::Index r = 0; r < s.routing.experts.rows(); ++r) {
                ordered_json row = ordered_json::array();
                for (Eigen::Index j = 0; j < s.routing.experts.cols(); ++j)
                    row.push_back(s.routing.experts(r, j));
                experts.push_back(std::move(row));
            }
            block["router"] = {{"logits", matrixJson(s.routing.logits)}, {"experts", std::move(experts)},
                {"weights", matrixJson(s.routing.weights)}};
        }
        return print(out);
    } catch (const std::exception &e) {
        return failModelCommand(
            QStringLiteral("--model %1: ").arg(in.dir) + ui::fileProblemText(ui::exceptionProblem(e)));
    }
}

} // namespace attnlab::app
