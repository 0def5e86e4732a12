// The few-row float32 product kernel (skinny.h) with AVX-512 F intrinsics, compiled with the
// AVX-512 flags and chosen at run time only on processors that have them
// (core/engine/kernelvariant.h). Like skinny_avx2.cpp it includes no Eigen or standard-library
// header, so no inline function compiled here with AVX-512 can be merged by the linker into code
// for older processors.
//
// Each weight loaded from memory is used at once by a block of input rows; an input length that
// is not a multiple of 16 ends with one masked step, not a scalar loop.

#include <immintrin.h>

namespace attnlab::core::model::kernels::detail {

namespace {

// R input rows against C weight rows (nn.Linear): R·C dot products of length k. R·C + C + 1 of
// the 32 registers: at most 4 × 4.
template<int R, int C> void dotTile(const float *x, long ldx, long k, const float *w, long ldw, float *out, long ldo)
{
    __m512 acc[R][C];
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c)
            acc[r][c] = _mm512_setzero_ps();
    long i = 0;
    for (; i + 16 <= k; i += 16) {
        __m512 wv[C];
        for (int c = 0; c < C; ++c)
            wv[c] = _mm512_loadu_ps(w + c * ldw + i);
        for (int r = 0; r < R; ++r) {
            const __m512 xv = _mm512_loadu_ps(x + r * ldx + i);
            for (int c = 0; c < C; ++c)
                acc[r][c] = _mm512_fmadd_ps(xv, wv[c], acc[r][c]);
        }
    }
    if (i < k) {
        const __mmask16 m = __mmask16((1u << (k - i)) - 1u);
        __m512 wv[C];
        for (int c = 0; c < C; ++c)
            wv[c] = _mm512_maskz_loadu_ps(m, w + c * ldw + i);
        for (int r = 0; r < R; ++r) {
            const __m512 xv = _mm512_maskz_loadu_ps(m, x + r * ldx + i);
            for (int c = 0; c < C; ++c)
                acc[r][c] = _mm512_fmadd_ps(xv, wv[c], acc[r][c]);
        }
    }
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c)
            out[r * ldo + c] = _mm512_reduce_add_ps(acc[r][c]);
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

// Outputs [0, count) of skinnyDot for rows × k inputs; W rows four at a time, so each weight row
// is read from memory once and reused from the first-level cache by every input row.
void skinnyDotAvx512(
    const float *x, long rows, long k, long ldx, const float *w, long ldw, long count, float *out, long ldo)
{
    long o = 0;
    for (; o + 4 <= count; o += 4)
        dotRowsBlock<4>(x, rows, ldx, k, w + o * ldw, ldw, out + o, ldo);
    switch (count - o) {
    case 3:
        return dotRowsBlock<3>(x, rows, ldx, k, w + o * ldw, ldw, out + o, ldo);
    case 2:
        return dotRowsBlock<2>(x, rows, ldx, k, w + o * ldw, ldw, out + o, ldo);
    case 1:
        return dotRowsBlock<1>(x, rows, ldx, k, w + o * ldw, ldw, out + o, ldo);
    default:
        return;
    }
}

} // namespace attnlab::core::model::kernels::detail
