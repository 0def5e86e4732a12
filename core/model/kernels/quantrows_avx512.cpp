// The quantized row kernel (quantrows.h) with AVX-512 (F, BW, VL) intrinsics, compiled with those
// flags and chosen at run time only on processors that have them (core/engine/kernelvariant.h).
// One group of 16 weights (quantgroups.h) is one vector: its codes widened to floats, times its
// scale plus its offset in one fused multiply-add, then multiplied into each input row. Like
// halfrows_avx512.cpp it includes no Eigen or standard-library header.

#include "core/model/kernels/quantgroups.h"

namespace attnlab::core::model::kernels::detail {

namespace {

struct Avx512 {
    using Weights = __m512;
    // Two running sums, used in turn, so consecutive multiply-adds do not wait for each other.
    struct Sums {
        __m512 a, b;
    };
    static Sums zero() { return {_mm512_setzero_ps(), _mm512_setzero_ps()}; }
    static Weights dequantize(__m128i codes, float s, float m)
    {
        return _mm512_fmadd_ps(_mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(codes)), _mm512_set1_ps(s), _mm512_set1_ps(m));
    }
    static void multiplyAdd(Sums &sums, Weights w, const float *x)
    {
        const __m512 next = _mm512_fmadd_ps(w, _mm512_loadu_ps(x), sums.a);
        sums.a = sums.b;
        sums.b = next;
    }
    static float total(const Sums &sums) { return _mm512_reduce_add_ps(_mm512_add_ps(sums.a, sums.b)); }

    // A 32-weight block's codes as floats, elements 0–15 and 16–31.
    struct Codes {
        __m512 low, high;
    };
    static Codes codes(__m128i low, __m128i high)
    {
        return {_mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(low)), _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(high))};
    }
    static void blockMultiplyAdd(Sums &sums, const Codes &codes, const float *x, float d)
    {
        const __m512 dot
            = _mm512_fmadd_ps(codes.high, _mm512_loadu_ps(x + 16), _mm512_mul_ps(codes.low, _mm512_loadu_ps(x)));
        const __m512 next = _mm512_fmadd_ps(dot, _mm512_set1_ps(d), sums.a);
        sums.a = sums.b;
        sums.b = next;
    }
};

} // namespace

bool quantDotRowsAvx512(int type, const float *x, long m, long ldx, const unsigned char *w, long rows, long blocks,
    long rowBytes, float *out, long ldo)
{
    return quantDotRows<Avx512>(type, x, m, ldx, w, rows, blocks, rowBytes, out, ldo);
}

} // namespace attnlab::core::model::kernels::detail
