#pragma once
// ggml's quantized blocks (the layouts quantblocks.cpp dequantizes one value at a time) read as
// groups of 16 consecutive weights that share a scale s and an offset m: weight = code · s + m,
// with the 16 codes as signed bytes in one 128-bit register. Every type's block splits that way
// (Q8_0, Q4_0 … Q5_1: two groups; Q4_K, Q5_K: a 32-weight sub-block is two groups; Q6_K: its 16
// sub-blocks), so one vector kernel per instruction set serves them all (quantrows_avx2.cpp,
// quantrows_avx512.cpp, the only files that include this one).
//
// Bit for bit the values ggml's reference dequantizers give: every s and m is computed as ggml
// computes it (d · sc in float, exact for a half times a 6- or 8-bit integer), and code · s + m in
// one fused multiply-add rounds once, as ggml's `d1 * q - m1` does (code · s is exact there);
// Q6_K's (d · sc) · q is one rounding too, with m = 0.
//
// Only 128-bit SSE/SSSE3 operations, F16C for the half scales, and internal linkage throughout:
// each variant's file compiles its own copy with its own flags, and no copy can be merged by the
// linker into another's code.

#include <immintrin.h>

namespace attnlab::core::model::kernels::detail {

namespace {

inline float halfAt(const unsigned char *p)
{
    unsigned short bits;
    __builtin_memcpy(&bits, p, 2);
    return _cvtsh_ss(bits);
}

inline unsigned wordAt(const unsigned char *p)
{
    unsigned word;
    __builtin_memcpy(&word, p, 4);
    return word;
}

inline __m128i load16(const unsigned char *p)
{
    return _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
}

inline __m128i lowNibbles(__m128i bytes)
{
    return _mm_and_si128(bytes, _mm_set1_epi8(0x0F));
}

inline __m128i highNibbles(__m128i bytes)
{
    return _mm_and_si128(_mm_srli_epi16(bytes, 4), _mm_set1_epi8(0x0F));
}

// Byte i = `value` where bit i of `bits` (16 bits) is set, else 0: Q5_0's and Q5_1's fifth bits.
inline __m128i bitsAsBytes(unsigned bits, char value)
{
    const __m128i spread = _mm_shuffle_epi8(
        _mm_set1_epi16(short(bits & 0xFFFF)), _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1));
    const __m128i bit = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128);
    return _mm_and_si128(_mm_cmpeq_epi8(_mm_and_si128(spread, bit), bit), _mm_set1_epi8(value));
}

// Bits [shift, shift + width) of each byte moved to bits [4, 4 + width): the high bits of Q5_K
// (width 1) and Q6_K (width 2) codes.
inline __m128i fieldAsHighBits(__m128i bytes, int shift, char mask)
{
    const __m128i field = _mm_and_si128(_mm_srl_epi16(bytes, _mm_cvtsi32_si128(shift)), _mm_set1_epi8(mask));
    return _mm_slli_epi16(field, 4); // values below 16 per byte: nothing crosses into the next byte
}

// A k-quant super-block's eight 6-bit scales and eight 6-bit mins from its 12 packed bytes (ggml's
// get_scale_min_k4 for every j at once, as its x86 dot products unpack them).
struct ScalesMins {
    unsigned char scale[8], min[8];
};
inline ScalesMins unpackScalesMins(const unsigned char *packed)
{
    constexpr unsigned kLow6 = 0x3f3f3f3f, kLow4 = 0x0f0f0f0f, kLow2 = 0x03030303;
    const unsigned a = wordAt(packed), b = wordAt(packed + 4), c = wordAt(packed + 8);
    const unsigned words[4] = {
        a & kLow6, (c & kLow4) | (((a >> 6) & kLow2) << 4), b & kLow6, ((c >> 4) & kLow4) | (((b >> 6) & kLow2) << 4)};
    ScalesMins out;
    __builtin_memcpy(out.scale, words, 8);
    __builtin_memcpy(out.min, words + 2, 8);
    return out;
}

// Each type's block, handed to `group(first, codes, s, m)` for its groups in order: `first` the
// group's first element in the block.

template<typename Group> inline void q8_0Groups(const unsigned char *b, Group &group)
{
    const float d = halfAt(b);
    group(0, load16(b + 2), d, 0.f);
    group(16, load16(b + 18), d, 0.f);
}

template<typename Group> inline void q4_0Groups(const unsigned char *b, Group &group)
{
    const float d = halfAt(b);
    const __m128i qs = load16(b + 2), eight = _mm_set1_epi8(8);
    group(0, _mm_sub_epi8(lowNibbles(qs), eight), d, 0.f);
    group(16, _mm_sub_epi8(highNibbles(qs), eight), d, 0.f);
}

template<typename Group> inline void q4_1Groups(const unsigned char *b, Group &group)
{
    const float d = halfAt(b), m = halfAt(b + 2);
    const __m128i qs = load16(b + 4);
    group(0, lowNibbles(qs), d, m);
    group(16, highNibbles(qs), d, m);
}

template<typename Group> inline void q5_0Groups(const unsigned char *b, Group &group)
{
    const float d = halfAt(b);
    const unsigned qh = wordAt(b + 2);
    const __m128i qs = load16(b + 6), sixteen = _mm_set1_epi8(16);
    group(0, _mm_sub_epi8(_mm_or_si128(lowNibbles(qs), bitsAsBytes(qh, 16)), sixteen), d, 0.f);
    group(16, _mm_sub_epi8(_mm_or_si128(highNibbles(qs), bitsAsBytes(qh >> 16, 16)), sixteen), d, 0.f);
}

template<typename Group> inline void q5_1Groups(const unsigned char *b, Group &group)
{
    const float d = halfAt(b), m = halfAt(b + 2);
    const unsigned qh = wordAt(b + 4);
    const __m128i qs = load16(b + 8);
    group(0, _mm_or_si128(lowNibbles(qs), bitsAsBytes(qh, 16)), d, m);
    group(16, _mm_or_si128(highNibbles(qs), bitsAsBytes(qh >> 16, 16)), d, m);
}

// The 32-weight types without an offset (Q8_0, Q4_0, Q5_0) read whole: the block's 32 signed codes
// as two registers of 16 (elements 0–15 and 16–31), returning its scale d. Their kernels sum
// code · x over a block and multiply by d once (dotRowsSymmetricOf): d · code is exact in float
// (a half times an integer of at most 8 bits), so that is the same sum of the same weights, only
// rounded in another order.
inline float q8_0Codes(const unsigned char *b, __m128i &low, __m128i &high)
{
    low = load16(b + 2);
    high = load16(b + 18);
    return halfAt(b);
}

inline float q4_0Codes(const unsigned char *b, __m128i &low, __m128i &high)
{
    const __m128i qs = load16(b + 2), eight = _mm_set1_epi8(8);
    low = _mm_sub_epi8(lowNibbles(qs), eight);
    high = _mm_sub_epi8(highNibbles(qs), eight);
    return halfAt(b);
}

inline float q5_0Codes(const unsigned char *b, __m128i &low, __m128i &high)
{
    const unsigned qh = wordAt(b + 2);
    const __m128i qs = load16(b + 6), sixteen = _mm_set1_epi8(16);
#if defined(__AVX512BW__) && defined(__AVX512VL__)
    // code = nibble − 16 where the fifth bit is clear, the nibble itself where it is set: one
    // masked subtraction per 16 codes with the bits as a mask register.
    const __m128i lowN = lowNibbles(qs), highN = highNibbles(qs);
    low = _mm_mask_sub_epi8(lowN, _cvtu32_mask16(~qh & 0xFFFF), lowN, sixteen);
    high = _mm_mask_sub_epi8(highN, _cvtu32_mask16(~qh >> 16), highN, sixteen);
#else
    low = _mm_sub_epi8(_mm_or_si128(lowNibbles(qs), bitsAsBytes(qh, 16)), sixteen);
    high = _mm_sub_epi8(_mm_or_si128(highNibbles(qs), bitsAsBytes(qh >> 16, 16)), sixteen);
#endif
    return halfAt(b);
}

// Q4_K and Q5_K: four 64-weight spans, each the low nibbles of 32 bytes (sub-block 2p) then their
// high nibbles (sub-block 2p + 1); Q5_K adds bit 2p or 2p + 1 of each of its 32 high-bit bytes.
template<bool FifthBit, typename Group> inline void kQuantGroups(const unsigned char *b, Group &group)
{
    const float d = halfAt(b), dmin = halfAt(b + 2);
    const ScalesMins sm = unpackScalesMins(b + 4);
    const unsigned char *qh = b + 16;
    const unsigned char *qs = FifthBit ? b + 48 : b + 16;
    const __m128i zero = _mm_setzero_si128();
    for (int p = 0; p < 4; ++p) {
        const float d1 = d * float(sm.scale[2 * p]), m1 = -(dmin * float(sm.min[2 * p]));
        const float d2 = d * float(sm.scale[2 * p + 1]), m2 = -(dmin * float(sm.min[2 * p + 1]));
        for (int h = 0; h < 2; ++h) {
            const __m128i q = load16(qs + 32 * p + 16 * h);
            const __m128i high = FifthBit ? load16(qh + 16 * h) : zero;
            const __m128i low1 = FifthBit ? fieldAsHighBits(high, 2 * p, 1) : zero;
            const __m128i low2 = FifthBit ? fieldAsHighBits(high, 2 * p + 1, 1) : zero;
            group(64 * p + 16 * h, _mm_or_si128(lowNibbles(q), low1), d1, m1);
            group(64 * p + 32 + 16 * h, _mm_or_si128(highNibbles(q), low2), d2, m2);
        }
    }
}

template<typename Group> inline void q4_KGroups(const unsigned char *b, Group &group)
{
    kQuantGroups<false>(b, group);
}

template<typename Group> inline void q5_KGroups(const unsigned char *b, Group &group)
{
    kQuantGroups<true>(b, group);
}

// Q6_K: two 128-weight halves; in each, 16-weight group g of quarter k takes the low (k = 0, 1) or
// high (k = 2, 3) nibbles of 16 of its 64 low-bit bytes and 2 bits (2k) of 16 of its 32 high-bit
// bytes, minus 32, with the int8 scale of sub-block g + 2k.
template<typename Group> inline void q6_KGroups(const unsigned char *b, Group &group)
{
    const float d = halfAt(b + 208);
    const signed char *scales = reinterpret_cast<const signed char *>(b + 192);
    const __m128i thirtyTwo = _mm_set1_epi8(32);
    for (int n = 0; n < 2; ++n) {
        const unsigned char *ql = b + 64 * n, *qh = b + 128 + 32 * n;
        const signed char *sc = scales + 8 * n;
        for (int g = 0; g < 2; ++g) {
            const __m128i a = load16(ql + 16 * g), c = load16(ql + 32 + 16 * g), h = load16(qh + 16 * g);
            const __m128i codes[4] = {lowNibbles(a), lowNibbles(c), highNibbles(a), highNibbles(c)};
            for (int k = 0; k < 4; ++k) {
                const __m128i code = _mm_or_si128(codes[k], fieldAsHighBits(h, 2 * k, 3));
                group(128 * n + 32 * k + 16 * g, _mm_sub_epi8(code, thirtyTwo), d * float(sc[g + 2 * k]), 0.f);
            }
        }
    }
}

// ggml's type ids (ggml.h's GGML_TYPE_*) of the types above.
enum GgmlQuantType { Q4_0 = 2, Q4_1 = 3, Q5_0 = 6, Q5_1 = 7, Q8_0 = 8, Q4_K = 12, Q5_K = 13, Q6_K = 14 };

// Calls `kernel.template run<Size, Bytes>(reader)` with `type`'s block size, block bytes and a reader
// that hands a block's groups on (reader(block, group)), or for a 32-weight type without an offset
// `kernel.template runSymmetric<Bytes>(codes)` with its codes reader above; false for a type not
// above.
template<typename Kernel> inline bool withBlockType(int type, const Kernel &kernel)
{
    switch (type) {
    case Q4_0:
        kernel.template runSymmetric<18>(
            [](const unsigned char *b, __m128i &l, __m128i &h) { return q4_0Codes(b, l, h); });
        return true;
    case Q4_1:
        kernel.template run<32, 20>([](const unsigned char *b, auto &g) { q4_1Groups(b, g); });
        return true;
    case Q5_0:
        kernel.template runSymmetric<22>(
            [](const unsigned char *b, __m128i &l, __m128i &h) { return q5_0Codes(b, l, h); });
        return true;
    case Q5_1:
        kernel.template run<32, 24>([](const unsigned char *b, auto &g) { q5_1Groups(b, g); });
        return true;
    case Q8_0:
        kernel.template runSymmetric<34>(
            [](const unsigned char *b, __m128i &l, __m128i &h) { return q8_0Codes(b, l, h); });
        return true;
    case Q4_K:
        kernel.template run<256, 144>([](const unsigned char *b, auto &g) { q4_KGroups(b, g); });
        return true;
    case Q5_K:
        kernel.template run<256, 176>([](const unsigned char *b, auto &g) { q5_KGroups(b, g); });
        return true;
    case Q6_K:
        kernel.template run<256, 210>([](const unsigned char *b, auto &g) { q6_KGroups(b, g); });
        return true;
    default:
        return false;
    }
}

// The few-row product over whole blocks, for a vector width given by `Simd`, which provides
// Weights (one group dequantized in registers), Sums (one output's running sums), zero(),
// dequantize(codes, s, m), multiplyAdd(sums, weights, x) (sums += weights · x[0, 16)) and
// total(sums). M input rows (1 to 4) share each dequantized group.
// For each weight row o: M zeroed sums, `addRow(row, sums)` over its bytes, the totals to out.
template<typename Simd, int M, typename AddRow>
void eachWeightRow(const unsigned char *w, long rows, long rowBytes, float *out, long ldo, AddRow addRow)
{
    for (long o = 0; o < rows; ++o) {
        typename Simd::Sums sums[M];
        for (int r = 0; r < M; ++r)
            sums[r] = Simd::zero();
        addRow(w + o * rowBytes, sums);
        for (int r = 0; r < M; ++r)
            out[r * ldo + o] = Simd::total(sums[r]);
    }
}

template<typename Simd, int M, int Size, int Bytes, typename Reader>
void dotRowsOf(const float *x, long ldx, const unsigned char *w, long rows, long blocks, long rowBytes, float *out,
    long ldo, Reader reader)
{
    eachWeightRow<Simd, M>(w, rows, rowBytes, out, ldo, [&](const unsigned char *row, typename Simd::Sums *sums) {
        for (long b = 0; b < blocks; ++b) {
            const float *xb = x + b * Size;
            auto group = [&](int first, __m128i codes, float s, float m) {
                const typename Simd::Weights weights = Simd::dequantize(codes, s, m);
                for (int r = 0; r < M; ++r)
                    Simd::multiplyAdd(sums[r], weights, xb + r * ldx + first);
            };
            reader(row + b * Bytes, group);
        }
    });
}

// The same for the 32-weight types without an offset: per block, `Simd` turns the 32 codes into
// Codes (codes(low, high)) and adds d · Σ code · x to each output's sums
// (blockMultiplyAdd(sums, codes, x, d)).
template<typename Simd, int M, int Bytes, typename Reader>
void dotRowsSymmetricOf(const float *x, long ldx, const unsigned char *w, long rows, long blocks, long rowBytes,
    float *out, long ldo, Reader reader)
{
    eachWeightRow<Simd, M>(w, rows, rowBytes, out, ldo, [&](const unsigned char *row, typename Simd::Sums *sums) {
        for (long b = 0; b < blocks; ++b) {
            __m128i low, high;
            const float d = reader(row + b * Bytes, low, high);
            const typename Simd::Codes codes = Simd::codes(low, high);
            for (int r = 0; r < M; ++r)
                Simd::blockMultiplyAdd(sums[r], codes, x + r * ldx + b * 32, d);
        }
    });
}

// A count as a type, without the standard library's std::integral_constant.
template<int N> struct Count {
    static constexpr int value = N;
};

// quantrows.h's kernel for `Simd`: m input rows taken four at a time.
template<typename Simd> struct DotRows {
    const float *x;
    long m, ldx;
    const unsigned char *w;
    long rows, blocks, rowBytes;
    float *out;
    long ldo;

    // Calls `rowsOf(xr, o, std::integral_constant<int, M>())` for each run of M (1 to 4) input rows.
    template<typename RowsOf> void fourAtATime(RowsOf rowsOf) const
    {
        for (long r0 = 0; r0 < m; r0 += 4) {
            const float *xr = x + r0 * ldx;
            float *o = out + r0 * ldo;
            switch (m - r0 < 4 ? m - r0 : 4) {
            case 1:
                rowsOf(xr, o, Count<1>());
                break;
            case 2:
                rowsOf(xr, o, Count<2>());
                break;
            case 3:
                rowsOf(xr, o, Count<3>());
                break;
            default:
                rowsOf(xr, o, Count<4>());
                break;
            }
        }
    }

    template<int Size, int Bytes, typename Reader> void run(Reader reader) const
    {
        fourAtATime([&](const float *xr, float *o, auto count) {
            dotRowsOf<Simd, decltype(count)::value, Size, Bytes>(xr, ldx, w, rows, blocks, rowBytes, o, ldo, reader);
        });
    }

    template<int Bytes, typename Reader> void runSymmetric(Reader reader) const
    {
        fourAtATime([&](const float *xr, float *o, auto count) {
            dotRowsSymmetricOf<Simd, decltype(count)::value, Bytes>(xr, ldx, w, rows, blocks, rowBytes, o, ldo, reader);
        });
    }
};

template<typename Simd>
inline bool quantDotRows(int type, const float *x, long m, long ldx, const unsigned char *w, long rows, long blocks,
    long rowBytes, float *out, long ldo)
{
    const DotRows<Simd> kernel {x, m, ldx, w, rows, blocks, rowBytes, out, ldo};
    return withBlockType(type, kernel);
}

} // namespace

} // namespace attnlab::core::model::kernels::detail
