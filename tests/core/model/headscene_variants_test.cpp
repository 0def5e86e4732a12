// A head of Qwen3, Gemma 2 or Gemma 3 as a board scene (issue 31): the family's attention
// variants become the scene's own choices — QK-norm with the layer's q_norm/k_norm weights (Gemma's
// 1 + w), Gemma 2's soft cap of the scores, a sliding layer's window — so the pipeline board
// computes the model's attention weights, equal to the runner's and to the independent float64
// references of tests/testutil (gemmareference.h, rotaryreference.h).

#include "core/model/forward.h"
#include "core/model/headscene.h"
#include "core/model/modelloader.h"
#include "core/scene/pipeline.h"

#include "gemmafixture.h"
#include "gemmareference.h"
#include "rotaryreference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <memory>
#include <string>
#include <vector>

using namespace attnlab::core;
using namespace attnlab::core::model;
using namespace attnlab::test;

namespace {

// Longer than the fixtures' window of 3.
const std::vector<int> kIds = {3, 17, 0, 28, 9, 3, 11, 21, 5, 14, 2};

std::vector<std::string> tokenNames(size_t n)
{
    std::vector<std::string> out;
    for (size_t i = 0; i < n; ++i)
        out.push_back("t" + std::to_string(i));
    return out;
}

// Every head's scene computes the runner's weights and the reference's; `check` looks at the
// scene's choices of each layer.
void expectScenesMatch(const ForwardRunner &run, const std::vector<std::vector<Mat>> &reference,
    const std::function<void(int layer, const Scene &)> &check)
{
    const int layers = run.layers(), heads = run.heads();
    for (int layer = 0; layer < layers; ++layer)
        for (int head = 0; head < heads; ++head) {
            SCOPED_TRACE("layer " + std::to_string(layer) + " head " + std::to_string(head));
            const Scene s = headScene(run, layer, head, tokenNames(size_t(run.attentionWeights(0, 0).rows())));
            const auto problems = validate(s);
            ASSERT_TRUE(problems.empty()) << problems.front().message.english();
            check(layer, s);
            Pipeline p;
            const Matrix &w = p.compute(s).heads.at(0).weights;
            EXPECT_LT((w - run.attentionWeights(layer, head)).cwiseAbs().maxCoeff(), 2e-5);
            const Mat &ref = reference[size_t(layer)][size_t(head)];
            for (Eigen::Index i = 0; i < w.rows(); ++i)
                for (Eigen::Index j = 0; j < w.cols(); ++j)
                    EXPECT_NEAR(w(i, j), ref[size_t(i)][size_t(j)], 1e-4) << i << "," << j;
        }
}

class HeadSceneVariants : public ::testing::Test {
protected:
    void SetUp() override { m_dir = makeTempDir("headscene-variants"); }
    void TearDown() override { removeTree(m_dir); }

    std::shared_ptr<const ModelWeights> loadGemma(const TinyGemmaOptions &o)
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

} // namespace

TEST_F(HeadSceneVariants, Gemma2HeadsCapTheirScoresAndSlideTheirWindowOnEveryOtherLayer)
{
    const TinyGemmaOptions o; // soft cap 2.5, window 3, layers 0 and 2 sliding, query_pre_attn_scalar 12
    const auto w = loadGemma(o);
    ASSERT_TRUE(w);
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(kIds));
    GemmaReferenceSpec spec;
    spec.queryPreAttnScalar = 12;
    spec.attnSoftcap = 2.5;
    spec.finalSoftcap = 3.0;
    spec.window = 3;
    for (int l = 0; l < o.layers; ++l)
        spec.sliding.push_back(l % 2 == 0);
    const GemmaReference ref = gemmaReference(*w, spec, kIds);
    expectScenesMatch(run, ref.weights, [](int layer, const Scene &s) {
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

TEST_F(HeadSceneVariants, Gemma3HeadsNormaliseQueriesAndKeysWithOnePlusTheirWeights)
{
    TinyGemmaOptions o;
    o.modelType = "gemma3_text";
    o.layers = 4;
    o.attnSoftcap = "null";
    o.finalSoftcap = "";
    o.configEdits = {{"sliding_window_pattern", "3"}, {"rope_local_base_freq", "100.0"},
        {"rope_scaling", R"({"rope_type": "linear", "factor": 4.0})"}};
    const auto w = loadGemma(o);
    ASSERT_TRUE(w);
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(kIds));
    GemmaReferenceSpec spec;
    spec.queryPreAttnScalar = 12;
    spec.window = 3;
    spec.sliding = {true, true, false, true};
    spec.theta = 10000;
    spec.linearFactor = 4;
    spec.localTheta = 100;
    spec.qkNorm = true;
    GemmaQkNorms norms;
    for (const LayerWeights &L : w->layers) {
        norms.query.push_back(L.queryNorm.weight);
        norms.key.push_back(L.keyNorm.weight);
    }
    const GemmaReference ref = gemmaReference(*w, spec, kIds, norms);
    expectScenesMatch(run, ref.weights, [&](int layer, const Scene &s) {
        EXPECT_TRUE(s.variants.qkNorm);
        EXPECT_EQ(s.variants.softCap, 0);
        EXPECT_EQ(s.variants.slidingWindow, layer == 2 ? 0 : 3);
        // The weight the norm multiplies by is Gemma's 1 + w.
        const TensorView &q = w->layers[size_t(layer)].queryNorm.weight;
        ASSERT_EQ(s.variants.qNormWeight.size(), 8);
        EXPECT_NEAR(double(s.variants.qNormWeight(0)), 1.0 + double(q.vector()(0)), 1e-6);
    });
}

TEST(HeadSceneVariantsQwen3, Qwen3HeadsNormaliseQueriesAndKeysBeforeTheRotation)
{
    RotaryShape shape;
    shape.family = "qwen3";
    shape.headDim = 6;
    const auto w = makeRotary(rotaryConfig(shape), 7);
    ForwardRunner run(w);
    const std::vector<int> ids = rotaryIds();
    ASSERT_TRUE(run.run(ids));
    Mat mask(size_t(shape.layers), Vec(size_t(shape.heads), 1.0));
    const Reference ref = rotaryReference(*w, ids, mask);
    expectScenesMatch(run, ref.weights, [&](int layer, const Scene &s) {
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
