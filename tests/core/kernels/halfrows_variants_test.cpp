// Every variant of the 16-bit weight row kernels (core/model/kernels/halfrows.h) against the
// portable loops, for F16 and BF16, on lengths that are not multiples of the vector widths: the
// widening is bit-for-bit the same, products equal up to the order of the float additions, and
// nothing past the end of an output is written.
#include "core/model/kernels/halfrows.h"

#include "modelfixtures.h"
#include "variants.h"

#include <cmath>
#include <random>
#include <vector>

using namespace attnlab::core::model::kernels;
using attnlab::core::engine::KernelVariant;
using attnlab::test::kAwkwardLengths;

namespace {

constexpr float kGuard = 12345.f; // what the cells past an output's end hold, and must keep

// `count` 16-bit values: normal numbers of varied size, some zeros, and for F16 a few subnormals.
std::vector<unsigned short> randomHalves(bool bf16, long count, std::mt19937 &rng)
{
    std::normal_distribution<float> normal(0.f, 1.f);
    std::uniform_int_distribution<int> pick(0, 19);
    std::vector<unsigned short> out(static_cast<std::size_t>(count > 0 ? count : 0));
    for (auto &b : out) {
        const int kind = pick(rng);
        float v = normal(rng) * (kind == 0 ? 100.f : 1.f);
        if (kind == 1)
            v = 0.f;
        if (kind == 2)
            v = bf16 ? v * 1e-30f : v * 3e-6f; // F16 subnormal range
        b = bf16 ? attnlab::test::floatToBfloat16(v) : attnlab::test::floatToHalf(v);
    }
    return out;
}

std::vector<float> randomFloats(long count, std::mt19937 &rng)
{
    std::normal_distribution<float> normal(0.f, 1.f);
    std::vector<float> out(static_cast<std::size_t>(count > 0 ? count : 0));
    for (float &v : out)
        v = normal(rng);
    return out;
}

// An output of n cells followed by guard cells.
std::vector<float> guarded(const std::vector<float> &start, long extra = 17)
{
    std::vector<float> out(start);
    out.insert(out.end(), std::size_t(extra), kGuard);
    return out;
}

void expectGuardKept(const std::vector<float> &out, long n, const char *what)
{
    for (std::size_t i = std::size_t(n); i < out.size(); ++i)
        ASSERT_EQ(out[i], kGuard) << what << ": cell " << i << " past the end of " << n << " was written";
}

const HalfRowKernels &portable()
{
    return halfRowKernels(KernelVariant::Portable);
}

class HalfRowVariants : public attnlab::test::KernelVariantTest { };

TEST_P(HalfRowVariants, WidenAndAddWidenedEqualThePortableLoopsBitForBit)
{
    const HalfRowKernels &kernels = halfRowKernels(GetParam());
    std::mt19937 rng(7);
    for (bool bf16 : {false, true})
        for (long n : kAwkwardLengths) {
            const std::vector<unsigned short> src = randomHalves(bf16, n, rng);
            std::vector<float> mine = guarded({}, n + 17), theirs = guarded({}, n + 17);
            kernels.widen(bf16, src.data(), n, mine.data());
            portable().widen(bf16, src.data(), n, theirs.data());
            EXPECT_EQ(mine, theirs) << (bf16 ? "BF16" : "F16") << " widen, n = " << n;
            expectGuardKept(mine, n, "widen");

            const std::vector<float> start = randomFloats(n, rng);
            mine = guarded(start);
            theirs = guarded(start);
            kernels.addWidened(bf16, src.data(), n, mine.data());
            portable().addWidened(bf16, src.data(), n, theirs.data());
            EXPECT_EQ(mine, theirs) << (bf16 ? "BF16" : "F16") << " addWidened, n = " << n;
            expectGuardKept(mine, n, "addWidened");
        }
}

TEST_P(HalfRowVariants, DotRowsEqualThePortableLoopsWithinFloatTolerance)
{
    const HalfRowKernels &kernels = halfRowKernels(GetParam());
    std::mt19937 rng(11);
    for (bool bf16 : {false, true})
        for (long rows : {0L, 1L, 3L, 4L, 5L, 9L})
            for (long k : kAwkwardLengths) {
                const long stride = k + (rows % 2 ? 3 : 0); // rows that start off any vector boundary
                const std::vector<unsigned short> w = randomHalves(bf16, rows * stride, rng);
                const std::vector<float> x = randomFloats(k, rng);
                std::vector<float> mine = guarded({}, rows + 17), theirs = guarded({}, rows + 17);
                kernels.dotRows(bf16, x.data(), w.data(), rows, k, stride, mine.data());
                portable().dotRows(bf16, x.data(), w.data(), rows, k, stride, theirs.data());
                std::vector<float> widened(static_cast<std::size_t>(k));
                for (long r = 0; r < rows; ++r) {
                    portable().widen(bf16, w.data() + r * stride, k, widened.data());
                    double magnitude = 0;
                    for (long i = 0; i < k; ++i)
                        magnitude += std::abs(double(x[std::size_t(i)]) * widened[std::size_t(i)]);
                    EXPECT_NEAR(mine[std::size_t(r)], theirs[std::size_t(r)], 1e-5 * magnitude + 1e-30)
                        << (bf16 ? "BF16" : "F16") << " rows " << rows << ", k " << k << ", row " << r;
                }
                expectGuardKept(mine, rows, "dotRows");
            }
}

TEST_P(HalfRowVariants, AccumulateRowsEqualsThePortableLoopsWithinFloatTolerance)
{
    const HalfRowKernels &kernels = halfRowKernels(GetParam());
    std::mt19937 rng(13);
    for (bool bf16 : {false, true})
        for (long k : {0L, 1L, 3L, 4L, 5L, 9L, 33L})
            for (long n : kAwkwardLengths) {
                const long stride = n + (k % 2 ? 5 : 0);
                const std::vector<unsigned short> w = randomHalves(bf16, k * stride, rng);
                const std::vector<float> x = randomFloats(k, rng), start = randomFloats(n, rng);
                std::vector<float> mine = guarded(start), theirs = guarded(start);
                kernels.accumulateRows(bf16, x.data(), w.data(), k, n, stride, mine.data());
                portable().accumulateRows(bf16, x.data(), w.data(), k, n, stride, theirs.data());
                std::vector<float> widened(static_cast<std::size_t>(n));
                std::vector<double> magnitude(std::size_t(n), 0.0);
                for (long i = 0; i < k; ++i) {
                    portable().widen(bf16, w.data() + i * stride, n, widened.data());
                    for (long j = 0; j < n; ++j)
                        magnitude[std::size_t(j)] += std::abs(double(x[std::size_t(i)]) * widened[std::size_t(j)]);
                }
                for (long j = 0; j < n; ++j)
                    EXPECT_NEAR(mine[std::size_t(j)], theirs[std::size_t(j)],
                        1e-5 * (magnitude[std::size_t(j)] + std::abs(start[std::size_t(j)])) + 1e-30)
                        << (bf16 ? "BF16" : "F16") << " k " << k << ", n " << n << ", column " << j;
                expectGuardKept(mine, n, "accumulateRows");
            }
}

TEST(HalfRowDispatch, TheProcessRunsTheChosenVariantsKernels)
{
    const HalfRowKernels &chosen = halfRowKernels(attnlab::core::engine::kernelVariant());
    std::mt19937 rng(17);
    const long k = 33;
    const std::vector<unsigned short> w = randomHalves(true, 2 * k, rng);
    const std::vector<float> x = randomFloats(k, rng);
    float viaPublic[2], viaTable[2];
    dotRows(HalfKind::BF16, x.data(), reinterpret_cast<const std::uint16_t *>(w.data()), 2, std::size_t(k),
        std::size_t(k), viaPublic);
    chosen.dotRows(true, x.data(), w.data(), 2, k, k, viaTable);
    EXPECT_EQ(viaPublic[0], viaTable[0]);
    EXPECT_EQ(viaPublic[1], viaTable[1]);
}

} // namespace

ATTNLAB_FOR_EVERY_KERNEL_VARIANT(HalfRowVariants);
