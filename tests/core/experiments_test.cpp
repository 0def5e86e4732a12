#include "core/experiment/experiments.h"
#include "core/scene/pipeline.h"
#include "testutil.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace attnlab::core;

namespace {

// Direct mode, d_k = 4 (√d_k = 2): every query row scores its keys [4, 0, 2] in some order,
// i.e. [2, 0, 1] after the usual scaling — clear preferences that temperature can sharpen or
// flatten.
Scene preferenceScene()
{
    Scene s;
    s.title = "preferences";
    s.tokens = {"a", "b", "c"};
    s.direct = true;
    s.k = Matrix::Identity(3, 4);
    s.q.resize(3, 4);
    s.q << 4, 0, 2, 0, //
        2, 4, 0, 0, //
        0, 2, 4, 0;
    s.v = Matrix::Identity(3, 3);
    return s;
}

} // namespace

TEST(SqrtDkExperiment, ScaledVarianceStaysNearOneForEveryDk)
{
    const SqrtDkOptions options; // default sample count and seed
    const std::vector<SqrtDkPoint> points = sqrtDkExperiment(options);
    ASSERT_EQ(points.size(), 11u); // 1, 2, …, 1024
    for (const SqrtDkPoint &p : points) {
        // Theory for products of N(0,1) components: Var(sample variance) ≈ (2 + 6/d_k)/N.
        const double sigma = std::sqrt((2.0 + 6.0 / p.dK) / options.samples);
        EXPECT_NEAR(p.scaledVariance, 1.0, 4 * sigma) << "d_k = " << p.dK;
        EXPECT_NEAR(p.scaledVarianceError, sigma, 0.5 * sigma) << "d_k = " << p.dK;
    }
}

TEST(SqrtDkExperiment, RawVarianceGrowsLikeDk)
{
    const std::vector<SqrtDkPoint> points = sqrtDkExperiment();
    for (const SqrtDkPoint &p : points) {
        EXPECT_NEAR(p.rawVariance / p.dK, 1.0, 0.15) << "d_k = " << p.dK;
        EXPECT_DOUBLE_EQ(p.rawVariance, p.scaledVariance * p.dK);
    }
    EXPECT_GT(points.back().rawVariance, 800.0);
}

TEST(SqrtDkExperiment, UnscaledSoftmaxCollapsesToOneHot)
{
    const std::vector<SqrtDkPoint> points = sqrtDkExperiment();
    const SqrtDkPoint &big = points.back();
    EXPECT_GT(big.rawMaxWeight, 0.95);
    EXPECT_LT(big.scaledMaxWeight, 0.5);
    for (const SqrtDkPoint &p : points) {
        EXPECT_GE(p.rawMaxWeight, 1.0 / 16 - 1e-12);
        EXPECT_LE(p.rawMaxWeight, 1.0 + 1e-12);
    }
}

TEST(SqrtDkExperiment, SameSeedSameNumbersOtherSeedOtherNumbers)
{
    SqrtDkOptions o;
    o.samples = 200;
    o.maxDk = 64;
    const auto a = sqrtDkExperiment(o), b = sqrtDkExperiment(o);
    o.seed = 2;
    const auto c = sqrtDkExperiment(o);
    ASSERT_EQ(a.size(), 7u);
    for (size_t i = 0; i < a.size(); ++i)
        EXPECT_EQ(a[i].rawVariance, b[i].rawVariance);
    EXPECT_NE(a[3].rawVariance, c[3].rawVariance);
}

TEST(SqrtDkExperiment, BadOptionsAreRejectedWithAReason)
{
    SqrtDkOptions o;
    o.samples = 1;
    ASSERT_TRUE(checkSqrtDkOptions(o).has_value());
    EXPECT_EQ(checkSqrtDkOptions(o)->english(), "the sample count must be between 2 and 100000");
    EXPECT_THROW(sqrtDkExperiment(o), std::invalid_argument);
    o = {};
    o.keys = 0;
    ASSERT_TRUE(checkSqrtDkOptions(o).has_value());
    EXPECT_EQ(checkSqrtDkOptions(o)->english(), "the number of keys must be between 1 and 1024");
    EXPECT_FALSE(checkSqrtDkOptions({}).has_value());
    o = {};
    o.maxDk = 100; // not a power of two: stops at 64
    EXPECT_EQ(sqrtDkExperiment(o).back().dK, 64);
}

TEST(SceneScores, HistogramsShareOneRangeAndCountEveryValue)
{
    const std::vector<double> a = {-4, 0, 1, 2, 8}, b = {-2, 0, 0.5, 1, 4};
    Histogram ha, hb;
    sharedHistograms(a, b, 6, &ha, &hb);
    EXPECT_EQ(ha.lo, -4);
    EXPECT_EQ(ha.hi, 8);
    EXPECT_EQ(hb.lo, ha.lo);
    EXPECT_EQ(hb.hi, ha.hi);
    int total = 0;
    for (int c : ha.counts)
        total += c;
    EXPECT_EQ(total, 5);
    EXPECT_EQ(ha.counts.back(), 1); // the maximum falls in the last bin
    EXPECT_EQ(hb.counts[1], 1); // −2 falls in [−2, 0)
    EXPECT_EQ(hb.counts[2], 3); // 0, 0.5 and 1 fall in [0, 2)
    EXPECT_DOUBLE_EQ(ha.binCenter(0), -3.0);
}

TEST(SceneScores, ScalingDividesTheSpreadByDk)
{
    std::mt19937 rng(4);
    const Scene s = attnlab::test::randomScene(rng, 6, 8, 2, 9);
    Pipeline pipeline;
    std::vector<double> raw, scaled;
    collectScores(pipeline.compute(s), &raw, &scaled);
    ASSERT_EQ(raw.size(), 2u * 6 * 6);
    EXPECT_NEAR(variance(scaled) * 9, variance(raw), 1e-3 * variance(raw));
}

TEST(Temperature, FactorOneReproducesThePipelinesWeights)
{
    std::mt19937 rng(8);
    Scene s = attnlab::test::randomScene(rng, 5, 6, 1, 4);
    s.mask = MaskKind::Causal;
    Pipeline pipeline;
    const Stages &st = pipeline.compute(s);
    EXPECT_MATRIX_NEAR(weightsAtDivisor(s, st, 0, sqrtDk(s)), st.heads[0].weights, 1e-6);
}

TEST(Temperature, LargeDivisorGivesNearUniformRows)
{
    const Scene s = preferenceScene();
    Pipeline pipeline;
    const Stages &st = pipeline.compute(s);
    const Matrix w = weightsAtDivisor(s, st, 0, sqrtDk(s) * 10);
    for (Eigen::Index r = 0; r < 3; ++r) {
        EXPECT_LT(w.row(r).maxCoeff() - w.row(r).minCoeff(), 0.08) << "row " << r;
    }
    const auto h = rowEntropy(w);
    for (double e : h)
        EXPECT_GT(e, 0.99 * std::log2(3.0));
}

TEST(Temperature, SmallDivisorGivesNearOneHotRows)
{
    const Scene s = preferenceScene();
    Pipeline pipeline;
    const Stages &st = pipeline.compute(s);
    const Matrix w = weightsAtDivisor(s, st, 0, sqrtDk(s) * Scalar(0.1));
    for (Eigen::Index r = 0; r < 3; ++r)
        EXPECT_GT(w.row(r).maxCoeff(), 0.99) << "row " << r;
    EXPECT_GT(w(0, 0), 0.99);
    EXPECT_GT(w(1, 1), 0.99);
    EXPECT_GT(w(2, 2), 0.99);
    for (double e : rowEntropy(w))
        EXPECT_LT(e, 0.1);
}

TEST(Temperature, EntropyOfKnownRows)
{
    Matrix w(3, 4);
    w << 0.25, 0.25, 0.25, 0.25, //
        1, 0, 0, 0, //
        0, 0, 0, 0;
    const auto h = rowEntropy(w);
    EXPECT_NEAR(h[0], 2.0, 1e-9);
    EXPECT_EQ(h[1], 0.0);
    EXPECT_EQ(h[2], 0.0);
    Scene s = preferenceScene();
    s.mask = MaskKind::Causal;
    const auto top = maxRowEntropy(s);
    EXPECT_NEAR(top[0], 0.0, 1e-12);
    EXPECT_NEAR(top[2], std::log2(3.0), 1e-12);
}

TEST(Variations, ChangeOneSettingOrExplainWhyNot)
{
    Scene s = preferenceScene(), b;
    EXPECT_FALSE(applyVariation(s, Variation::MaskCausal, &b));
    EXPECT_EQ(b.mask, MaskKind::Causal);
    EXPECT_EQ(b.q, s.q);
    EXPECT_FALSE(applyVariation(s, Variation::ScaleNone, &b));
    EXPECT_EQ(b.scale, ScaleKind::None);
    EXPECT_TRUE(applyVariation(s, Variation::PositionalSinusoidal, &b)); // direct mode
    EXPECT_FALSE(applyVariation(s, Variation::PositionalRope, &b));
    EXPECT_TRUE(validate(b).empty());
    s.q.conservativeResize(3, 3);
    s.k.conservativeResize(3, 3);
    EXPECT_NE(applyVariation(s, Variation::PositionalRope, &b)->english().find("even"), std::string::npos);
}

TEST(Variations, AGivenXTakesNoPositionalEncodingEveryOtherVariationStaysValid)
{
    Scene s = attnlab::test::loadExampleFile("cat-eats-fish").scene.value();
    attnlab::test::giveInputX(s); // as a head taken from a real model
    Scene b;
    EXPECT_NE(applyVariation(s, Variation::PositionalSinusoidal, &b)->english().find("X is given"), std::string::npos);
    EXPECT_NE(applyVariation(s, Variation::PositionalRope, &b)->english().find("X is given"), std::string::npos);
    for (Variation v : {Variation::PositionalNone, Variation::ScaleSqrtDk, Variation::ScaleNone, Variation::MaskNone,
             Variation::MaskCausal, Variation::Head}) {
        ASSERT_FALSE(applyVariation(s, v, &b)) << int(v);
        EXPECT_TRUE(validate(b).empty()) << int(v);
    }
}

TEST(Variations, DifferenceIsElementWiseAndMarksHalfHiddenCells)
{
    const Scalar inf = std::numeric_limits<Scalar>::infinity();
    Matrix a(2, 2), b(2, 2);
    a << 1, -inf, 3, -inf;
    b << 0.5, -inf, 5, 2;
    const Matrix d = difference(a, b);
    EXPECT_FLOAT_EQ(d(0, 0), -0.5);
    EXPECT_FLOAT_EQ(d(0, 1), 0);
    EXPECT_FLOAT_EQ(d(1, 0), 2);
    EXPECT_TRUE(std::isnan(d(1, 1)));
    EXPECT_EQ(difference(a, Matrix(3, 2)).size(), 0);
}
