// The logits rules of generation_config.json (core/generate/logitrules): transformers'
// RepetitionPenaltyLogitsProcessor and NoBadWordsLogitsProcessor on hand-made logits, the
// sampling defaults the file gives the Generate panel, and the refusals naming each field.

#include "core/generate/generationconfig.h"
#include "core/generate/generationengine.h"
#include "core/generate/logitrules.h"
#include "core/model/modelerror.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

using namespace attnlab;
using namespace attnlab::core;
using namespace attnlab::core::generate;

namespace {

constexpr int kVocab = 300;

RowVector row(std::initializer_list<float> values)
{
    RowVector r(Eigen::Index(values.size()));
    int i = 0;
    for (const float v : values)
        r[i++] = v;
    return r;
}

// The field a refused text names.
std::string refusedField(const std::string &text)
{
    try {
        parseGenerationConfig(text, kVocab);
    } catch (const model::ModelError &e) {
        EXPECT_EQ(e.problem().file, "generation_config.json");
        return e.problem().path;
    }
    ADD_FAILURE() << "accepted: " << text;
    return {};
}

} // namespace

TEST(LogitRules, RepetitionPenaltyDividesPositiveAndMultipliesNegativeLogitsOfTokensAlreadyRead)
{
    LogitRules rules;
    rules.repetitionPenalty = 2;
    // Token 1 was read twice: penalised once. Token 3 was never read.
    const RowVector out = applyLogitRules(row({2, -1, 0.5f, 3}), {0, 1, 1, 2}, rules);
    EXPECT_FLOAT_EQ(out[0], 1);
    EXPECT_FLOAT_EQ(out[1], -2);
    EXPECT_FLOAT_EQ(out[2], 0.25f);
    EXPECT_FLOAT_EQ(out[3], 3);
    // A penalty below 1 rewards repeats the same way round.
    rules.repetitionPenalty = 0.5;
    const RowVector reward = applyLogitRules(row({2, -1, 0.5f, 3}), {0, 1}, rules);
    EXPECT_FLOAT_EQ(reward[0], 4);
    EXPECT_FLOAT_EQ(reward[1], -0.5f);
}

TEST(LogitRules, ABannedTokenNeverComesAndALongerSequenceNeverCompletes)
{
    LogitRules rules;
    rules.badWords = {{2}, {0, 1, 3}};
    const RowVector logits = row({1, 1, 5, 4});
    // One token: banned even before anything was read.
    RowVector out = applyLogitRules(logits, {}, rules);
    EXPECT_TRUE(std::isinf(out[2]) && out[2] < 0);
    EXPECT_FLOAT_EQ(out[3], 4);
    // The sequence ends with 0, 1: its last token 3 is banned.
    out = applyLogitRules(logits, {3, 0, 1}, rules);
    EXPECT_TRUE(std::isinf(out[3]) && out[3] < 0);
    // Only part of the prefix: 3 stays.
    out = applyLogitRules(logits, {0, 0, 0, 1, 2, 1}, rules);
    EXPECT_FLOAT_EQ(out[3], 4);
    // A sequence longer than what was read is skipped, and so is one just as long (transformers'
    // SequenceBiasLogitsProcessor: len(sequence) > len(context) skips, so 0, 1 alone is too short
    // for (0, 1, 3)).
    out = applyLogitRules(logits, {1}, rules);
    EXPECT_FLOAT_EQ(out[3], 4);
    out = applyLogitRules(logits, {0, 1}, rules);
    EXPECT_FLOAT_EQ(out[3], 4);
    EXPECT_FALSE(LogitRules().active());
}

TEST(LogitRules, TheEngineGreedyPickFollowsTheRules)
{
    GenerationEngine engine;
    const RowVector logits = row({1, 3, 2.5f, 0});
    const RowVector probabilities = logits.array().exp() / logits.array().exp().sum();
    ASSERT_TRUE(engine.next(logits, probabilities, {1}));
    EXPECT_EQ(engine.steps().back().id, 1);
    LogitRules rules;
    rules.repetitionPenalty = 1.5; // 3 / 1.5 = 2 < 2.5
    engine.setLogitRules(rules);
    ASSERT_TRUE(engine.next(logits, probabilities, {1}));
    EXPECT_EQ(engine.steps().back().id, 2);
    // The probability recorded stays the model's own.
    EXPECT_FLOAT_EQ(float(engine.steps().back().probability), probabilities[2]);
    // After 0, 1 the pair (1, 2) may not complete: 2 goes, and the penalised 1 (3 / 1.5 = 2) wins.
    rules.badWords = {{1, 2}};
    engine.setLogitRules(rules);
    ASSERT_TRUE(engine.next(logits, probabilities, {0, 1}));
    EXPECT_EQ(engine.steps().back().id, 1);
    // After 1 alone the pair is as long as the text and transformers skips it (its
    // SequenceBiasLogitsProcessor wants the context at least as long as the sequence).
    ASSERT_TRUE(engine.next(logits, probabilities, {1}));
    EXPECT_EQ(engine.steps().back().id, 2);
    // After 1, 0 the pair does not apply: 2 (2.5, never read) stays the largest.
    ASSERT_TRUE(engine.next(logits, probabilities, {1, 0}));
    EXPECT_EQ(engine.steps().back().id, 2);
    rules.badWords = {{1}};
    engine.setLogitRules(rules);
    ASSERT_TRUE(engine.next(logits, probabilities, {1}));
    EXPECT_EQ(engine.steps().back().id, 2);
}

TEST(GenerationDefaults, GreedyUnlessDoSampleThenTheFilesValuesOverTransformersDefaults)
{
    EXPECT_TRUE(parseGenerationConfig(R"({"temperature": 0.7, "top_k": 20})", kVocab).samplingDefaults().greedy());
    EXPECT_TRUE(
        parseGenerationConfig(R"({"do_sample": false, "temperature": 0.7})", kVocab).samplingDefaults().greedy());
    const model::SamplingSettings bare = parseGenerationConfig(R"({"do_sample": true})", kVocab).samplingDefaults();
    EXPECT_EQ(bare.temperature, 1.0);
    EXPECT_EQ(bare.topK, 50);
    EXPECT_EQ(bare.topP, 1.0);
    // Qwen2.5-Instruct's file.
    const GenerationConfig qwen = parseGenerationConfig(R"({"bos_token_id": 151643, "do_sample": true,
        "eos_token_id": [151645, 151643], "pad_token_id": 151643, "repetition_penalty": 1.05,
        "temperature": 0.7, "top_p": 0.8, "top_k": 20, "transformers_version": "4.37.0"})",
        151936);
    const model::SamplingSettings s = qwen.samplingDefaults();
    EXPECT_EQ(s.temperature, 0.7);
    EXPECT_EQ(s.topK, 20);
    EXPECT_EQ(s.topP, 0.8);
    EXPECT_EQ(qwen.logitRules().repetitionPenalty, 1.05);
    EXPECT_EQ(qwen.keysSet(),
        (std::vector<std::string> {"do_sample", "temperature", "top_k", "top_p", "repetition_penalty"}));
    EXPECT_TRUE(parseGenerationConfig("{}", kVocab).keysSet().empty());
}

TEST(GenerationDefaults, ABannedEndTokenIsDroppedAsTransformersDropsIt)
{
    const GenerationConfig config
        = parseGenerationConfig(R"({"eos_token_id": 0, "bad_words_ids": [[0], [7], [0, 8]]})", kVocab);
    EXPECT_EQ(config.badWords.size(), 3u);
    EXPECT_EQ(config.logitRules().badWords, (std::vector<std::vector<int>> {{7}, {0, 8}}));
    EXPECT_TRUE(parseGenerationConfig(R"({"bad_words_ids": []})", kVocab).badWords.empty());
    EXPECT_TRUE(parseGenerationConfig(R"({"bad_words_ids": null, "top_k": null})", kVocab).keysSet().empty());
}

TEST(GenerationDefaults, EachBadValueIsRefusedWithItsField)
{
    EXPECT_EQ(refusedField(R"({"do_sample": "yes"})"), "do_sample");
    EXPECT_EQ(refusedField(R"({"temperature": -0.1})"), "temperature");
    EXPECT_EQ(refusedField(R"({"top_k": -1})"), "top_k");
    EXPECT_EQ(refusedField(R"({"top_k": 2.5})"), "top_k");
    EXPECT_EQ(refusedField(R"({"top_p": 1.5})"), "top_p");
    EXPECT_EQ(refusedField(R"({"top_p": 0})"), "top_p");
    EXPECT_EQ(refusedField(R"({"repetition_penalty": 0})"), "repetition_penalty");
    EXPECT_EQ(refusedField(R"({"bad_words_ids": [5]})"), "bad_words_ids[0]");
    EXPECT_EQ(refusedField(R"({"bad_words_ids": [[1], []]})"), "bad_words_ids[1]");
    EXPECT_EQ(refusedField(R"({"bad_words_ids": [[1, 300]]})"), "bad_words_ids[0][1]");
    EXPECT_EQ(refusedField(R"({"bad_words_ids": {"a": 1}})"), "bad_words_ids");
}
