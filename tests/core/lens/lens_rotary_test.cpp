// The whole-block stages, the logit lens and the attribution of the rotary families (Qwen2, Qwen3
// and Llama: RMSNorm, Qwen3's QK-norm, the gated SwiGLU MLP, grouped-query attention, a tied or untied output head),
// against the ForwardRunner's own residual stream and a plain double-precision head.

#include "core/model/block/blockmath.h"
#include "core/model/lens/attribution.h"
#include "core/model/lens/block.h"
#include "core/model/lens/lens.h"

#include "rotaryreference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

using namespace attnlab::core;
using namespace attnlab::core::model;
using namespace attnlab::test;

namespace {

RotaryShape qwenShape()
{
    RotaryShape s;
    s.family = "qwen2";
    s.heads = 4;
    s.kvHeads = 2;
    s.tied = false;
    return s;
}

RotaryShape llamaShape()
{
    RotaryShape s;
    s.family = "llama";
    s.heads = 4;
    s.kvHeads = 1;
    s.headDim = 6;
    s.tied = true;
    s.mlpBias = true;
    s.attentionBias = true;
    return s;
}

// The final RMSNorm and the output head in double with plain loops: the logits of `x`.
Vec headLogitsRef(const ModelWeights &w, const Vec &x)
{
    const ModelConfig &c = w.config;
    double meanSquare = 0;
    for (double v : x)
        meanSquare += v * v;
    meanSquare /= double(x.size());
    const double inv = 1.0 / std::sqrt(meanSquare + double(c.layerNormEps));
    const Matrix gamma = tensorCopy(w.finalNorm.weight);
    const Matrix head = tensorCopy(c.tiedOutputHead ? w.tokenEmbeddings : w.outputHead);
    Vec logits(size_t(c.vocabSize), 0.0);
    for (int t = 0; t < c.vocabSize; ++t)
        for (int j = 0; j < c.dModel; ++j)
            logits[size_t(t)] += x[size_t(j)] * inv * double(gamma(0, j)) * double(head(t, j));
    return logits;
}

double partSum(const Attribution &a)
{
    double s = 0;
    for (const AttributionPart &p : a.parts)
        s += p.value;
    return s;
}

// Qwen3: Qwen2's shape without q/k/v biases, with its RMSNorm of each head's q and k, and a head
// size other than hidden / heads.
RotaryShape qwen3Shape()
{
    RotaryShape s = qwenShape();
    s.family = "qwen3";
    s.headDim = 6;
    return s;
}

class RotaryLens : public testing::TestWithParam<std::string> {
protected:
    RotaryShape shape() const
    {
        return GetParam() == "qwen2" ? qwenShape() : GetParam() == "qwen3" ? qwen3Shape() : llamaShape();
    }
};

} // namespace

TEST_P(RotaryLens, BlockStagesRebuildEachLayerOfThePass)
{
    auto w = makeRotary(rotaryConfig(shape()));
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(rotaryIds()));
    const Reference ref = rotaryReference(*w, rotaryIds(), allOn(w->config));
    for (int l = 0; l < run.layers(); ++l) {
        const BlockStages s = blockStages(run, l);
        const std::string what = "layer " + std::to_string(l);
        EXPECT_LE(maxDiff(s.input, ref.inputs[size_t(l)]), 2e-4) << what;
        EXPECT_LE(maxDiff(s.attnIn, ref.attentionInputs[size_t(l)]), 2e-4) << what;
        EXPECT_LE(maxDiff(s.attnOut, ref.attentionOutputs[size_t(l)]), 2e-4) << what;
        EXPECT_EQ(s.mlpAct.cols(), w->config.dInner) << what;
        // The gated MLP's output closes the block: input + attention + MLP is the next layer's input.
        EXPECT_LE(maxDiff(s.output, ref.inputs[size_t(l) + 1]), 2e-4) << what;
    }
}

TEST_P(RotaryLens, EveryLayerIsReadThroughTheFinalNormAndTheOutputHead)
{
    auto w = makeRotary(rotaryConfig(shape()));
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(rotaryIds()));
    const Reference ref = rotaryReference(*w, rotaryIds(), allOn(w->config));
    const LogitLens lens = logitLens(run);
    const int p = lens.position;
    ASSERT_EQ(lens.logits.rows(), run.layers() + 1);
    Mat expected;
    for (int l = 0; l <= run.layers(); ++l)
        expected.push_back(headLogitsRef(*w, ref.inputs[size_t(l)][size_t(p)]));
    EXPECT_LE(maxDiff(lens.logits, expected), 2e-4);
    EXPECT_EQ(RowVector(lens.logits.row(run.layers())), run.logits());
}

TEST_P(RotaryLens, PartsSumToTheLogitAndAnAblatedHeadWritesNothing)
{
    for (unsigned seed = 1; seed <= 4; ++seed) {
        auto w = makeRotary(rotaryConfig(shape()), seed * 17);
        ForwardRunner run(w);
        Matrix mask = Matrix::Ones(w->config.layers, w->config.heads);
        mask(1, 2) = 0;
        ASSERT_TRUE(run.setHeadMask(mask));
        ASSERT_TRUE(run.run(rotaryIds()));
        for (int token : {0, int(seed * 5 % unsigned(w->config.vocabSize))}) {
            const Attribution a = attributeLogit(run, token);
            EXPECT_TRUE(a.perHead);
            EXPECT_EQ(a.parts.size(), size_t(1 + run.layers() * (run.heads() + 1) + 1));
            EXPECT_NEAR(partSum(a), a.logit, 1e-4 * std::max(1.0, std::abs(a.logit)))
                << shape().family << " seed " << seed << " token " << token;
            for (const AttributionPart &part : a.parts) {
                if (part.kind == AttributionPart::Kind::Head && part.layer == 1 && part.head == 2) {
                    EXPECT_EQ(part.value, 0.0);
                }
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(QwenAndLlama, RotaryLens, testing::Values("qwen2", "llama", "qwen3"),
    [](const testing::TestParamInfo<std::string> &info) {
        return info.param == "qwen2" ? "Qwen2Untied" : info.param == "qwen3" ? "Qwen3QkNorm" : "LlamaTiedGqa1";
    });
