// Qwen3-MoE: the sparse mixture-of-experts MLP as a block choice (core/model/block/moe.h) — router
// logits, softmax, top-k, renormalisation, the experts' weighted sum — on the layers
// decoder_sparse_step and mlp_only_layers make sparse, in the forward pass, the decoder and the
// block board, against the independent naive reference of tests/testutil/rotaryreference.h; its
// config.json keys and its folders as transformers saves Qwen3MoeForCausalLM.

#include "core/model/block/moe.h"
#include "core/model/decoder.h"
#include "core/model/family/blocktensor.h"
#include "core/model/forward.h"
#include "core/model/lens/block.h"
#include "core/model/modelconfig.h"
#include "core/model/modelerror.h"
#include "core/model/modelloader.h"

#include "modelfixtures.h"
#include "rotaryreference.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

using namespace attnlab::core;
using namespace attnlab::core::model;
using namespace attnlab::test;

namespace {

// Three layers: 0 and 2 sparse (5 experts, 2 per token), 1 dense through mlp_only_layers.
RotaryShape moeShape(bool renormalise)
{
    RotaryShape s;
    s.family = "qwen3_moe";
    s.layers = 3;
    s.headDim = 6;
    s.experts = 5;
    s.expertsPerToken = 2;
    s.expertInner = 10;
    s.renormalise = renormalise;
    s.denseLayers = {1};
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

std::string configError(const std::string &json)
{
    try {
        parseModelConfig(json);
    } catch (const ModelError &e) {
        return e.what();
    }
    return "";
}

TinyModelOptions moeOptions()
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
    o.experts = 4;
    o.expertsPerToken = 3;
    o.expertInner = 6;
    o.normTopk = true;
    return o;
}

} // namespace

TEST(Qwen3MoeForward, SparseAndDenseLayersMatchTheReferenceWithAndWithoutRenormalising)
{
    for (const bool renormalise : {false, true}) {
        auto w = makeRotary(rotaryConfig(moeShape(renormalise)), renormalise ? 12 : 11);
        EXPECT_FALSE(w->layers[0].router.empty());
        EXPECT_TRUE(w->layers[1].router.empty());
        EXPECT_FALSE(w->layers[2].router.empty());
        ForwardRunner run(w);
        ASSERT_TRUE(run.run(rotaryIds()));
        expectMatchesReference(run, rotaryReference(*w, rotaryIds(), allOn(w->config)));
    }
}

TEST(Qwen3MoeForward, TheBlockBoardShowsTheRoutersChoicesAsTheReferenceMakesThem)
{
    auto w = makeRotary(rotaryConfig(moeShape(true)), 12);
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(rotaryIds()));
    const Reference ref = rotaryReference(*w, rotaryIds(), allOn(w->config));
    const int n = int(rotaryIds().size());
    int distinct = 0;
    for (int l = 0; l < run.layers(); ++l) {
        const BlockStages s = blockStages(run, l);
        EXPECT_LE(maxDiff(s.output, ref.inputs[size_t(l) + 1]), 2e-4) << l;
        if (l == 1) {
            EXPECT_EQ(s.routing.logits.size(), 0);
            EXPECT_EQ(s.mlpAct.cols(), w->config.dInner);
            continue;
        }
        ASSERT_EQ(s.routing.logits.rows(), n);
        ASSERT_EQ(s.routing.logits.cols(), 5);
        ASSERT_EQ(s.routing.experts.cols(), 2);
        EXPECT_LE(maxDiff(s.routing.logits, ref.routerLogits[size_t(l)]), 2e-4) << l;
        EXPECT_LE(maxDiff(s.routing.weights, ref.routerWeights[size_t(l)]), 2e-5) << l;
        for (int r = 0; r < n; ++r) {
            EXPECT_EQ(s.routing.experts(r, 0), ref.routerExperts[size_t(l)][size_t(r)][0]) << l << " row " << r;
            EXPECT_EQ(s.routing.experts(r, 1), ref.routerExperts[size_t(l)][size_t(r)][1]) << l << " row " << r;
            // Renormalised: the two weights sum to 1, the first the larger.
            EXPECT_NEAR(s.routing.weights.row(r).sum(), 1.f, 1e-6);
            EXPECT_GE(s.routing.weights(r, 0), s.routing.weights(r, 1));
            // The softmax the choice is taken from (the board's), and each chosen expert's output
            // before its weight: weighted and summed, they are the MLP's output (the board's router).
            EXPECT_NEAR(s.moe.probabilities.row(r).sum(), 1.f, 1e-6);
            EXPECT_FLOAT_EQ(s.moe.probabilities(r, s.routing.experts(r, 0)), s.moe.probabilities.row(r).maxCoeff());
            ASSERT_EQ(s.moe.outputs.size(), 2u);
            const Matrix sum
                = s.routing.weights(r, 0) * s.moe.outputs[0].row(r) + s.routing.weights(r, 1) * s.moe.outputs[1].row(r);
            EXPECT_LE((sum - s.mlpOut.row(r)).cwiseAbs().maxCoeff(), 1e-5f) << l << " row " << r;
            distinct += s.routing.experts(r, 0) != s.routing.experts(0, 0);
        }
    }
    // The tokens do not all go to the same expert.
    EXPECT_GT(distinct, 0);
}

TEST(Qwen3MoeForward, EqualProbabilitiesTakeTheLowerExpertFirst)
{
    auto w = makeRotary(rotaryConfig(moeShape(false)), 3);
    const BlockSpec spec = BlockSpec::of(w->config);
    // A router of zeros: every expert equally likely.
    LayerWeights L = w->layers[0];
    const Matrix zeros = Matrix::Zero(5, 16);
    L.router.data = zeros.data();
    L.router.bits = nullptr;
    L.router.type = ElementType::F32;
    L.router.stride = 0;
    L.router.inputMajor = false;
    MoeRouting r;
    routeRows(spec, L, Matrix::Random(3, 16), r);
    for (int row = 0; row < 3; ++row) {
        EXPECT_EQ(r.experts(row, 0), 0);
        EXPECT_EQ(r.experts(row, 1), 1);
        EXPECT_FLOAT_EQ(r.weights(row, 0), 0.2f); // not renormalised: the softmax's own 1/5
    }
}

TEST(Qwen3MoeForward, DecoderAndGreedyGenerationFollowTheReference)
{
    auto w = makeRotary(rotaryConfig(moeShape(false)), 21);
    ForwardRunner runner(w);
    ASSERT_TRUE(runner.run(rotaryIds()));
    Decoder step(w);
    for (const int id : rotaryIds())
        ASSERT_TRUE(step.append({id}));
    EXPECT_LE((step.logits() - runner.logits()).cwiseAbs().maxCoeff(), 1e-4);

    Decoder decoder(w);
    std::vector<int> ids = rotaryIds();
    ASSERT_TRUE(decoder.append(ids));
    for (int i = 0; i < 6; ++i) {
        const Reference ref = rotaryReference(*w, ids, allOn(w->config));
        const int next = argmax(decoder.probabilities());
        EXPECT_EQ(next, argmax(ref.probabilities)) << "step " << i;
        EXPECT_LE(maxDiff(decoder.probabilities(), ref.probabilities), 1e-5) << "step " << i;
        ids.push_back(next);
        ASSERT_TRUE(decoder.append({next}));
    }
}

TEST(Qwen3MoeConfig, DefaultsFollowQwen3MoeConfigAndBadExpertCountsAreNamed)
{
    const ModelConfig c = parseModelConfig(R"({"model_type": "qwen3_moe"})");
    EXPECT_EQ(c.experts, 128);
    EXPECT_EQ(c.expertsPerToken, 8);
    EXPECT_EQ(c.expertInner, 768);
    EXPECT_EQ(c.sparseStep, 1);
    EXPECT_FALSE(c.renormaliseTopK);
    EXPECT_EQ(c.kvHeads, 4);
    EXPECT_EQ(c.headDim(), 2048 / 32); // no head_dim of its own
    EXPECT_TRUE(c.sparseLayer(0));
    // num_local_experts is an accepted name; every second layer sparse, layer 3 kept dense.
    const ModelConfig s = parseModelConfig(R"({"model_type": "qwen3_moe", "num_hidden_layers": 6,
        "num_local_experts": 16, "num_experts_per_tok": 4, "decoder_sparse_step": 2, "mlp_only_layers": [3],
        "norm_topk_prob": true})");
    EXPECT_EQ(s.experts, 16);
    EXPECT_TRUE(s.renormaliseTopK);
    std::vector<bool> sparse;
    for (int l = 0; l < 6; ++l)
        sparse.push_back(s.sparseLayer(l));
    EXPECT_EQ(sparse, (std::vector<bool> {false, true, false, false, false, true}));

    const std::string tooMany
        = configError(R"({"model_type": "qwen3_moe", "num_experts": 4, "num_experts_per_tok": 5})");
    EXPECT_NE(tooMany.find("\"num_experts_per_tok\""), std::string::npos) << tooMany;
    const std::string layer
        = configError(R"({"model_type": "qwen3_moe", "num_hidden_layers": 2, "mlp_only_layers": [2]})");
    EXPECT_NE(layer.find("\"mlp_only_layers\""), std::string::npos) << layer;
    EXPECT_NE(configError(R"({"model_type": "qwen3_moe", "mlp_only_layers": "0"})").find("mlp_only_layers"),
        std::string::npos);
    EXPECT_NE(configError(R"({"model_type": "qwen3_moe", "num_experts": 0})").find("num_experts"), std::string::npos);
    EXPECT_NE(configError(R"({"model_type": "qwen3_moe", "use_sliding_window": true})").find("use_sliding_window"),
        std::string::npos);
}

TEST(Qwen3MoeFolders, ATinyFolderLoadsItsExpertsAndMatchesTheReference)
{
    const std::string dir = makeTempDir("qwen3moe");
    TinyModelOptions o = moeOptions();
    o.mlpOnlyLayers = {1};
    writeTinyQwen3Moe(dir, o);
    LoadModelResult loaded = loadModel(dir);
    ASSERT_TRUE(loaded.ok()) << loaded.error;
    auto w = std::make_shared<ModelWeights>(std::move(*loaded.weights));
    EXPECT_EQ(w->config.family->name, "Qwen3-MoE");
    ASSERT_EQ(w->layers[0].experts.size(), 4u);
    EXPECT_EQ(w->layers[0].experts[3].down.rows, 16);
    EXPECT_EQ(w->layers[0].experts[3].down.cols, 6);
    EXPECT_EQ(w->layers[0].router.rows, 4);
    EXPECT_TRUE(w->layers[1].experts.empty());
    EXPECT_EQ(w->layers[1].fcIn.rows, 20);
    ForwardRunner run(w);
    const std::vector<int> ids = {1, 39, 7, 0, 22, 5};
    ASSERT_TRUE(run.run(ids));
    expectMatchesReference(run, rotaryReference(*w, ids, allOn(w->config)));
    removeTree(dir);
}

TEST(Qwen3MoeFolders, AMissingExpertOrRouterIsNamed)
{
    for (const std::string missing :
        {"model.layers.1.mlp.experts.3.up_proj.weight", "model.layers.0.mlp.gate.weight"}) {
        const std::string dir = makeTempDir("qwen3moemissing");
        TinyModelOptions o = moeOptions();
        o.editTensors = [missing](std::vector<FixtureTensor> &tensors) {
            tensors.erase(std::remove_if(tensors.begin(), tensors.end(),
                              [&missing](const FixtureTensor &t) { return t.name == missing; }),
                tensors.end());
        };
        writeTinyQwen3Moe(dir, o);
        const LoadModelResult r = loadModel(dir);
        ASSERT_FALSE(r.ok());
        EXPECT_NE(r.error.find(missing.substr(6)), std::string::npos) << r.error;
        removeTree(dir);
    }
}
