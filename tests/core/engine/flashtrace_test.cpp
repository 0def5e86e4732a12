// FlashAttention's trace (core/engine/flashtrace.h) against closed forms written independently:
// after the tile at (row tile r, column tile c), row i's running maximum is the largest visible
// scaled score in columns 0 … end of tile c, its running sum is Σ exp(s − m) over them, and its
// accumulator Σ exp(s − m)·v — no rescaling involved. The output is compared with the full
// softmax of the materialised score matrix.
#include "core/engine/flashtrace.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>

namespace {

using attnlab::core::MaskMatrix;
using attnlab::core::Matrix;
using attnlab::core::engine::flashTrace;
using attnlab::core::engine::FlashTrace;

Matrix randomMatrix(int rows, int cols, std::mt19937 &rng)
{
    std::normal_distribution<float> d(0.f, 1.5f);
    Matrix m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = d(rng);
    return m;
}

MaskMatrix causalMask(int n)
{
    MaskMatrix m(n, n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            m(i, j) = j <= i;
    return m;
}

struct Closed {
    double m = -std::numeric_limits<double>::infinity(), l = 0;
    Eigen::RowVectorXd o;
};

// Row i's values over the visible columns [0, end).
Closed closedForm(
    const Matrix &q, const Matrix &k, const Matrix &v, const MaskMatrix &visible, double scale, int i, int end)
{
    Closed c;
    c.o = Eigen::RowVectorXd::Zero(v.cols());
    std::vector<double> s(static_cast<size_t>(end));
    for (int j = 0; j < end; ++j) {
        s[size_t(j)] = (q.row(i).cast<double>().dot(k.row(j).cast<double>())) * scale;
        if (visible(i, j))
            c.m = std::max(c.m, s[size_t(j)]);
    }
    for (int j = 0; j < end; ++j)
        if (visible(i, j)) {
            c.l += std::exp(s[size_t(j)] - c.m);
            c.o += std::exp(s[size_t(j)] - c.m) * v.row(j).cast<double>();
        }
    return c;
}

void expectStepsMatchClosedForm(
    const Matrix &q, const Matrix &k, const Matrix &v, const MaskMatrix &visible, double scale, const FlashTrace &t)
{
    const int n = int(q.rows());
    for (const auto &step : t.steps) {
        const int r0 = step.rowTile * t.tileRows, c1 = std::min(n, (step.colTile + 1) * t.tileCols);
        ASSERT_EQ(step.m.size(), size_t(std::min(n - r0, t.tileRows)));
        for (size_t i = 0; i < step.m.size(); ++i) {
            const Closed c = closedForm(q, k, v, visible, scale, r0 + int(i), c1);
            if (std::isinf(c.m)) {
                EXPECT_TRUE(std::isinf(step.m[i]));
                EXPECT_EQ(step.l[i], 0);
                continue;
            }
            EXPECT_NEAR(step.m[i], c.m, 1e-12 * std::max(1.0, std::abs(c.m)));
            EXPECT_NEAR(step.l[i], c.l, 1e-12 * c.l);
            for (Eigen::Index d = 0; d < v.cols(); ++d)
                EXPECT_NEAR(step.o(Eigen::Index(i), d), c.o(d), 1e-12 * std::max(1.0, c.l * 10));
        }
    }
}

Eigen::MatrixXd softmaxReference(
    const Matrix &q, const Matrix &k, const Matrix &v, const MaskMatrix &visible, double scale)
{
    const Eigen::MatrixXd s = (q.cast<double>() * k.cast<double>().transpose()) * scale;
    Eigen::MatrixXd out = Eigen::MatrixXd::Zero(q.rows(), v.cols());
    for (Eigen::Index i = 0; i < q.rows(); ++i) {
        double top = -std::numeric_limits<double>::infinity();
        for (Eigen::Index j = 0; j < k.rows(); ++j)
            if (visible(i, j))
                top = std::max(top, s(i, j));
        if (std::isinf(top))
            continue;
        Eigen::RowVectorXd w = Eigen::RowVectorXd::Zero(k.rows());
        for (Eigen::Index j = 0; j < k.rows(); ++j)
            if (visible(i, j))
                w(j) = std::exp(s(i, j) - top);
        out.row(i) = (w / w.sum()) * v.cast<double>();
    }
    return out;
}

TEST(FlashTrace, CausalTilesThatDoNotDivideTheSequenceMatchTheClosedFormAndSkipTilesAboveTheDiagonal)
{
    std::mt19937 rng(7);
    const int n = 7;
    const Matrix q = randomMatrix(n, 4, rng), k = randomMatrix(n, 4, rng), v = randomMatrix(n, 3, rng);
    const MaskMatrix mask = causalMask(n);
    const double scale = 0.5;
    const FlashTrace t = flashTrace(q, k, v, mask, scale, 3, 2);
    EXPECT_TRUE(t.causal);
    EXPECT_EQ(t.tileRows, 3);
    EXPECT_EQ(t.tileCols, 2);
    // Row tiles {0-2}, {3-5}, {6}; column tiles {0,1}, {2,3}, {4,5}, {6}. A tile is skipped when
    // its first column lies after its last row: (0,2), (0,3), (1,3) of 12.
    ASSERT_EQ(t.steps.size(), 9u);
    int previous = -1;
    for (const auto &step : t.steps) {
        const int order = step.rowTile * 100 + step.colTile;
        EXPECT_GT(order, previous) << "steps run row tile by row tile, columns left to right";
        previous = order;
        EXPECT_LE(step.colTile * 2, std::min(n - 1, step.rowTile * 3 + 2));
    }
    expectStepsMatchClosedForm(q, k, v, mask, scale, t);
    const Eigen::MatrixXd expected = softmaxReference(q, k, v, mask, scale);
    EXPECT_LT((t.output - expected).cwiseAbs().maxCoeff(), 1e-12);
    EXPECT_LT((t.naive - expected).cwiseAbs().maxCoeff(), 1e-12);
}

TEST(FlashTrace, WithoutAMaskEveryTileIsAStep)
{
    std::mt19937 rng(3);
    const int n = 5;
    const Matrix q = randomMatrix(n, 2, rng), k = randomMatrix(n, 2, rng), v = randomMatrix(n, 2, rng);
    const MaskMatrix all = MaskMatrix::Ones(n, n);
    const FlashTrace t = flashTrace(q, k, v, all, 1.0 / std::sqrt(2.0), 2, 2);
    EXPECT_FALSE(t.causal);
    EXPECT_EQ(t.steps.size(), 9u);
    expectStepsMatchClosedForm(q, k, v, all, 1.0 / std::sqrt(2.0), t);
    EXPECT_LT((t.output - softmaxReference(q, k, v, all, 1.0 / std::sqrt(2.0))).cwiseAbs().maxCoeff(), 1e-12);
}

TEST(FlashTrace, ARowThatSeesNoKeyGivesZeroAndKeepsItsMaximumAtMinusInfinity)
{
    std::mt19937 rng(5);
    const int n = 4;
    const Matrix q = randomMatrix(n, 2, rng), k = randomMatrix(n, 2, rng), v = randomMatrix(n, 2, rng);
    MaskMatrix mask = causalMask(n);
    mask.row(2).setZero();
    mask(3, 0) = 0; // row 3 sees nothing in the first column tile
    const FlashTrace t = flashTrace(q, k, v, mask, 1.0, 4, 1);
    EXPECT_FALSE(t.causal);
    EXPECT_TRUE(t.output.row(2).isZero());
    EXPECT_TRUE(std::isinf(t.steps.front().m[3]));
    expectStepsMatchClosedForm(q, k, v, mask, 1.0, t);
    EXPECT_LT((t.output - t.naive).cwiseAbs().maxCoeff(), 1e-12);
}

TEST(FlashTrace, TilesLargerThanTheTextAreOneTileAndBadShapesAreRefused)
{
    std::mt19937 rng(9);
    const Matrix q = randomMatrix(3, 2, rng), k = randomMatrix(3, 2, rng), v = randomMatrix(3, 2, rng);
    const FlashTrace t = flashTrace(q, k, v, causalMask(3), 1.0, 64, 64);
    EXPECT_EQ(t.tileRows, 3);
    EXPECT_EQ(t.tileCols, 3);
    ASSERT_EQ(t.steps.size(), 1u);
    EXPECT_EQ(t.naiveMatrixBytes(), 3 * 3 * 4);
    EXPECT_THROW(flashTrace(q, k, v, causalMask(3), 1.0, 0, 2), std::invalid_argument);
    EXPECT_THROW(flashTrace(q, k.topRows(2), v, causalMask(3), 1.0, 2, 2), std::invalid_argument);
}

// The explanation page says a causal mask skips "about half" of the tiles of a long text.
TEST(FlashTrace, ACausalMaskSkipsNearlyHalfTheTilesOfALongText)
{
    std::mt19937 rng(11);
    const int n = 256;
    const Matrix q = randomMatrix(n, 2, rng), k = randomMatrix(n, 2, rng), v = randomMatrix(n, 1, rng);
    const FlashTrace t = flashTrace(q, k, v, causalMask(n), 1.0, 16, 16);
    const double skipped = 1.0 - double(t.steps.size()) / (16.0 * 16.0);
    EXPECT_NEAR(skipped, 120.0 / 256.0, 1e-12);
    EXPECT_GT(skipped, 0.45);
}

} // namespace

// The tiles a trace skips are the tiles countTiles() counts as hidden whole, and its partly hidden
// ones are counted by hand: 7 tokens, causal, tiles of 3 × 2 make 3 × 4 tiles; above the
// diagonal (0,2), (0,3) and (1,3) are hidden whole; (0,0), (0,1) and (1,2), which the diagonal
// cuts, in part; the other six, whose rows all reach past their columns, not at all.
TEST(FlashTrace, CountsTheTilesTheMaskHidesWholeOrInPart)
{
    const MaskMatrix causal = causalMask(7);
    const attnlab::core::engine::FlashTiles t = attnlab::core::engine::countTiles(causal, 3, 2);
    EXPECT_EQ(t.total, 12);
    EXPECT_EQ(t.skipped, 3);
    EXPECT_EQ(t.partial, 3);
    EXPECT_EQ(t.whole(), 6);
    std::mt19937 rng(5);
    const Matrix q = randomMatrix(7, 4, rng), k = randomMatrix(7, 4, rng), v = randomMatrix(7, 3, rng);
    EXPECT_EQ(size_t(t.total - t.skipped), flashTrace(q, k, v, causal, 0.5, 3, 2).steps.size());

    // No mask: nothing skipped, nothing partly hidden; tiles larger than the text are the text.
    const MaskMatrix all = MaskMatrix::Ones(7, 7);
    const attnlab::core::engine::FlashTiles open = attnlab::core::engine::countTiles(all, 9, 9);
    EXPECT_EQ(open.total, 1);
    EXPECT_EQ(open.skipped, 0);
    EXPECT_EQ(open.partial, 0);
    EXPECT_THROW(attnlab::core::engine::countTiles(all, 0, 2), std::invalid_argument);
}
