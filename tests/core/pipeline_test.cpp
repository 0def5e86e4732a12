#include "core/scene/pipeline.h"
#include "core/scene/positional.h"

#include "testutil.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

using namespace attnlab::core;
using attnlab::test::maxDiff;
using attnlab::test::randomScene;

namespace {

Matrix rows(std::initializer_list<std::initializer_list<float>> values)
{
    Matrix m(Eigen::Index(values.size()), Eigen::Index(values.begin()->size()));
    Eigen::Index r = 0;
    for (auto row : values) {
        Eigen::Index c = 0;
        for (float v : row)
            m(r, c++) = v;
        ++r;
    }
    return m;
}

// The chapters' 猫吃鱼 hand calculation, in direct mode.
Scene handCalculation()
{
    Scene s;
    s.tokens = {"猫", "吃", "鱼"};
    s.direct = true;
    s.q = rows({{1.0f, 0.2f, 0.1f, 0.0f}, {0.3f, 0.8f, 0.2f, 0.1f}, {0.1f, 0.1f, 0.9f, 0.3f}});
    s.k = rows({{0.9f, 0.1f, 0.0f, 0.2f}, {0.2f, 0.7f, 0.3f, 0.0f}, {0.0f, 0.2f, 1.0f, 0.1f}});
    s.v = Matrix::Identity(3, 3);
    return s;
}

} // namespace

TEST(Pipeline, ReproducesTheHandCalculationOnTheEatRow)
{
    Pipeline p;
    const Stages &st = p.compute(handCalculation());
    const HeadStages &h = st.heads[0];
    EXPECT_NEAR(h.scores(1, 0), 0.37, 1e-6);
    EXPECT_NEAR(h.scores(1, 1), 0.68, 1e-6);
    EXPECT_NEAR(h.scores(1, 2), 0.37, 1e-6);
    EXPECT_NEAR(h.scaled(1, 1), 0.34, 1e-6); // ÷ √4 = 2
    EXPECT_NEAR(h.weights(1, 0), 0.316, 5e-4);
    EXPECT_NEAR(h.weights(1, 1), 0.369, 5e-4);
    EXPECT_NEAR(h.weights(1, 2), 0.316, 5e-4);
    // With V = I the context row is the weight row itself.
    EXPECT_LE(maxDiff(h.context, h.weights), 1e-6);
    EXPECT_LE(maxDiff(st.output, h.context), 0);
}

TEST(Pipeline, WeightRowsSumToOneAndHiddenCellsWeighZero)
{
    std::mt19937 rng(1);
    Scene s = randomScene(rng, 9, 6, 2, 3);
    s.mask = MaskKind::Causal;
    Pipeline p;
    const Stages &st = p.compute(s);
    for (const HeadStages &h : st.heads)
        for (int r = 0; r < 9; ++r) {
            EXPECT_NEAR(h.weights.row(r).sum(), 1.0, 1e-5);
            for (int c = r + 1; c < 9; ++c) {
                EXPECT_EQ(h.weights(r, c), 0.f);
                EXPECT_EQ(h.masked(r, c), -std::numeric_limits<Scalar>::infinity());
            }
        }
    EXPECT_TRUE(st.warnings.empty());
}

TEST(Pipeline, ARowWithNoVisibleKeyIsZeroAndWarnedAbout)
{
    std::mt19937 rng(2);
    Scene s = randomScene(rng, 4, 4, 1, 2);
    s.tokens[2] = "<pad>";
    s.vocabulary.push_back("<pad>");
    s.embeddings.conservativeResize(s.embeddings.rows() + 1, Eigen::NoChange);
    s.embeddings.bottomRows(1).setConstant(0.5f);
    s.mask = MaskKind::Custom;
    s.customMask = MaskMatrix::Ones(4, 4);
    s.customMask.row(2).setZero();
    Pipeline p;
    const Stages &st = p.compute(s);
    EXPECT_TRUE(st.heads[0].weights.row(2).isZero(0));
    EXPECT_TRUE(st.heads[0].context.row(2).isZero(0));
    EXPECT_TRUE(st.heads[0].weights.allFinite());
    ASSERT_EQ(st.rowsWithoutKeys, std::vector<int> {2});
    ASSERT_EQ(st.warnings.size(), 1u);
    EXPECT_NE(st.warnings[0].find("row 2"), std::string::npos);
    EXPECT_NE(st.warnings[0].find("<pad>"), std::string::npos);
}

TEST(Pipeline, HugeLogitsStayFinite)
{
    Scene s = handCalculation();
    s.q *= 1000.f;
    s.k *= 1000.f;
    s.scale = ScaleKind::None;
    Pipeline p;
    const Stages &st = p.compute(s);
    EXPECT_TRUE(st.heads[0].weights.allFinite());
    EXPECT_TRUE(st.heads[0].context.allFinite());
    EXPECT_NEAR(st.heads[0].weights.row(0).sum(), 1.0, 1e-5);
}

TEST(Pipeline, PermutingTokensPermutesWeightsAndContext)
{
    std::mt19937 rng(3);
    Scene s = randomScene(rng, 6, 8, 1, 4);
    const std::vector<int> perm = {3, 0, 5, 1, 4, 2};
    Scene t = s;
    for (size_t i = 0; i < perm.size(); ++i)
        t.tokens[i] = s.tokens[size_t(perm[i])];
    Pipeline a, b;
    const Stages sa = a.compute(s);
    const Stages &sb = b.compute(t);
    for (int i = 0; i < 6; ++i) {
        for (int j = 0; j < 6; ++j)
            EXPECT_NEAR(sb.heads[0].weights(i, j), sa.heads[0].weights(perm[size_t(i)], perm[size_t(j)]), 1e-5);
        EXPECT_LE(maxDiff(sb.heads[0].context.row(i), sa.heads[0].context.row(perm[size_t(i)])), 1e-5);
    }
}

TEST(Pipeline, EachHeadEqualsASingleHeadSceneOnItsColumnBlock)
{
    std::mt19937 rng(4);
    const int heads = 3, dK = 2;
    Scene s = randomScene(rng, 5, 6, heads, dK);
    Pipeline p;
    const Stages multi = p.compute(s);
    for (int j = 0; j < heads; ++j) {
        Scene one = s;
        one.heads = 1;
        one.wq = s.wq.middleCols(j * dK, dK);
        one.wk = s.wk.middleCols(j * dK, dK);
        one.wv = s.wv.middleCols(j * dK, dK);
        one.wo.resize(0, 0);
        Pipeline q;
        const Stages &single = q.compute(one);
        EXPECT_LE(maxDiff(multi.heads[size_t(j)].weights, single.heads[0].weights), 1e-5);
        EXPECT_LE(maxDiff(multi.heads[size_t(j)].context, single.heads[0].context), 1e-5);
        EXPECT_LE(maxDiff(multi.concat.middleCols(j * dK, dK), single.heads[0].context), 1e-5);
    }
    EXPECT_LE(maxDiff(multi.output, multi.concat * s.wo), 1e-4);
}

TEST(Pipeline, RepeatedTokensShareAnEmbeddingRow)
{
    std::mt19937 rng(5);
    Scene s = randomScene(rng, 3, 4, 1, 2);
    s.tokens = {s.vocabulary[0], s.vocabulary[1], s.vocabulary[0]};
    Pipeline p;
    const Stages &st = p.compute(s);
    EXPECT_EQ(st.x.row(0), st.x.row(2));
    EXPECT_EQ(st.x.row(0), s.embeddings.row(0));
}

TEST(Pipeline, SinusoidalEncodingIsAddedToX)
{
    std::mt19937 rng(6);
    Scene s = randomScene(rng, 4, 6, 1, 2, PositionalEncoding::Sinusoidal);
    Pipeline p;
    const Stages &st = p.compute(s);
    const std::vector<int> rowsOf = embeddingRows(s);
    for (int pos = 0; pos < 4; ++pos)
        for (int i = 0; i < 6; ++i) {
            const double angle = pos / std::pow(10000.0, 2.0 * (i / 2) / 6);
            const double pe = i % 2 == 0 ? std::sin(angle) : std::cos(angle);
            EXPECT_NEAR(st.x(pos, i), s.embeddings(rowsOf[size_t(pos)], i) + pe, 1e-5);
        }
}

TEST(Pipeline, CustomAndNoScaleUseTheirDivisor)
{
    Scene s = handCalculation();
    s.scale = ScaleKind::None;
    Pipeline p;
    EXPECT_NEAR(p.compute(s).heads[0].scaled(1, 1), 0.68, 1e-6);
    s.scale = ScaleKind::Custom;
    s.customDivisor = 4;
    EXPECT_NEAR(p.compute(s).heads[0].scaled(1, 1), 0.17, 1e-6);
}

TEST(Pipeline, RejectsInconsistentShapes)
{
    Scene s = handCalculation();
    s.k.resize(2, 4);
    Pipeline p;
    EXPECT_THROW(p.compute(s), std::invalid_argument);
}

TEST(Pipeline, StageNamesRoundTrip)
{
    for (Stage s : allStages())
        EXPECT_EQ(stageFromName(stageName(s)), s);
    EXPECT_EQ(stageFromName("nonsense"), Stage(0));
}

TEST(Pipeline, ProjectionsEqualXTimesWWithAndWithoutRepeatedTokens)
{
    std::mt19937 rng(12);
    for (PositionalEncoding pe : {PositionalEncoding::None, PositionalEncoding::Sinusoidal}) {
        Scene s = randomScene(rng, 40, 6, 2, 3, pe);
        for (size_t i = 0; i < s.tokens.size(); ++i)
            s.tokens[i] = s.vocabulary[i % 3]; // heavy repetition
        Pipeline p;
        const Stages &st = p.compute(s);
        for (int j = 0; j < 2; ++j) {
            EXPECT_LE(maxDiff(st.heads[size_t(j)].q, st.x * s.wq.middleCols(j * 3, 3)), 1e-5);
            EXPECT_LE(maxDiff(st.heads[size_t(j)].k, st.x * s.wk.middleCols(j * 3, 3)), 1e-5);
            EXPECT_LE(maxDiff(st.heads[size_t(j)].v, st.x * s.wv.middleCols(j * 3, 3)), 1e-5);
        }
    }
}
