// Every variant of the float row kernels, the few-row product (core/model/kernels/skinny.h) and
// the masked softmax row (core/scene/softmax.h), against the portable path on shapes that are not
// multiples of the vector widths.
#include "core/model/kernels/skinny.h"
#include "core/scene/softmax.h"

#include "variants.h"

#include <cmath>
#include <limits>
#include <random>
#include <vector>

using namespace attnlab::core;
using attnlab::core::engine::KernelVariant;
using attnlab::test::kAwkwardLengths;

namespace {

std::vector<float> randomFloats(long count, std::mt19937 &rng, float scale = 1.f)
{
    std::normal_distribution<float> normal(0.f, scale);
    std::vector<float> out(static_cast<std::size_t>(count > 0 ? count : 0));
    for (float &v : out)
        v = normal(rng);
    return out;
}

class SkinnyVariants : public attnlab::test::KernelVariantTest { };

TEST_P(SkinnyVariants, EqualsThePortableProductWithinFloatTolerance)
{
    std::mt19937 rng(19);
    for (long rows : {1L, 2L, 3L, 4L, 5L, 7L, 16L})
        for (long k : kAwkwardLengths)
            for (long count : {1L, 2L, 3L, 4L, 5L, 7L, 13L, 389L}) {
                const long ldx = k + 1, ldw = k + 2, ldo = count + 3; // no row starts on a vector boundary
                const std::vector<float> x = randomFloats(rows * ldx, rng), w = randomFloats(count * ldw, rng);
                std::vector<float> mine(std::size_t(rows * ldo), 7.f), theirs(std::size_t(rows * ldo), 7.f);
                const model::kernels::SkinnyInput in {x.data(), std::size_t(rows), std::size_t(k), std::size_t(ldx)};
                model::kernels::skinnyDot(
                    GetParam(), in, w.data(), std::size_t(ldw), {mine.data(), std::size_t(count), std::size_t(ldo)});
                model::kernels::skinnyDot(KernelVariant::Portable, in, w.data(), std::size_t(ldw),
                    {theirs.data(), std::size_t(count), std::size_t(ldo)});
                for (long r = 0; r < rows; ++r)
                    for (long o = 0; o < ldo; ++o) {
                        const std::size_t at = std::size_t(r * ldo + o);
                        if (o >= count) {
                            ASSERT_EQ(mine[at], 7.f) << "a cell past the outputs was written";
                            continue;
                        }
                        double magnitude = 0;
                        for (long i = 0; i < k; ++i)
                            magnitude += std::abs(double(x[std::size_t(r * ldx + i)]) * w[std::size_t(o * ldw + i)]);
                        ASSERT_NEAR(mine[at], theirs[at], 1e-5 * magnitude + 1e-30)
                            << "rows " << rows << ", k " << k << ", count " << count << " at " << r << ", " << o;
                    }
            }
}

class SoftmaxVariants : public attnlab::test::KernelVariantTest { };

TEST_P(SoftmaxVariants, EqualsThePortableRowWithHiddenCellsExactlyZero)
{
    std::mt19937 rng(23);
    std::bernoulli_distribution shown(0.7);
    const float minusInf = -std::numeric_limits<float>::infinity();
    for (float scale : {1.f, 30.f})
        for (long n : kAwkwardLengths)
            for (int pattern = 0; pattern < 3; ++pattern) {
                const std::vector<float> scaled = randomFloats(n, rng, scale);
                // 0: random cells shown; 1: all shown; 2: none shown.
                std::vector<unsigned char> visible(static_cast<std::size_t>(n));
                for (auto &v : visible)
                    v = pattern == 1 || (pattern == 0 && shown(rng)) ? 1 : 0;
                const std::size_t cells = std::size_t(n) + 17;
                std::vector<float> masked(cells, 5.f), weights(cells, 5.f), maskedP(cells, 5.f), weightsP(cells, 5.f);
                const bool any
                    = maskedSoftmaxRow(GetParam(), scaled.data(), visible.data(), n, masked.data(), weights.data());
                const bool anyP = maskedSoftmaxRow(
                    KernelVariant::Portable, scaled.data(), visible.data(), n, maskedP.data(), weightsP.data());
                ASSERT_EQ(any, anyP) << "n " << n << ", pattern " << pattern;
                for (std::size_t j = 0; j < cells; ++j) {
                    if (j >= std::size_t(n)) {
                        ASSERT_EQ(masked[j], 5.f) << "masked written past the end, n " << n;
                        ASSERT_EQ(weights[j], 5.f) << "weights written past the end, n " << n;
                        continue;
                    }
                    EXPECT_EQ(masked[j], visible[j] ? scaled[j] : minusInf) << "n " << n << ", cell " << j;
                    if (!visible[j]) {
                        EXPECT_EQ(weights[j], 0.f) << "a hidden cell's weight, n " << n << ", cell " << j;
                    }
                    EXPECT_NEAR(weights[j], weightsP[j], 2e-6 * std::max(weightsP[j], 1e-3f))
                        << "n " << n << ", scale " << scale << ", pattern " << pattern << ", cell " << j;
                }
            }
}

} // namespace

ATTNLAB_FOR_EVERY_KERNEL_VARIANT(SkinnyVariants);
ATTNLAB_FOR_EVERY_KERNEL_VARIANT(SoftmaxVariants);
