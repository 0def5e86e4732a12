// The few-row float32 product (core/model/kernels/skinny.h) and the projections that take it
// (core/model/block/blockmath: nn.Linear weights, a few rows, large enough weights): every output equals
// a double-precision sum of the same products up to float rounding, for sizes that are not
// multiples of the vector width or the register tiles, with row strides, and when the outputs are
// split over threads; what lies between the output rows is left alone.
#include "core/model/block/blockmath.h"
#include "core/model/kernels/skinny.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

using namespace attnlab::core;
using namespace attnlab::core::model;
using namespace attnlab::core::model::kernels;

namespace {

std::vector<float> randomValues(std::size_t n, unsigned seed)
{
    std::mt19937 rng(seed);
    std::normal_distribution<float> normal(0.f, 1.f);
    std::vector<float> v(n);
    for (float &x : v)
        x = normal(rng);
    return v;
}

// Checks out[r][o] against Σ_i x[r][i]·w[o][i] in double, allowing float rounding of a sum of
// k terms of these magnitudes; and that the `ldo − count` floats after each row still hold
// `sentinel`.
void expectDotProduct(const std::vector<float> &x, std::size_t ldx, const std::vector<float> &w, std::size_t ldw,
    std::size_t rows, std::size_t k, std::size_t count, const std::vector<float> &out, std::size_t ldo, float sentinel)
{
    for (std::size_t r = 0; r < rows; ++r) {
        for (std::size_t o = 0; o < count; ++o) {
            double sum = 0, magnitude = 0;
            for (std::size_t i = 0; i < k; ++i) {
                const double term = double(x[r * ldx + i]) * double(w[o * ldw + i]);
                sum += term;
                magnitude += std::abs(term);
            }
            ASSERT_NEAR(out[r * ldo + o], sum, 4e-7 * magnitude * std::sqrt(double(k)) + 1e-30)
                << "row " << r << " of " << rows << ", output " << o << " of " << count << ", k " << k;
        }
        for (std::size_t j = count; j < ldo && r + 1 < rows; ++j)
            ASSERT_EQ(out[r * ldo + j], sentinel) << "between rows " << r << " and " << r + 1;
    }
}

void checkDot(std::size_t rows, std::size_t k, std::size_t count, unsigned seed)
{
    // Strides longer than the rows, so a kernel that assumed packed rows would read the wrong
    // numbers and write between the output rows.
    const std::size_t ldx = k + 3, ldw = k + 5, ldo = count + 2;
    const std::vector<float> x = randomValues(rows * ldx, seed), w = randomValues(count * ldw, seed + 1);
    const float sentinel = 12345.f;
    std::vector<float> out(rows * ldo, sentinel);
    skinnyDot({x.data(), rows, k, ldx}, w.data(), ldw, {out.data(), count, ldo});
    expectDotProduct(x, ldx, w, ldw, rows, k, count, out, ldo, sentinel);
}

Matrix randomMatrix(int rows, int cols, unsigned seed)
{
    const std::vector<float> v = randomValues(std::size_t(rows) * std::size_t(cols), seed);
    return Eigen::Map<const Matrix>(v.data(), rows, cols);
}

// x·Wᵀ in double precision, rounded to float at the end.
Matrix referenceLinear(const Eigen::Ref<const Matrix> &x, const Matrix &w)
{
    return (x.cast<double>() * w.cast<double>().transpose()).cast<float>();
}

} // namespace

TEST(SkinnyProduct, DotEqualsADoubleSumForOddSizesStridesAndOneToThirteenRows)
{
    unsigned seed = 1;
    for (std::size_t rows = 1; rows <= 13; ++rows)
        for (std::size_t k : {1, 7, 8, 13, 67, 771})
            for (std::size_t count : {1, 2, 3, 5, 50, 385}) {
                SCOPED_TRACE(testing::Message() << rows << " rows, k " << k << ", " << count << " outputs");
                checkDot(rows, k, count, seed++);
            }
}

TEST(SkinnyProduct, DotSplitOverThreadsEqualsADoubleSum)
{
    // 12 · 5000 · 768 products: far above the work from which the outputs go to every thread,
    // with a last chunk that is not full.
    for (std::size_t rows : {12, 13}) {
        SCOPED_TRACE(testing::Message() << rows << " rows");
        checkDot(rows, 768, 5000, unsigned(rows));
    }
}

TEST(SkinnyProduct, LinearProjectionsOfFewRowsEqualTheDoubleProduct)
{
    // 600 × 40: large enough for the few-row kernel (kSkinnyMinWeights), in nn.Linear orientation.
    const Matrix w = randomMatrix(600, 40, 7);
    ASSERT_GE(long(w.size()), kSkinnyMinWeights);
    const Matrix bias = randomMatrix(1, 600, 8);
    const TensorView wView {w.data(), 600, 40};
    const TensorView biasView {bias.data(), 1, 600};
    // The input rows are a block of a wider matrix: the rows lie 52 floats apart.
    const Matrix wide = randomMatrix(kSkinnyRows + 1, 52, 9);
    for (int rows : {1, 5, 12, kSkinnyRows, kSkinnyRows + 1}) {
        SCOPED_TRACE(testing::Message() << rows << " rows");
        const auto x = wide.block(0, 3, rows, 40);
        Matrix out(rows, 600);
        project(x, wView, biasView, out);
        Matrix expected = referenceLinear(x, w);
        expected.rowwise() += bias.row(0);
        EXPECT_LT((out - expected).cwiseAbs().maxCoeff(), 2e-5f);

        Matrix slice;
        projectSlice(x, wView, biasView, 37, 500, slice);
        ASSERT_EQ(slice.rows(), rows);
        ASSERT_EQ(slice.cols(), 500);
        EXPECT_LT((slice - expected.middleCols(37, 500)).cwiseAbs().maxCoeff(), 2e-5f);
    }
    RowVector row;
    projectRow(wide.block(2, 3, 1, 40), wView, row);
    ASSERT_EQ(row.size(), 600);
    EXPECT_LT((row - referenceLinear(wide.block(2, 3, 1, 40), w)).cwiseAbs().maxCoeff(), 2e-5f);
}
