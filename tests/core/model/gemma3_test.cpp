// Gemma 3 (issue 31: model_type gemma3_text, and the text part of the multimodal gemma3) on tiny
// random checkpoints, against the independent float64 reference of tests/testutil/gemmareference.h:
// Gemma3TextConfig's defaults and its bad values, the text_config of a multimodal config, q_norm and
// k_norm as Gemma RMSNorms (1 + w) before the rotation, sliding and full layers mixed with a window
// shorter than the text, the sliding layers' own rotary base and the full layers' linear rope
// scaling, the pass, the block board, the decoder and greedy generation, the lens and the
// attribution, and the multimodal folder's tensors under language_model.model.

#include "core/model/block/blockspec.h"
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

// Longer than the window of 3, so the sliding layers see less than the full ones.
const std::vector<int> kIds = {3, 17, 0, 28, 9, 3, 11, 21, 5, 14, 2};

// Four layers, every third full (sliding_window_pattern 3: layers 0, 1 and 3 slide, 2 is full),
// window 3, the sliding layers at base 100, the full one at 10000 scaled linearly by 4, no caps.
TinyGemmaOptions gemma3Options(const std::string &modelType = "gemma3_text")
{
    TinyGemmaOptions o;
    o.modelType = modelType;
    o.layers = 4;
    o.attnSoftcap = "null";
    o.finalSoftcap = "";
    o.configEdits = {{"sliding_window_pattern", "3"}, {"rope_local_base_freq", "100.0"},
        {"rope_scaling", R"({"rope_type": "linear", "factor": 4.0})"}};
    return o;
}

// What gemma3Options' config.json says, written down independently of the config reader.
GemmaReferenceSpec gemma3Spec()
{
    GemmaReferenceSpec s;
    s.queryPreAttnScalar = 12;
    s.window = 3;
    s.sliding = {true, true, false, true};
    s.theta = 10000;
    s.linearFactor = 4;
    s.localTheta = 100;
    s.qkNorm = true;
    return s;
}

GemmaQkNorms qkNormsOf(const ModelWeights &w)
{
    GemmaQkNorms n;
    for (const LayerWeights &L : w.layers) {
        n.query.push_back(L.queryNorm.weight);
        n.key.push_back(L.keyNorm.weight);
    }
    return n;
}

std::string configError(const std::string &text)
{
    try {
        parseModelConfig(text);
    } catch (const ModelError &e) {
        return e.what();
    }
    return "(accepted)";
}

class Gemma3 : public ::testing::Test {
protected:
    void SetUp() override { m_dir = makeTempDir("gemma3"); }
    void TearDown() override { removeTree(m_dir); }

    std::shared_ptr<const ModelWeights> load(const TinyGemmaOptions &o)
    {
        writeTinyGemma(m_dir, o);
        LoadModelResult r = loadModel(m_dir);
        EXPECT_TRUE(r.ok()) << r.error;
        if (!r.ok())
            return nullptr;
        return std::make_shared<const ModelWeights>(std::move(*r.weights));
    }

    std::string m_dir;
};

// Columns [first, first + count) of a reference matrix.
Mat columns(const Mat &m, int first, int count)
{
    Mat out;
    for (const Vec &row : m)
        out.emplace_back(row.begin() + first, row.begin() + first + count);
    return out;
}

} // namespace

TEST(Gemma3Config, AbsentKeysTakeGemma3TextConfigsDefaults)
{
    const ModelConfig c = parseModelConfig(R"({"model_type": "gemma3_text"})");
    EXPECT_EQ(c.family->name, "Gemma 3");
    EXPECT_EQ(c.layers, 26);
    EXPECT_EQ(c.heads, 8);
    EXPECT_EQ(c.keyValueHeads(), 4);
    EXPECT_EQ(c.headDim(), 256);
    EXPECT_EQ(c.dModel, 2304);
    EXPECT_EQ(c.dInner, 9216);
    EXPECT_EQ(c.vocabSize, 262208);
    EXPECT_EQ(c.maxPositions, 131072);
    EXPECT_FLOAT_EQ(c.layerNormEps, 1e-6f);
    EXPECT_EQ(c.activation, "gelu_pytorch_tanh");
    EXPECT_TRUE(c.tiedOutputHead);
    EXPECT_FALSE(c.qkvBias);
    EXPECT_DOUBLE_EQ(c.queryPreAttnScalar, 256);
    EXPECT_EQ(c.attnSoftcap, 0); // None in Gemma3TextConfig
    EXPECT_EQ(c.finalSoftcap, 0);
    EXPECT_EQ(c.slidingWindow, 4096);
    EXPECT_DOUBLE_EQ(c.ropeTheta, 1e6);
    EXPECT_DOUBLE_EQ(c.localRopeTheta, 1e4);
    EXPECT_EQ(c.ropeScaling.type, "default");
    // sliding_window_pattern 6: "sliding_attention" if (i + 1) % 6 else "full_attention".
    ASSERT_EQ(c.slidingLayers.size(), 26u);
    for (int l = 0; l < 26; ++l)
        EXPECT_EQ(c.slidingLayers[size_t(l)], l % 6 != 5) << l;
    const BlockSpec s = BlockSpec::of(c);
    EXPECT_TRUE(s.qkNorm);
    EXPECT_EQ(s.normOffset, 1.f);
    EXPECT_FLOAT_EQ(s.embeddingScale, std::sqrt(2304.f));
    EXPECT_EQ(s.layer(0).window, 4096);
    EXPECT_EQ(s.layer(0).ropeSet, 1);
    EXPECT_EQ(s.layer(5).window, 0);
    EXPECT_EQ(s.layer(5).ropeSet, 0);
}

TEST(Gemma3Config, TheFullLayersScaleTheirFrequenciesLinearlyAndTheSlidingOnesTakeTheLocalBase)
{
    const ModelConfig c = parseModelConfig(R"({"model_type": "gemma3_text", "num_hidden_layers": 3,
        "head_dim": 8, "rope_theta": 1000000.0, "rope_local_base_freq": 10000.0,
        "rope_scaling": {"rope_type": "linear", "factor": 8.0},
        "layer_types": ["sliding_attention", "full_attention", "sliding_attention"]})");
    EXPECT_EQ(c.ropeScaling.type, "linear");
    EXPECT_DOUBLE_EQ(c.ropeScaling.factor, 8);
    const BlockSpec s = BlockSpec::of(c);
    const BlockSpec full = s.layer(1), sliding = s.layer(2);
    ASSERT_EQ(full.inverseFrequencies.size(), 4);
    ASSERT_EQ(sliding.inverseFrequencies.size(), 4);
    for (int i = 0; i < 4; ++i) {
        EXPECT_NEAR(full.inverseFrequencies(i), std::pow(1e6, -2.0 * i / 8) / 8, 1e-7 * std::pow(1e6, -2.0 * i / 8));
        EXPECT_NEAR(sliding.inverseFrequencies(i), std::pow(1e4, -2.0 * i / 8), 1e-7);
    }
}

TEST(Gemma3Config, AMultimodalConfigReadsItsTextConfig)
{
    // google/gemma-3-4b-it's config.json, without its vision_config.
    const ModelConfig c = parseModelConfig(R"({"architectures": ["Gemma3ForConditionalGeneration"],
        "boi_token_index": 255999, "eoi_token_index": 256000, "eos_token_id": [1, 106],
        "image_token_index": 262144, "mm_tokens_per_image": 256, "model_type": "gemma3",
        "text_config": {"hidden_size": 2560, "intermediate_size": 10240, "model_type": "gemma3_text",
            "num_hidden_layers": 34, "rope_scaling": {"factor": 8.0, "rope_type": "linear"},
            "sliding_window": 1024},
        "torch_dtype": "bfloat16"})");
    EXPECT_EQ(c.modelType, "gemma3");
    EXPECT_EQ(c.dModel, 2560);
    EXPECT_EQ(c.dInner, 10240);
    EXPECT_EQ(c.layers, 34);
    EXPECT_EQ(c.heads, 8);
    EXPECT_EQ(c.headDim(), 256);
    EXPECT_EQ(c.vocabSize, 262208);
    EXPECT_EQ(c.slidingWindow, 1024);
    EXPECT_EQ(c.ropeScaling.type, "linear");
    EXPECT_DOUBLE_EQ(c.ropeScaling.factor, 8);
    EXPECT_EQ(c.eosTokenIds, (std::vector<int> {1, 106}));
    EXPECT_EQ(c.slidingLayers.size(), 34u);
    EXPECT_FALSE(c.slidingLayers[5]);
    EXPECT_TRUE(c.slidingLayers[6]);
    // No text_config: Gemma3TextConfig's defaults.
    const ModelConfig bare = parseModelConfig(R"({"model_type": "gemma3"})");
    EXPECT_EQ(bare.layers, 26);
    EXPECT_EQ(bare.dModel, 2304);
    // Keys at the top are not the language model's.
    EXPECT_EQ(parseModelConfig(R"({"model_type": "gemma3", "hidden_size": 64})").dModel, 2304);
}

TEST(Gemma3Config, BadValuesAreRefusedNamingTheField)
{
    for (const char *window : {"0", "-4"}) {
        const std::string e
            = configError(std::string(R"({"model_type": "gemma3_text", "sliding_window": )") + window + "}");
        EXPECT_NE(e.find("\"sliding_window\""), std::string::npos) << e;
    }
    const std::string unknown = configError(R"({"model_type": "gemma3_text", "num_hidden_layers": 2,
        "layer_types": ["full_attention", "chunked_attention"]})");
    EXPECT_NE(unknown.find("layer_types"), std::string::npos) << unknown;
    EXPECT_NE(unknown.find("chunked_attention"), std::string::npos) << unknown;
    const std::string pattern = configError(R"({"model_type": "gemma3_text", "sliding_window_pattern": 0})");
    EXPECT_NE(pattern.find("sliding_window_pattern"), std::string::npos) << pattern;
    const std::string local = configError(R"({"model_type": "gemma3_text", "rope_local_base_freq": -1})");
    EXPECT_NE(local.find("rope_local_base_freq"), std::string::npos) << local;
    const std::string bidirectional
        = configError(R"({"model_type": "gemma3_text", "use_bidirectional_attention": true})");
    EXPECT_NE(bidirectional.find("use_bidirectional_attention"), std::string::npos) << bidirectional;
    const std::string linear = configError(R"({"model_type": "gemma3_text", "rope_scaling": {"rope_type": "linear"}})");
    EXPECT_NE(linear.find("\"factor\""), std::string::npos) << linear;
    // In a multimodal config the field is named with its section.
    const std::string nested = configError(R"({"model_type": "gemma3", "text_config": {"sliding_window": 0}})");
    EXPECT_NE(nested.find("\"text_config.sliding_window\""), std::string::npos) << nested;
    const std::string section = configError(R"({"model_type": "gemma3", "text_config": 2})");
    EXPECT_NE(section.find("\"text_config\""), std::string::npos) << section;
}

TEST_F(Gemma3, AMissingQNormTensorIsNamed)
{
    TinyGemmaOptions o = gemma3Options();
    o.editTensors = [](std::vector<FixtureTensor> &tensors) {
        tensors.erase(std::remove_if(tensors.begin(), tensors.end(),
                          [](const FixtureTensor &t) { return t.name == "model.layers.2.self_attn.q_norm.weight"; }),
            tensors.end());
    };
    writeTinyGemma(m_dir, o);
    const LoadModelResult r = loadModel(m_dir);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error.find("layers.2.self_attn.q_norm.weight"), std::string::npos) << r.error;
}

TEST_F(Gemma3, ThePassMatchesTheReferenceWithQkNormMixedLayersAndTwoRotaryTables)
{
    const auto w = load(gemma3Options());
    ASSERT_TRUE(w);
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(kIds));
    const GemmaReference ref = gemmaReference(*w, gemma3Spec(), kIds, qkNormsOf(*w));
    const int dh = w->config.headDim();
    for (int l = 0; l <= w->config.layers; ++l)
        EXPECT_LE(maxDiff(run.layerInput(l), ref.inputs[size_t(l)]), 2e-4) << "input of layer " << l;
    for (int l = 0; l < w->config.layers; ++l) {
        EXPECT_LE(maxDiff(run.attentionInput(l), ref.attentionInputs[size_t(l)]), 2e-5) << l;
        for (int h = 0; h < w->config.heads; ++h) {
            Matrix q, k;
            run.headQueryKey(l, h, true, q, k);
            EXPECT_LE(maxDiff(q, columns(ref.qRot[size_t(l)], h * dh, dh)), 2e-5) << l << "." << h;
            EXPECT_LE(maxDiff(k, columns(ref.kRot[size_t(l)], w->config.kvHeadOf(h) * dh, dh)), 2e-5) << l << "." << h;
            const Matrix weights = run.attentionWeights(l, h);
            EXPECT_LE(maxDiff(weights, ref.weights[size_t(l)][size_t(h)]), 2e-5) << l << "." << h;
            // The window: in a sliding layer, query 10 sees keys 8, 9, 10 only.
            if (l != 2) {
                EXPECT_EQ(weights.row(10).head(8).cwiseAbs().maxCoeff(), 0.f);
                EXPECT_GT(weights(10, 8), 0.f);
            } else {
                EXPECT_GT(weights(10, 0), 0.f);
            }
        }
    }
    EXPECT_LE(maxDiff(run.logits(), ref.logits), 2e-4);
    EXPECT_LE(maxDiff(run.probabilities(), ref.probabilities), 2e-6);
}

TEST_F(Gemma3, EachChoiceChangesThePredictionAndTheReferenceFollowsIt)
{
    const auto w = load(gemma3Options());
    ASSERT_TRUE(w);
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(kIds));
    // The reference without a choice is far from the pass: the test can see each of them.
    const auto without = [&](auto change) {
        GemmaReferenceSpec s = gemma3Spec();
        change(s);
        return maxDiff(run.probabilities(), gemmaReference(*w, s, kIds, qkNormsOf(*w)).probabilities);
    };
    EXPECT_GT(without([](GemmaReferenceSpec &s) { s.linearFactor = 1; }), 1e-4);
    EXPECT_GT(without([](GemmaReferenceSpec &s) { s.localTheta = 0; }), 1e-4);
    EXPECT_GT(without([](GemmaReferenceSpec &s) { s.qkNorm = false; }), 1e-4);
    EXPECT_GT(without([](GemmaReferenceSpec &s) { s.sliding = {false, false, false, false}; }), 1e-4);
    // Soft-capping, absent by default, is applied when the config sets it.
    TinyGemmaOptions capped = gemma3Options();
    capped.attnSoftcap = "2.5";
    capped.finalSoftcap = "3.0";
    const auto c = load(capped);
    ASSERT_TRUE(c);
    ForwardRunner cappedRun(c);
    ASSERT_TRUE(cappedRun.run(kIds));
    GemmaReferenceSpec s = gemma3Spec();
    s.attnSoftcap = 2.5;
    s.finalSoftcap = 3.0;
    EXPECT_LE(maxDiff(cappedRun.probabilities(), gemmaReference(*c, s, kIds, qkNormsOf(*c)).probabilities), 2e-6);
    EXPECT_GT((cappedRun.probabilities() - run.probabilities()).cwiseAbs().maxCoeff(), 1e-4);
    EXPECT_LT(cappedRun.logits().cwiseAbs().maxCoeff(), 3.f);
}

TEST_F(Gemma3, TheBlockBoardsStagesMatchTheReference)
{
    const auto w = load(gemma3Options());
    ASSERT_TRUE(w);
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(kIds));
    const GemmaReference ref = gemmaReference(*w, gemma3Spec(), kIds, qkNormsOf(*w));
    for (int l = 0; l < w->config.layers; ++l) {
        const BlockStages s = blockStages(run, l);
        EXPECT_LE(maxDiff(s.attnOut, ref.attentionOutputs[size_t(l)]), 2e-4) << l;
        EXPECT_LE(maxDiff(s.afterAttn, ref.afterAttn[size_t(l)]), 2e-4) << l;
        EXPECT_LE(maxDiff(s.mlpIn, ref.mlpIn[size_t(l)]), 2e-4) << l;
        EXPECT_LE(maxDiff(s.mlpOut, ref.mlpOut[size_t(l)]), 5e-4) << l;
        EXPECT_LE(maxDiff(s.output, ref.inputs[size_t(l) + 1]), 5e-4) << l;
    }
}

TEST_F(Gemma3, TheDecoderMatchesTheFullPassAndGreedyGenerationTheReference)
{
    const auto w = load(gemma3Options());
    ASSERT_TRUE(w);
    Decoder decoder(w);
    ASSERT_TRUE(decoder.append({kIds[0], kIds[1], kIds[2]}));
    for (size_t n = 4; n <= kIds.size(); ++n) {
        ASSERT_TRUE(decoder.append({kIds[n - 1]}));
        ForwardRunner run(w);
        ASSERT_TRUE(run.run(std::vector<int>(kIds.begin(), kIds.begin() + long(n))));
        EXPECT_LE((decoder.logits() - run.logits()).cwiseAbs().maxCoeff(), 2e-5) << n;
    }
    Decoder greedy(w);
    std::vector<int> ids = {kIds[0], kIds[1]};
    ASSERT_TRUE(greedy.append(ids));
    for (int step = 0; step < 8; ++step) {
        const Vec p = gemmaReference(*w, gemma3Spec(), ids, qkNormsOf(*w)).probabilities;
        const int expected = int(std::max_element(p.begin(), p.end()) - p.begin());
        const int token = greedyToken(greedy.logits());
        EXPECT_EQ(token, expected) << step;
        ids.push_back(token);
        ASSERT_TRUE(greedy.append({token}));
    }
}

TEST_F(Gemma3, TheLensEndsAtThePredictionAndTheAttributionSumsToTheLogit)
{
    const auto w = load(gemma3Options());
    ASSERT_TRUE(w);
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(kIds));
    const LogitLens lens = logitLens(run);
    EXPECT_LE((lens.logits.row(w->config.layers) - run.logits()).cwiseAbs().maxCoeff(), 1e-5);
    const int token = greedyToken(run.logits());
    const Attribution a = attributeLogit(run, token);
    double sum = 0;
    for (const AttributionPart &p : a.parts)
        sum += p.value;
    EXPECT_NEAR(sum, a.logit, 1e-4);
}

TEST_F(Gemma3, AMultimodalFolderRunsItsLanguageModelAsTheTextFolderDoes)
{
    const auto text = load(gemma3Options());
    ASSERT_TRUE(text);
    ForwardRunner a(text);
    ASSERT_TRUE(a.run(kIds));
    // The same seed writes the same language-model weights in either layout, under either prefix.
    for (const std::string prefix : {"language_model.model.", "model.language_model."}) {
        TinyGemmaOptions o = gemma3Options("gemma3");
        o.multimodalPrefix = prefix;
        const auto w = load(o);
        ASSERT_TRUE(w) << prefix;
        EXPECT_EQ(w->config.modelType, "gemma3");
        EXPECT_EQ(w->config.layers, 4);
        EXPECT_EQ(w->config.slidingLayers, (std::vector<bool> {true, true, false, true}));
        ForwardRunner b(w);
        ASSERT_TRUE(b.run(kIds));
        EXPECT_EQ((a.logits() - b.logits()).cwiseAbs().maxCoeff(), 0.f) << prefix;
        const GemmaReference ref = gemmaReference(*w, gemma3Spec(), kIds, qkNormsOf(*w));
        EXPECT_LE(maxDiff(b.probabilities(), ref.probabilities), 2e-6) << prefix;
    }
    // A missing tensor is named as the loader looked for it.
    TinyGemmaOptions o = gemma3Options("gemma3");
    o.editTensors = [](std::vector<FixtureTensor> &tensors) {
        tensors.erase(std::remove_if(tensors.begin(), tensors.end(),
                          [](const FixtureTensor &t) {
                              return t.name == "language_model.model.layers.1.self_attn.k_norm.weight";
                          }),
            tensors.end());
    };
    writeTinyGemma(m_dir, o);
    const LoadModelResult r = loadModel(m_dir);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error.find("layers.1.self_attn.k_norm.weight"), std::string::npos) << r.error;
}

// A head on the board normalises its q and k with Gemma's 1 + w, as the model does (issue 31).
TEST_F(Gemma3, HeadsOnTheBoardNormaliseQueriesAndKeysWithOnePlusTheirWeights)
{
    const auto w = load(gemma3Options());
    ASSERT_TRUE(w);
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(kIds));
    const GemmaReference ref = gemmaReference(*w, gemma3Spec(), kIds, qkNormsOf(*w));
    expectHeadScenesMatch(run, ref.weights, [&](int layer, const Scene &s) {
        EXPECT_TRUE(s.variants.qkNorm);
        EXPECT_EQ(s.variants.softCap, 0);
        EXPECT_EQ(s.variants.slidingWindow, layer == 2 ? 0 : 3);
        // The weight the norm multiplies by is Gemma's 1 + w.
        const TensorView &q = w->layers[size_t(layer)].queryNorm.weight;
        ASSERT_EQ(s.variants.qNormWeight.size(), 8);
        EXPECT_NEAR(double(s.variants.qNormWeight(0)), 1.0 + double(q.vector()(0)), 1e-6);
    });
}
