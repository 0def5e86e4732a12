// Rotary positions checked against references written independently of core/scene/positional.cpp:
// interleaved pairs (x_2i, x_2i+1) read as the complex number x_2i + i·x_2i+1 and multiplied by
// e^{i·p·θ_i}, θ_i = 10000^(−2i/d), in double precision; rotate-half as transformers writes it
// (q·cos + rotate_half(q)·sin, cos and sin of the frequencies repeated twice).
#include "core/scene/pipeline.h"
#include "core/scene/positional.h"
#include "testutil.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <random>

using namespace attnlab::core;
using attnlab::test::maxDiff;
using attnlab::test::randomScene;

namespace {

Matrix referenceRope(const Matrix &in)
{
    const Eigen::Index d = in.cols();
    Matrix out(in.rows(), d);
    for (Eigen::Index p = 0; p < in.rows(); ++p)
        for (Eigen::Index i = 0; 2 * i < d; ++i) {
            const double theta = std::exp(-double(2 * i) / double(d) * std::log(10000.0));
            const std::complex<double> z(in(p, 2 * i), in(p, 2 * i + 1));
            const std::complex<double> r = z * std::polar(1.0, double(p) * theta);
            out(p, 2 * i) = Scalar(r.real());
            out(p, 2 * i + 1) = Scalar(r.imag());
        }
    return out;
}

Matrix randomMatrix(std::mt19937 &rng, int rows, int cols)
{
    std::normal_distribution<float> normal(0.f, 1.f);
    Matrix m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = normal(rng);
    return m;
}

Matrix rope(const Matrix &in, RotaryConvention convention = RotaryConvention::Interleaved, double base = 10000)
{
    Matrix out(in.rows(), in.cols());
    applyRope(in, out, convention, ropeFrequencies(base, int(in.cols())));
    return out;
}

// transformers' apply_rotary_pos_emb: emb = cat(freqs, freqs); x·cos(emb) + rotate_half(x)·sin(emb)
// with rotate_half(x) = cat(−x[d/2:], x[:d/2]).
Matrix referenceRotateHalf(const Matrix &in, double base)
{
    const Eigen::Index d = in.cols(), half = d / 2;
    Matrix out(in.rows(), d);
    for (Eigen::Index p = 0; p < in.rows(); ++p)
        for (Eigen::Index j = 0; j < d; ++j) {
            const double invFreq = 1.0 / std::pow(base, double(2 * (j % half)) / double(d));
            const double emb = double(p) * invFreq;
            const double rotated = j < half ? -double(in(p, j + half)) : double(in(p, j - half));
            out(p, j) = Scalar(in(p, j) * std::cos(emb) + rotated * std::sin(emb));
        }
    return out;
}

// Column c of the result is column order[c] of `m`.
Matrix columnsInOrder(const Matrix &m, const std::vector<int> &order)
{
    Matrix out(m.rows(), m.cols());
    for (size_t c = 0; c < order.size(); ++c)
        out.col(Eigen::Index(c)) = m.col(order[c]);
    return out;
}

} // namespace

TEST(Rope, MatchesTheComplexNumberReference)
{
    std::mt19937 rng(11);
    for (int d : {2, 4, 8, 16, 64}) {
        const Matrix in = randomMatrix(rng, 12, d);
        EXPECT_LE(maxDiff(rope(in), referenceRope(in)), 1e-5) << "d = " << d;
    }
}

TEST(Rope, FirstPairOfPositionOneTurnsByOneRadian)
{
    Matrix in = Matrix::Zero(2, 4);
    in(1, 0) = 1; // token at position 1, pair 0: θ_0 = 1, angle 1 rad
    const Matrix out = rope(in);
    EXPECT_NEAR(out(1, 0), std::cos(1.0), 1e-6);
    EXPECT_NEAR(out(1, 1), std::sin(1.0), 1e-6);
    EXPECT_NEAR(ropeFrequencies(10000, 4)[1], 0.01, 1e-12); // θ_1 = 10000^(−2/4) = 0.01
}

TEST(Rope, PositionZeroIsLeftAsItIs)
{
    std::mt19937 rng(3);
    const Matrix in = randomMatrix(rng, 1, 8);
    EXPECT_LE(maxDiff(rope(in), in), 0.0);
}

TEST(Rope, RotationPreservesEveryRowsNorm)
{
    std::mt19937 rng(5);
    const Matrix in = randomMatrix(rng, 40, 16);
    const Matrix out = rope(in);
    for (Eigen::Index p = 0; p < in.rows(); ++p)
        EXPECT_NEAR(out.row(p).norm(), in.row(p).norm(), 1e-4 * in.row(p).norm()) << "row " << p;
}

TEST(Rope, ScoreDependsOnlyOnTheRelativeDistance)
{
    // The same query vector q and key vector k placed at positions (p, p+k) and (p', p'+k).
    std::mt19937 rng(7);
    const int d = 8, n = 16;
    const Matrix q = randomMatrix(rng, 1, d), k = randomMatrix(rng, 1, d);
    const Matrix qs = q.replicate(n, 1), ks = k.replicate(n, 1);
    const Matrix scores = rope(qs) * rope(ks).transpose(); // scores(a, b): q at a, k at b
    for (int offset = -5; offset <= 5; ++offset) {
        const double first = scores(6, 6 + offset);
        for (int p = 5; p + offset < n && p < n; ++p) {
            if (p + offset < 0)
                continue;
            EXPECT_NEAR(scores(p, p + offset), first, 1e-4) << "p = " << p << ", offset = " << offset;
        }
    }
    // …and it does change with the distance (otherwise the check above proves nothing).
    EXPECT_GT(std::abs(scores(0, 1) - scores(0, 3)), 1e-3);
}

TEST(Rope, PipelineRotatesEveryHeadsQueriesAndKeys)
{
    std::mt19937 rng(9);
    const Scene s = randomScene(rng, 7, 8, 2, 4, PositionalEncoding::Rope);
    Pipeline pipeline;
    const Stages &st = pipeline.compute(s);
    ASSERT_EQ(st.heads.size(), 2u);
    for (const HeadStages &h : st.heads) {
        EXPECT_LE(maxDiff(h.qRotated, referenceRope(h.q)), 1e-5);
        EXPECT_LE(maxDiff(h.kRotated, referenceRope(h.k)), 1e-5);
        EXPECT_LE(maxDiff(h.scores, Matrix(referenceRope(h.q) * referenceRope(h.k).transpose())), 1e-4);
    }
}

TEST(Rope, WithoutRopeThereAreNoRotatedStages)
{
    std::mt19937 rng(9);
    const Scene s = randomScene(rng, 5, 4, 1, 4);
    Pipeline pipeline;
    const Stages &st = pipeline.compute(s);
    EXPECT_EQ(st.heads[0].qRotated.size(), 0);
    EXPECT_EQ(st.heads[0].kRotated.size(), 0);
}

TEST(Rope, OddKeyDimensionIsRejected)
{
    std::mt19937 rng(9);
    const Scene s = randomScene(rng, 5, 4, 1, 3, PositionalEncoding::Rope);
    const auto problems = validate(s);
    ASSERT_FALSE(problems.empty());
    EXPECT_NE(problems.front().message.english().find("even"), std::string::npos);
}

TEST(Rope, RotateHalfMatchesTransformersApplyRotaryPosEmb)
{
    std::mt19937 rng(13);
    for (int d : {2, 4, 8, 64})
        for (double base : {10000.0, 500000.0, 1000000.0}) {
            const Matrix in = randomMatrix(rng, 12, d);
            EXPECT_LE(maxDiff(rope(in, RotaryConvention::HalfSplit, base), referenceRotateHalf(in, base)), 1e-5)
                << "d = " << d << ", base = " << base;
        }
}

TEST(Rope, RotateHalfPairsDimensionIWithIPlusHalf)
{
    Matrix in = Matrix::Zero(2, 8);
    in(1, 1) = 1; // position 1, pair 1: θ_1 = 10000^(−2/8) = 0.1
    const Matrix out = rope(in, RotaryConvention::HalfSplit);
    EXPECT_NEAR(out(1, 1), std::cos(0.1), 1e-6);
    EXPECT_NEAR(out(1, 5), std::sin(0.1), 1e-6);
    EXPECT_EQ(out(1, 2), 0.f) << "interleaved would have put the sine in column 2";
    EXPECT_EQ(ropePairColumns(RotaryConvention::HalfSplit, 1, 8), std::make_pair(1, 5));
    EXPECT_EQ(ropePairColumns(RotaryConvention::Interleaved, 1, 8), std::make_pair(2, 3));
    EXPECT_EQ(ropePairOf(RotaryConvention::HalfSplit, 5, 8), 1);
    EXPECT_EQ(ropePairOf(RotaryConvention::Interleaved, 5, 8), 2);
}

// What the inspector's explanation claims: the two conventions compute the same scores once the
// dimensions of Q and K are reordered by one fixed permutation (interleaved column 2i is
// rotate-half column i, 2i + 1 is i + d/2) — the reordering Hugging Face applies to Meta's
// Llama weights — while the same weights under the two conventions give different scores.
TEST(Rope, ConventionsGiveTheSameScoresUpToAFixedPermutation)
{
    std::mt19937 rng(17);
    const int dk = 8;
    Scene half = randomScene(rng, 9, 6, 2, dk, PositionalEncoding::Rope);
    half.ropeConvention = RotaryConvention::HalfSplit;
    half.ropeBase = 1000000;
    std::vector<int> order; // interleaved column c reads rotate-half column order[c]
    for (int i = 0; i < dk / 2; ++i) {
        order.push_back(i);
        order.push_back(i + dk / 2);
    }
    std::vector<int> wideOrder; // the same within each head's block of columns
    for (int h = 0; h < half.heads; ++h)
        for (int c : order)
            wideOrder.push_back(h * dk + c);
    Scene interleaved = half;
    interleaved.ropeConvention = RotaryConvention::Interleaved;
    interleaved.wq = columnsInOrder(half.wq, wideOrder);
    interleaved.wk = columnsInOrder(half.wk, wideOrder);
    ASSERT_TRUE(validate(interleaved).empty());

    Pipeline a, b;
    const Stages &sh = a.compute(half);
    const Stages &si = b.compute(interleaved);
    for (size_t h = 0; h < sh.heads.size(); ++h) {
        EXPECT_LE(maxDiff(columnsInOrder(sh.heads[h].qRotated, order), si.heads[h].qRotated), 1e-5);
        EXPECT_LE(maxDiff(sh.heads[h].scores, si.heads[h].scores), 1e-4);
        EXPECT_LE(maxDiff(sh.heads[h].weights, si.heads[h].weights), 1e-5);
    }
    // Without the reordering the conventions disagree.
    Scene same = half;
    same.ropeConvention = RotaryConvention::Interleaved;
    Pipeline c;
    EXPECT_GT(maxDiff(c.compute(same).heads[0].scores, sh.heads[0].scores), 1e-2);
}

TEST(Rope, PipelineUsesTheScenesFrequencyTable)
{
    std::mt19937 rng(19);
    Scene s = randomScene(rng, 6, 4, 1, 4, PositionalEncoding::Rope);
    s.ropeConvention = RotaryConvention::HalfSplit;
    s.ropeFrequencies.resize(2);
    s.ropeFrequencies << 0.5f, 0.125f;
    Pipeline pipeline;
    const HeadStages &h = pipeline.compute(s).heads[0];
    Matrix expect(h.q.rows(), 4);
    for (Eigen::Index p = 0; p < h.q.rows(); ++p)
        for (int i = 0; i < 2; ++i) {
            const double angle = double(p) * s.ropeFrequencies(i);
            const double a = h.q(p, i), b = h.q(p, i + 2);
            expect(p, i) = Scalar(a * std::cos(angle) - b * std::sin(angle));
            expect(p, i + 2) = Scalar(a * std::sin(angle) + b * std::cos(angle));
        }
    EXPECT_LE(maxDiff(h.qRotated, expect), 1e-6);
}
