// Rotary positions checked against a reference written independently of core/scene/positional.cpp:
// each pair (x_2i, x_2i+1) is read as the complex number x_2i + i·x_2i+1 and multiplied by
// e^{i·p·θ_i}, θ_i = 10000^(−2i/d), in double precision.
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

Matrix rope(const Matrix &in)
{
    Matrix out(in.rows(), in.cols());
    applyRope(in, out);
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
    EXPECT_NEAR(ropeAngle(3, 1, 4), 3 * 0.01, 1e-12); // θ_1 = 10000^(−2/4) = 0.01
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
