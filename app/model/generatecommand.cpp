#include "app/model/generatecommand.h"

#include "app/commandline.h"
#include "app/model/modelcommand.h"
#include "core/engine/speculative.h"
#include "core/generate/generationconfig.h"
#include "core/generate/generationengine.h"
#include "core/json/jsonprinter.h"
#include "core/model/decoder.h"
#include "core/model/forwardcheck.h"
#include "core/model/sampling.h"
#include "core/text/messageid.h"
#include "core/tokenize/unicodetext.h"
#include "ui/i18n/coremessages.h"

#include <QCoreApplication>
#include <QFile>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace attnlab::app {

namespace {

using namespace attnlab::core::model;

// transformers' GenerationConfig default max_new_tokens is unset and max_length 20; generate()
// then makes at most 20 tokens in all. We count new tokens only, 20 of them by default.
constexpr int kDefaultNewTokens = 20;

QString tr(const char *text)
{
    // lupdate files tr() calls in a namespace-level function under the namespace's name.
    return QCoreApplication::translate("attnlab::app", text);
}

QString coreText(const core::Message &message)
{
    return ui::coreMessageText(message);
}

// The draft's proposals per step when --draft-tokens is not given (vLLM's examples and
// transformers' assisted generation start from a handful; 4 keeps a small draft mostly right).
constexpr int kDefaultDraftTokens = 4;

struct GenerateSettings {
    int maxNewTokens = kDefaultNewTokens;
    bool maxNewTokensGiven = false;
    SamplingSettings sampling;
    std::optional<double> repetitionPenalty; // the user's; else generation_config.json's
    std::uint64_t seed = 0;
    int kvWindow = 0, kvSinks = 0; // 0: the whole cache
    int draftTokens = kDefaultDraftTokens;
};

// A whole number ≥ 0 written with digits only.
bool parseCount(const QString &text, int *value)
{
    if (text == QLatin1String("0")) {
        *value = 0;
        return true;
    }
    return parsePositive(text, value);
}

// --kv-window, --kv-sinks, --draft and --draft-tokens. Empty on success, else the problem.
QString parseEngineSettings(const CommandLine &cli, GenerateSettings *settings)
{
    if (cli.isSet(cli.kvWindow) && !parsePositive(cli.value(cli.kvWindow), &settings->kvWindow))
        return tr("--kv-window: expected a whole number ≥ 1, got \"%1\"").arg(cli.value(cli.kvWindow));
    if (cli.isSet(cli.kvSinks)) {
        if (!cli.isSet(cli.kvWindow))
            return tr("--kv-sinks goes with --kv-window W");
        if (!parseCount(cli.value(cli.kvSinks), &settings->kvSinks))
            return tr("--kv-sinks: expected a whole number ≥ 0, got \"%1\"").arg(cli.value(cli.kvSinks));
    }
    if (cli.isSet(cli.draftTokens)) {
        if (!cli.isSet(cli.draft))
            return tr("--draft-tokens goes with --draft DIR");
        if (!parsePositive(cli.value(cli.draftTokens), &settings->draftTokens))
            return tr("--draft-tokens: expected a whole number ≥ 1, got \"%1\"").arg(cli.value(cli.draftTokens));
    }
    if (cli.isSet(cli.draft) && cli.isSet(cli.kvWindow))
        return tr("--draft cannot be combined with --kv-window: the draft and the target would need one policy");
    return QString();
}

// A number as the user typed it: digits, an optional sign, point and exponent ("0.7", "-1",
// "1e-3"); "inf" and "nan" pass here and are refused by the range check.
bool parseNumber(const QString &text, double *value)
{
    bool ok = false;
    *value = text.trimmed() == text ? text.toDouble(&ok) : 0;
    return ok;
}

// Parses the generation options into *settings. Empty on success, else the one-line problem.
QString parseSettings(const CommandLine &cli, GenerateSettings *settings)
{
    if (cli.isSet(cli.maxNewTokens)) {
        const QString text = cli.value(cli.maxNewTokens);
        int value = 0;
        if (text == QLatin1String("0"))
            return QStringLiteral("--max-new-tokens: ")
                + coreText(core::Message(core::MessageId::GenerateNewTokens, 0));
        if (!parsePositive(text, &value))
            return tr("--max-new-tokens: expected a whole number ≥ 1, got \"%1\"").arg(text);
        settings->maxNewTokens = value;
        settings->maxNewTokensGiven = true;
    }
    if (cli.isSet(cli.temperature) && !parseNumber(cli.value(cli.temperature), &settings->sampling.temperature))
        return tr("--temperature: expected a number (0 = greedy), got \"%1\"").arg(cli.value(cli.temperature));
    if (cli.isSet(cli.topK)) {
        bool ok = false;
        const QString text = cli.value(cli.topK);
        settings->sampling.topK = text.trimmed() == text ? text.toInt(&ok) : 0;
        if (!ok)
            return tr("--top-k: expected a whole number (0 = off), got \"%1\"").arg(text);
    }
    if (cli.isSet(cli.topP) && !parseNumber(cli.value(cli.topP), &settings->sampling.topP))
        return tr("--top-p: expected a number in (0, 1], got \"%1\"").arg(cli.value(cli.topP));
    if (cli.isSet(cli.repetitionPenalty)) {
        double penalty = 0;
        if (!parseNumber(cli.value(cli.repetitionPenalty), &penalty) || !std::isfinite(penalty) || penalty <= 0)
            return QStringLiteral("--repetition-penalty: ")
                + coreText(core::Message(
                    core::MessageId::GenerateRepetitionPenalty, cli.value(cli.repetitionPenalty).toStdString()));
        settings->repetitionPenalty = penalty;
    }
    try {
        checkSamplingSettings(settings->sampling);
    } catch (const ForwardError &e) {
        return coreText(e.message());
    }
    if (cli.isSet(cli.seed)) {
        const QString text = cli.value(cli.seed);
        bool ok = false;
        const qulonglong seed = text.toULongLong(&ok);
        if (!ok || seed > 0xFFFFFFFFull || text.startsWith(QLatin1Char('+')) || text.trimmed() != text)
            return tr("--seed: expected a whole number from 0 to 4294967295, got \"%1\"").arg(text);
        settings->seed = seed;
    } else {
        // No seed: a different stream each run, as transformers samples without set_seed.
        settings->seed = std::random_device {}();
    }
    return QString();
}

} // namespace

int runGenerateCommand(const CommandLine &cli)
{
    if (!cli.isSet(cli.generate))
        return -1;
    GenerateSettings settings;
    if (const QString problem = parseSettings(cli, &settings); !problem.isEmpty())
        return failModelCommand(problem);
    if (const QString problem = parseEngineSettings(cli, &settings); !problem.isEmpty())
        return failModelCommand(problem);
    ModelInput in;
    if (const QString problem = loadModelInput(cli, &in); !problem.isEmpty())
        return failModelCommand(problem);
    const ModelConfig &config = in.weights->config;
    const QString where = QStringLiteral("--model %1: ").arg(in.dir);
    core::Matrix mask = core::Matrix::Ones(config.layers, config.heads);
    if (cli.isSet(cli.ablate))
        if (const QString problem = parseAblation(cli.value(cli.ablate), config, &mask); !problem.isEmpty())
            return failModelCommand(problem);

    // Every new token but the last takes a position; the last one is only predicted. The request
    // must fit all the same, as transformers checks max_length against max_position_embeddings.
    const int prompt = int(in.ids.size());
    const int room = config.maxPositions - prompt;
    const int newTokens = settings.maxNewTokensGiven ? settings.maxNewTokens : std::min(settings.maxNewTokens, room);
    if (newTokens > room || newTokens < 1)
        return failModelCommand(QStringLiteral("--max-new-tokens: ")
            + coreText(core::Message(core::MessageId::GenerateNoRoom, prompt, config.maxPositions, std::max(room, 0),
                settings.maxNewTokens)));

    std::shared_ptr<const ModelWeights> draftWeights;
    if (cli.isSet(cli.draft)) {
        if (const QString problem = loadModelWeights(cli.value(cli.draft), &draftWeights); !problem.isEmpty())
            return failModelCommand(QStringLiteral("--draft %1: ").arg(cli.value(cli.draft)) + problem);
        if (draftWeights->config.vocabSize != config.vocabSize)
            return failModelCommand(QStringLiteral("--draft %1: ").arg(cli.value(cli.draft))
                + coreText(core::Message(
                    core::MessageId::GenerateDraftVocabulary, draftWeights->config.vocabSize, config.vocabSize)));
    }

    try {
        Decoder decoder(in.weights);
        decoder.setHeadMask(mask);
        decoder.setCachePolicy(settings.kvWindow, settings.kvSinks);
        // One engine and one stopping rule with the model room (core/generate).
        core::generate::GenerationEngine engine(settings.seed);
        engine.setSampling(settings.sampling);
        engine.setAlternatives(0);
        const std::string folder = QFile::encodeName(in.dir).toStdString();
        engine.setRule(core::generate::readStoppingRule(folder, config, cli.isSet(cli.chat),
            [&in](const std::string &piece) { return in.tokenizer->idOf(piece); }));
        // generation_config.json's repetition penalty and banned sequences apply, as in
        // transformers' generate(); its sampling defaults do not: --temperature 0 stays the default.
        core::generate::LogitRules rules;
        if (const auto generation = core::generate::readGenerationConfig(folder, config.vocabSize))
            rules = generation->logitRules();
        if (settings.repetitionPenalty)
            rules.repetitionPenalty = *settings.repetitionPenalty;
        engine.setLogitRules(rules);
        engine.start(newTokens);
        std::optional<core::engine::SpeculativeCounts> speculative;
        if (draftWeights) {
            Decoder draft(draftWeights);
            core::engine::SpeculativeDecoder runner(decoder, draft, settings.draftTokens);
            runner.run(in.ids, engine);
            speculative = runner.counts();
        } else {
            decoder.append(in.ids);
            while (engine.next(decoder.logits(), decoder.probabilities(), decoder.tokenIds()) && engine.isRunning())
                decoder.append({engine.steps().back().id});
        }
        if (engine.end() == core::generate::RunEnd::NoToken)
            return failModelCommand(where + coreText(core::Message(core::MessageId::GenerateNoTokenToDraw)));
        nlohmann::ordered_json out;
        out["token_ids"] = in.ids;
        out["generated"] = nlohmann::ordered_json::array();
        std::vector<int> generated;
        for (const core::generate::GenerationStep &step : engine.steps()) {
            generated.push_back(step.id);
            out["generated"].push_back({{"id", step.id}, {"token", predictedText(*in.tokenizer, step.id)},
                {"probability", nineDigits(float(step.probability))}});
        }
        const std::string text = in.tokenizer->decode(generated);
        out["text"] = isValidUtf8(text) ? text : lossyUtf8(text);
        if (speculative)
            out["speculative"] = {{"draft_tokens", speculative->draftTokens}, {"proposed", speculative->proposed},
                {"accepted", speculative->accepted}, {"target_passes", speculative->targetPasses}};
        const std::string json = core::json::print(out);
        std::fwrite(json.data(), 1, json.size(), stdout);
        if (std::fflush(stdout) != 0)
            return failModelCommand(tr("cannot write to standard output"));
    } catch (const std::exception &e) {
        return failModelCommand(where + ui::fileProblemText(ui::exceptionProblem(e)));
    }
    return 0;
}

} // namespace attnlab::app
