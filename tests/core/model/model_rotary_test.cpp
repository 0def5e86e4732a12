// Qwen2 and Llama forward passes against the independent naive reference of
// tests/testutil/rotaryreference.h (plain loops in double precision, following transformers'
// modeling_llama.py, modeling_qwen2.py and modeling_rope_utils.py), and their folders read back.

#include "core/model/decoder.h"
#include "core/model/forward.h"
#include "core/model/modelconfig.h"
#include "core/model/modelerror.h"
#include "core/model/modelloader.h"

#include "modelfixtures.h"
#include "rotaryreference.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

using namespace attnlab::core;
using namespace attnlab::core::model;
using namespace attnlab::test;

namespace {

RopeScaling llama3Scaling()
{
    RopeScaling s;
    s.type = "llama3";
    s.factor = 8;
    s.lowFreqFactor = 1;
    s.highFreqFactor = 4;
    s.originalMaxPositions = 16; // small, so that a head of 8 has frequencies in all three bands
    return s;
}

void expectRunMatches(const RotaryShape &shape, unsigned seed = 5)
{
    auto w = makeRotary(rotaryConfig(shape), seed);
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(rotaryIds()));
    EXPECT_EQ(run.predictionPosition(), int(rotaryIds().size()) - 1);
    expectMatchesReference(run, rotaryReference(*w, rotaryIds(), allOn(w->config)));
}

} // namespace

TEST(RotaryForward, Qwen2WithGroupedQueryAttentionMatchesTheReference)
{
    RotaryShape s; // 4 query heads reading 2 key/value heads, q/k/v biases, untied lm_head
    expectRunMatches(s);
    s.kvHeads = 1; // multi-query
    expectRunMatches(s, 6);
    s.kvHeads = 4; // as many as query heads
    expectRunMatches(s, 7);
}

TEST(RotaryForward, AnExplicitHeadDimOtherThanHiddenOverHeadsIsUsed)
{
    RotaryShape s;
    s.headDim = 6; // 4 heads × 6 = 24 ≠ hidden 16
    expectRunMatches(s);
    s.family = "llama";
    s.headDim = 10;
    expectRunMatches(s, 8);
}

TEST(RotaryForward, LlamaWithAndWithoutBiasesTiedOrNot)
{
    RotaryShape s;
    s.family = "llama";
    expectRunMatches(s);
    s.attentionBias = true;
    expectRunMatches(s, 9);
    s.mlpBias = true;
    s.tied = true;
    expectRunMatches(s, 10);
    s.attentionBias = false;
    expectRunMatches(s, 11);
}

TEST(RotaryForward, Llama3ScaledFrequenciesAreUsedAndChangeTheResult)
{
    RotaryShape s;
    s.family = "llama";
    s.heads = 2;
    s.kvHeads = 1;
    s.theta = 500000;
    s.scaling = llama3Scaling();
    expectRunMatches(s);
    auto scaled = makeRotary(rotaryConfig(s), 3);
    ForwardRunner run(scaled);
    const Vec inv = rotaryInverseFrequenciesRef(8, 500000, s.scaling);
    ASSERT_EQ(run.rotaryFrequencies().size(), 4);
    for (int i = 0; i < 4; ++i)
        EXPECT_NEAR(run.rotaryFrequencies()(i) / inv[size_t(i)], 1.0, 1e-5);
    s.scaling = RopeScaling {};
    auto plain = makeRotary(rotaryConfig(s), 3);
    ForwardRunner other(plain);
    ASSERT_TRUE(run.run(rotaryIds()));
    ASSERT_TRUE(other.run(rotaryIds()));
    EXPECT_GT((run.probabilities() - other.probabilities()).cwiseAbs().maxCoeff(), 1e-6);
}

TEST(RotaryForward, HeadMaskAndIncrementalRunsKeepMatching)
{
    RotaryShape s;
    auto w = makeRotary(rotaryConfig(s));
    ForwardRunner run(w);
    Matrix mask = Matrix::Ones(2, 4);
    mask(1, 2) = 0;
    run.setHeadMask(mask);
    std::vector<int> ids = rotaryIds();
    ASSERT_TRUE(run.run(ids));
    ids.push_back(13);
    ASSERT_TRUE(run.run(ids));
    EXPECT_EQ(run.reusedRows(), int(ids.size()) - 1);
    Mat refMask = allOn(w->config);
    refMask[1][2] = 0;
    expectMatchesReference(run, rotaryReference(*w, ids, refMask));
}

TEST(RotaryForward, QueriesAndKeysOfAHeadBeforeAndAfterRotation)
{
    RotaryShape s;
    auto w = makeRotary(rotaryConfig(s));
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(rotaryIds()));
    Matrix q, k, qr, kr, q2, k2;
    run.headQueryKey(0, 3, false, q, k);
    run.headQueryKey(0, 3, true, qr, kr);
    // Head 3 reads key/value head 1: its keys are the same as head 2's.
    run.headQueryKey(0, 2, false, q2, k2);
    EXPECT_EQ(k, k2);
    EXPECT_NE(q, q2);
    // Position 0 is not rotated; later positions are, with each pair's length kept.
    EXPECT_LT((qr.row(0) - q.row(0)).cwiseAbs().maxCoeff(), 1e-6);
    EXPECT_GT((qr.row(3) - q.row(3)).cwiseAbs().maxCoeff(), 1e-3);
    EXPECT_NEAR(qr.row(3).norm(), q.row(3).norm(), 1e-4);
    EXPECT_NEAR(kr.row(5).norm(), k.row(5).norm(), 1e-4);
    EXPECT_THROW(run.headQueryKey(0, 4, true, q, k), std::out_of_range);
}

TEST(RotaryFolders, TinyQwen2AndLlamaFoldersLoadAndMatchTheReference)
{
    const std::string dir = makeTempDir("rotary");
    for (const bool qwen : {true, false}) {
        TinyModelOptions o;
        o.layers = 2;
        o.heads = 4;
        o.kvHeads = 2;
        o.dModel = 16;
        o.headDim = qwen ? 0 : 6;
        o.dInner = 20;
        o.positions = 32;
        o.vocab = 40;
        o.tied = !qwen;
        o.attentionBias = !qwen;
        if (qwen)
            writeTinyQwen2(dir, o);
        else
            writeTinyLlama(dir, o);
        LoadModelResult loaded = loadModel(dir);
        ASSERT_TRUE(loaded.ok()) << loaded.error;
        auto w = std::make_shared<ModelWeights>(std::move(*loaded.weights));
        const ModelConfig &c = w->config;
        EXPECT_EQ(c.kvHeads, 2);
        EXPECT_EQ(c.headDim(), qwen ? 4 : 6);
        EXPECT_EQ(c.tiedOutputHead, !qwen);
        EXPECT_EQ(c.ropeTheta, qwen ? 1e6 : 5e5);
        EXPECT_TRUE(c.qkvBias);
        EXPECT_EQ(c.outBias, !qwen);
        EXPECT_FALSE(c.mlpBias);
        EXPECT_TRUE(w->layers[0].attnNorm.bias.empty());
        EXPECT_EQ(w->outputHead.empty(), !qwen);
        ForwardRunner run(w);
        const std::vector<int> ids = {1, 39, 7, 0, 22};
        ASSERT_TRUE(run.run(ids));
        expectMatchesReference(run, rotaryReference(*w, ids, allOn(c)));
    }
    removeTree(dir);
}

TEST(RotaryConfig, DefaultsFollowQwen2ConfigAndLlamaConfig)
{
    const ModelConfig q = parseModelConfig(R"({"model_type": "qwen2"})");
    EXPECT_EQ(q.family->name, "Qwen2");
    EXPECT_EQ(q.layers, 32);
    EXPECT_EQ(q.dModel, 4096);
    EXPECT_EQ(q.dInner, 22016);
    EXPECT_EQ(q.kvHeads, 32);
    EXPECT_EQ(q.vocabSize, 151936);
    EXPECT_EQ(q.maxPositions, 32768);
    EXPECT_FLOAT_EQ(q.layerNormEps, 1e-6f);
    EXPECT_EQ(q.activation, "silu");
    EXPECT_EQ(q.ropeTheta, 10000.0);
    EXPECT_EQ(q.ropeScaling.type, "default");
    EXPECT_TRUE(q.qkvBias);
    EXPECT_FALSE(q.outBias);
    EXPECT_FALSE(q.tiedOutputHead);
    EXPECT_EQ(q.headDim(), 128);

    const ModelConfig l = parseModelConfig(R"({"model_type": "llama", "num_attention_heads": 8,
        "num_key_value_heads": null, "head_dim": 64, "attention_bias": true, "tie_word_embeddings": true,
        "rope_theta": 500000, "rope_scaling": {"factor": 32.0, "high_freq_factor": 4.0,
        "low_freq_factor": 1.0, "original_max_position_embeddings": 8192, "rope_type": "llama3"}})");
    EXPECT_EQ(l.kvHeads, 8);
    EXPECT_EQ(l.headDim(), 64);
    EXPECT_EQ(l.dInner, 11008);
    EXPECT_EQ(l.vocabSize, 32000);
    EXPECT_EQ(l.maxPositions, 2048);
    EXPECT_TRUE(l.qkvBias);
    EXPECT_TRUE(l.outBias);
    EXPECT_FALSE(l.mlpBias);
    EXPECT_TRUE(l.tiedOutputHead);
    EXPECT_EQ(l.ropeTheta, 500000.0);
    EXPECT_EQ(l.ropeScaling.type, "llama3");
    EXPECT_EQ(l.ropeScaling.factor, 32.0);
    EXPECT_EQ(l.ropeScaling.originalMaxPositions, 8192);
    // The older key "type" names the scaling too; "default" is plain rotary.
    EXPECT_EQ(parseModelConfig(R"({"model_type": "llama", "rope_scaling": {"type": "default"}})").ropeScaling.type,
        "default");
    EXPECT_EQ(parseModelConfig(R"({"model_type": "llama", "num_key_value_heads": 4})").kvHeads, 4);
    EXPECT_EQ(parseModelConfig(R"({"model_type": "llama"})").kvHeads, 32);
}

TEST(RotaryConfig, BadRotaryConfigsAreRefusedByName)
{
    const auto error = [](const std::string &text) {
        try {
            parseModelConfig(text);
        } catch (const ModelError &e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_EQ(error(R"({"model_type": "qwen2", "num_attention_heads": 6, "num_key_value_heads": 4,
        "hidden_size": 24})"),
        R"(config.json: "num_attention_heads" (6) is not divisible by "num_key_value_heads" (4))");
    EXPECT_EQ(error(R"({"model_type": "llama", "rope_scaling": {"rope_type": "yarn", "factor": 4.0}})"),
        R"(config.json: "rope_scaling" type "yarn" is not supported (supported: "default", "linear", "llama3"))");
    EXPECT_EQ(error(R"({"model_type": "llama", "rope_scaling": {"type": "linear"}})"),
        R"(config.json: "rope_scaling" needs a number "factor" for type "linear")");
    // (Without original_max_position_embeddings llama3 takes max_position_embeddings, as transformers
    // v5's standardize_rope_params does: ropeparameters_test.cpp.)
    EXPECT_EQ(error(R"({"model_type": "llama", "rope_scaling": {"rope_type": "llama3", "factor": 8.0,
        "low_freq_factor": 1.0, "original_max_position_embeddings": 8192}})"),
        R"(config.json: "rope_scaling" needs a number "high_freq_factor" for type "llama3")");
    EXPECT_EQ(error(R"({"model_type": "llama", "rope_theta": -1})"),
        R"(config.json: "rope_theta" must be a positive number (got -1))");
    EXPECT_EQ(error(R"({"model_type": "llama", "rope_scaling": 2})"),
        R"(config.json: "rope_scaling" must be an object or null (got 2))");
    EXPECT_EQ(error(R"({"model_type": "qwen2", "use_sliding_window": true})"),
        R"(config.json: "use_sliding_window" = true is not supported)");
    EXPECT_EQ(error(R"({"model_type": "llama", "attention_bias": 1})"),
        R"(config.json: "attention_bias" must be true or false (got 1))");
}

TEST(RotaryConfig, AnOddHeadSizeAndAnUnknownActivationAreRefusedByTheForwardPass)
{
    RotaryShape s;
    s.headDim = 5;
    auto odd = makeRotary(rotaryConfig(RotaryShape {}));
    ModelConfig c = rotaryConfig(s);
    auto w = std::make_shared<ModelWeights>(*odd);
    w->config = c;
    try {
        ForwardRunner run(w);
        FAIL() << "no error";
    } catch (const std::invalid_argument &e) {
        EXPECT_EQ(std::string(e.what()), "rotary positions need an even head size, not 5");
    }
    auto act = makeRotary(rotaryConfig(RotaryShape {}));
    act->config.activation = "no_such_activation";
    EXPECT_THROW(ForwardRunner {act}, std::invalid_argument);
}

TEST(RotaryForward, TheDecoderRunsTheRotaryBlocksAsTheRunnerDoes)
{
    for (const bool tied : {false, true}) {
        RotaryShape s;
        s.tied = tied;
        auto w = makeRotary(rotaryConfig(s));
        ForwardRunner runner(w);
        ASSERT_TRUE(runner.run(rotaryIds()));
        Decoder decoder(w);
        decoder.append(rotaryIds());
        EXPECT_LE((decoder.logits() - runner.logits()).cwiseAbs().maxCoeff(), 1e-4) << (tied ? "tied" : "untied");
    }
}
