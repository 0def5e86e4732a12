// The masked-softmax row kernel with AVX2 + FMA intrinsics, compiled with -mavx2 -mfma and
// chosen at run time only on processors that have both (see softmax.cpp). It deliberately
// includes no Eigen or standard-library header: inline functions compiled here with AVX2
// must not be merged by the linker into code that runs on older processors.

#include <immintrin.h>

namespace attnlab::core::detail {

namespace {

// e^x for x ≤ 0 (callers subtract the row maximum), Cephes-style: x = n·ln2 + r, e^r by a
// degree-6 polynomial, 2^n through the exponent bits. Relative error below 2e-7; inputs under
// −87 give 0.
inline __m256 exp256(__m256 x)
{
    const __m256 lowest = _mm256_set1_ps(-87.3f);
    const __m256 tooSmall = _mm256_cmp_ps(x, lowest, _CMP_LT_OQ);
    x = _mm256_max_ps(x, lowest);
    const __m256 n = _mm256_round_ps(
        _mm256_mul_ps(x, _mm256_set1_ps(1.44269504088896341f)), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m256 r = _mm256_fnmadd_ps(n, _mm256_set1_ps(0.693359375f), x);
    r = _mm256_fnmadd_ps(n, _mm256_set1_ps(-2.12194440e-4f), r);
    __m256 p = _mm256_set1_ps(1.9875691500e-4f);
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.3981999507e-3f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(8.3334519073e-3f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(4.1665795894e-2f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.6666665459e-1f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(5.0000001201e-1f));
    p = _mm256_fmadd_ps(p, _mm256_mul_ps(r, r), _mm256_add_ps(r, _mm256_set1_ps(1.f)));
    const __m256i bits = _mm256_slli_epi32(_mm256_add_epi32(_mm256_cvtps_epi32(n), _mm256_set1_epi32(127)), 23);
    const __m256 result = _mm256_mul_ps(p, _mm256_castsi256_ps(bits));
    return _mm256_andnot_ps(tooSmall, result);
}

inline float horizontalMax(__m256 v)
{
    __m128 m = _mm_max_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    m = _mm_max_ps(m, _mm_movehl_ps(m, m));
    m = _mm_max_ss(m, _mm_shuffle_ps(m, m, 1));
    return _mm_cvtss_f32(m);
}

inline float horizontalSum(__m256 v)
{
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_shuffle_ps(s, s, 1));
    return _mm_cvtss_f32(s);
}

// 8 visibility bytes → a lane mask of all-ones where visible.
inline __m256 visibleMask(const unsigned char *visible)
{
    const __m128i bytes = _mm_loadl_epi64(reinterpret_cast<const __m128i *>(visible));
    const __m256i wide = _mm256_cvtepu8_epi32(bytes);
    return _mm256_castsi256_ps(_mm256_cmpgt_epi32(wide, _mm256_setzero_si256()));
}

float scalarExp(float x)
{
    return _mm256_cvtss_f32(exp256(_mm256_set1_ps(x)));
}

} // namespace

bool maskedSoftmaxRowAvx2(const float *scaled, const unsigned char *visible, long n, float *masked, float *weights)
{
    const float minusInf = -__builtin_inff();
    const __m256 vMinusInf = _mm256_set1_ps(minusInf);
    __m256 vMax = vMinusInf;
    long j = 0;
    for (; j + 8 <= n; j += 8) {
        const __m256 m = _mm256_blendv_ps(vMinusInf, _mm256_loadu_ps(scaled + j), visibleMask(visible + j));
        _mm256_storeu_ps(masked + j, m);
        vMax = _mm256_max_ps(vMax, m);
    }
    float top = horizontalMax(vMax);
    for (; j < n; ++j) {
        masked[j] = visible[j] ? scaled[j] : minusInf;
        top = masked[j] > top ? masked[j] : top;
    }
    if (top == minusInf) {
        for (long i = 0; i < n; ++i)
            weights[i] = 0.f;
        return false;
    }
    const __m256 vTop = _mm256_set1_ps(top);
    __m256 vSum = _mm256_setzero_ps();
    for (j = 0; j + 8 <= n; j += 8) {
        const __m256 e
            = _mm256_and_ps(exp256(_mm256_sub_ps(_mm256_loadu_ps(masked + j), vTop)), visibleMask(visible + j));
        _mm256_storeu_ps(weights + j, e);
        vSum = _mm256_add_ps(vSum, e);
    }
    float sum = horizontalSum(vSum);
    for (; j < n; ++j) {
        weights[j] = visible[j] ? scalarExp(masked[j] - top) : 0.f;
        sum += weights[j];
    }
    const __m256 vInv = _mm256_set1_ps(1.f / sum);
    for (j = 0; j + 8 <= n; j += 8)
        _mm256_storeu_ps(weights + j, _mm256_mul_ps(_mm256_loadu_ps(weights + j), vInv));
    for (; j < n; ++j)
        weights[j] *= 1.f / sum;
    return true;
}

} // namespace attnlab::core::detail
