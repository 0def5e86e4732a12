// The 16-bit float row kernels with AVX2 + FMA + F16C intrinsics, compiled with those flags and
// chosen at run time only on processors that have all three (see halfrows.cpp). Like
// core/scene/softmax_avx2.cpp it includes no Eigen or standard-library header, so no inline
// function compiled here with AVX2 can be merged by the linker into code for older processors.

#include <immintrin.h>

namespace attnlab::core::model::kernels::detail {

namespace {

// 8 elements at p widened to floats: bfloat16 is the upper half of a float; F16 has an
// instruction of its own (exact for every pattern, subnormals included).
template<bool Bf16> inline __m256 load8(const unsigned short *p)
{
    const __m128i bits = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
    if (Bf16)
        return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(bits), 16));
    return _mm256_cvtph_ps(bits);
}

template<bool Bf16> inline float scalar(unsigned short b)
{
    if (Bf16) {
        const __m128i v = _mm_cvtsi32_si128(int(unsigned(b) << 16));
        return _mm_cvtss_f32(_mm_castsi128_ps(v));
    }
    return _mm_cvtss_f32(_mm_cvtph_ps(_mm_cvtsi32_si128(int(b))));
}

inline float horizontalSum(__m256 v)
{
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_shuffle_ps(s, s, 1));
    return _mm_cvtss_f32(s);
}

template<bool Bf16> void widenT(const unsigned short *src, long n, float *out)
{
    long i = 0;
    for (; i + 8 <= n; i += 8)
        _mm256_storeu_ps(out + i, load8<Bf16>(src + i));
    for (; i < n; ++i)
        out[i] = scalar<Bf16>(src[i]);
}

template<bool Bf16> void addWidenedT(const unsigned short *src, long n, float *out)
{
    long i = 0;
    for (; i + 8 <= n; i += 8)
        _mm256_storeu_ps(out + i, _mm256_add_ps(_mm256_loadu_ps(out + i), load8<Bf16>(src + i)));
    for (; i < n; ++i)
        out[i] += scalar<Bf16>(src[i]);
}

template<bool Bf16> float dotT(const float *x, const unsigned short *w, long k)
{
    // Four accumulators hide the FMA latency.
    __m256 a0 = _mm256_setzero_ps(), a1 = _mm256_setzero_ps(), a2 = _mm256_setzero_ps(), a3 = _mm256_setzero_ps();
    long i = 0;
    for (; i + 32 <= k; i += 32) {
        a0 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i), load8<Bf16>(w + i), a0);
        a1 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i + 8), load8<Bf16>(w + i + 8), a1);
        a2 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i + 16), load8<Bf16>(w + i + 16), a2);
        a3 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i + 24), load8<Bf16>(w + i + 24), a3);
    }
    for (; i + 8 <= k; i += 8)
        a0 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i), load8<Bf16>(w + i), a0);
    float sum = horizontalSum(_mm256_add_ps(_mm256_add_ps(a0, a1), _mm256_add_ps(a2, a3)));
    for (; i < k; ++i)
        sum += x[i] * scalar<Bf16>(w[i]);
    return sum;
}

template<bool Bf16> void dotRowsT(const float *x, const unsigned short *w, long rows, long k, long stride, float *out)
{
    for (long r = 0; r < rows; ++r)
        out[r] = dotT<Bf16>(x, w + r * stride, k);
}

template<bool Bf16>
void accumulateRowsT(const float *x, const unsigned short *w, long k, long n, long stride, float *out)
{
    for (long i = 0; i < k; ++i) {
        const float a = x[i];
        const __m256 av = _mm256_set1_ps(a);
        const unsigned short *row = w + i * stride;
        long j = 0;
        for (; j + 8 <= n; j += 8)
            _mm256_storeu_ps(out + j, _mm256_fmadd_ps(av, load8<Bf16>(row + j), _mm256_loadu_ps(out + j)));
        for (; j < n; ++j)
            out[j] += a * scalar<Bf16>(row[j]);
    }
}

} // namespace

void widenAvx2(bool bf16, const unsigned short *src, long n, float *out)
{
    bf16 ? widenT<true>(src, n, out) : widenT<false>(src, n, out);
}

void addWidenedAvx2(bool bf16, const unsigned short *src, long n, float *out)
{
    bf16 ? addWidenedT<true>(src, n, out) : addWidenedT<false>(src, n, out);
}

void dotRowsAvx2(bool bf16, const float *x, const unsigned short *w, long rows, long k, long stride, float *out)
{
    bf16 ? dotRowsT<true>(x, w, rows, k, stride, out) : dotRowsT<false>(x, w, rows, k, stride, out);
}

void accumulateRowsAvx2(bool bf16, const float *x, const unsigned short *w, long k, long n, long stride, float *out)
{
    bf16 ? accumulateRowsT<true>(x, w, k, n, stride, out) : accumulateRowsT<false>(x, w, k, n, stride, out);
}

} // namespace attnlab::core::model::kernels::detail
