// Gemma 2 (issue 31) on a tiny random checkpoint, against the independent float64 reference of
// tests/testutil/gemmareference.h: the config's defaults and its bad values, the pass's residual
// streams, every head's weights over a text longer than the sliding window, the block board's
// stages, the capped prediction, the KV-cache decoder and greedy generation, the logit lens and the
// attribution.

#include "core/model/decoder.h"
#include "core/model/forward.h"
#include "core/model/lens/attribution.h"
#include "core/model/lens/block.h"
#include "core/model/lens/lens.h"
#include "core/model/modelconfig.h"
#include "core/model/modelerror.h"
#include "core/model/modelloader.h"
#include "core/model/sampling.h"

#include "gemmafixture.h"
#include "gemmareference.h"

#include "headscenecheck.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

using namespace attnlab::core;
using namespace attnlab::core::model;
using namespace attnlab::test;

namespace {

// Longer than the fixture's window of 3, so the sliding layers see less than the full ones.
const std::vector<int> kIds = {3, 17, 0, 28, 9, 3, 11, 21, 5, 14, 2};

// What the fixture's config.json says, written down independently of the config reader: layers
// 0 and 2 slide (Gemma 2's even layers), window 3, query_pre_attn_scalar 12, caps 2.5 and 3.
GemmaReferenceSpec gemma2Spec(const TinyGemmaOptions &o)
{
    GemmaReferenceSpec s;
    s.queryPreAttnScalar = 12;
    s.attnSoftcap = 2.5;
    s.finalSoftcap = 3.0;
    s.window = 3;
    for (int l = 0; l < o.layers; ++l)
        s.sliding.push_back(l % 2 == 0);
    s.theta = 10000;
    return s;
}

class Gemma2 : public ::testing::Test {
protected:
    void SetUp() override { m_dir = makeTempDir("gemma2"); }
    void TearDown() override { removeTree(m_dir); }

    std::shared_ptr<const ModelWeights> load(const TinyGemmaOptions &o = {})
    {
        writeTinyGemma(m_dir, o);
        LoadModelResult r = loadModel(m_dir);
        EXPECT_TRUE(r.ok()) << r.error;
        if (!r.ok())
            return nullptr;
        return std::make_shared<const ModelWeights>(std::move(*r.weights));
    }

    // The loader's one-line error for a fixture written with `o`.
    std::string loadError(const TinyGemmaOptions &o)
    {
        writeTinyGemma(m_dir, o);
        const LoadModelResult r = loadModel(m_dir);
        EXPECT_FALSE(r.ok());
        return r.error;
    }

    std::string m_dir;
};

double maxDiffRows(const Matrix &a, const Mat &b)
{
    return maxDiff(a, b);
}

} // namespace

TEST(Gemma2Config, AbsentKeysTakeGemma2ConfigsDefaults)
{
    const ModelConfig c = parseModelConfig(R"({"model_type": "gemma2"})");
    EXPECT_EQ(c.layers, 26);
    EXPECT_EQ(c.heads, 8);
    EXPECT_EQ(c.keyValueHeads(), 4);
    EXPECT_EQ(c.headDim(), 256);
    EXPECT_EQ(c.dModel, 2304);
    EXPECT_EQ(c.dInner, 9216);
    EXPECT_EQ(c.vocabSize, 256000);
    EXPECT_EQ(c.maxPositions, 8192);
    EXPECT_FLOAT_EQ(c.layerNormEps, 1e-6f);
    EXPECT_EQ(c.activation, "gelu_pytorch_tanh");
    EXPECT_TRUE(c.tiedOutputHead);
    EXPECT_FALSE(c.qkvBias);
    EXPECT_FALSE(c.outBias);
    EXPECT_DOUBLE_EQ(c.queryPreAttnScalar, 256);
    EXPECT_DOUBLE_EQ(c.attnSoftcap, 50);
    EXPECT_DOUBLE_EQ(c.finalSoftcap, 30);
    EXPECT_EQ(c.slidingWindow, 4096);
    ASSERT_EQ(c.slidingLayers.size(), 26u);
    for (int l = 0; l < 26; ++l)
        EXPECT_EQ(c.slidingLayers[size_t(l)], l % 2 == 0) << l; // modeling_gemma2: not bool(layer_idx % 2)
}

TEST(Gemma2Config, NullCapsTurnCappingOffAndLayerTypesChooseTheSlidingLayers)
{
    const ModelConfig c = parseModelConfig(R"({"model_type": "gemma2", "num_hidden_layers": 3,
        "attn_logit_softcapping": null, "final_logit_softcapping": null, "sliding_window": 5,
        "layer_types": ["full_attention", "sliding_attention", "sliding_attention"]})");
    EXPECT_EQ(c.attnSoftcap, 0);
    EXPECT_EQ(c.finalSoftcap, 0);
    EXPECT_EQ(c.slidingWindow, 5);
    EXPECT_EQ(c.slidingLayers, (std::vector<bool> {false, true, true}));
    const BlockSpec s = BlockSpec::of(c);
    EXPECT_EQ(s.layer(0).window, 0);
    EXPECT_EQ(s.layer(1).window, 5);
    EXPECT_EQ(s.layer(1).firstKey(7), 3); // keys 3 … 7: i − 5 < j ≤ i
    EXPECT_EQ(s.layer(1).firstKey(2), 0);
}

TEST(Gemma2Config, BadValuesAreRefusedNamingTheField)
{
    const auto error = [](const std::string &text) {
        try {
            parseModelConfig(text);
        } catch (const ModelError &e) {
            return std::string(e.what());
        }
        return std::string("(accepted)");
    };
    for (const char *window : {"0", "-4"}) {
        const std::string e = error(std::string(R"({"model_type": "gemma2", "sliding_window": )") + window + "}");
        EXPECT_NE(e.find("sliding_window"), std::string::npos) << e;
    }
    const std::string unknown = error(
        R"({"model_type": "gemma2", "num_hidden_layers": 2, "layer_types": ["full_attention", "chunked_attention"]})");
    EXPECT_NE(unknown.find("layer_types"), std::string::npos) << unknown;
    EXPECT_NE(unknown.find("chunked_attention"), std::string::npos) << unknown;
    const std::string length
        = error(R"({"model_type": "gemma2", "num_hidden_layers": 2, "layer_types": ["full_attention"]})");
    EXPECT_NE(length.find("layer_types"), std::string::npos) << length;
    const std::string cap = error(R"({"model_type": "gemma2", "attn_logit_softcapping": -1})");
    EXPECT_NE(cap.find("attn_logit_softcapping"), std::string::npos) << cap;
}

TEST_F(Gemma2, AMissingPostNormTensorIsNamed)
{
    TinyGemmaOptions o;
    o.editTensors = [](std::vector<FixtureTensor> &tensors) {
        tensors.erase(
            std::remove_if(tensors.begin(), tensors.end(),
                [](const FixtureTensor &t) { return t.name == "model.layers.1.post_feedforward_layernorm.weight"; }),
            tensors.end());
    };
    const std::string e = loadError(o);
    EXPECT_NE(e.find("layers.1.post_feedforward_layernorm.weight"), std::string::npos) << e;
}

TEST_F(Gemma2, ThePassMatchesTheReferenceWithSlidingWindowsAndCaps)
{
    const TinyGemmaOptions o;
    const auto w = load(o);
    ASSERT_TRUE(w);
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(kIds));
    const GemmaReference ref = gemmaReference(*w, gemma2Spec(o), kIds);
    for (int l = 0; l <= w->config.layers; ++l)
        EXPECT_LE(maxDiffRows(run.layerInput(l), ref.inputs[size_t(l)]), 2e-4) << "input of layer " << l;
    for (int l = 0; l < w->config.layers; ++l) {
        EXPECT_LE(maxDiffRows(run.attentionInput(l), ref.attentionInputs[size_t(l)]), 2e-5) << l;
        for (int h = 0; h < w->config.heads; ++h) {
            const Matrix weights = run.attentionWeights(l, h);
            EXPECT_LE(maxDiffRows(weights, ref.weights[size_t(l)][size_t(h)]), 2e-5) << l << "." << h;
            // The window: in a sliding layer, query 10 sees keys 8, 9, 10 only.
            if (l % 2 == 0) {
                EXPECT_EQ(weights.row(10).head(8).cwiseAbs().maxCoeff(), 0.f);
                EXPECT_GT(weights(10, 8), 0.f);
            } else {
                EXPECT_GT(weights(10, 0), 0.f);
            }
        }
    }
    EXPECT_LE(maxDiff(run.logits(), ref.logits), 2e-4);
    EXPECT_LE(maxDiff(run.probabilities(), ref.probabilities), 2e-6);
    // The final cap bounds every logit by 3.
    EXPECT_LT(run.logits().cwiseAbs().maxCoeff(), 3.f);
}

TEST_F(Gemma2, TheWindowAndTheCapsChangeThePrediction)
{
    const auto base = load();
    ASSERT_TRUE(base);
    ForwardRunner a(base);
    ASSERT_TRUE(a.run(kIds));
    for (const auto &[key, value] : std::vector<std::pair<std::string, std::string>> {
             {"sliding_window", "64"}, {"attn_logit_softcapping", "null"}, {"final_logit_softcapping", "null"}}) {
        TinyGemmaOptions o;
        o.configEdits = {{key, value}};
        const auto other = load(o);
        ASSERT_TRUE(other);
        ForwardRunner b(other);
        ASSERT_TRUE(b.run(kIds));
        EXPECT_GT((a.probabilities() - b.probabilities()).cwiseAbs().maxCoeff(), 1e-4) << key;
        GemmaReferenceSpec spec = gemma2Spec(o);
        if (key == "sliding_window")
            spec.window = 64;
        else if (key == "attn_logit_softcapping")
            spec.attnSoftcap = 0;
        else
            spec.finalSoftcap = 0;
        EXPECT_LE(maxDiff(b.probabilities(), gemmaReference(*other, spec, kIds).probabilities), 2e-6) << key;
    }
}

TEST_F(Gemma2, TheBlockBoardsStagesMatchTheReference)
{
    const TinyGemmaOptions o;
    const auto w = load(o);
    ASSERT_TRUE(w);
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(kIds));
    const GemmaReference ref = gemmaReference(*w, gemma2Spec(o), kIds);
    for (int l = 0; l < w->config.layers; ++l) {
        const BlockStages s = blockStages(run, l);
        EXPECT_LE(maxDiffRows(s.attnOut, ref.attentionOutputs[size_t(l)]), 2e-4) << l;
        EXPECT_LE(maxDiffRows(s.afterAttn, ref.afterAttn[size_t(l)]), 2e-4) << l;
        EXPECT_LE(maxDiffRows(s.mlpIn, ref.mlpIn[size_t(l)]), 2e-4) << l;
        EXPECT_LE(maxDiffRows(s.mlpOut, ref.mlpOut[size_t(l)]), 5e-4) << l;
        EXPECT_LE(maxDiffRows(s.output, ref.inputs[size_t(l) + 1]), 5e-4) << l;
    }
}

TEST_F(Gemma2, TheDecoderMatchesTheFullPassAndGreedyGenerationTheReference)
{
    const TinyGemmaOptions o;
    const auto w = load(o);
    ASSERT_TRUE(w);
    // Prefill three tokens, then one at a time past the window: each step's logits are the full
    // pass's over the same prefix.
    Decoder decoder(w);
    ASSERT_TRUE(decoder.append({kIds[0], kIds[1], kIds[2]}));
    for (size_t n = 4; n <= kIds.size(); ++n) {
        ASSERT_TRUE(decoder.append({kIds[n - 1]}));
        ForwardRunner run(w);
        ASSERT_TRUE(run.run(std::vector<int>(kIds.begin(), kIds.begin() + long(n))));
        EXPECT_LE((decoder.logits() - run.logits()).cwiseAbs().maxCoeff(), 2e-5) << n;
    }
    // Greedy: eight tokens after a two-token prompt, each the reference's arg-max.
    Decoder greedy(w);
    std::vector<int> ids = {kIds[0], kIds[1]};
    ASSERT_TRUE(greedy.append(ids));
    const GemmaReferenceSpec spec = gemma2Spec(o);
    for (int step = 0; step < 8; ++step) {
        const Vec probabilities = gemmaReference(*w, spec, ids).probabilities;
        const int expected = int(std::max_element(probabilities.begin(), probabilities.end()) - probabilities.begin());
        const int token = greedyToken(greedy.logits());
        EXPECT_EQ(token, expected) << step;
        ids.push_back(token);
        ASSERT_TRUE(greedy.append({token}));
    }
}

TEST_F(Gemma2, TheLensEndsAtThePredictionAndTheAttributionSumsToTheLogit)
{
    const auto w = load();
    ASSERT_TRUE(w);
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(kIds));
    const LogitLens lens = logitLens(run);
    // The lens reads the residual after each layer through the same capped head.
    EXPECT_LE((lens.logits.row(w->config.layers) - run.logits()).cwiseAbs().maxCoeff(), 1e-5);
    EXPECT_LT(lens.logits.topRows(w->config.layers).cwiseAbs().maxCoeff(), 3.f);
    // Sandwich norms and a capped logit: one share per layer, summing to the model's logit.
    EXPECT_FALSE(attributionIsPerHead(w->config));
    const int token = greedyToken(run.logits());
    const Attribution a = attributeLogit(run, token);
    EXPECT_FALSE(a.perHead);
    double sum = 0;
    for (const AttributionPart &p : a.parts)
        sum += p.value;
    EXPECT_NEAR(sum, a.logit, 1e-4);
}

// A head on the board caps its scores and slides its window as the model does (issue 31).
TEST_F(Gemma2, HeadsOnTheBoardCapTheirScoresAndSlideTheirWindowOnEveryOtherLayer)
{
    const TinyGemmaOptions o; // soft cap 2.5, window 3, layers 0 and 2 sliding, query_pre_attn_scalar 12
    const auto w = load(o);
    ASSERT_TRUE(w);
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(kIds));
    const GemmaReference ref = gemmaReference(*w, gemma2Spec(o), kIds);
    expectHeadScenesMatch(run, ref.weights, [](int layer, const Scene &s) {
        EXPECT_EQ(double(s.variants.softCap), 2.5);
        EXPECT_EQ(s.variants.slidingWindow, layer % 2 == 0 ? 3 : 0);
        EXPECT_EQ(s.mask, MaskKind::Causal);
        EXPECT_FALSE(s.variants.qkNorm);
        EXPECT_NEAR(double(s.customDivisor), std::sqrt(12.0), 1e-6);
        // The description says which switches are the model's own.
        const std::string &en = s.description.at(0).second, &zh = s.description.at(1).second;
        EXPECT_NE(en.find("Gemma 2 caps every score as tanh(s/2.5)·2.5"), std::string::npos) << en;
        EXPECT_NE(zh.find("Gemma 2 把每个分数限制为 tanh(s/2.5)·2.5"), std::string::npos) << zh;
        const std::string sliding = "Layer " + std::to_string(layer + 1)
            + " is a sliding-window layer: each token sees "
              "itself and the 2 before it (window 3).";
        EXPECT_EQ(en.find(sliding) != std::string::npos, layer % 2 == 0) << en;
        EXPECT_EQ(zh.find("只看到自己和它之前的 2 个（窗口 3）") != std::string::npos, layer % 2 == 0) << zh;
        EXPECT_EQ(en.find("q_norm"), std::string::npos);
    });
}
