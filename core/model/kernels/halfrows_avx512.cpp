// The 16-bit float row kernels with AVX-512 (F, BW, VL) intrinsics, compiled with those flags and
// chosen at run time only on processors that have them (core/engine/kernelvariant.h). Like
// halfrows_avx2.cpp it includes no Eigen or standard-library header, so no inline function
// compiled here with AVX-512 can be merged by the linker into code for older processors.
//
// 16 elements per vector; a length that is not a multiple of 16 ends with one masked step (the
// lanes past the end are neither read nor written), so there is no scalar tail.

#include <immintrin.h>

namespace attnlab::core::model::kernels::detail {

namespace {

inline __mmask16 tailMask(long remaining)
{
    return __mmask16((1u << remaining) - 1u);
}

// 16 elements widened to floats: bfloat16 is the upper half of a float (a shift, exact); F16 has
// an instruction of its own (exact for every pattern, subnormals included).
template<bool Bf16> inline __m512 widen16(__m256i bits)
{
    if (Bf16)
        return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(bits), 16));
    return _mm512_cvtph_ps(bits);
}

template<bool Bf16> inline __m512 load16(const unsigned short *p)
{
    return widen16<Bf16>(_mm256_loadu_si256(reinterpret_cast<const __m256i *>(p)));
}

// The first `remaining` (< 16) elements; the other lanes are 0.
template<bool Bf16> inline __m512 loadTail(const unsigned short *p, __mmask16 mask)
{
    return widen16<Bf16>(_mm256_maskz_loadu_epi16(mask, p));
}

template<bool Bf16> void widenT(const unsigned short *src, long n, float *out)
{
    long i = 0;
    for (; i + 16 <= n; i += 16)
        _mm512_storeu_ps(out + i, load16<Bf16>(src + i));
    if (i < n) {
        const __mmask16 m = tailMask(n - i);
        _mm512_mask_storeu_ps(out + i, m, loadTail<Bf16>(src + i, m));
    }
}

template<bool Bf16> void addWidenedT(const unsigned short *src, long n, float *out)
{
    long i = 0;
    for (; i + 16 <= n; i += 16)
        _mm512_storeu_ps(out + i, _mm512_add_ps(_mm512_loadu_ps(out + i), load16<Bf16>(src + i)));
    if (i < n) {
        const __mmask16 m = tailMask(n - i);
        _mm512_mask_storeu_ps(out + i, m, _mm512_add_ps(_mm512_maskz_loadu_ps(m, out + i), loadTail<Bf16>(src + i, m)));
    }
}

// One weight row against x, read front to back as one stream (reading four rows side by side
// was a third slower from memory here); four accumulators hide the FMA latency.
template<bool Bf16> float dot(const float *x, const unsigned short *w, long k)
{
    __m512 a0 = _mm512_setzero_ps(), a1 = _mm512_setzero_ps(), a2 = _mm512_setzero_ps(), a3 = _mm512_setzero_ps();
    long i = 0;
    for (; i + 64 <= k; i += 64) {
        a0 = _mm512_fmadd_ps(_mm512_loadu_ps(x + i), load16<Bf16>(w + i), a0);
        a1 = _mm512_fmadd_ps(_mm512_loadu_ps(x + i + 16), load16<Bf16>(w + i + 16), a1);
        a2 = _mm512_fmadd_ps(_mm512_loadu_ps(x + i + 32), load16<Bf16>(w + i + 32), a2);
        a3 = _mm512_fmadd_ps(_mm512_loadu_ps(x + i + 48), load16<Bf16>(w + i + 48), a3);
    }
    for (; i + 16 <= k; i += 16)
        a0 = _mm512_fmadd_ps(_mm512_loadu_ps(x + i), load16<Bf16>(w + i), a0);
    if (i < k) {
        const __mmask16 m = tailMask(k - i);
        a1 = _mm512_fmadd_ps(_mm512_maskz_loadu_ps(m, x + i), loadTail<Bf16>(w + i, m), a1);
    }
    return _mm512_reduce_add_ps(_mm512_add_ps(_mm512_add_ps(a0, a1), _mm512_add_ps(a2, a3)));
}

template<bool Bf16> void dotRowsT(const float *x, const unsigned short *w, long rows, long k, long stride, float *out)
{
    for (long r = 0; r < rows; ++r)
        out[r] = dot<Bf16>(x, w + r * stride, k);
}

// Four input rows at a time: each output vector is loaded and stored once per four weight rows.
template<bool Bf16>
void accumulateRowsT(const float *x, const unsigned short *w, long k, long n, long stride, float *out)
{
    long i = 0;
    for (; i + 4 <= k; i += 4) {
        const __m512 x0 = _mm512_set1_ps(x[i]), x1 = _mm512_set1_ps(x[i + 1]);
        const __m512 x2 = _mm512_set1_ps(x[i + 2]), x3 = _mm512_set1_ps(x[i + 3]);
        const unsigned short *w0 = w + i * stride, *w1 = w0 + stride, *w2 = w1 + stride, *w3 = w2 + stride;
        long j = 0;
        for (; j + 16 <= n; j += 16) {
            __m512 o = _mm512_loadu_ps(out + j);
            o = _mm512_fmadd_ps(x0, load16<Bf16>(w0 + j), o);
            o = _mm512_fmadd_ps(x1, load16<Bf16>(w1 + j), o);
            o = _mm512_fmadd_ps(x2, load16<Bf16>(w2 + j), o);
            o = _mm512_fmadd_ps(x3, load16<Bf16>(w3 + j), o);
            _mm512_storeu_ps(out + j, o);
        }
        if (j < n) {
            const __mmask16 m = tailMask(n - j);
            __m512 o = _mm512_maskz_loadu_ps(m, out + j);
            o = _mm512_fmadd_ps(x0, loadTail<Bf16>(w0 + j, m), o);
            o = _mm512_fmadd_ps(x1, loadTail<Bf16>(w1 + j, m), o);
            o = _mm512_fmadd_ps(x2, loadTail<Bf16>(w2 + j, m), o);
            o = _mm512_fmadd_ps(x3, loadTail<Bf16>(w3 + j, m), o);
            _mm512_mask_storeu_ps(out + j, m, o);
        }
    }
    for (; i < k; ++i) {
        const __m512 a = _mm512_set1_ps(x[i]);
        const unsigned short *row = w + i * stride;
        long j = 0;
        for (; j + 16 <= n; j += 16)
            _mm512_storeu_ps(out + j, _mm512_fmadd_ps(a, load16<Bf16>(row + j), _mm512_loadu_ps(out + j)));
        if (j < n) {
            const __mmask16 m = tailMask(n - j);
            _mm512_mask_storeu_ps(
                out + j, m, _mm512_fmadd_ps(a, loadTail<Bf16>(row + j, m), _mm512_maskz_loadu_ps(m, out + j)));
        }
    }
}

} // namespace

void widenAvx512(bool bf16, const unsigned short *src, long n, float *out)
{
    bf16 ? widenT<true>(src, n, out) : widenT<false>(src, n, out);
}

void addWidenedAvx512(bool bf16, const unsigned short *src, long n, float *out)
{
    bf16 ? addWidenedT<true>(src, n, out) : addWidenedT<false>(src, n, out);
}

void dotRowsAvx512(bool bf16, const float *x, const unsigned short *w, long rows, long k, long stride, float *out)
{
    bf16 ? dotRowsT<true>(x, w, rows, k, stride, out) : dotRowsT<false>(x, w, rows, k, stride, out);
}

void accumulateRowsAvx512(bool bf16, const float *x, const unsigned short *w, long k, long n, long stride, float *out)
{
    bf16 ? accumulateRowsT<true>(x, w, k, n, stride, out) : accumulateRowsT<false>(x, w, k, n, stride, out);
}

} // namespace attnlab::core::model::kernels::detail
