// One block taken apart (core/gguf/quantblock.h): the parts rebuild dequantize()'s values bit for
// bit on random blocks of every readable type, hand-made blocks give the codes and scales worked
// out by hand, and the per-matrix figures (bits per weight, error statistics).
#include "core/gguf/dequantize.h"
#include "core/gguf/quantblock.h"

#include "ggufwriter.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace {

using namespace attnlab;
using core::gguf::decodeBlock;
using core::gguf::GgmlType;
using core::gguf::QuantBlock;

using Bytes = std::vector<unsigned char>;

std::uint32_t bitsOf(float f)
{
    std::uint32_t b;
    std::memcpy(&b, &f, 4);
    return b;
}

// A block of `size` zero bytes with the given (offset, byte) pairs set.
Bytes block(std::size_t size, std::initializer_list<std::pair<std::size_t, unsigned char>> set)
{
    Bytes b(size, 0);
    for (const auto &[offset, value] : set)
        b[offset] = value;
    return b;
}

const unsigned char *bytesOf(const std::string &s)
{
    return reinterpret_cast<const unsigned char *>(s.data());
}

TEST(QuantBlock, PartsRebuildTheDequantizedValuesBitForBitForEveryType)
{
    std::mt19937 rng(341);
    const std::vector<GgmlType> types = {GgmlType::Q4_0, GgmlType::Q4_1, GgmlType::Q5_0, GgmlType::Q5_1, GgmlType::Q8_0,
        GgmlType::Q4_K, GgmlType::Q5_K, GgmlType::Q6_K, GgmlType::F16, GgmlType::BF16};
    for (GgmlType type : types) {
        const auto *info = core::gguf::ggmlTypeInfo(std::uint32_t(type));
        SCOPED_TRACE(info->name);
        const std::size_t blocks = 6, count = blocks * info->blockSize;
        const std::string data = test::randomBlocks(rng, std::uint32_t(type), count);
        std::vector<float> all(count);
        ASSERT_TRUE(core::gguf::dequantize(type, bytesOf(data), count, all.data()));
        for (std::size_t k = 0; k < blocks; ++k) {
            const QuantBlock b = decodeBlock(type, bytesOf(data), k);
            ASSERT_EQ(b.elements, int(info->blockSize));
            EXPECT_EQ(b.index, k);
            EXPECT_EQ(b.firstElement, k * info->blockSize);
            for (int e = 0; e < b.elements; ++e) {
                const float want = all[k * info->blockSize + std::size_t(e)];
                ASSERT_EQ(bitsOf(b.values[std::size_t(e)]), bitsOf(want)) << "block " << k << " element " << e;
                ASSERT_EQ(bitsOf(core::gguf::rebuildValue(b, e)), bitsOf(want)) << "block " << k << " element " << e;
            }
        }
    }
}

TEST(QuantBlock, CodesStayInTheirTypesRangeAndGroupsCoverTheBlock)
{
    std::mt19937 rng(342);
    struct Range {
        GgmlType type;
        int low, high, groups, groupSize;
    };
    for (const Range &r : {Range {GgmlType::Q4_0, 0, 15, 1, 32}, Range {GgmlType::Q5_1, 0, 31, 1, 32},
             Range {GgmlType::Q8_0, -128, 127, 1, 32}, Range {GgmlType::Q4_K, 0, 15, 8, 32},
             Range {GgmlType::Q5_K, 0, 31, 8, 32}, Range {GgmlType::Q6_K, 0, 63, 16, 16}}) {
        const auto *info = core::gguf::ggmlTypeInfo(std::uint32_t(r.type));
        SCOPED_TRACE(info->name);
        const std::uint64_t blocks = 4096 / info->blockSize;
        const std::string data = test::randomBlocks(rng, std::uint32_t(r.type), 4096);
        int low = 1000, high = -1000;
        for (std::uint64_t k = 0; k < blocks; ++k) {
            const QuantBlock b = decodeBlock(r.type, bytesOf(data), k);
            ASSERT_EQ(int(b.groups.size()), r.groups);
            for (int g = 0; g < r.groups; ++g) {
                EXPECT_EQ(b.groups[std::size_t(g)].first, g * r.groupSize);
                EXPECT_EQ(b.groups[std::size_t(g)].count, r.groupSize);
            }
            for (std::int64_t c : b.codes) {
                low = std::min(low, int(c));
                high = std::max(high, int(c));
            }
        }
        // 4,096 random codes reach both ends of every range.
        EXPECT_EQ(low, r.low);
        EXPECT_EQ(high, r.high);
    }
}

TEST(QuantBlock, LegacyBlocksMadeByHand)
{
    Bytes q4(18, 0x88);
    q4[0] = 0x00;
    q4[1] = 0x38; // d = 0.5
    q4[2] = 0x2F; // element 0 code 15, element 16 code 2
    QuantBlock b = decodeBlock(GgmlType::Q4_0, q4.data(), 0);
    EXPECT_EQ(b.formula, core::gguf::QuantFormula::Zero);
    EXPECT_EQ(b.zero, 8);
    EXPECT_TRUE(b.hasD);
    EXPECT_FALSE(b.hasMin);
    EXPECT_FLOAT_EQ(b.d, 0.5f);
    EXPECT_EQ(b.codes[0], 15);
    EXPECT_EQ(b.codes[16], 2);
    EXPECT_EQ(b.codes[1], 8);
    EXPECT_FLOAT_EQ(b.values[0], 3.5f);

    // Two Q5_1 blocks; the second: d = 0.5, m = 1, element 31's fifth bit set and nibble 15.
    Bytes q51(48, 0);
    q51[24 + 1] = 0x38;
    q51[24 + 3] = 0x3C;
    q51[24 + 7] = 0x80;
    q51[24 + 23] = 0xF0;
    b = decodeBlock(GgmlType::Q5_1, q51.data(), 1);
    EXPECT_EQ(b.index, 1u);
    EXPECT_EQ(b.firstElement, 32u);
    EXPECT_EQ(b.formula, core::gguf::QuantFormula::ScalePlusMin);
    EXPECT_TRUE(b.hasMin);
    EXPECT_FLOAT_EQ(b.m, 1.f);
    EXPECT_EQ(b.codes[31], 31);
    EXPECT_EQ(b.codes[15], 0);
    EXPECT_FLOAT_EQ(b.values[31], 16.5f);

    Bytes q8(34, 0);
    q8[1] = 0x34; // d = 0.25
    q8[2] = 0x80;
    q8[33] = 0x7F;
    b = decodeBlock(GgmlType::Q8_0, q8.data(), 0);
    EXPECT_EQ(b.codes[0], -128);
    EXPECT_EQ(b.codes[31], 127);
    EXPECT_EQ(b.zero, 0);
}

TEST(QuantBlock, KQuantBlocksMadeByHand)
{
    // Q4_K: d = 1, dmin = 0.5; sub-block 0 scale 3 min 2; sub-block 4 scale 5 + 16·3 = 53, min 2;
    // element 0 code 7, element 32 code 9, element 128 code 10.
    const Bytes q4k = block(144, {{1, 0x3C}, {3, 0x38}, {4, 0xC3}, {8, 0x02}, {12, 0x25}, {16, 0x97}, {80, 0x0A}});
    QuantBlock b = decodeBlock(GgmlType::Q4_K, q4k.data(), 0);
    EXPECT_EQ(b.formula, core::gguf::QuantFormula::ScaleMinusMin);
    EXPECT_FLOAT_EQ(b.d, 1.f);
    EXPECT_FLOAT_EQ(b.m, 0.5f);
    EXPECT_EQ(b.groups[0].rawScale, 3);
    EXPECT_EQ(b.groups[0].rawMin, 2);
    EXPECT_FLOAT_EQ(b.groups[0].min, 1.f);
    EXPECT_EQ(b.groups[4].rawScale, 53);
    EXPECT_EQ(b.groups[4].rawMin, 2);
    EXPECT_FLOAT_EQ(b.groups[4].scale, 53.f);
    EXPECT_EQ(b.codes[0], 7);
    EXPECT_EQ(b.codes[32], 9);
    EXPECT_EQ(b.codes[128], 10);
    EXPECT_EQ(b.groupOf(128), &b.groups[4]);
    EXPECT_FLOAT_EQ(b.values[128], 529.f);

    // Q5_K: bits 0 and 1 of qh[0] give elements 0 and 32 their fifth bit.
    const Bytes q5k = block(176, {{1, 0x3C}, {16, 0x03}, {48, 0x97}});
    b = decodeBlock(GgmlType::Q5_K, q5k.data(), 0);
    EXPECT_EQ(b.codes[0], 23);
    EXPECT_EQ(b.codes[32], 25);
    EXPECT_EQ(b.codes[64], 0);

    // Q6_K: element 0 low nibble 5, high bits 2 → code 37; element 64 (quadrant 2 of the first
    // half: ql[0]'s high nibble, qh[0]'s bits 4–5) nibble 0xA, bits 3 → 58; group 4 scale −1.
    const Bytes q6k = block(210, {{0, 0xA5}, {128, 0x32}, {192, 3}, {196, 0xFF}, {209, 0x40}}); // d = 2
    b = decodeBlock(GgmlType::Q6_K, q6k.data(), 0);
    EXPECT_EQ(b.zero, 32);
    EXPECT_EQ(b.codes[0], 37);
    EXPECT_EQ(b.codes[64], 58);
    EXPECT_EQ(b.groups[4].rawScale, -1);
    EXPECT_FLOAT_EQ(b.groups[4].scale, -2.f);
    EXPECT_FLOAT_EQ(b.values[64], -2.f * 26.f);
    EXPECT_FLOAT_EQ(b.values[0], 30.f);
}

TEST(QuantBlock, PlainTypesAreBlocksOfOneWithTheirBitsAsCode)
{
    const std::string f16 = test::le16(0x3C00) + test::le16(0xC000);
    const QuantBlock b = decodeBlock(GgmlType::F16, bytesOf(f16), 1);
    EXPECT_EQ(b.elements, 1);
    EXPECT_TRUE(b.groups.empty());
    EXPECT_FALSE(b.hasD);
    EXPECT_EQ(b.codes[0], 0xC000);
    EXPECT_FLOAT_EQ(b.values[0], -2.f);
    const std::string f32 = test::f32Bytes(0.1f);
    const QuantBlock c = decodeBlock(GgmlType::F32, bytesOf(f32), 0);
    EXPECT_EQ(c.codes[0], std::int64_t(bitsOf(0.1f)));
    EXPECT_EQ(core::gguf::rebuildValue(c, 0), 0.1f);
    const Bytes q2k(84, 0);
    EXPECT_EQ(decodeBlock(GgmlType::Q2_K, q2k.data(), 0).elements, 0);
}

TEST(QuantBlock, BitsPerWeightOfEachType)
{
    const auto bpw = [](GgmlType t) { return core::gguf::bitsPerWeight(*core::gguf::ggmlTypeInfo(std::uint32_t(t))); };
    EXPECT_DOUBLE_EQ(bpw(GgmlType::Q4_K), 4.5);
    EXPECT_DOUBLE_EQ(bpw(GgmlType::Q5_K), 5.5);
    EXPECT_DOUBLE_EQ(bpw(GgmlType::Q6_K), 6.5625);
    EXPECT_DOUBLE_EQ(bpw(GgmlType::Q8_0), 8.5);
    EXPECT_DOUBLE_EQ(bpw(GgmlType::Q4_0), 4.5);
    EXPECT_DOUBLE_EQ(bpw(GgmlType::Q5_1), 6.0);
    EXPECT_DOUBLE_EQ(bpw(GgmlType::F16), 16.0);
    EXPECT_DOUBLE_EQ(bpw(GgmlType::F32), 32.0);
}

TEST(QuantBlock, ErrorStatisticsAgainstTheOriginal)
{
    const std::vector<float> original = {1.f, -2.f, 0.5f, 0.f};
    const std::vector<float> quantized = {1.25f, -2.f, 0.f, 0.f}; // errors 0.25, 0, −0.5, 0
    const core::gguf::QuantError e = core::gguf::quantizationError(quantized.data(), original.data(), 4);
    EXPECT_DOUBLE_EQ(e.maxAbs, 0.5);
    EXPECT_EQ(e.maxAt, 2u);
    EXPECT_NEAR(e.rms, std::sqrt((0.0625 + 0.25) / 4), 1e-12);
    EXPECT_NEAR(e.meanAbs, 0.75 / 4, 1e-12);
    const core::gguf::QuantError none = core::gguf::quantizationError(nullptr, nullptr, 0);
    EXPECT_EQ(none.maxAbs, 0.0);
    EXPECT_EQ(none.rms, 0.0);
}

} // namespace
