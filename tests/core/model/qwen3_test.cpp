// Qwen3: the QK-norm choice of the block (an RMSNorm over each head's q and k before the rotary
// positions, modeling_qwen3.py) in the forward pass, the decoder and the block board, against the
// independent naive reference of tests/testutil/rotaryreference.h; its config.json keys and its
// folders as transformers saves Qwen3ForCausalLM.

#include "core/model/block/blockspec.h"
#include "core/model/decoder.h"
#include "core/model/family/blocktensor.h"
#include "core/model/forward.h"
#include "core/model/lens/block.h"
#include "core/model/modelconfig.h"
#include "core/model/modelerror.h"
#include "core/model/modelloader.h"

#include "modelfixtures.h"
#include "rotaryreference.h"

#include "headscenecheck.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

using namespace attnlab::core;
using namespace attnlab::core::model;
using namespace attnlab::test;

namespace {

// 4 query heads of 6 reading 2 key/value heads (heads · d_head = 24, not d = 16).
RotaryShape qwen3Shape()
{
    RotaryShape s;
    s.family = "qwen3";
    s.headDim = 6;
    return s;
}

int argmax(const RowVector &v)
{
    Eigen::Index best = 0;
    v.maxCoeff(&best);
    return int(best);
}

int argmax(const Vec &v)
{
    return int(std::max_element(v.begin(), v.end()) - v.begin());
}

TinyModelOptions qwen3Options()
{
    TinyModelOptions o;
    o.layers = 2;
    o.heads = 4;
    o.kvHeads = 2;
    o.dModel = 16;
    o.headDim = 8;
    o.dInner = 20;
    o.positions = 32;
    o.vocab = 40;
    return o;
}

std::string loadError(const std::string &dir, const TinyModelOptions &o)
{
    writeTinyQwen3(dir, o);
    const LoadModelResult r = loadModel(dir);
    return r.ok() ? std::string() : r.error;
}

} // namespace

TEST(Qwen3Forward, QkNormBeforeTheRotationMatchesTheReference)
{
    RotaryShape s = qwen3Shape();
    auto w = makeRotary(rotaryConfig(s));
    ASSERT_FALSE(w->layers[0].queryNorm.weight.empty());
    EXPECT_TRUE(BlockSpec::of(w->config).qkNorm);
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(rotaryIds()));
    const Reference ref = rotaryReference(*w, rotaryIds(), allOn(w->config));
    expectMatchesReference(run, ref);

    // The norm is not a no-op: the same weights without q_norm and k_norm give other weights.
    auto plain = std::make_shared<ModelWeights>(*w);
    for (LayerWeights &L : plain->layers)
        L.queryNorm = L.keyNorm = {};
    const Reference without = rotaryReference(*plain, rotaryIds(), allOn(w->config));
    EXPECT_GT(maxDiff(run.attentionWeights(1, 2), without.weights[1][2]), 1e-3);

    // Multi-query and as many key/value heads as query heads.
    for (const int kv : {1, 4}) {
        s.kvHeads = kv;
        auto v = makeRotary(rotaryConfig(s), 8 + unsigned(kv));
        ForwardRunner r(v);
        ASSERT_TRUE(r.run(rotaryIds()));
        expectMatchesReference(r, rotaryReference(*v, rotaryIds(), allOn(v->config)));
    }
}

TEST(Qwen3Forward, WhatMeetsInTheDotProductIsEachHeadNormalisedThenRotated)
{
    auto w = makeRotary(rotaryConfig(qwen3Shape()));
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(rotaryIds()));
    Matrix q, k, qr, kr;
    run.headQueryKey(1, 3, false, q, k);
    run.headQueryKey(1, 3, true, qr, kr);
    // Position 0 is not rotated: there the prepared row is the RMS-normalised row times the weight.
    const RowVector gamma = tensorCopy(w->layers[1].queryNorm.weight);
    const RowVector row = q.row(0);
    const float rms = std::sqrt(row.array().square().mean() + w->config.layerNormEps);
    EXPECT_LE((qr.row(0) - (row / rms).cwiseProduct(gamma)).cwiseAbs().maxCoeff(), 1e-5);
    // Later rows are rotated after the norm: the length of each row is that of its normed row.
    const RowVector kGamma = tensorCopy(w->layers[1].keyNorm.weight);
    const RowVector k5 = k.row(5);
    const float kRms = std::sqrt(k5.array().square().mean() + w->config.layerNormEps);
    EXPECT_NEAR(kr.row(5).norm(), (k5 / kRms).cwiseProduct(kGamma).norm(), 1e-4);
    EXPECT_GT((kr.row(5) - (k5 / kRms).cwiseProduct(kGamma)).cwiseAbs().maxCoeff(), 1e-3);
}

TEST(Qwen3Forward, TheDecoderAndIncrementalRunsMatchTheFullPass)
{
    auto w = makeRotary(rotaryConfig(qwen3Shape()));
    ForwardRunner runner(w);
    ASSERT_TRUE(runner.run(rotaryIds()));
    // The KV cache a token at a time against the full pass.
    Decoder decoder(w);
    for (const int id : rotaryIds())
        ASSERT_TRUE(decoder.append({id}));
    EXPECT_LE((decoder.logits() - runner.logits()).cwiseAbs().maxCoeff(), 1e-4);
    // An appended row reuses the earlier rows and still matches the reference.
    std::vector<int> ids = rotaryIds();
    ids.push_back(13);
    ASSERT_TRUE(runner.run(ids));
    EXPECT_EQ(runner.reusedRows(), int(ids.size()) - 1);
    expectMatchesReference(runner, rotaryReference(*w, ids, allOn(w->config)));
}

TEST(Qwen3Forward, GreedyGenerationPicksTheReferencesTokens)
{
    auto w = makeRotary(rotaryConfig(qwen3Shape()), 21);
    Decoder decoder(w);
    std::vector<int> ids = rotaryIds();
    ASSERT_TRUE(decoder.append(ids));
    std::vector<int> seen;
    for (int step = 0; step < 6; ++step) {
        const Reference ref = rotaryReference(*w, ids, allOn(w->config));
        const int next = argmax(decoder.probabilities());
        EXPECT_EQ(next, argmax(ref.probabilities)) << "step " << step;
        EXPECT_LE(maxDiff(decoder.probabilities(), ref.probabilities), 1e-5) << "step " << step;
        seen.push_back(next);
        ids.push_back(next);
        ASSERT_TRUE(decoder.append({next}));
    }
    // Not one token over and over: the steps differ.
    std::sort(seen.begin(), seen.end());
    EXPECT_GT(std::unique(seen.begin(), seen.end()) - seen.begin(), 1);
}

TEST(Qwen3Forward, BlockStagesRebuildEachLayer)
{
    auto w = makeRotary(rotaryConfig(qwen3Shape()));
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(rotaryIds()));
    const Reference ref = rotaryReference(*w, rotaryIds(), allOn(w->config));
    for (int l = 0; l < run.layers(); ++l) {
        const BlockStages s = blockStages(run, l);
        EXPECT_LE(maxDiff(s.attnOut, ref.attentionOutputs[size_t(l)]), 2e-4) << l;
        EXPECT_LE(maxDiff(s.output, ref.inputs[size_t(l) + 1]), 2e-4) << l;
    }
    // The QK-norm weights are tensors of the table, not edited on the block board.
    const std::vector<BlockTensor> order = blockTensorsInOrder(w->config);
    EXPECT_EQ(std::count(order.begin(), order.end(), BlockTensor::QueryNormWeight), 1);
    EXPECT_EQ(std::count(order.begin(), order.end(), BlockTensor::KeyNormWeight), 1);
    const std::vector<BlockTensor> board = blockTensorsOf(*w->config.family, w->layers[0]);
    EXPECT_EQ(std::count(board.begin(), board.end(), BlockTensor::QueryNormWeight), 0);
    EXPECT_EQ(blockTensorName(*w->config.family, BlockTensor::KeyNormWeight), "self_attn.k_norm.weight");
}

TEST(Qwen3Folders, ATinyQwen3FolderLoadsAndMatchesTheReference)
{
    const std::string dir = makeTempDir("qwen3");
    for (const bool tied : {false, true}) {
        TinyModelOptions o = qwen3Options();
        o.tied = tied;
        o.attentionBias = tied;
        writeTinyQwen3(dir, o);
        LoadModelResult loaded = loadModel(dir);
        ASSERT_TRUE(loaded.ok()) << loaded.error;
        auto w = std::make_shared<ModelWeights>(std::move(*loaded.weights));
        const ModelConfig &c = w->config;
        EXPECT_EQ(c.family->name, "Qwen3");
        EXPECT_EQ(c.headDim(), 8);
        EXPECT_EQ(c.kvHeads, 2);
        EXPECT_EQ(c.ropeTheta, 1e6);
        EXPECT_EQ(c.qkvBias, tied);
        EXPECT_EQ(c.outBias, tied);
        EXPECT_FALSE(c.mlpBias);
        EXPECT_EQ(w->layers[1].queryNorm.weight.cols, 8);
        EXPECT_EQ(w->layers[1].keyNorm.weight.cols, 8);
        ForwardRunner run(w);
        const std::vector<int> ids = {1, 39, 7, 0, 22};
        ASSERT_TRUE(run.run(ids));
        expectMatchesReference(run, rotaryReference(*w, ids, allOn(c)));
    }
    removeTree(dir);
}

TEST(Qwen3Folders, AMissingQueryNormIsNamed)
{
    const std::string dir = makeTempDir("qwen3missing");
    TinyModelOptions o = qwen3Options();
    o.editTensors = [](std::vector<FixtureTensor> &tensors) {
        tensors.erase(std::remove_if(tensors.begin(), tensors.end(),
                          [](const FixtureTensor &t) { return t.name == "model.layers.1.self_attn.q_norm.weight"; }),
            tensors.end());
    };
    const std::string error = loadError(dir, o);
    EXPECT_NE(error.find("layers.1.self_attn.q_norm.weight"), std::string::npos) << error;
    removeTree(dir);
}

TEST(Qwen3Config, DefaultsFollowQwen3ConfigAndSlidingWindowsAreRefused)
{
    // Qwen3Config: head_dim 128 whatever hidden / heads is, 32 key/value heads, no attention bias.
    const ModelConfig c = parseModelConfig(R"({"model_type": "qwen3", "hidden_size": 1024})");
    EXPECT_EQ(c.headDim(), 128);
    EXPECT_EQ(c.heads, 32);
    EXPECT_EQ(c.kvHeads, 32);
    EXPECT_FALSE(c.qkvBias);
    EXPECT_FALSE(c.outBias);
    EXPECT_FALSE(c.tiedOutputHead);
    EXPECT_FLOAT_EQ(c.layerNormEps, 1e-6f);
    // null head_dim: hidden / heads, as Qwen3RotaryEmbedding's `or` does.
    const ModelConfig n = parseModelConfig(
        R"({"model_type": "qwen3", "hidden_size": 64, "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": null})");
    EXPECT_EQ(n.headDim(), 16);
    // Only full attention is implemented: use_sliding_window and sliding layer_types are refused.
    const auto refused = [](const std::string &json) {
        try {
            parseModelConfig(json);
        } catch (const ModelError &e) {
            return std::string(e.what());
        }
        return std::string();
    };
    EXPECT_NE(refused(R"({"model_type": "qwen3", "use_sliding_window": true})").find("use_sliding_window"),
        std::string::npos);
    const std::string layers
        = refused(R"({"model_type": "qwen3", "layer_types": ["full_attention", "sliding_attention"]})");
    EXPECT_NE(layers.find("layer_types"), std::string::npos) << layers;
    EXPECT_NE(layers.find("sliding_attention"), std::string::npos) << layers;
    EXPECT_NE(
        refused(R"({"model_type": "qwen3", "layer_types": "full_attention"})").find("layer_types"), std::string::npos);
    EXPECT_EQ(refused(R"({"model_type": "qwen3", "layer_types": ["full_attention", "full_attention"],
        "use_sliding_window": false, "sliding_window": null})"),
        "");
}

// A head on the board normalises its q and k before the rotation, as the model does (issue 31).
TEST(Qwen3, HeadsOnTheBoardNormaliseQueriesAndKeysBeforeTheRotation)
{
    RotaryShape shape;
    shape.family = "qwen3";
    shape.headDim = 6;
    const auto w = makeRotary(rotaryConfig(shape), 7);
    ForwardRunner run(w);
    const std::vector<int> ids = rotaryIds();
    ASSERT_TRUE(run.run(ids));
    const Reference ref = rotaryReference(*w, ids, allOn(w->config));
    expectHeadScenesMatch(run, ref.weights, [&](int layer, const Scene &s) {
        EXPECT_TRUE(s.variants.qkNorm);
        EXPECT_EQ(s.variants.slidingWindow, 0);
        EXPECT_NE(s.description.at(0).second.find("Qwen3 normalises each head's Q and K (q_norm, k_norm) before the "
                                                  "rotation: the board's QK-norm."),
            std::string::npos);
        EXPECT_EQ(s.description.at(0).second.find("sliding-window"), std::string::npos);
        EXPECT_EQ(double(s.variants.qkNormEpsilon), double(Scalar(w->config.layerNormEps)));
        EXPECT_LT(
            (s.variants.kNormWeight - w->layers[size_t(layer)].keyNorm.weight.vector()).cwiseAbs().maxCoeff(), 1e-7);
    });
}
