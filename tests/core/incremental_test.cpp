#include "core/pipeline.h"

#include "testutil.h"

#include <gtest/gtest.h>

#include <random>

using namespace attnlab::core;
using attnlab::test::maxDiff;
using attnlab::test::randomScene;

namespace {

void expectSameStages(const Stages &a, const Stages &b, double tol)
{
    EXPECT_LE(maxDiff(a.x, b.x), tol);
    ASSERT_EQ(a.heads.size(), b.heads.size());
    for (size_t j = 0; j < a.heads.size(); ++j) {
        for (Stage s : allStages()) {
            if (!isPerHead(s))
                continue;
            EXPECT_LE(maxDiff(stageMatrix(a, s, int(j)), stageMatrix(b, s, int(j))), tol)
                << stageName(s) << " head " << j;
        }
    }
    EXPECT_LE(maxDiff(a.concat, b.concat), tol);
    EXPECT_LE(maxDiff(a.output, b.output), tol * 10);
    EXPECT_EQ(a.rowsWithoutKeys, b.rowsWithoutKeys);
}

// One random edit of `s`, described as the Edit the pipeline is told about.
Edit randomEdit(std::mt19937 &rng, Scene &s)
{
    std::uniform_int_distribution<int> kind(0, 7);
    std::normal_distribution<float> normal(0.f, 1.f);
    auto cell = [&](Matrix &m, Edit::Target t) {
        std::uniform_int_distribution<int> r(0, int(m.rows()) - 1), c(0, int(m.cols()) - 1);
        Edit e {t, r(rng), c(rng)};
        m(e.row, e.column) = normal(rng);
        return e;
    };
    switch (kind(rng)) {
    case 0:
        return cell(s.embeddings, Edit::Target::Embeddings);
    case 1:
        return cell(s.wq, Edit::Target::WQ);
    case 2:
        return cell(s.wk, Edit::Target::WK);
    case 3:
        return cell(s.wv, Edit::Target::WV);
    case 4:
        return cell(s.wo, Edit::Target::WO);
    case 5: {
        std::uniform_real_distribution<float> d(0.5f, 4.f);
        s.scale = ScaleKind::Custom;
        s.customDivisor = d(rng);
        return Edit {Edit::Target::Scale};
    }
    case 6: {
        const int n = s.tokenCount();
        if (s.mask != MaskKind::Custom) {
            s.customMask = effectiveMask(s);
            s.mask = MaskKind::Custom;
        }
        std::uniform_int_distribution<int> r(0, n - 1);
        const int i = r(rng), j = r(rng);
        s.customMask(i, j) = !s.customMask(i, j);
        return Edit {Edit::Target::Mask, i, j};
    }
    default:
        s.positional
            = s.positional == PositionalEncoding::None ? PositionalEncoding::Sinusoidal : PositionalEncoding::None;
        return Edit {Edit::Target::Positional};
    }
}

} // namespace

TEST(IncrementalRecompute, EqualsAFullRecomputeAfterManyRandomEdits)
{
    std::mt19937 rng(42);
    Scene s = randomScene(rng, 7, 8, 2, 4);
    Pipeline incremental;
    incremental.compute(s);
    for (int step = 0; step < 300; ++step) {
        const Edit e = randomEdit(rng, s);
        incremental.update(s, e);
        Pipeline full;
        full.compute(s);
        expectSameStages(incremental.stages(), full.stages(), 1e-4);
        if (HasFailure()) {
            ADD_FAILURE() << "after step " << step;
            return;
        }
    }
}

TEST(IncrementalRecompute, AValueEditTouchesOnlyItsHeadAndDownstream)
{
    std::mt19937 rng(7);
    Scene s = randomScene(rng, 5, 6, 3, 2);
    Pipeline p;
    p.compute(s);
    const Matrix weightsHead0 = p.stages().heads[0].weights;
    s.wv(1, 2) += 1.f; // column 2 belongs to head 1
    const Update u = p.update(s, Edit {Edit::Target::WV, 1, 2});
    EXPECT_TRUE(u.touches(StageV));
    EXPECT_TRUE(u.touches(StageContext));
    EXPECT_TRUE(u.touches(StageOutput));
    EXPECT_FALSE(u.touches(StageScores));
    EXPECT_FALSE(u.touches(StageWeights));
    EXPECT_EQ(u.heads, (std::vector<bool> {false, true, false}));
    EXPECT_EQ(p.stages().heads[0].weights, weightsHead0);
}

TEST(IncrementalRecompute, AMaskEditStartsAtMasked)
{
    std::mt19937 rng(8);
    Scene s = randomScene(rng, 4, 4, 1, 2);
    Pipeline p;
    p.compute(s);
    s.mask = MaskKind::Causal;
    const Update u = p.update(s, Edit {Edit::Target::Mask});
    EXPECT_FALSE(u.touches(StageScores));
    EXPECT_FALSE(u.touches(StageScaled));
    EXPECT_TRUE(u.touches(StageMasked));
    EXPECT_TRUE(u.touches(StageWeights));
}

TEST(IncrementalRecompute, AShapeChangeFallsBackToAFullRecompute)
{
    std::mt19937 rng(9);
    Scene s = randomScene(rng, 4, 4, 1, 2);
    Pipeline p;
    p.compute(s);
    s.tokens.push_back(s.tokens[0]);
    const Update u = p.update(s, Edit {Edit::Target::Embeddings, 0, 0});
    EXPECT_EQ(u.stages, unsigned(AllStages));
    EXPECT_EQ(p.stages().heads[0].weights.rows(), 5);
}

TEST(IncrementalRecompute, EqualsAFullRecomputeUnderRope)
{
    std::mt19937 rng(43);
    Scene s = randomScene(rng, 6, 8, 2, 4, PositionalEncoding::Rope);
    Pipeline incremental;
    incremental.compute(s);
    std::normal_distribution<float> normal(0.f, 1.f);
    std::uniform_int_distribution<int> row(0, 7), column(0, 7), which(0, 2);
    for (int step = 0; step < 100; ++step) {
        const int r = row(rng), c = column(rng), w = which(rng);
        Matrix &m = w == 0 ? s.wq : w == 1 ? s.wk : s.wv;
        m(r, c) = normal(rng);
        const Edit::Target target = w == 0 ? Edit::Target::WQ : w == 1 ? Edit::Target::WK : Edit::Target::WV;
        const Update u = incremental.update(s, Edit {target, r, c});
        EXPECT_EQ(u.touches(StageQRotated), w == 0);
        EXPECT_EQ(u.touches(StageKRotated), w == 1);
        Pipeline full;
        full.compute(s);
        expectSameStages(incremental.stages(), full.stages(), 1e-4);
        ASSERT_FALSE(HasFailure()) << "after step " << step;
    }
}

TEST(IncrementalRecompute, EqualsAFullRecomputeInDirectMode)
{
    std::mt19937 rng(44);
    std::normal_distribution<float> normal(0.f, 1.f);
    Scene s;
    s.direct = true;
    s.tokens = {"a", "b", "c", "d"};
    s.q = Matrix::Zero(4, 2).unaryExpr([&](float) { return normal(rng); });
    s.k = Matrix::Zero(4, 2).unaryExpr([&](float) { return normal(rng); });
    s.v = Matrix::Zero(4, 3).unaryExpr([&](float) { return normal(rng); });
    s.mask = MaskKind::Causal;
    Pipeline incremental;
    incremental.compute(s);
    std::uniform_int_distribution<int> row(0, 3), which(0, 2);
    for (int step = 0; step < 60; ++step) {
        const int w = which(rng), r = row(rng);
        Matrix &m = w == 0 ? s.q : w == 1 ? s.k : s.v;
        const int c = int(rng() % unsigned(m.cols()));
        m(r, c) = normal(rng);
        const Edit::Target target = w == 0 ? Edit::Target::DirectQ
            : w == 1                       ? Edit::Target::DirectK
                                           : Edit::Target::DirectV;
        incremental.update(s, Edit {target, r, c});
        Pipeline full;
        full.compute(s);
        expectSameStages(incremental.stages(), full.stages(), 1e-5);
        ASSERT_FALSE(HasFailure()) << "after step " << step;
    }
}
