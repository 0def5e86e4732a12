// The generation engine (core/generate/generationengine) and its stopping rule
// (core/generate/stoppingrule): which ids end a run and where they come from, the count and the
// positions, and the record of each step. Distributions are made by hand; the CLI and UI tests
// run the engine on real models.

#include "modelfixtures.h"
#include "tokenizerfixtures.h"

#include "core/generate/generationengine.h"
#include "core/model/modelerror.h"
#include "core/model/modelweights.h"
#include "core/model/sampling.h"
#include "core/model/topk.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <vector>

using namespace attnlab;
using namespace attnlab::core;
using namespace attnlab::core::generate;

namespace {

constexpr int kVocab = 8;

// A sequence of `length` tokens read so far (the rules in these tests look at no token).
std::vector<int> read(int length)
{
    return std::vector<int>(std::size_t(length), 0);
}

// A prediction whose arg-max is `top` (logits and their softmax).
struct Prediction {
    RowVector logits = RowVector::Zero(kVocab);
    RowVector probabilities;
    explicit Prediction(int top)
    {
        for (int i = 0; i < kVocab; ++i)
            logits[i] = Scalar(0.1 * i);
        logits[top] = 3;
        probabilities = (logits.array() - logits.maxCoeff()).exp();
        probabilities /= probabilities.sum();
    }
};

// Greedy generation along `path` (one prediction per step) after a prompt of `prompt` tokens,
// a run of at most `count`: the ids generated and why the run ended.
std::pair<std::vector<int>, RunEnd> run(GenerationEngine &engine, const std::vector<int> &path, int prompt, int count)
{
    engine.start(count);
    std::vector<int> ids;
    int length = prompt;
    for (int top : path) {
        const Prediction p(top);
        EXPECT_TRUE(engine.next(p.logits, p.probabilities, read(length)));
        ids.push_back(engine.steps().back().id);
        ++length;
        if (!engine.isRunning())
            break;
    }
    return {ids, engine.end()};
}

StoppingRule ruleWith(std::vector<int> ids, int maxPositions = 100)
{
    StoppingRule rule;
    rule.modelEndTokens = std::move(ids);
    rule.maxPositions = maxPositions;
    return rule;
}

model::ModelConfig config(std::vector<int> eos, int vocab = 300, int positions = 64)
{
    model::ModelConfig c;
    c.vocabSize = vocab;
    c.maxPositions = positions;
    c.eosTokenIds = std::move(eos);
    return c;
}

// A lookup of a few vocabulary strings.
TokenLookup lookup(std::map<std::string, int> pieces)
{
    return [pieces](const std::string &piece) {
        const auto it = pieces.find(piece);
        return it == pieces.end() ? -1 : it->second;
    };
}

struct Folder {
    std::string dir = test::makeTempDir("stopping-rule");
    ~Folder() { test::removeTree(dir); }
    void write(const std::string &name, const std::string &text) const { test::writeTextFile(dir + "/" + name, text); }
};

} // namespace

TEST(GenerationEngine, ARunEndsAfterAModelEndTokenAndKeepsIt)
{
    GenerationEngine engine;
    engine.setRule(ruleWith({6, 4}));
    const auto [ids, end] = run(engine, {1, 2, 4, 5, 6}, 3, 10);
    EXPECT_EQ(ids, (std::vector<int> {1, 2, 4}));
    EXPECT_EQ(end, RunEnd::EndToken);
    EXPECT_TRUE(engine.endedAtEndToken());
    EXPECT_FALSE(engine.isRunning());
}

TEST(GenerationEngine, TheChatEndTokenEndsOnlyAChatTurn)
{
    StoppingRule rule = ruleWith({6});
    rule.chatEndToken = 3;
    rule.chatEndText = "<|im_end|>";
    GenerationEngine engine;
    engine.setRule(rule);
    EXPECT_EQ(run(engine, {1, 3, 2, 6}, 2, 10).first, (std::vector<int> {1, 3, 2, 6}));
    engine.clear();
    rule.chat = true;
    engine.setRule(rule);
    const auto [ids, end] = run(engine, {1, 3, 2, 6}, 2, 10);
    EXPECT_EQ(ids, (std::vector<int> {1, 3}));
    EXPECT_EQ(end, RunEnd::EndToken);
    EXPECT_EQ(rule.endTokens(), (std::vector<int> {6, 3}));
    // The model's own end token still ends a chat turn.
    engine.clear();
    EXPECT_EQ(run(engine, {6, 3}, 2, 10).first, (std::vector<int> {6}));
}

TEST(GenerationEngine, ARunMakesAtMostItsCount)
{
    GenerationEngine engine;
    engine.setRule(ruleWith({}));
    engine.start(3);
    EXPECT_EQ(engine.remaining(), 3);
    const auto [ids, end] = run(engine, {1, 1, 1, 1, 1}, 2, 3);
    EXPECT_EQ(ids.size(), 3u);
    EXPECT_EQ(end, RunEnd::TokenCount);
    EXPECT_FALSE(engine.endedAtEndToken());
    // A second run adds to the steps of the first.
    run(engine, {2, 2}, 5, 2);
    EXPECT_EQ(engine.steps().size(), 5u);
}

TEST(GenerationEngine, TheSequenceNeverOutgrowsThePositions)
{
    // 10 positions, a prompt of 7: three new tokens fill them (the last is only predicted when
    // the caller does not feed it back; either way nothing comes after it).
    GenerationEngine engine;
    engine.setRule(ruleWith({}, 10));
    const auto [ids, end] = run(engine, {1, 1, 1, 1, 1, 1}, 7, 20);
    EXPECT_EQ(ids.size(), 3u);
    EXPECT_EQ(end, RunEnd::LastPosition);
    // An end token at the last position is reported as the end token.
    engine.clear();
    engine.setRule(ruleWith({5}, 10));
    EXPECT_EQ(run(engine, {1, 1, 5}, 7, 20).second, RunEnd::EndToken);
}

TEST(GenerationEngine, EachStepRecordsTheModelsProbabilityAndAlternatives)
{
    GenerationEngine engine(11);
    engine.setRule(ruleWith({}));
    const Prediction p(4);
    ASSERT_TRUE(engine.next(p.logits, p.probabilities, read(3)));
    const GenerationStep &step = engine.steps().back();
    EXPECT_EQ(step.id, 4);
    EXPECT_DOUBLE_EQ(step.probability, double(p.probabilities[4]));
    const std::vector<model::TokenProbability> top = model::topK(p.probabilities, 5);
    ASSERT_EQ(step.alternatives.size(), top.size());
    for (size_t i = 0; i < top.size(); ++i)
        EXPECT_EQ(step.alternatives[i].id, top[i].id);
    // Outside a run a step is a run of one.
    EXPECT_FALSE(engine.isRunning());
    EXPECT_EQ(engine.end(), RunEnd::TokenCount);
    engine.setAlternatives(0);
    ASSERT_TRUE(engine.next(p.logits, p.probabilities, read(4)));
    EXPECT_TRUE(engine.steps().back().alternatives.empty());
}

TEST(GenerationEngine, SamplingDrawsAsTheTokenSamplerDoes)
{
    const model::SamplingSettings settings {1.3, 5, 0.9};
    GenerationEngine engine(42);
    engine.setSampling(settings);
    engine.setRule(ruleWith({}));
    model::TokenSampler sampler(42);
    engine.start(6);
    for (int i = 0; i < 6; ++i) {
        const Prediction p(i % kVocab);
        ASSERT_TRUE(engine.next(p.logits, p.probabilities, read(i + 1)));
        EXPECT_EQ(engine.steps().back().id, sampler.next(p.logits, settings)) << i;
    }
    // The same seed again gives the same tokens.
    std::vector<int> first;
    for (const GenerationStep &s : engine.steps())
        first.push_back(s.id);
    engine.clear();
    engine.setSeed(42);
    engine.start(6);
    for (int i = 0; i < 6; ++i) {
        const Prediction p(i % kVocab);
        ASSERT_TRUE(engine.next(p.logits, p.probabilities, read(i + 1)));
        EXPECT_EQ(engine.steps().back().id, first[size_t(i)]) << i;
    }
}

TEST(GenerationEngine, APredictionWithoutAProbableTokenEndsTheRun)
{
    GenerationEngine engine;
    engine.setSampling({1.0, 0, 1.0});
    engine.setRule(ruleWith({}));
    engine.start(5);
    const RowVector nan = RowVector::Constant(kVocab, std::numeric_limits<Scalar>::quiet_NaN());
    EXPECT_FALSE(engine.next(nan, nan, read(3)));
    EXPECT_TRUE(engine.steps().empty());
    EXPECT_EQ(engine.end(), RunEnd::NoToken);
    EXPECT_FALSE(engine.isRunning());
    EXPECT_FALSE(engine.next(RowVector(), RowVector(), read(3)));
}

TEST(GenerationEngine, StopWithdrawAndClear)
{
    GenerationEngine engine;
    engine.setRule(ruleWith({}));
    engine.start(4);
    const Prediction p(2);
    ASSERT_TRUE(engine.next(p.logits, p.probabilities, read(3)));
    EXPECT_EQ(engine.remaining(), 3);
    engine.stop();
    EXPECT_FALSE(engine.isRunning());
    EXPECT_EQ(engine.end(), RunEnd::Stopped);
    engine.start(4);
    ASSERT_TRUE(engine.next(p.logits, p.probabilities, read(4)));
    engine.withdraw();
    EXPECT_EQ(engine.steps().size(), 1u);
    EXPECT_EQ(engine.end(), RunEnd::Stopped);
    engine.clear();
    EXPECT_TRUE(engine.steps().empty());
    EXPECT_EQ(engine.end(), RunEnd::NotEnded);
}

TEST(StoppingRule, ConfigJsonGivesTheEndTokensWithoutAGenerationConfig)
{
    const Folder folder;
    const StoppingRule rule = readStoppingRule(folder.dir, config({50, 51}), false, {});
    EXPECT_EQ(rule.modelEndTokens, (std::vector<int> {50, 51}));
    EXPECT_EQ(rule.modelEndFile, "config.json");
    EXPECT_EQ(rule.maxPositions, 64);
    EXPECT_TRUE(rule.isEndToken(51));
    EXPECT_FALSE(rule.isEndToken(52));
}

TEST(StoppingRule, GenerationConfigJsonReplacesConfigJsonAsTransformersLoadsIt)
{
    const Folder folder;
    folder.write("generation_config.json", R"({"eos_token_id": [7, 9]})");
    StoppingRule rule = readStoppingRule(folder.dir, config({50}), false, {});
    EXPECT_EQ(rule.modelEndTokens, (std::vector<int> {7, 9}));
    EXPECT_EQ(rule.modelEndFile, "generation_config.json");
    EXPECT_FALSE(rule.isEndToken(50));
    // The file without eos_token_id leaves no end token: no fallback key by key.
    folder.write("generation_config.json", R"({"max_new_tokens": 2048})");
    rule = readStoppingRule(folder.dir, config({50}), false, {});
    EXPECT_TRUE(rule.modelEndTokens.empty());
    EXPECT_FALSE(rule.isEndToken(50));
    // A bad file is an error naming it, checked against the model's vocabulary.
    folder.write("generation_config.json", R"({"eos_token_id": [7, 300]})");
    try {
        readStoppingRule(folder.dir, config({50}), false, {});
        ADD_FAILURE() << "accepted";
    } catch (const model::ModelError &e) {
        EXPECT_EQ(e.problem().file, "generation_config.json");
        EXPECT_EQ(e.problem().path, "eos_token_id[1]");
    }
}

TEST(StoppingRule, AChatTurnAddsTheTokenizersEosToken)
{
    const Folder folder;
    folder.write("tokenizer_config.json", R"({"eos_token": {"content": "<|im_end|>", "special": true}})");
    const TokenLookup idOf = lookup({{"<|im_end|>", 145}, {"<|endoftext|>", 143}});
    StoppingRule rule = readStoppingRule(folder.dir, config({143}), true, idOf);
    EXPECT_EQ(rule.chatEndText, "<|im_end|>");
    EXPECT_EQ(rule.chatEndToken, 145);
    EXPECT_EQ(rule.endTokens(), (std::vector<int> {143, 145}));
    // Not a chat turn: the same folder stops only at the model's.
    rule = readStoppingRule(folder.dir, config({143}), false, idOf);
    EXPECT_FALSE(rule.isEndToken(145));
    // A token the tokenizer has no id for (or an id past the model's) adds nothing.
    folder.write("tokenizer_config.json", R"({"eos_token": "</answer>"})");
    EXPECT_EQ(readStoppingRule(folder.dir, config({143}), true, idOf).endTokens(), (std::vector<int> {143}));
    folder.write("tokenizer_config.json", R"({"eos_token": "<|im_end|>"})");
    EXPECT_EQ(readStoppingRule(folder.dir, config({143}, 100), true, idOf).chatEndToken, -1);
    // A bad token entry is an error naming tokenizer_config.json, in a chat turn only.
    folder.write("tokenizer_config.json", R"({"eos_token": 5})");
    EXPECT_NO_THROW(readStoppingRule(folder.dir, config({143}), false, idOf));
    try {
        readStoppingRule(folder.dir, config({143}), true, idOf);
        ADD_FAILURE() << "accepted";
    } catch (const model::ModelError &e) {
        EXPECT_EQ(e.problem().file, "tokenizer_config.json");
        EXPECT_EQ(e.problem().path, "eos_token");
    }
}

TEST(StoppingRule, TheDescriptionNamesTheIdsAndTheirFiles)
{
    StoppingRule rule = ruleWith({145, 143});
    rule.modelEndFile = "generation_config.json";
    EXPECT_EQ(rule.description().english(),
        "A run ends early when the model generates one of its end tokens 145, 143 (generation_config.json, "
        "eos_token_id); that token is kept, as transformers' generate() keeps it.");
    rule.chat = true;
    rule.chatEndText = "<|im_end|>";
    rule.chatEndToken = 151;
    EXPECT_EQ(rule.description().english(),
        "A run ends early when the model generates one of its end tokens 145, 143 (generation_config.json, "
        "eos_token_id) or the chat turn's end token <|im_end|> = 151 (tokenizer_config.json, eos_token); that "
        "token is kept, as transformers' generate() keeps it.");
    rule.modelEndTokens.clear();
    EXPECT_NE(
        rule.description().english().find("generates the chat turn's end token <|im_end|> = 151"), std::string::npos);
    rule.chat = false;
    EXPECT_EQ(rule.description().english(),
        "The model names no end token (generation_config.json has no eos_token_id): a run ends after its number "
        "of tokens or at the model's last position.");
}
