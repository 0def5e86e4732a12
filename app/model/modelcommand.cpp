#include "app/model/modelcommand.h"

#include "app/commandline.h"
#include "core/chat/chatprompt.h"
#include "core/chat/chattemplate.h"
#include "core/gguf/gguffile.h"
#include "core/gguf/ggufmodel.h"
#include "core/gguf/gguftokenizer.h"
#include "core/gguf/ollamastore.h"
#include "core/json/jsonprinter.h"
#include "core/model/forward.h"
#include "core/model/headscene.h"
#include "core/model/hubcache.h"
#include "core/model/modelconfig.h"
#include "core/model/modelerror.h"
#include "core/model/modelloader.h"
#include "core/model/topk.h"
#include "core/tokenize/tokenizer.h"
#include "core/tokenize/unicodetext.h"
#include "ui/i18n/coremessages.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

namespace attnlab::app {

namespace {

using namespace attnlab::core::model;

constexpr int kDefaultTop = 10;

QString tr(const char *text)
{
    // lupdate files tr() calls in a namespace-level function under the namespace's name.
    return QCoreApplication::translate("attnlab::app", text);
}

} // namespace

int failModelCommand(const QString &message)
{
    printErr(QStringLiteral("attnlab: ") + message + QLatin1Char('\n'));
    return kExitBadInput;
}

namespace {

int fail(const QString &message)
{
    return failModelCommand(message);
}

std::string localPath(const QString &path)
{
    return QFile::encodeName(path).toStdString();
}

} // namespace

// A positive whole number written with digits only ("+3", " 3", "3.0" and "1e2" are refused).
bool parsePositive(const QString &text, int *value)
{
    if (text.isEmpty() || text.size() > 9)
        return false;
    for (QChar c : text)
        if (c < QLatin1Char('0') || c > QLatin1Char('9'))
            return false;
    *value = text.toInt();
    return *value > 0;
}

QString loadModelWeights(const QString &argument, std::shared_ptr<const ModelWeights> *weights)
{
    QString notFound;
    const QString dir = modelFolder(argument, &notFound);
    if (dir.isEmpty())
        return notFound;
    LoadModelResult loaded = loadModel(localPath(dir));
    if (!loaded.ok())
        return ui::fileProblemText(*loaded.problem);
    *weights = std::make_shared<const ModelWeights>(std::move(*loaded.weights));
    return QString();
}

QString loadModelInput(const CommandLine &cli, ModelInput *in)
{
    const QString where = QStringLiteral("--model %1: ").arg(cli.value(cli.model));
    if (!cli.isSet(cli.text))
        return tr("--model %1 needs --text TEXT").arg(cli.value(cli.model));
    QString notFound;
    in->dir = modelFolder(cli, &notFound);
    if (in->dir.isEmpty())
        return where + notFound;
    // A GGUF file holds the weights, the config and the tokenizer in one (core/gguf).
    const bool gguf = core::gguf::isGgufFile(localPath(in->dir));
    LoadModelResult loaded = gguf ? core::gguf::loadGgufModel(localPath(in->dir)) : loadModel(localPath(in->dir));
    if (!loaded.ok())
        return where + ui::fileProblemText(*loaded.problem);
    in->weights = std::make_shared<const ModelWeights>(std::move(*loaded.weights));
    const ModelConfig &config = in->weights->config;

    TokenizerLoadResult tokenizer
        = gguf ? core::gguf::loadGgufTokenizer(localPath(in->dir)) : loadTokenizer(localPath(in->dir));
    if (!tokenizer.ok())
        return where + ui::fileProblemText(*tokenizer.problem);
    in->tokenizer = std::move(tokenizer.tokenizer);
    if (in->tokenizer->vocabSize() > config.vocabSize)
        return where
            + tr("the tokenizer has %1 entries but config.json says vocab_size %2")
                  .arg(in->tokenizer->vocabSize())
                  .arg(config.vocabSize);

    if (cli.isSet(cli.chat)) {
        // transformers' apply_chat_template: the template writes the special tokens itself, and
        // the prompt is encoded without the post-processor's (else Llama 3 gets two BOS).
        try {
            const std::string prompt
                = core::chat::chatPromptForUserTurn(localPath(in->dir), cli.value(cli.text).toStdString());
            in->tokens = in->tokenizer->encode(prompt, false);
        } catch (const core::chat::ChatTemplateError &e) {
            return where + ui::fileProblemText(e.problem());
        }
    } else {
        in->tokens = in->tokenizer->encode(cli.value(cli.text).toStdString());
    }
    for (const Token &t : in->tokens)
        in->ids.push_back(t.id);
    if (in->ids.empty())
        return tr("--text: the text gives no tokens");
    if (int(in->ids.size()) > config.maxPositions) {
        return tr("--text: the text has %1 tokens, but the model takes at most %2 (config.json %3)")
            .arg(in->ids.size())
            .arg(config.maxPositions)
            .arg(QString::fromStdString(config.family->config.positions.names.front()));
    }
    return QString();
}

QString parseIndex(const CommandLine &cli, const QCommandLineOption &option, int count, int *index)
{
    const QString name = option.names().constLast();
    if (!cli.isSet(option))
        return tr("--model needs --%1 (counted from 1) to pick a head").arg(name);
    int value = 0;
    if (!parsePositive(cli.value(option), &value) || value > count)
        return tr("--%1: expected a whole number from 1 to %2, got \"%3\"").arg(name).arg(count).arg(cli.value(option));
    *index = value - 1;
    return QString();
}

QString parseAblation(const QString &text, const ModelConfig &config, core::Matrix *mask)
{
    *mask = core::Matrix::Ones(config.layers, config.heads);
    for (const QString &entry : text.split(QLatin1Char(','))) {
        const QStringList parts = entry.split(QLatin1Char('.'));
        int layer = 0;
        int head = 0;
        if (parts.size() != 2 || !parsePositive(parts[0], &layer) || !parsePositive(parts[1], &head))
            return tr("--ablate: expected LAYER.HEAD[,LAYER.HEAD…] counted from 1 (e.g. 5.1,6.3), got \"%1\"")
                .arg(text);
        if (layer > config.layers || head > config.heads)
            return tr("--ablate: %1 is outside the model's %2 layers × %3 heads")
                .arg(entry)
                .arg(config.layers)
                .arg(config.heads);
        (*mask)(layer - 1, head - 1) = 0;
    }
    return QString();
}

std::string predictedText(const Tokenizer &tokenizer, int id)
{
    const std::string text = tokenizer.decodedText(id);
    if (isValidUtf8(text))
        return text;
    std::string hex = "\u2039";
    char buf[4];
    for (size_t i = 0; i < text.size(); ++i) {
        std::snprintf(buf, sizeof buf, i ? " %02x" : "%02x", unsigned(static_cast<unsigned char>(text[i])));
        hex += buf;
    }
    return hex + "\u203a";
}

double nineDigits(float probability)
{
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, probability, std::chars_format::general, 9).ptr;
    double rounded = 0;
    std::from_chars(text, end, rounded);
    return rounded;
}

int runPredictCommand(const CommandLine &cli)
{
    ModelInput in;
    if (const QString problem = loadModelInput(cli, &in); !problem.isEmpty())
        return fail(problem);
    const ModelConfig &config = in.weights->config;

    int top = kDefaultTop;
    if (cli.isSet(cli.top) && !parsePositive(cli.value(cli.top), &top))
        return fail(tr("--top: expected a positive whole number, got \"%1\"").arg(cli.value(cli.top)));
    core::Matrix mask = core::Matrix::Ones(config.layers, config.heads);
    if (cli.isSet(cli.ablate))
        if (const QString problem = parseAblation(cli.value(cli.ablate), config, &mask); !problem.isEmpty())
            return fail(problem);

    // The family's rule: the token after the last one (GPT-2) or at the first mask token (BERT).
    const int position = predictionPosition(*config.family, in.ids, in.tokenizer->maskTokenId());
    if (position < 0)
        return fail(tr("--predict: BERT predicts the token at the first [MASK], and --text has none"));

    try {
        ForwardRunner runner(in.weights);
        if (!runner.canPredict())
            return fail(QStringLiteral("--model %1: ").arg(in.dir)
                + tr("model.safetensors has no masked-LM head (cls.predictions.*), so it cannot predict"));
        runner.setHeadMask(mask);
        runner.run(in.ids, position);
        nlohmann::ordered_json out;
        out["token_ids"] = in.ids;
        out["position"] = position;
        out["top"] = nlohmann::ordered_json::array();
        for (const TokenProbability &p : topK(runner.probabilities(), top))
            out["top"].push_back({{"id", p.id}, {"token", predictedText(*in.tokenizer, p.id)},
                {"probability", nineDigits(p.probability)}});
        const std::string json = core::json::print(out);
        std::fwrite(json.data(), 1, json.size(), stdout);
        if (std::fflush(stdout) != 0)
            return fail(tr("cannot write to standard output"));
    } catch (const std::exception &e) {
        return fail(QStringLiteral("--model %1: ").arg(in.dir) + ui::fileProblemText(ui::exceptionProblem(e)));
    }
    return 0;
}

int runSaveHeadCommand(const CommandLine &cli)
{
    const QString path = cli.value(cli.out);
    if (!path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        return fail(tr("--out %1: a model head is saved as a scene file FILE.attn.json; "
                       "for images add --export STAGES")
                        .arg(path));
    ModelHeadDetail detail;
    const core::LoadResult r = loadModelHeadScene(cli, &detail);
    if (!r.ok()) {
        printProblems(QStringLiteral("attnlab"), r.problems);
        return kExitBadInput;
    }
    const std::string text = core::writeScene(*r.scene);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), qint64(text.size())) != qint64(text.size())
        || !file.commit())
        return fail(tr("--out %1: cannot write the file: %2").arg(path, file.errorString()));
    return 0;
}

QString modelFolder(const CommandLine &cli, QString *problem)
{
    return modelFolder(cli.value(cli.model), problem);
}

namespace {

// `argument` as an Ollama name ("qwen2.5:0.5b"): its GGUF blob in the Ollama store, or empty
// with `problem` saying where it looked.
QString ollamaModel(const core::gguf::OllamaName &name, QString *problem)
{
    const std::string store
        = core::gguf::ollamaStoreDir([](const char *variable) -> const char * { return std::getenv(variable); });
    const QString where = QString::fromStdString(store);
    try {
        const core::gguf::OllamaModel found = core::gguf::findOllamaModel(store, name);
        switch (found.status) {
        case core::gguf::OllamaModel::Status::Found:
            return QFile::decodeName(found.blob.c_str());
        case core::gguf::OllamaModel::Status::NoManifest:
            *problem = tr("no such file or folder, and the Ollama store %1 has no %2 (set OLLAMA_MODELS for another "
                          "store; Attention Lab never downloads models)")
                           .arg(where, QString::fromStdString(name.manifestPath()));
            break;
        case core::gguf::OllamaModel::Status::NoBlob:
            *problem = tr("%1 names the model blob %2, which the store does not hold; pull the model again")
                           .arg(QString::fromStdString(name.manifestPath()), QFile::decodeName(found.blob.c_str()));
            break;
        }
    } catch (const std::exception &e) {
        *problem = tr("the Ollama store %1: %2").arg(where, ui::fileProblemText(ui::exceptionProblem(e)));
    }
    return QString();
}

} // namespace

QString modelFolder(const QString &argument, QString *problem)
{
    if (QFileInfo::exists(argument))
        return argument;
    if (core::gguf::OllamaName name; core::gguf::parseOllamaName(argument.toStdString(), &name))
        return ollamaModel(name, problem);
    if (!isHubId(argument.toStdString()))
        return argument;
    const std::string cache = hubCacheDir([](const char *name) -> const char * { return std::getenv(name); });
    const HubModel hub = findHubModel(cache, argument.toStdString());
    const QString repo = QString::fromStdString(hub.repoDir);
    switch (hub.status) {
    case HubModel::Status::Found:
        return QString::fromStdString(hub.snapshot);
    case HubModel::Status::NotCached:
        *problem = tr("no such folder, and the Hugging Face cache %1 does not hold this model "
                      "(Attention Lab never downloads models)")
                       .arg(QString::fromStdString(cache));
        break;
    case HubModel::Status::NoMainRef:
        *problem = tr("%1 has no refs/main: the download did not finish; download the model again").arg(repo);
        break;
    case HubModel::Status::NoSnapshot:
        *problem = tr("%1: refs/main names commit %2, whose snapshots folder is missing; download the model again")
                       .arg(repo, QString::fromStdString(hub.commit));
        break;
    }
    return QString();
}

QString modelFolderProblem(const CommandLine &cli)
{
    QString notFound;
    const QString dir = modelFolder(cli, &notFound);
    const QString where = QStringLiteral("--model %1: ").arg(cli.value(cli.model));
    if (dir.isEmpty())
        return where + notFound;
    if (core::gguf::isGgufFile(localPath(dir))) {
        // The header and tensor table are read (mapped, not loaded): a wrong magic, a truncated
        // or otherwise broken file is refused before the window opens.
        try {
            core::gguf::GgufFile::open(localPath(dir));
        } catch (const ModelError &e) {
            return where + ui::fileProblemText(e.problem());
        }
        return QString();
    }
    if (!QFileInfo(dir).isDir())
        return where + tr("no such folder");
    if (!QFileInfo(QDir(dir).filePath(QStringLiteral("config.json"))).isFile())
        return where + tr("config.json: not found in the folder");
    try {
        readModelConfig(localPath(QDir(dir).filePath(QStringLiteral("config.json"))));
    } catch (const ModelError &e) {
        return where + ui::fileProblemText(e.problem());
    }
    return QString();
}

core::LoadResult loadModelHeadScene(const CommandLine &cli, ModelHeadDetail *detail)
{
    core::LoadResult result;
    const auto problem = [&result](const QString &message) {
        result.problems.push_back({"", core::Message::literal(message.toStdString())});
        return result;
    };
    ModelInput in;
    if (const QString why = loadModelInput(cli, &in); !why.isEmpty())
        return problem(why);
    const ModelConfig &config = in.weights->config;
    int layer = 0;
    int head = 0;
    if (const QString why = parseIndex(cli, cli.layer, config.layers, &layer); !why.isEmpty())
        return problem(why);
    if (const QString why = parseIndex(cli, cli.head, config.heads, &head); !why.isEmpty())
        return problem(why);
    try {
        ForwardRunner runner(in.weights);
        // Only the layers up to the chosen one: stop before the next layer (or the prediction).
        runner.run(in.ids, -1, [layer](int next, int) { return next <= layer; });
        std::vector<std::string> tokens;
        for (const Token &t : in.tokens)
            tokens.push_back(t.display);
        result.scene = headScene(runner, layer, head, tokens);
        detail->rotary = runner.blockSpec().rotary;
        detail->qkNorm = runner.blockSpec().qkNorm;
        if (detail->rotary || detail->qkNorm) {
            runner.headQueryKey(layer, head, false, detail->q, detail->k);
            runner.headQueryKey(layer, head, true, detail->qRot, detail->kRot);
        }
    } catch (const std::exception &e) {
        return problem(QStringLiteral("--model %1: ").arg(in.dir) + ui::fileProblemText(ui::exceptionProblem(e)));
    }
    // The scene is an ordinary one from here on: check it as a file would be checked.
    const std::vector<core::Problem> problems = core::validate(*result.scene);
    if (!problems.empty()) {
        const core::Problem &p = problems.front();
        result.scene.reset();
        return problem(QStringLiteral("--model %1: ").arg(in.dir)
            + tr("the head's scene is not valid: %1").arg(ui::problemText(p)));
    }
    detail->tokenIds = in.ids;
    return result;
}

} // namespace attnlab::app
