// The few-row float32 product kernel (skinny.h) with AVX2 + FMA intrinsics, compiled with those
// flags and chosen at run time only on processors that have both (see skinny.cpp). Like
// halfrows_avx2.cpp it includes no Eigen or standard-library header, so no inline function
// compiled here with AVX2 can be merged by the linker into code for older processors.
//
// Each weight loaded from memory is used at once by a block of input rows.

#include <immintrin.h>

namespace attnlab::core::model::kernels::detail {

namespace {

inline float horizontalSum(__m256 v)
{
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_shuffle_ps(s, s, 1));
    return _mm_cvtss_f32(s);
}

// R input rows against C weight rows (nn.Linear): R·C dot products of length k. R·C + C + 1
// registers: at most 4 × 3.
template<int R, int C> void dotTile(const float *x, long ldx, long k, const float *w, long ldw, float *out, long ldo)
{
    __m256 acc[R][C];
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c)
            acc[r][c] = _mm256_setzero_ps();
    long i = 0;
    for (; i + 8 <= k; i += 8) {
        __m256 wv[C];
        for (int c = 0; c < C; ++c)
            wv[c] = _mm256_loadu_ps(w + c * ldw + i);
        for (int r = 0; r < R; ++r) {
            const __m256 xv = _mm256_loadu_ps(x + r * ldx + i);
            for (int c = 0; c < C; ++c)
                acc[r][c] = _mm256_fmadd_ps(xv, wv[c], acc[r][c]);
        }
    }
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c) {
            float sum = horizontalSum(acc[r][c]);
            for (long j = i; j < k; ++j)
                sum += x[r * ldx + j] * w[c * ldw + j];
            out[r * ldo + c] = sum;
        }
}

template<int C>
void dotRowsBlock(const float *x, long rows, long ldx, long k, const float *w, long ldw, float *out, long ldo)
{
    long r = 0;
    for (; r + 4 <= rows; r += 4)
        dotTile<4, C>(x + r * ldx, ldx, k, w, ldw, out + r * ldo, ldo);
    switch (rows - r) {
    case 3:
        return dotTile<3, C>(x + r * ldx, ldx, k, w, ldw, out + r * ldo, ldo);
    case 2:
        return dotTile<2, C>(x + r * ldx, ldx, k, w, ldw, out + r * ldo, ldo);
    case 1:
        return dotTile<1, C>(x + r * ldx, ldx, k, w, ldw, out + r * ldo, ldo);
    default:
        return;
    }
}

} // namespace

// Outputs [0, count) of skinnyDot for rows × k inputs; W rows three at a time, so each weight
// row is read from memory once and reused from the first-level cache by every input row.
void skinnyDotAvx2(
    const float *x, long rows, long k, long ldx, const float *w, long ldw, long count, float *out, long ldo)
{
    long o = 0;
    for (; o + 3 <= count; o += 3)
        dotRowsBlock<3>(x, rows, ldx, k, w + o * ldw, ldw, out + o, ldo);
    if (count - o == 2)
        dotRowsBlock<2>(x, rows, ldx, k, w + o * ldw, ldw, out + o, ldo);
    else if (count - o == 1)
        dotRowsBlock<1>(x, rows, ldx, k, w + o * ldw, ldw, out + o, ldo);
}

} // namespace attnlab::core::model::kernels::detail
