// An experiment kept for its measurement (bench/kernel_bench.cpp, docs/performance.md), not a
// kernel of the app: BF16 weight rows times a float row with AVX512-BF16's vdpbf16ps, which
// multiplies pairs of bf16 numbers. The float row x must first be made bf16; one bf16 part keeps 8
// of its 24 bits, so x is split into 1, 2 or 3 parts (x ≈ p₁ + p₂ + p₃, each the bf16 rounding of
// what the earlier ones left) and each part is one more dot product. Compiled with -mavx512bf16
// and run only where the processor has it; no library header, like the kernels' own files.

#include <immintrin.h>

namespace attnlab::bench::detail {

namespace {

inline __m512 widenHalf(__m256i bits)
{
    return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(bits), 16));
}

// R weight rows (stride k) against the parts of x: each weight vector loaded once for every part.
template<int R>
void dotBlock(int parts, const unsigned short *xParts, long padded, const unsigned short *w, long k, float *out)
{
    __m512 acc[R][3];
    for (int r = 0; r < R; ++r)
        acc[r][0] = acc[r][1] = acc[r][2] = _mm512_setzero_ps();
    for (long i = 0; i < padded; i += 32) {
        const __mmask32 m = k - i >= 32 ? __mmask32(0xffffffffu) : __mmask32((1u << (k - i)) - 1u);
        for (int r = 0; r < R; ++r) {
            const __m512bh wv = __m512bh(_mm512_maskz_loadu_epi16(m, w + r * k + i));
            for (int p = 0; p < parts; ++p)
                acc[r][p] = _mm512_dpbf16_ps(acc[r][p], __m512bh(_mm512_loadu_si512(xParts + p * padded + i)), wv);
        }
    }
    for (int r = 0; r < R; ++r)
        out[r] = _mm512_reduce_add_ps(_mm512_add_ps(_mm512_add_ps(acc[r][2], acc[r][1]), acc[r][0]));
}

} // namespace

// out[r] = Σ_i x[i]·W[r][i] (rows of k, stride k) with x split into `parts` bf16 parts (1 to 3).
// scratch holds 3 × (k rounded up to 32) 16-bit values.
void dotRowsBf16Split(
    int parts, const float *x, const unsigned short *w, long rows, long k, float *out, unsigned short *scratch)
{
    const long padded = (k + 31) / 32 * 32;
    for (int p = 0; p < parts; ++p)
        for (long i = 0; i < padded; i += 32) {
            // What the earlier parts left of x[i, i+32): x minus their sum, lanes past k zero.
            __m512 lo = _mm512_setzero_ps(), hi = _mm512_setzero_ps();
            if (i < k)
                lo = _mm512_maskz_loadu_ps(__mmask16(k - i >= 16 ? 0xffff : (1u << (k - i)) - 1u), x + i);
            if (i + 16 < k)
                hi = _mm512_maskz_loadu_ps(
                    __mmask16(k - i - 16 >= 16 ? 0xffff : (1u << (k - i - 16)) - 1u), x + i + 16);
            for (int q = 0; q < p; ++q) {
                const unsigned short *part = scratch + q * padded + i;
                lo = _mm512_sub_ps(lo, widenHalf(_mm256_loadu_si256(reinterpret_cast<const __m256i *>(part))));
                hi = _mm512_sub_ps(hi, widenHalf(_mm256_loadu_si256(reinterpret_cast<const __m256i *>(part + 16))));
            }
            _mm512_storeu_si512(scratch + p * padded + i, __m512i(_mm512_cvtne2ps_pbh(hi, lo)));
        }
    long r = 0;
    for (; r + 4 <= rows; r += 4)
        dotBlock<4>(parts, scratch, padded, w + r * k, k, out + r);
    for (; r < rows; ++r)
        dotBlock<1>(parts, scratch, padded, w + r * k, k, out + r);
}

} // namespace attnlab::bench::detail
