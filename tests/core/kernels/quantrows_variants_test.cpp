// Every variant of the quantized row kernel (core/model/kernels/quantrows.h) against the portable
// kernel, for every quantized type, on random blocks: weight rows that start past a block of
// padding (a window of a wider matrix), input rows and outputs that start off any vector boundary,
// row counts and input counts that are no multiple of 8 or of 4, block counts that are no multiple
// of the unrolled steps. Products agree within float tolerance, every weight is dequantized bit for
// bit as the portable dequantizer (pinned against ggml in tests/core/gguf/dequantize_test.cpp)
// gives it, and nothing outside the outputs is written.
#include "core/model/kernels/quantblocks.h"
#include "core/model/kernels/quantrows.h"

#include "ggufwriter.h"
#include "variants.h"

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace attnlab::core::model;
using namespace attnlab::core::model::kernels;
using attnlab::core::engine::KernelVariant;

namespace {

constexpr float kGuard = 12345.f; // what the cells around the outputs hold, and must keep

struct QuantType {
    ElementType type;
    std::uint32_t ggml; // ggml's type id, for the test's random blocks
    const char *name;
};

// The types Q8_0 and Q4_K_M files use first.
constexpr QuantType kTypes[] = {{ElementType::Q8_0, 8, "Q8_0"}, {ElementType::Q4_K, 12, "Q4_K"},
    {ElementType::Q6_K, 14, "Q6_K"}, {ElementType::Q5_0, 6, "Q5_0"}, {ElementType::Q5_K, 13, "Q5_K"},
    {ElementType::Q4_0, 2, "Q4_0"}, {ElementType::Q4_1, 3, "Q4_1"}, {ElementType::Q5_1, 7, "Q5_1"}};

// `rows` weight rows of `blocks` blocks, each row after one block of padding: the bytes, the
// dequantized rows (rows × blocks·size, without the padding) and the product's weight fields.
struct QuantRowsFixture {
    std::string bytes;
    std::vector<float> values;
    QuantDot shape; // all but the weights' address

    QuantDot product() const
    {
        QuantDot p = shape;
        p.w = reinterpret_cast<const unsigned char *>(bytes.data()) + quantBlockBytes(shape.type);
        return p;
    }
};

QuantRowsFixture randomRows(std::mt19937 &rng, const QuantType &t, long rows, long blocks)
{
    const int size = quantBlockSize(t.type);
    const std::size_t blockBytes = quantBlockBytes(t.type);
    QuantRowsFixture f;
    f.bytes = attnlab::test::randomBlocks(rng, t.ggml, std::size_t(rows * (blocks + 1) * size));
    const auto *base = reinterpret_cast<const unsigned char *>(f.bytes.data());
    const std::size_t rowBytes = std::size_t(blocks + 1) * blockBytes;
    f.values.resize(std::size_t(rows * blocks * size));
    for (long r = 0; r < rows; ++r)
        dequantizeBlocks(t.type, base + std::size_t(r) * rowBytes + blockBytes, std::size_t(blocks),
            f.values.data() + r * blocks * size);
    f.shape.type = t.type;
    f.shape.rows = rows;
    f.shape.blocks = blocks;
    f.shape.rowBytes = long(rowBytes);
    return f;
}

std::vector<float> randomFloats(long count, std::mt19937 &rng)
{
    std::normal_distribution<float> normal(0.f, 1.f);
    std::vector<float> out(static_cast<std::size_t>(count));
    for (float &v : out)
        v = normal(rng);
    return out;
}

// f's product of m packed input rows in x (x.size() / m inputs each) into packed outputs.
QuantDot productInto(const QuantRowsFixture &f, const std::vector<float> &x, long m, std::vector<float> &out)
{
    QuantDot p = f.product();
    p.x = x.data();
    p.m = m;
    p.ldx = long(x.size()) / m;
    p.out = out.data();
    p.ldo = f.shape.rows;
    return p;
}

class QuantRowVariants : public attnlab::test::KernelVariantTest { };

TEST_P(QuantRowVariants, EveryQuantTypeRunsVectorCodeOnTheVectorVariants)
{
    for (const QuantType &t : kTypes)
        EXPECT_EQ(quantDotVectorised(GetParam(), t.type), GetParam() != KernelVariant::Portable) << t.name;
    EXPECT_FALSE(quantDotVectorised(GetParam(), ElementType::BF16));
}

TEST_P(QuantRowVariants, ProductsEqualThePortableKernelWithinFloatTolerance)
{
    std::mt19937 rng(23);
    for (const QuantType &t : kTypes) {
        const bool superBlocks = quantBlockSize(t.type) == 256;
        for (long blocks : superBlocks ? std::vector<long> {1, 2, 3, 5} : std::vector<long> {1, 2, 3, 5, 29})
            for (long rows : {1L, 3L, 7L, 9L, 13L})
                for (long m : {1L, 2L, 3L, 4L, 5L, 7L}) {
                    const QuantRowsFixture f = randomRows(rng, t, rows, blocks);
                    const long k = blocks * quantBlockSize(t.type);
                    const long ldx = k + 3, ldo = rows + 5; // rows start off vector boundaries; guards between
                    const std::vector<float> x = randomFloats(m * ldx, rng);
                    std::vector<float> mine(std::size_t(m * ldo + 1), kGuard), theirs = mine;
                    QuantDot p = f.product();
                    p.x = x.data();
                    p.m = m;
                    p.ldx = ldx;
                    p.ldo = ldo;
                    p.out = mine.data() + 1;
                    quantDotRows(GetParam(), p);
                    p.out = theirs.data() + 1;
                    quantDotRows(KernelVariant::Portable, p);
                    for (long r = 0; r < m; ++r)
                        for (long o = 0; o < rows; ++o) {
                            double magnitude = 0;
                            for (long i = 0; i < k; ++i)
                                magnitude
                                    += std::abs(double(x[std::size_t(r * ldx + i)]) * f.values[std::size_t(o * k + i)]);
                            const std::size_t cell = std::size_t(1 + r * ldo + o);
                            EXPECT_NEAR(mine[cell], theirs[cell], 1e-5 * magnitude + 1e-30)
                                << t.name << ": " << blocks << " blocks, " << rows << " rows, input " << r << " of "
                                << m << ", output " << o;
                        }
                    for (std::size_t c = 0; c < mine.size(); ++c) {
                        const bool output = c >= 1 && long(c - 1) % ldo < rows && long(c - 1) / ldo < m;
                        if (!output) {
                            ASSERT_EQ(mine[c], kGuard)
                                << t.name << ": cell " << c << " outside the outputs was written";
                        }
                    }
                }
    }
}

TEST_P(QuantRowVariants, EveryWeightIsDequantizedBitForBitAsThePortableDequantizer)
{
    // Input rows that are unit vectors pick single weights: a sum of one product with 1 and zeros
    // is exact, so the kernel's output is its dequantized weight itself.
    std::mt19937 rng(29);
    for (const QuantType &t : kTypes) {
        const long blocks = 2, rows = 3, k = blocks * quantBlockSize(t.type);
        const QuantRowsFixture f = randomRows(rng, t, rows, blocks);
        std::vector<float> x(std::size_t(4 * k)), out(std::size_t(4 * rows));
        const QuantDot p = productInto(f, x, 4, out);
        for (long i0 = 0; i0 < k; i0 += 4) {
            std::fill(x.begin(), x.end(), 0.f);
            for (long r = 0; r < 4; ++r)
                x[std::size_t(r * k + i0 + r)] = 1.f;
            quantDotRows(GetParam(), p);
            for (long r = 0; r < 4; ++r)
                for (long o = 0; o < rows; ++o)
                    ASSERT_EQ(out[std::size_t(r * rows + o)], f.values[std::size_t(o * k + i0 + r)])
                        << t.name << ": row " << o << ", element " << i0 + r;
        }
    }
}

TEST_P(QuantRowVariants, Q5_0FifthBitsAllClearAllSetAndMixedGiveThePortableValues)
{
    // The vector variants read Q5_0's 32 fifth bits whole (AVX-512 as a mask register): words of
    // none, all, and alternating bits in each half, against the portable dequantizer.
    std::mt19937 rng(37);
    const QuantType &q5_0 = kTypes[3];
    ASSERT_EQ(q5_0.type, ElementType::Q5_0);
    const std::uint32_t words[] = {0u, 0xFFFFFFFFu, 0x0000FFFFu, 0xFFFF0000u, 0xAAAA5555u, 0x80000001u};
    const long blocks = 6, rows = 2, k = blocks * 32;
    QuantRowsFixture f = randomRows(rng, q5_0, rows, blocks);
    const std::size_t blockBytes = quantBlockBytes(ElementType::Q5_0);
    auto *base = reinterpret_cast<unsigned char *>(f.bytes.data());
    for (long r = 0; r < rows; ++r)
        for (long b = 0; b < blocks; ++b) {
            unsigned char *block = base + std::size_t(r * (blocks + 1) + b + 1) * blockBytes;
            std::memcpy(block + 2, &words[b], 4); // qh follows the half scale
            dequantizeBlocks(ElementType::Q5_0, block, 1, f.values.data() + r * k + b * 32);
        }
    std::vector<float> x(static_cast<std::size_t>(k)), out(static_cast<std::size_t>(rows));
    const QuantDot p = productInto(f, x, 1, out);
    for (long i = 0; i < k; ++i) {
        std::fill(x.begin(), x.end(), 0.f);
        x[std::size_t(i)] = 1.f;
        quantDotRows(GetParam(), p);
        for (long o = 0; o < rows; ++o)
            ASSERT_EQ(out[std::size_t(o)], f.values[std::size_t(o * k + i)]) << "row " << o << ", element " << i;
    }
}

TEST(QuantRowDispatch, TheProcessRunsTheChosenVariantsKernel)
{
    std::mt19937 rng(31);
    const QuantRowsFixture f = randomRows(rng, kTypes[0], 5, 3);
    const std::vector<float> x = randomFloats(96, rng);
    float viaProcess[5], viaVariant[5];
    QuantDot p = f.product();
    p.x = x.data();
    p.m = 1;
    p.ldx = 96;
    p.ldo = 5;
    p.out = viaProcess;
    quantDotRows(p);
    p.out = viaVariant;
    quantDotRows(attnlab::core::engine::kernelVariant(), p);
    for (int o = 0; o < 5; ++o)
        EXPECT_EQ(viaProcess[o], viaVariant[o]) << o;
}

} // namespace

ATTNLAB_FOR_EVERY_KERNEL_VARIANT(QuantRowVariants);
