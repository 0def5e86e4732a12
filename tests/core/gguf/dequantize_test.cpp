// ggml's dequantization against an independent reference that reads each element's code, scale
// and min bit by bit from the block layouts of ggml-common.h (element index → byte and bit
// position), on random blocks; and single blocks worked out by hand.
#include "core/gguf/dequantize.h"
#include "core/model/checkpoint/safetensors.h"

#include "ggufwriter.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace attnlab;
using core::gguf::GgmlType;

using Bytes = std::vector<unsigned char>;

// Bits [first, first + count) of byte b.
int bits(unsigned char b, int first, int count)
{
    return (b >> first) & ((1 << count) - 1);
}

// Bit k of the little-endian bit string starting at p.
int bitAt(const unsigned char *p, int k)
{
    return (p[k / 8] >> (k % 8)) & 1;
}

float halfAt(const unsigned char *p)
{
    return core::model::halfToFloat(std::uint16_t(p[0] + 256 * p[1]));
}

// The 6-bit scale (or min, `wantMin`) of sub-block s of a k-quant's 12 packed bytes: sub-blocks
// 0–3 keep theirs in the low six bits of bytes s (scale) and s + 4 (min); sub-blocks 4–7 keep the
// low four bits in byte s + 4 (scale low nibble, min high nibble) and the top two in the spare
// top bits of bytes s − 4 (scale) and s (min).
int sixBits(const unsigned char *packed, int s, bool wantMin)
{
    if (s < 4)
        return bits(packed[s + (wantMin ? 4 : 0)], 0, 6);
    const int low = bits(packed[s + 4], wantMin ? 4 : 0, 4);
    const int high = bits(packed[wantMin ? s : s - 4], 6, 2);
    return low + 16 * high;
}

// Element e of one block, from the layout description.
float reference(GgmlType type, const unsigned char *b, int e)
{
    switch (type) {
    case GgmlType::Q4_0:
        return float(bits(b[2 + e % 16], 4 * (e / 16), 4) - 8) * halfAt(b);
    case GgmlType::Q4_1:
        return float(bits(b[4 + e % 16], 4 * (e / 16), 4)) * halfAt(b) + halfAt(b + 2);
    case GgmlType::Q5_0:
        return float(bits(b[6 + e % 16], 4 * (e / 16), 4) + 16 * bitAt(b + 2, e) - 16) * halfAt(b);
    case GgmlType::Q5_1:
        return float(bits(b[8 + e % 16], 4 * (e / 16), 4) + 16 * bitAt(b + 4, e)) * halfAt(b) + halfAt(b + 2);
    case GgmlType::Q8_0:
        return float(std::int8_t(b[2 + e])) * halfAt(b);
    case GgmlType::Q4_K:
    case GgmlType::Q5_K: {
        // 64 elements per 32 bytes: sub-block s = e / 32 uses the low (even s) or high (odd s)
        // nibbles of bytes 32·(s/2) … 32·(s/2) + 31.
        const bool five = type == GgmlType::Q5_K;
        const int s = e / 32, l = e % 32;
        const unsigned char *qs = b + (five ? 48 : 16);
        int q = bits(qs[32 * (s / 2) + l], 4 * (s % 2), 4);
        if (five)
            q += 16 * bits(b[16 + l], s, 1);
        const float d = halfAt(b) * float(sixBits(b + 4, s, false));
        const float m = halfAt(b + 2) * float(sixBits(b + 4, s, true));
        return d * float(q) - m;
    }
    case GgmlType::Q6_K: {
        // Two halves of 128; in each, quadrant k = (e % 128) / 32 takes the low (k < 2) or high
        // nibble of ql byte l (+ 32 for odd k) and bits 2k, 2k + 1 of qh byte l.
        const int half = e / 128, k = (e % 128) / 32, l = e % 32;
        const int low = bits(b[64 * half + l + 32 * (k % 2)], 4 * (k / 2), 4);
        const int high = bits(b[128 + 32 * half + l], 2 * k, 2);
        const int scale = std::int8_t(b[192 + 8 * half + 2 * k + l / 16]);
        return halfAt(b + 208) * float(scale) * float(low + 16 * high - 32);
    }
    default:
        ADD_FAILURE() << "no reference for this type";
        return 0;
    }
}

struct Layout {
    GgmlType type;
    int elements, bytes;
    std::vector<int> halves; // byte offsets of the block's half-precision fields
};

const std::vector<Layout> kLayouts = {
    {GgmlType::Q4_0, 32, 18, {0}},
    {GgmlType::Q4_1, 32, 20, {0, 2}},
    {GgmlType::Q5_0, 32, 22, {0}},
    {GgmlType::Q5_1, 32, 24, {0, 2}},
    {GgmlType::Q8_0, 32, 34, {0}},
    {GgmlType::Q4_K, 256, 144, {0, 2}},
    {GgmlType::Q5_K, 256, 176, {0, 2}},
    {GgmlType::Q6_K, 256, 210, {208}},
};

// Random blocks whose half fields are finite, moderate scales.
Bytes randomBlocks(std::mt19937 &rng, const Layout &layout, int blocks)
{
    std::uniform_int_distribution<int> byte(0, 255);
    std::uniform_real_distribution<float> scale(-0.05f, 0.05f);
    Bytes out(size_t(layout.bytes * blocks));
    for (auto &b : out)
        b = static_cast<unsigned char>(byte(rng));
    for (int k = 0; k < blocks; ++k)
        for (int h : layout.halves) {
            const std::uint16_t bitsOfHalf = test::halfBits(scale(rng));
            out[size_t(k * layout.bytes + h)] = static_cast<unsigned char>(bitsOfHalf & 0xff);
            out[size_t(k * layout.bytes + h + 1)] = static_cast<unsigned char>(bitsOfHalf >> 8);
        }
    return out;
}

TEST(Dequantize, EveryQuantTypeMatchesTheBitByBitReferenceOnRandomBlocks)
{
    std::mt19937 rng(34);
    for (const Layout &layout : kLayouts) {
        SCOPED_TRACE(core::gguf::ggmlTypeInfo(std::uint32_t(layout.type))->name);
        const int blocks = 5;
        const Bytes data = randomBlocks(rng, layout, blocks);
        std::vector<float> out(size_t(layout.elements * blocks), -12345.f);
        ASSERT_TRUE(core::gguf::dequantize(layout.type, data.data(), out.size(), out.data()));
        for (int k = 0; k < blocks; ++k)
            for (int e = 0; e < layout.elements; ++e) {
                const float want = reference(layout.type, data.data() + k * layout.bytes, e);
                ASSERT_FLOAT_EQ(out[size_t(k * layout.elements + e)], want) << "block " << k << " element " << e;
            }
    }
}

TEST(Dequantize, Q4_0AndQ8_0BlocksWorkedByHand)
{
    Bytes q4(18, 0x88); // every code 8: value 0
    q4[0] = 0x00;
    q4[1] = 0x38; // d = 0.5
    q4[2] = 0x2F; // element 0: 15 − 8 = 7 → 3.5; element 16: 2 − 8 = −6 → −3
    q4[17] = 0x10; // element 15: 0 − 8 → −4; element 31: 1 − 8 → −3.5
    std::vector<float> y(32);
    ASSERT_TRUE(core::gguf::dequantize(GgmlType::Q4_0, q4.data(), 32, y.data()));
    EXPECT_FLOAT_EQ(y[0], 3.5f);
    EXPECT_FLOAT_EQ(y[16], -3.f);
    EXPECT_FLOAT_EQ(y[15], -4.f);
    EXPECT_FLOAT_EQ(y[31], -3.5f);
    EXPECT_FLOAT_EQ(y[1], 0.f);

    Bytes q8(34, 0);
    q8[1] = 0x34; // d = 0.25
    q8[2] = 0x80; // −128 → −32
    q8[33] = 0x7F; // 127 → 31.75
    ASSERT_TRUE(core::gguf::dequantize(GgmlType::Q8_0, q8.data(), 32, y.data()));
    EXPECT_FLOAT_EQ(y[0], -32.f);
    EXPECT_FLOAT_EQ(y[31], 31.75f);
    EXPECT_FLOAT_EQ(y[5], 0.f);
}

TEST(Dequantize, Q4_1AndQ5BlocksWorkedByHand)
{
    Bytes q41(20, 0);
    q41[1] = 0x3C; // d = 1
    q41[3] = 0xBC; // m = −1
    q41[4] = 0xF3; // element 0: 3·1 − 1 = 2; element 16: 15 − 1 = 14
    std::vector<float> y(32);
    ASSERT_TRUE(core::gguf::dequantize(GgmlType::Q4_1, q41.data(), 32, y.data()));
    EXPECT_FLOAT_EQ(y[0], 2.f);
    EXPECT_FLOAT_EQ(y[16], 14.f);
    EXPECT_FLOAT_EQ(y[1], -1.f);

    Bytes q50(22, 0);
    q50[1] = 0x3C; // d = 1
    q50[2] = 0x01; // fifth bit of element 0
    q50[4] = 0x01; // fifth bit of element 16
    q50[6] = 0x31; // element 0: (1 + 16) − 16 = 1; element 16: (3 + 16) − 16 = 3
    ASSERT_TRUE(core::gguf::dequantize(GgmlType::Q5_0, q50.data(), 32, y.data()));
    EXPECT_FLOAT_EQ(y[0], 1.f);
    EXPECT_FLOAT_EQ(y[16], 3.f);
    EXPECT_FLOAT_EQ(y[1], -16.f);

    Bytes q51(24, 0);
    q51[1] = 0x38; // d = 0.5
    q51[3] = 0x3C; // m = 1
    q51[7] = 0x80; // fifth bit of element 31
    q51[23] = 0xF0; // element 31: (15 + 16)·0.5 + 1 = 16.5
    ASSERT_TRUE(core::gguf::dequantize(GgmlType::Q5_1, q51.data(), 32, y.data()));
    EXPECT_FLOAT_EQ(y[31], 16.5f);
    EXPECT_FLOAT_EQ(y[15], 1.f);
}

TEST(Dequantize, KQuantBlocksWorkedByHand)
{
    std::vector<float> y(256);
    // Q4_K: d = 1, dmin = 0.5; sub-block 0 has scale 3, min 2; sub-block 4 has scale
    // 5 + 16·3 = 53 (its top bits are the top bits of byte 0) and min 2.
    Bytes q4k(144, 0);
    q4k[1] = 0x3C;
    q4k[3] = 0x38;
    q4k[4 + 0] = 0xC3; // scale 0 = 3, top bits 3 → scale 4
    q4k[4 + 4] = 0x02; // min 0 = 2
    q4k[4 + 8] = 0x25; // scale 4 low = 5, min 4 low = 2
    q4k[16 + 0] = 0x97; // element 0: 3·7 − 1 = 20; element 32 (sub-block 1, scale 0): 0 − 0 = 0
    q4k[16 + 64] = 0x0A; // element 128 (sub-block 4): 53·10 − 0.5·2 = 529
    ASSERT_TRUE(core::gguf::dequantize(GgmlType::Q4_K, q4k.data(), 256, y.data()));
    EXPECT_FLOAT_EQ(y[0], 20.f);
    EXPECT_FLOAT_EQ(y[32], 0.f);
    EXPECT_FLOAT_EQ(y[128], 529.f);
    EXPECT_FLOAT_EQ(y[1], -1.f);

    // Q5_K: the same scales, plus fifth bits: bit 0 of qh[0] (element 0), bit 1 (element 32).
    Bytes q5k(176, 0);
    q5k[1] = 0x3C;
    q5k[3] = 0x38;
    q5k[4 + 0] = 0xC3;
    q5k[4 + 4] = 0x02;
    q5k[4 + 8] = 0x25;
    q5k[4 + 1] = 0x01; // scale 1 = 1
    q5k[16 + 0] = 0x03;
    q5k[48 + 0] = 0x97; // element 0: 3·(7 + 16) − 1 = 68; element 32: 1·(9 + 16) − 0 = 25
    ASSERT_TRUE(core::gguf::dequantize(GgmlType::Q5_K, q5k.data(), 256, y.data()));
    EXPECT_FLOAT_EQ(y[0], 68.f);
    EXPECT_FLOAT_EQ(y[32], 25.f);

    // Q6_K: d = 2; element 0: low nibble 5, high bits 2 → 37 − 32 = 5, scale 3 → 30;
    // element 64: nibble 0, bits 0 → −32, scale −1 → 64.
    Bytes q6k(210, 0);
    q6k[0] = 0x05;
    q6k[128] = 0x02;
    q6k[192 + 0] = 3;
    q6k[192 + 4] = 0xFF;
    q6k[209] = 0x40;
    ASSERT_TRUE(core::gguf::dequantize(GgmlType::Q6_K, q6k.data(), 256, y.data()));
    EXPECT_FLOAT_EQ(y[0], 30.f);
    EXPECT_FLOAT_EQ(y[64], 64.f);
    EXPECT_FLOAT_EQ(y[1], -192.f); // nibble 0, bits 0: −32 at scale 3
}

TEST(Dequantize, PlainTypesAndUnreadableTypes)
{
    const std::string f16 = test::le16(0x3C00) + test::le16(0xC000) + test::le16(0x0001);
    const std::string bf16 = test::le16(0x3F80) + test::le16(0xC040);
    std::vector<float> y(3);
    ASSERT_TRUE(
        core::gguf::dequantize(GgmlType::F16, reinterpret_cast<const unsigned char *>(f16.data()), 3, y.data()));
    EXPECT_FLOAT_EQ(y[0], 1.f);
    EXPECT_FLOAT_EQ(y[1], -2.f);
    EXPECT_FLOAT_EQ(y[2], 0x1p-24f);
    ASSERT_TRUE(
        core::gguf::dequantize(GgmlType::BF16, reinterpret_cast<const unsigned char *>(bf16.data()), 2, y.data()));
    EXPECT_FLOAT_EQ(y[0], 1.f);
    EXPECT_FLOAT_EQ(y[1], -3.f);
    const Bytes q2k(84, 0);
    EXPECT_FALSE(core::gguf::dequantize(GgmlType::Q2_K, q2k.data(), 256, y.data()));
}

} // namespace
