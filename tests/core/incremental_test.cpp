#include "core/scene/pipeline.h"

#include "testutil.h"

#include <gtest/gtest.h>

#include <random>

using namespace attnlab::core;
using attnlab::test::addBiases;
using attnlab::test::giveInputX;
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

// One random edit of `s`, described as the Edit the pipeline is told about. A scene with a
// given X has its cells edited instead of the embeddings (and keeps positional "none"); the
// biases present are edited too.
Edit randomEdit(std::mt19937 &rng, Scene &s)
{
    std::uniform_int_distribution<int> kind(0, 11);
    std::normal_distribution<float> normal(0.f, 1.f);
    auto cell = [&](Matrix &m, Edit::Target t) {
        std::uniform_int_distribution<int> r(0, int(m.rows()) - 1), c(0, int(m.cols()) - 1);
        Edit e {t, r(rng), c(rng)};
        m(e.row, e.column) = normal(rng);
        return e;
    };
    auto entry = [&](RowVector &v, Edit::Target t) {
        if (v.size() == 0)
            return cell(s.hasInputX() ? s.x : s.embeddings, s.hasInputX() ? Edit::Target::X : Edit::Target::Embeddings);
        std::uniform_int_distribution<int> c(0, int(v.size()) - 1);
        Edit e {t, 0, c(rng)};
        v(e.column) = normal(rng);
        return e;
    };
    switch (kind(rng)) {
    case 0:
        if (s.hasInputX())
            return cell(s.x, Edit::Target::X);
        return cell(s.embeddings, Edit::Target::Embeddings);
    case 1:
        return cell(s.wq, Edit::Target::WQ);
    case 2:
        return cell(s.wk, Edit::Target::WK);
    case 3:
        return cell(s.wv, Edit::Target::WV);
    case 4:
        if (s.wo.size() == 0)
            return cell(s.wq, Edit::Target::WQ);
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
    case 7:
        return entry(s.bq, Edit::Target::BQ);
    case 8:
        return entry(s.bk, Edit::Target::BK);
    case 9:
        return entry(s.bv, Edit::Target::BV);
    case 10:
        return entry(s.bo, Edit::Target::BO);
    default:
        if (s.hasInputX())
            return cell(s.x, Edit::Target::X);
        s.positional
            = s.positional == PositionalEncoding::None ? PositionalEncoding::Sinusoidal : PositionalEncoding::None;
        return Edit {Edit::Target::Positional};
    }
}

// Applies `steps` random edits to `s`, comparing the incremental result with a full compute
// after each.
void expectIncrementalEqualsFull(std::mt19937 &rng, Scene s, int steps)
{
    Pipeline incremental;
    incremental.compute(s);
    for (int step = 0; step < steps; ++step) {
        const Edit e = randomEdit(rng, s);
        incremental.update(s, e);
        Pipeline full;
        full.compute(s);
        expectSameStages(incremental.stages(), full.stages(), 1e-4);
        if (::testing::Test::HasFailure()) {
            ADD_FAILURE() << "after step " << step << " (edit target " << int(e.target) << ")";
            return;
        }
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

TEST(IncrementalRecompute, EqualsAFullRecomputeWithBiases)
{
    std::mt19937 rng(45);
    Scene s = randomScene(rng, 8, 6, 3, 2, PositionalEncoding::None, {1.f, 4}); // repeated tokens
    addBiases(rng, s);
    expectIncrementalEqualsFull(rng, s, 300);
}

TEST(IncrementalRecompute, EqualsAFullRecomputeWithAGivenXAndBiases)
{
    std::mt19937 rng(46);
    Scene s = randomScene(rng, 7, 8, 2, 4);
    giveInputX(s);
    addBiases(rng, s);
    expectIncrementalEqualsFull(rng, s, 300);
}

TEST(IncrementalRecompute, EqualsAFullRecomputeWithAGivenXUnderOneHead)
{
    std::mt19937 rng(47);
    Scene s = randomScene(rng, 5, 4, 1, 4); // no W_O, so no b_O either
    giveInputX(s);
    addBiases(rng, s);
    expectIncrementalEqualsFull(rng, s, 150);
}

TEST(IncrementalRecompute, ABiasEditTouchesOnlyItsHeadAndDownstream)
{
    std::mt19937 rng(48);
    Scene s = randomScene(rng, 5, 6, 3, 2);
    addBiases(rng, s);
    Pipeline p;
    p.compute(s);
    const Matrix weightsHead0 = p.stages().heads[0].weights;
    s.bv(5) += 1.f; // entry 5 belongs to head 2
    Update u = p.update(s, Edit {Edit::Target::BV, 0, 5});
    EXPECT_TRUE(u.touches(StageV));
    EXPECT_TRUE(u.touches(StageOutput));
    EXPECT_FALSE(u.touches(StageScores));
    EXPECT_EQ(u.heads, (std::vector<bool> {false, false, true}));
    EXPECT_EQ(p.stages().heads[0].weights, weightsHead0);

    s.bq(0) += 1.f; // head 0
    u = p.update(s, Edit {Edit::Target::BQ, 0, 0});
    EXPECT_TRUE(u.touches(StageQ));
    EXPECT_TRUE(u.touches(StageWeights));
    EXPECT_FALSE(u.touches(StageK));
    EXPECT_EQ(u.heads, (std::vector<bool> {true, false, false}));

    s.bo(1) += 1.f;
    u = p.update(s, Edit {Edit::Target::BO, 0, 1});
    EXPECT_EQ(u.stages, unsigned(StageOutput));
    EXPECT_EQ(u.heads, (std::vector<bool> {false, false, false}));
    Pipeline full;
    full.compute(s);
    expectSameStages(p.stages(), full.stages(), 1e-5);
}

TEST(IncrementalRecompute, AnXEditReachesEveryHead)
{
    std::mt19937 rng(49);
    Scene s = randomScene(rng, 4, 4, 2, 2);
    giveInputX(s);
    Pipeline p;
    p.compute(s);
    s.x(2, 3) = 5.f;
    const Update u = p.update(s, Edit {Edit::Target::X, 2, 3});
    EXPECT_TRUE(u.touches(StageX));
    EXPECT_TRUE(u.touches(StageQ));
    EXPECT_FALSE(u.touches(StageQRotated));
    EXPECT_EQ(u.heads, (std::vector<bool> {true, true}));
    EXPECT_FLOAT_EQ(p.stages().x(2, 3), 5.f);
}

TEST(IncrementalRecompute, AddingABiasRecomputesEveryHead)
{
    // An edit that gives a scene its first b_Q changes every head, whatever column it names.
    std::mt19937 rng(50);
    Scene s = randomScene(rng, 4, 4, 2, 2);
    Pipeline p;
    p.compute(s);
    s.bq = RowVector::Constant(4, 2.f);
    const Update u = p.update(s, Edit {Edit::Target::BQ, 0, 0});
    EXPECT_EQ(u.heads, (std::vector<bool> {true, true}));
    Pipeline full;
    full.compute(s);
    expectSameStages(p.stages(), full.stages(), 1e-5);
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
    for (RotaryConvention convention : {RotaryConvention::Interleaved, RotaryConvention::HalfSplit}) {
        SCOPED_TRACE(name(convention));
        std::mt19937 rng(43);
        Scene s = randomScene(rng, 6, 8, 2, 4, PositionalEncoding::Rope);
        s.ropeConvention = convention;
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
}

TEST(IncrementalRecompute, ChangingTheRopeConventionOrBaseRotatesAnew)
{
    std::mt19937 rng(45);
    Scene s = randomScene(rng, 5, 8, 2, 4, PositionalEncoding::Rope);
    Pipeline incremental;
    incremental.compute(s);
    const Matrix before = incremental.stages().heads[1].qRotated;
    const auto changes
        = {+[](Scene &t) { t.ropeConvention = RotaryConvention::HalfSplit; }, +[](Scene &t) { t.ropeBase = 500000; },
            +[](Scene &t) { t.ropeFrequencies = RowVector::Constant(t.dK / 2, 0.25f); }};
    for (auto change : changes) {
        change(s);
        incremental.update(s, Edit {Edit::Target::Positional});
        Pipeline full;
        full.compute(s);
        expectSameStages(incremental.stages(), full.stages(), 1e-6);
    }
    EXPECT_GT(maxDiff(incremental.stages().heads[1].qRotated, before), 1e-3);
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

// An X edit changes one token's rows, and each other query row sees one changed key: the
// pipeline rescales those rows instead of recomputing them (pipelinerows.cpp). Long scenes
// (threads on), the causal mask, RoPE, edits large enough to make a key take most of a row's
// weight (the renormalising branch) and more edits than the rescalings may accumulate (64).
TEST(IncrementalRecompute, RowByRowXEditsEqualAFullRecompute)
{
    for (const PositionalEncoding pe : {PositionalEncoding::None, PositionalEncoding::Rope}) {
        SCOPED_TRACE(int(pe));
        std::mt19937 rng(48);
        Scene s = randomScene(rng, 260, 16, 2, 8, pe);
        giveInputX(s);
        s.positional = pe; // RoPE rotates Q and K, so it stays with a given X
        addBiases(rng, s);
        s.mask = MaskKind::Causal;
        Pipeline incremental;
        incremental.compute(s);
        std::uniform_int_distribution<int> row(0, 259), column(0, 15);
        std::normal_distribution<float> normal(0.f, 1.f);
        for (int step = 0; step < 90; ++step) {
            const Edit e {Edit::Target::X, row(rng), column(rng)};
            s.x(e.row, e.column) = normal(rng) * (step % 3 == 0 ? 2.f : 1.f);
            incremental.update(s, e);
            Pipeline full;
            full.compute(s);
            expectSameStages(incremental.stages(), full.stages(), 1e-4);
            ASSERT_FALSE(HasFailure()) << "after step " << step;
        }
    }
}

// An embedding used by several tokens changes all their rows.
TEST(IncrementalRecompute, AnEmbeddingEditUpdatesEveryTokenThatUsesIt)
{
    std::mt19937 rng(49);
    Scene s = randomScene(rng, 40, 8, 2, 4, PositionalEncoding::Sinusoidal, {1.f, 6}); // tokens repeat
    Pipeline incremental;
    incremental.compute(s);
    std::uniform_int_distribution<int> entry(0, 5), column(0, 7);
    std::normal_distribution<float> normal(0.f, 1.f);
    for (int step = 0; step < 60; ++step) {
        const Edit e {Edit::Target::Embeddings, entry(rng), column(rng)};
        s.embeddings(e.row, e.column) = normal(rng);
        incremental.update(s, e);
        Pipeline full;
        full.compute(s);
        expectSameStages(incremental.stages(), full.stages(), 1e-4);
        ASSERT_FALSE(HasFailure()) << "after step " << step;
    }
}
