#include "app/commandline.h"

#include "app/modelcommand.h"

#include "core/json/jsonprinter.h"
#include "core/scene/pipeline.h"
#include "core/scene/stagesjson.h"
#include "ui/document/examples.h"
#include "ui/export/exportformat.h"
#include "ui/i18n/coremessages.h"
#include "ui/i18n/language.h"

#include <QCoreApplication>

#include <charconv>
#include <cstdio>
#include <iostream>

namespace attnlab::app {

// The command line drives the same Document, exporter and language choice as the window.
using namespace attnlab::ui;

void printOut(const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    std::fwrite(utf8.constData(), 1, size_t(utf8.size()), stdout);
    std::fflush(stdout);
}

void printErr(const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    std::fwrite(utf8.constData(), 1, size_t(utf8.size()), stderr);
    std::fflush(stderr);
}

void printProblems(const QString &label, const std::vector<core::Problem> &problems)
{
    for (const core::Problem &p : problems)
        printErr(problemText(label, p) + QLatin1Char('\n'));
}

CommandLine::CommandLine()
    : dump(QStringLiteral("dump"),
        QCoreApplication::translate("CommandLine", "Print every stage of the scene as JSON and exit."))
    , validate(QStringLiteral("validate"),
          QCoreApplication::translate("CommandLine", "Check the scene file; print \"ok\" or its problems."))
    , example(QStringLiteral("example"),
          QCoreApplication::translate("CommandLine", "Use the built-in example NAME instead of a file."),
          QStringLiteral("NAME"))
    , listExamples(QStringLiteral("list-examples"),
          QCoreApplication::translate("CommandLine", "List the built-in examples and exit."))
    , lang(QStringLiteral("lang"),
          QCoreApplication::translate("CommandLine", "Interface language: zh_CN or en (default: the system's)."),
          QStringLiteral("LANG"))
    , help({QStringLiteral("h"), QStringLiteral("help")},
          QCoreApplication::translate("CommandLine", "Show this help and exit."))
    , version({QStringLiteral("v"), QStringLiteral("version")},
          QCoreApplication::translate("CommandLine", "Show the version and exit."))
    , exportStages(QStringLiteral("export"),
          QCoreApplication::translate("CommandLine",
              "Write the heatmaps of STAGES (comma-separated: X, Q, K, V, scores, "
              "scaled, masked, weights, context, concat, output, or board for all) "
              "to the --out file, with no window."),
          QStringLiteral("STAGES"))
    , head(QStringLiteral("head"),
          QCoreApplication::translate("CommandLine",
              "With --export: the head to show, counted from 1 (default 1). With --model: the head of --layer."),
          QStringLiteral("N"))
    , scale(QStringLiteral("scale"),
          QCoreApplication::translate("CommandLine", "With --export: pixels per logical pixel of a PNG (default 2)."),
          QStringLiteral("K"))
    , theme(QStringLiteral("theme"),
          QCoreApplication::translate("CommandLine", "With --export: light, dark, print or high-contrast."),
          QStringLiteral("THEME"))
    , colormap(QStringLiteral("colormap"),
          QCoreApplication::translate("CommandLine", "With --export: the weights' map: viridis, cividis or grayscale."),
          QStringLiteral("MAP"))
    , out(QStringLiteral("out"),
          QCoreApplication::translate("CommandLine",
              "With --export or --experiment: the image to write (%1). With --model alone: "
              "the scene file (.attn.json) to save the head to.")
              .arg(ui::exportSuffixList(ui::ExportContent::Picture)),
          QStringLiteral("FILE"))
    , experiment(QStringLiteral("experiment"),
          QCoreApplication::translate(
              "CommandLine", "Render the figure of experiment NAME (sqrt-dk) to --out, with no window."),
          QStringLiteral("NAME"))
    , seed(QStringLiteral("seed"),
          QCoreApplication::translate("CommandLine",
              "With --experiment: seed of the random samples (default 1). With --generate: seed of the sampling "
              "(default: a new one each run)."),
          QStringLiteral("S"))
    , model(QStringLiteral("model"),
          QCoreApplication::translate("CommandLine",
              "A model folder as the Hugging Face hub stores it (config.json, model.safetensors, tokenizer.json): "
              "opens it in the window, or is the scene source of --dump, --export, --out and --predict."),
          QStringLiteral("DIR"))
    , text(QStringLiteral("text"),
          QCoreApplication::translate("CommandLine", "With --model: the text the model reads."), QStringLiteral("TEXT"))
    , layer(QStringLiteral("layer"),
          QCoreApplication::translate("CommandLine", "With --model: the layer of the head, counted from 1."),
          QStringLiteral("L"))
    , predict(QStringLiteral("predict"),
          QCoreApplication::translate("CommandLine",
              "With --model and --text: print the model's most likely next tokens (GPT-2) or fillers of the "
              "first [MASK] (BERT) as JSON."))
    , top(QStringLiteral("top"),
          QCoreApplication::translate("CommandLine", "With --predict or --lens: how many tokens to list (default 10)."),
          QStringLiteral("K"))
    , ablate(QStringLiteral("ablate"),
          QCoreApplication::translate(
              "CommandLine", "With --predict: switch heads off, e.g. 5.1,6.3 (layer.head, counted from 1)."),
          QStringLiteral("L.H,..."))
    , generate(QStringLiteral("generate"),
          QCoreApplication::translate("CommandLine",
              "With --model and --text: generate the text's continuation token by token (with the KV cache) and "
              "print the tokens as JSON."))
    , maxNewTokens(QStringLiteral("max-new-tokens"),
          QCoreApplication::translate("CommandLine",
              "With --generate: how many tokens to generate at most (default 20); it stops earlier after an "
              "end-of-sequence token."),
          QStringLiteral("N"))
    , chat(QStringLiteral("chat"),
          QCoreApplication::translate("CommandLine",
              "With --generate: send the text as a user's turn through the model's chat template "
              "(tokenizer_config.json), so a chat model answers it."))
    , temperature(QStringLiteral("temperature"),
          QCoreApplication::translate("CommandLine",
              "With --generate: divide the logits by X and sample (default 0: always the most likely token)."),
          QStringLiteral("X"))
    , topK(QStringLiteral("top-k"),
          QCoreApplication::translate(
              "CommandLine", "With --generate: sample only from the K most likely tokens (default 0: all)."),
          QStringLiteral("K"))
    , topP(QStringLiteral("top-p"),
          QCoreApplication::translate("CommandLine",
              "With --generate: sample only from the most likely tokens whose probabilities add up to P "
              "(default 1: all)."),
          QStringLiteral("P"))
    , lens(QStringLiteral("lens"),
          QCoreApplication::translate("CommandLine",
              "With --model and --text: print the logit lens as JSON: what the model would predict after each "
              "layer (0 = the embeddings)."))
    , attribute(QStringLiteral("attribute"),
          QCoreApplication::translate("CommandLine",
              "With --model and --text: print how much the embeddings, each head, each MLP and the biases add to "
              "the predicted token's logit, as JSON."))
    , token(QStringLiteral("token"),
          QCoreApplication::translate(
              "CommandLine", "With --attribute: the token id to explain (default: the predicted token)."),
          QStringLiteral("ID"))
    , block(QStringLiteral("block"),
          QCoreApplication::translate("CommandLine",
              "With --dump, --model, --text and --layer: print every stage of that whole layer (norms, attention, "
              "MLP, residual) instead of one head."))
    , noRecovery(QStringLiteral("no-recovery"),
          QCoreApplication::translate("CommandLine",
              "Do not offer the scenes a crashed or killed Attention Lab left unsaved (they are kept for a later "
              "start)."))
{
    m_parser.setApplicationDescription(QCoreApplication::translate(
        "CommandLine", "Attention Lab: step through self-attention, edit every number, export the heatmaps."));
    m_parser.addOptions({dump, validate, example, listExamples, lang, help, version, exportStages, head, scale, theme,
        colormap, out, experiment, seed, model, text, layer, predict, top, ablate, generate, maxNewTokens, chat,
        temperature, topK, topP, lens, attribute, token, block, noRecovery});
    m_parser.addPositionalArgument(QStringLiteral("SCENE"),
        QCoreApplication::translate("CommandLine", "A scene file (.attn.json); \"-\" reads standard input."),
        QStringLiteral("[SCENE]"));
}

bool CommandLine::parse(const QStringList &arguments)
{
    if (!m_parser.parse(arguments))
        return false;
    if (m_parser.positionalArguments().size() > 1) {
        // QCommandLineParser has no way to set its own error text; keep ours.
        return false;
    }
    return true;
}

bool CommandLine::wantsHeadless() const
{
    return isSet(dump) || isSet(validate) || isSet(listExamples) || isSet(help) || isSet(version);
}

core::LoadResult CommandLine::loadScene(QString *label, bool fallbackToDefault, ModelHeadDetail *detail) const
{
    if (isSet(model)) {
        // Model problems are whole lines that name the option or file themselves.
        *label = QStringLiteral("attnlab");
        ModelHeadDetail own;
        return loadModelHeadScene(*this, detail ? detail : &own);
    }
    const QStringList files = positionalArguments();
    if (isSet(example) && !files.isEmpty()) {
        *label = files.first();
        core::LoadResult r;
        r.problems.push_back({"",
            core::Message::literal(
                QCoreApplication::translate("CommandLine", "give either a scene file or --example, not both")
                    .toStdString())});
        return r;
    }
    if (isSet(example)) {
        *label = QStringLiteral("--example ") + value(example);
        return loadExample(value(example));
    }
    if (!files.isEmpty()) {
        *label = files.first() == QStringLiteral("-") ? QStringLiteral("<stdin>") : files.first();
        return loadSceneFile(files.first());
    }
    if (fallbackToDefault) {
        *label = QStringLiteral("--example ") + QLatin1String(kDefaultExample);
        return loadExample(QLatin1String(kDefaultExample));
    }
    *label = QStringLiteral("attnlab");
    core::LoadResult r;
    r.problems.push_back({"",
        core::Message::literal(QCoreApplication::translate(
            "CommandLine", "needs a scene file (or - for standard input, or --example NAME)")
                                   .toStdString())});
    return r;
}

int CommandLine::runHeadless() const
{
    if (isSet(help)) {
        printOut(helpText());
        return 0;
    }
    if (isSet(version)) {
        printOut(QStringLiteral("attnlab ") + QCoreApplication::applicationVersion() + QLatin1Char('\n'));
        return 0;
    }
    if (isSet(listExamples))
        return runListExamples();
    if (isSet(dump) && isSet(validate)) {
        printErr(QStringLiteral("attnlab: ")
            + QCoreApplication::translate("CommandLine", "choose one of --dump and --validate") + QLatin1Char('\n'));
        return kExitBadInput;
    }
    // Options of --export and --experiment mean nothing here: say so rather than ignore them.
    for (const QCommandLineOption *option : {&head, &scale, &theme, &colormap, &out, &seed}) {
        if (!isSet(*option) || (option == &head && isSet(model)))
            continue;
        printErr(QStringLiteral("attnlab: ")
            + QCoreApplication::translate("CommandLine", "--%1 does not go with %2")
                  .arg(option->names().constLast(),
                      isSet(dump) ? QStringLiteral("--dump") : QStringLiteral("--validate"))
            + QLatin1Char('\n'));
        return kExitBadInput;
    }
    if (isSet(dump))
        return runDump();
    return runValidate();
}

namespace {

// A float matrix as rows of numbers, each the float's shortest decimal (as the stages print it).
nlohmann::ordered_json floatRows(const core::Matrix &m)
{
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        nlohmann::ordered_json row = nlohmann::ordered_json::array();
        for (Eigen::Index j = 0; j < m.cols(); ++j) {
            char text[32];
            const auto end = std::to_chars(text, text + sizeof text, m(i, j)).ptr;
            double value = 0;
            std::from_chars(text, end, value);
            row.push_back(value);
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

// A rotary model's head: "Q" and "K" become the projections (with bias) before the rotation, and
// "Q_rot" and "K_rot" — what the attention reads, as the model computed them — follow "V" in
// place of the board's "Q_rotated" and "K_rotated". Under grouped-query attention K (and V) are
// those of the shared key/value head.
void addRotaryHeadFields(const ModelHeadDetail &detail, nlohmann::ordered_json *head)
{
    nlohmann::ordered_json out;
    for (auto it = head->begin(); it != head->end(); ++it) {
        if (it.key() == "Q_rotated" || it.key() == "K_rotated")
            continue;
        if (it.key() == "Q")
            out["Q"] = floatRows(detail.q);
        else if (it.key() == "K")
            out["K"] = floatRows(detail.k);
        else
            out[it.key()] = std::move(*it);
        if (it.key() == "V") {
            out["Q_rot"] = floatRows(detail.qRot);
            out["K_rot"] = floatRows(detail.kRot);
        }
    }
    *head = std::move(out);
}

} // namespace

int CommandLine::runDump() const
{
    QString label;
    ModelHeadDetail detail;
    const core::LoadResult r = loadScene(&label, false, &detail);
    if (!r.ok()) {
        printProblems(label, r.problems);
        return kExitBadInput;
    }
    core::Pipeline pipeline;
    const core::Stages &stages = pipeline.compute(*r.scene);
    if (isSet(model)) {
        // The same dump with the ids of the model's tokens first.
        nlohmann::ordered_json dump;
        dump["token_ids"] = detail.tokenIds;
        nlohmann::ordered_json stagesJson = nlohmann::ordered_json::parse(core::stagesToJson(*r.scene, stages));
        for (auto it = stagesJson.begin(); it != stagesJson.end(); ++it)
            dump[it.key()] = std::move(*it);
        if (detail.rotary)
            addRotaryHeadFields(detail, &dump["heads"][0]);
        std::cout << core::json::print(dump);
    } else {
        core::writeStagesJson(std::cout, *r.scene, stages);
    }
    std::cout.flush();
    if (!std::cout) {
        printErr(QStringLiteral("attnlab: ")
            + QCoreApplication::translate("CommandLine", "cannot write to standard output") + QLatin1Char('\n'));
        return kExitBadInput;
    }
    return 0;
}

int CommandLine::runValidate() const
{
    QString label;
    const core::LoadResult r = loadScene(&label, false);
    if (!r.ok()) {
        printProblems(label, r.problems);
        return kExitBadInput;
    }
    printOut(QStringLiteral("ok\n"));
    return 0;
}

int CommandLine::runListExamples() const
{
    for (const QString &name : exampleNames()) {
        const core::LoadResult r = loadExample(name);
        const QString title = r.ok() ? sceneTitle(*r.scene, currentLanguage()) : QString();
        printOut(name + (title.isEmpty() ? QString() : QStringLiteral("\t") + title) + QLatin1Char('\n'));
    }
    return 0;
}

} // namespace attnlab::app
