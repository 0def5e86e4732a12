// The quantized row kernel (quantrows.h) with AVX2 + FMA (+ F16C for the half scales) intrinsics,
// compiled with those flags and chosen at run time only on processors that have all three
// (core/engine/kernelvariant.h). One group of 16 weights (quantgroups.h) is two vectors of 8: the
// codes widened to floats, times the group's scale plus its offset in one fused multiply-add,
// then multiplied into each input row. Like halfrows_avx2.cpp it includes no Eigen or
// standard-library header.

#include "core/model/kernels/quantgroups.h"

namespace attnlab::core::model::kernels::detail {

namespace {

struct Avx2 {
    struct Weights {
        __m256 low, high;
    };
    // One running sum per half of a group, so the two multiply-adds do not wait for each other.
    struct Sums {
        __m256 low, high;
    };
    static Sums zero() { return {_mm256_setzero_ps(), _mm256_setzero_ps()}; }
    static __m256 widen(__m128i eightCodes, __m256 s, __m256 m)
    {
        return _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(eightCodes)), s, m);
    }
    static Weights dequantize(__m128i codes, float s, float m)
    {
        const __m256 sv = _mm256_set1_ps(s), mv = _mm256_set1_ps(m);
        return {widen(codes, sv, mv), widen(_mm_unpackhi_epi64(codes, codes), sv, mv)};
    }
    static void multiplyAdd(Sums &sums, const Weights &w, const float *x)
    {
        sums.low = _mm256_fmadd_ps(w.low, _mm256_loadu_ps(x), sums.low);
        sums.high = _mm256_fmadd_ps(w.high, _mm256_loadu_ps(x + 8), sums.high);
    }
    // A 32-weight block's codes as floats, eight at a time.
    struct Codes {
        __m256 part[4];
    };
    static __m256 asFloats(__m128i eightCodes) { return _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(eightCodes)); }
    static Codes codes(__m128i low, __m128i high)
    {
        return {{asFloats(low), asFloats(_mm_unpackhi_epi64(low, low)), asFloats(high),
            asFloats(_mm_unpackhi_epi64(high, high))}};
    }
    static void blockMultiplyAdd(Sums &sums, const Codes &codes, const float *x, float d)
    {
        const __m256 low
            = _mm256_fmadd_ps(codes.part[2], _mm256_loadu_ps(x + 16), _mm256_mul_ps(codes.part[0], _mm256_loadu_ps(x)));
        const __m256 high = _mm256_fmadd_ps(
            codes.part[3], _mm256_loadu_ps(x + 24), _mm256_mul_ps(codes.part[1], _mm256_loadu_ps(x + 8)));
        const __m256 dv = _mm256_set1_ps(d);
        sums.low = _mm256_fmadd_ps(low, dv, sums.low);
        sums.high = _mm256_fmadd_ps(high, dv, sums.high);
    }
    static float total(const Sums &sums)
    {
        const __m256 v = _mm256_add_ps(sums.low, sums.high);
        const __m128 quarter = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
        const __m128 pairs = _mm_hadd_ps(quarter, quarter);
        return _mm_cvtss_f32(_mm_hadd_ps(pairs, pairs));
    }
};

} // namespace

bool quantDotRowsAvx2(int type, const float *x, long m, long ldx, const unsigned char *w, long rows, long blocks,
    long rowBytes, float *out, long ldo)
{
    return quantDotRows<Avx2>(type, x, m, ldx, w, rows, blocks, rowBytes, out, ldo);
}

} // namespace attnlab::core::model::kernels::detail
