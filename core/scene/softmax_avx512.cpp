// The masked-softmax row kernel with AVX-512 (F, BW, VL) intrinsics, compiled with those flags and
// chosen at run time only on processors that have them (core/engine/kernelvariant.h). Like
// softmax_avx2.cpp it includes no Eigen or standard-library header: inline functions compiled
// here must not be merged by the linker into code that runs on older processors.
//
// 16 cells per step; a row whose length is not a multiple of 16 ends with one masked step (the
// cells past the end are neither read nor written).

#include <immintrin.h>

namespace attnlab::core::detail {

namespace {

// e^x for x ≤ 0 (callers subtract the row maximum), the polynomial of softmax_avx2.cpp's exp256:
// x = n·ln2 + r, e^r by a degree-6 polynomial, 2^n by scalef. Relative error below 2e-7; inputs
// under −87 give 0.
inline __m512 exp512(__m512 x)
{
    const __m512 lowest = _mm512_set1_ps(-87.3f);
    const __mmask16 inRange = _mm512_cmp_ps_mask(x, lowest, _CMP_GE_OQ);
    x = _mm512_max_ps(x, lowest);
    const __m512 n = _mm512_roundscale_ps(
        _mm512_mul_ps(x, _mm512_set1_ps(1.44269504088896341f)), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m512 r = _mm512_fnmadd_ps(n, _mm512_set1_ps(0.693359375f), x);
    r = _mm512_fnmadd_ps(n, _mm512_set1_ps(-2.12194440e-4f), r);
    __m512 p = _mm512_set1_ps(1.9875691500e-4f);
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.3981999507e-3f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(8.3334519073e-3f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(4.1665795894e-2f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.6666665459e-1f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(5.0000001201e-1f));
    p = _mm512_fmadd_ps(p, _mm512_mul_ps(r, r), _mm512_add_ps(r, _mm512_set1_ps(1.f)));
    return _mm512_maskz_scalef_ps(inRange, p, n);
}

// 16 visibility bytes (the first `m` lanes of them) → the lanes that are visible.
inline __mmask16 visibleLanes(const unsigned char *visible, __mmask16 m)
{
    const __m128i bytes = _mm_maskz_loadu_epi8(m, visible);
    return _mm_test_epi8_mask(bytes, bytes);
}

inline __mmask16 lanes(long remaining)
{
    return remaining >= 16 ? __mmask16(0xffff) : __mmask16((1u << remaining) - 1u);
}

} // namespace

bool maskedSoftmaxRowAvx512(const float *scaled, const unsigned char *visible, long n, float *masked, float *weights)
{
    const __m512 vMinusInf = _mm512_set1_ps(-__builtin_inff());
    __m512 vMax = vMinusInf;
    for (long j = 0; j < n; j += 16) {
        const __mmask16 m = lanes(n - j);
        const __m512 v = _mm512_mask_loadu_ps(vMinusInf, visibleLanes(visible + j, m), scaled + j);
        _mm512_mask_storeu_ps(masked + j, m, v);
        vMax = _mm512_max_ps(vMax, v);
    }
    const float top = _mm512_reduce_max_ps(vMax);
    if (top == -__builtin_inff()) {
        for (long j = 0; j < n; j += 16)
            _mm512_mask_storeu_ps(weights + j, lanes(n - j), _mm512_setzero_ps());
        return false;
    }
    const __m512 vTop = _mm512_set1_ps(top);
    __m512 vSum = _mm512_setzero_ps();
    for (long j = 0; j < n; j += 16) {
        const __mmask16 m = lanes(n - j);
        const __mmask16 shown = visibleLanes(visible + j, m);
        const __m512 e = _mm512_maskz_mov_ps(shown, exp512(_mm512_sub_ps(_mm512_maskz_loadu_ps(m, masked + j), vTop)));
        _mm512_mask_storeu_ps(weights + j, m, e);
        vSum = _mm512_add_ps(vSum, e);
    }
    const __m512 vInv = _mm512_set1_ps(1.f / _mm512_reduce_add_ps(vSum));
    for (long j = 0; j < n; j += 16) {
        const __mmask16 m = lanes(n - j);
        _mm512_mask_storeu_ps(weights + j, m, _mm512_mul_ps(_mm512_maskz_loadu_ps(m, weights + j), vInv));
    }
    return true;
}

} // namespace attnlab::core::detail
