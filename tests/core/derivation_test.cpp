// The inspector's arithmetic, rebuilt term by term, must land on the core's numbers.
#include "core/scene/derivation.h"
#include "core/scene/pipeline.h"

#include "testutil.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace attnlab;

namespace {

core::Scene randomModelScene(
    std::mt19937 &rng, int tokens, int dModel, int heads, int dK, core::PositionalEncoding pe, core::MaskKind mask)
{
    test::RandomSceneOptions options;
    options.sigma = 1.5f;
    options.vocabulary = std::max(1, tokens - 1);
    core::Scene s = test::randomScene(rng, tokens, dModel, heads, dK, pe, options);
    s.mask = mask;
    return s;
}

constexpr double kTol = 2e-4;

void checkEverything(const core::Scene &scene)
{
    ASSERT_TRUE(core::validate(scene).empty());
    core::Pipeline pipeline;
    const core::Stages &st = pipeline.compute(scene);
    const int n = scene.tokenCount();
    for (int h = 0; h < scene.headCount(); ++h) {
        const core::HeadStages &hs = st.heads[size_t(h)];
        for (int i = 0; i < n; ++i) {
            for (int c = 0; c < scene.keyDim(); ++c)
                for (core::Stage s : {core::StageQ, core::StageK, core::StageV}) {
                    const core::ProjectionDerivation p = core::deriveProjection(scene, st, s, h, i, c);
                    EXPECT_NEAR(p.terms.sum + p.bias, core::stageMatrix(st, s, h)(i, c), kTol);
                    if (!scene.direct) {
                        double again = 0;
                        for (size_t t = 0; t < p.terms.products.size(); ++t) {
                            EXPECT_DOUBLE_EQ(p.terms.products[t], p.terms.left[t] * p.terms.right[t]);
                            again += p.terms.products[t];
                        }
                        EXPECT_NEAR(again, p.terms.sum, 1e-9);
                        EXPECT_EQ(int(p.terms.left.size()), scene.dModel);
                    }
                }
            if (hs.qRotated.size())
                for (int c = 0; c < scene.keyDim(); ++c) {
                    const core::RotationDerivation r = core::deriveRotation(scene, st, core::StageQRotated, h, i, c);
                    ASSERT_TRUE(c == r.first || c == r.second);
                    EXPECT_EQ(r.firstValue, hs.q(i, r.first));
                    EXPECT_EQ(r.secondValue, hs.q(i, r.second));
                    const double cs = std::cos(r.angle), sn = std::sin(r.angle);
                    const double expect = c == r.first ? r.firstValue * cs - r.secondValue * sn
                                                       : r.firstValue * sn + r.secondValue * cs;
                    EXPECT_NEAR(expect, hs.qRotated(i, c), kTol);
                    EXPECT_NEAR(r.angle, i * r.theta, 1e-12);
                    if (!r.tabled) {
                        EXPECT_NEAR(r.theta, std::pow(r.base, -2.0 * r.pair / scene.keyDim()), 1e-12);
                    }
                }
            for (int j = 0; j < n; ++j) {
                const core::ScoreDerivation d = core::deriveScore(scene, st, h, i, j);
                EXPECT_NEAR(d.terms.sum, hs.scores(i, j), kTol * (1 + std::abs(d.terms.sum)));
                EXPECT_NEAR(d.scaled, hs.scaled(i, j), kTol * (1 + std::abs(d.scaled)));
                EXPECT_EQ(d.visible, std::isfinite(hs.masked(i, j)));
            }
            const core::SoftmaxDerivation sm = core::deriveSoftmax(st, h, i);
            double total = 0;
            for (int j = 0; j < n; ++j) {
                EXPECT_NEAR(sm.weights[size_t(j)], hs.weights(i, j), 1e-5);
                if (sm.visible[size_t(j)])
                    EXPECT_NEAR(
                        sm.exps[size_t(j)], std::exp(sm.scaled[size_t(j)] - sm.shift), 1e-9 * sm.exps[size_t(j)]);
                else
                    EXPECT_EQ(sm.exps[size_t(j)], 0.0);
                total += sm.exps[size_t(j)];
            }
            EXPECT_NEAR(total, sm.sum, 1e-9 * total);
            const core::MixDerivation mix = core::deriveMix(st, h, i);
            ASSERT_EQ(int(mix.sum.size()), scene.valueDim());
            for (int c = 0; c < scene.valueDim(); ++c) {
                double again = 0;
                for (int j = 0; j < n; ++j)
                    again += mix.weights[size_t(j)] * mix.values[size_t(j)][size_t(c)];
                EXPECT_NEAR(again, mix.sum[size_t(c)], 1e-9);
                EXPECT_NEAR(mix.sum[size_t(c)], hs.context(i, c), kTol);
            }
        }
    }
    const auto spans = core::concatSpans(scene);
    ASSERT_EQ(int(spans.size()), scene.headCount());
    for (const core::ConcatSpan &span : spans)
        for (int i = 0; i < n; ++i)
            for (int c = 0; c < span.width; ++c)
                EXPECT_EQ(st.concat(i, span.first + c), st.heads[size_t(span.head)].context(i, c));
    for (int i = 0; i < n; ++i)
        for (int c = 0; c < int(st.output.cols()); ++c) {
            const core::OutputDerivation o = core::deriveOutput(scene, st, i, c);
            EXPECT_NEAR(o.terms.sum + o.bias, st.output(i, c), 1e-3);
        }
    if (!scene.direct) {
        for (int i = 0; i < n; ++i)
            for (int c = 0; c < scene.dModel; ++c) {
                const core::EmbeddingDerivation e = core::deriveEmbedding(scene, st, i, c);
                EXPECT_NEAR(e.embedding + e.positional, st.x(i, c), 1e-5);
                EXPECT_EQ(e.given, scene.hasInputX());
            }
    }
}

} // namespace

TEST(Derivation, MatchesCoreOnRandomScenes)
{
    std::mt19937 rng(4242);
    const core::PositionalEncoding pes[]
        = {core::PositionalEncoding::None, core::PositionalEncoding::Sinusoidal, core::PositionalEncoding::Rope};
    const core::MaskKind masks[] = {core::MaskKind::None, core::MaskKind::Causal};
    for (int round = 0; round < 12; ++round) {
        SCOPED_TRACE(round);
        const int heads = 1 + round % 3;
        checkEverything(randomModelScene(
            rng, 2 + round % 5, 3 + round % 4, heads, 2 + 2 * (round % 2), pes[round % 3], masks[round % 2]));
    }
}

TEST(Derivation, RotationFollowsTheScenesConventionAndFrequencies)
{
    std::mt19937 rng(77);
    for (int round = 0; round < 6; ++round) {
        SCOPED_TRACE(round);
        core::Scene s = randomModelScene(rng, 3 + round, 4, 1 + round % 2, 4 + 2 * (round % 2),
            core::PositionalEncoding::Rope, core::MaskKind::Causal);
        s.ropeConvention = core::RotaryConvention::HalfSplit;
        if (round % 3 == 1)
            s.ropeBase = 1000000;
        if (round % 3 == 2) {
            s.ropeFrequencies.resize(s.dK / 2);
            for (int i = 0; i < s.dK / 2; ++i)
                s.ropeFrequencies(i) = 0.5f / float(i + 1);
        }
        checkEverything(s);
    }
    // The pair of a rotate-half column is (i, i + d_k/2), not (2i, 2i+1).
    core::Scene s = randomModelScene(rng, 3, 4, 1, 8, core::PositionalEncoding::Rope, core::MaskKind::None);
    s.ropeConvention = core::RotaryConvention::HalfSplit;
    core::Pipeline pipeline;
    const core::RotationDerivation r = core::deriveRotation(s, pipeline.compute(s), core::StageKRotated, 0, 2, 5);
    EXPECT_EQ(r.pair, 1);
    EXPECT_EQ(r.first, 1);
    EXPECT_EQ(r.second, 5);
    EXPECT_NEAR(r.theta, std::pow(10000.0, -2.0 / 8), 1e-12);
}

TEST(Derivation, MatchesCoreOnEveryExample)
{
    for (const std::string &name : test::exampleFileNames()) {
        SCOPED_TRACE(name);
        const core::LoadResult r = test::loadExampleFile(name);
        ASSERT_TRUE(r.ok());
        checkEverything(*r.scene);
    }
}

TEST(Derivation, HandCalculationScoreIsTheChaptersSum)
{
    const core::LoadResult r = test::loadExampleFile("cat-eats-fish-handcalc");
    ASSERT_TRUE(r.ok());
    core::Pipeline pipeline;
    const core::Stages &st = pipeline.compute(*r.scene);
    // 吃 looks at 猫: 0.3×0.9 + 0.8×0.1 + 0.2×0.0 + 0.1×0.2 = 0.37, then ÷ 2.
    const core::ScoreDerivation d = core::deriveScore(*r.scene, st, 0, 1, 0);
    ASSERT_EQ(d.terms.products.size(), 4u);
    EXPECT_NEAR(d.terms.products[0], 0.27, 1e-6);
    EXPECT_NEAR(d.terms.products[1], 0.08, 1e-6);
    EXPECT_NEAR(d.terms.products[2], 0.0, 1e-6);
    EXPECT_NEAR(d.terms.products[3], 0.02, 1e-6);
    EXPECT_NEAR(d.terms.sum, 0.37, 1e-6);
    EXPECT_DOUBLE_EQ(d.divisor, 2.0);
    EXPECT_NEAR(d.scaled, 0.185, 1e-6);
    const core::SoftmaxDerivation sm = core::deriveSoftmax(st, 0, 1);
    EXPECT_NEAR(sm.weights[0], 0.316, 5e-4);
    EXPECT_NEAR(sm.weights[1], 0.369, 5e-4);
    EXPECT_NEAR(sm.weights[2], 0.316, 5e-4);
}

TEST(Derivation, HiddenRowHasNoKeysAndZeroWeights)
{
    const core::LoadResult r = test::loadExampleFile("padding");
    ASSERT_TRUE(r.ok());
    core::Pipeline pipeline;
    const core::Stages &st = pipeline.compute(*r.scene);
    const core::SoftmaxDerivation sm = core::deriveSoftmax(st, 0, 3);
    EXPECT_FALSE(sm.anyVisible);
    for (double w : sm.weights)
        EXPECT_EQ(w, 0.0);
    EXPECT_TRUE(core::deriveSoftmax(st, 0, 0).anyVisible);
}

TEST(Derivation, HugeScoresShiftInsteadOfOverflowing)
{
    core::Scene s;
    s.direct = true;
    s.tokens = {"a", "b"};
    s.q = core::Matrix::Constant(2, 1, 3000.f);
    s.k.resize(2, 1);
    s.k << 1.f, 0.99f;
    s.v = core::Matrix::Identity(2, 2);
    s.scale = core::ScaleKind::None;
    core::Pipeline pipeline;
    const core::Stages &st = pipeline.compute(s);
    const core::SoftmaxDerivation sm = core::deriveSoftmax(st, 0, 0);
    EXPECT_NEAR(sm.shift, 3000.0, 1e-3);
    EXPECT_TRUE(std::isfinite(sm.sum));
    EXPECT_NEAR(sm.weights[0], st.heads[0].weights(0, 0), 1e-6);
}

TEST(Derivation, ProjectionsAndOutputAddTheirBias)
{
    std::mt19937 rng(77);
    core::Scene s = randomModelScene(rng, 4, 4, 2, 2, core::PositionalEncoding::None, core::MaskKind::Causal);
    test::addBiases(rng, s);
    checkEverything(s);
    core::Pipeline pipeline;
    const core::Stages &st = pipeline.compute(s);
    // K of head 2, token 3, column 2: weight column 1·2 + 1 = 3, so b_K[3].
    const core::ProjectionDerivation k = core::deriveProjection(s, st, core::StageK, 1, 2, 1);
    EXPECT_TRUE(k.hasBias);
    EXPECT_EQ(k.weightColumn, 3);
    EXPECT_DOUBLE_EQ(k.bias, s.bk(3));
    EXPECT_NEAR(k.terms.sum + k.bias, st.heads[1].k(2, 1), kTol);
    const core::OutputDerivation o = core::deriveOutput(s, st, 0, 2);
    EXPECT_TRUE(o.hasBias);
    EXPECT_DOUBLE_EQ(o.bias, s.bo(2));

    s.bk.resize(0);
    s.bo.resize(0);
    const core::Stages &plain = pipeline.compute(s);
    const core::ProjectionDerivation k2 = core::deriveProjection(s, plain, core::StageK, 1, 2, 1);
    EXPECT_FALSE(k2.hasBias);
    EXPECT_EQ(k2.bias, 0.0);
    EXPECT_FALSE(core::deriveOutput(s, plain, 0, 2).hasBias);
    EXPECT_TRUE(core::deriveProjection(s, plain, core::StageQ, 1, 2, 1).hasBias);
}

TEST(Derivation, AGivenXIsShownAsGivenNotLookedUp)
{
    std::mt19937 rng(78);
    core::Scene s = randomModelScene(rng, 5, 4, 1, 4, core::PositionalEncoding::Sinusoidal, core::MaskKind::None);
    test::giveInputX(s);
    test::addBiases(rng, s);
    checkEverything(s);
    core::Pipeline pipeline;
    const core::Stages &st = pipeline.compute(s);
    const core::EmbeddingDerivation e = core::deriveEmbedding(s, st, 3, 1);
    EXPECT_TRUE(e.given);
    EXPECT_EQ(e.vocabularyRow, -1);
    EXPECT_FALSE(e.hasPositional);
    EXPECT_EQ(e.value, double(s.x(3, 1)));
}
