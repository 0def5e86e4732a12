#include "core/model/kernels/skinny.h"

#include <algorithm>

namespace attnlab::core::model::kernels {

#ifdef ATTNLAB_HAVE_AVX2_KERNEL
namespace detail {
void skinnyDotAvx2(
    const float *x, long rows, long k, long ldx, const float *w, long ldw, long count, float *out, long ldo);
} // namespace detail
#endif

namespace {

#ifdef ATTNLAB_HAVE_AVX2_KERNEL
const bool kUseAvx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
constexpr bool kUseAvx2 = false;
#endif

// Outputs per thread chunk (a multiple of the vector kernel's 3 weight rows),
// and the work (rows × outputs × inputs) below which one thread is faster than waking the others.
constexpr long kChunk = 384;
constexpr long kParallelWork = 1L << 20;

void dotLoop(const SkinnyInput &x, const float *w, std::size_t ldw, std::size_t count, float *out, std::size_t ldo)
{
    for (std::size_t r = 0; r < x.rows; ++r) {
        const float *xr = x.x + r * x.ldx;
        for (std::size_t o = 0; o < count; ++o) {
            const float *wo = w + o * ldw;
            float sum = 0;
            for (std::size_t i = 0; i < x.k; ++i)
                sum += xr[i] * wo[i];
            out[r * ldo + o] = sum;
        }
    }
}

// Runs `chunk(first, count)` over [0, total) in pieces of kChunk, on every thread when the
// product is large enough.
template<typename Chunk> void splitOutputs(const SkinnyInput &x, std::size_t total, Chunk chunk)
{
    const long chunks = (long(total) + kChunk - 1) / kChunk;
    const bool parallel = long(x.rows) * long(total) * long(x.k) >= kParallelWork && chunks > 1;
#pragma omp parallel for schedule(static) if (parallel)
    for (long c = 0; c < chunks; ++c) {
        const long first = c * kChunk;
        chunk(std::size_t(first), std::size_t(std::min(kChunk, long(total) - first)));
    }
}

} // namespace

void skinnyDot(const SkinnyInput &x, const float *w, std::size_t ldw, const SkinnyOutput &out)
{
    splitOutputs(x, out.count, [&](std::size_t first, std::size_t count) {
        const float *wFirst = w + first * ldw;
        float *outFirst = out.out + first;
#ifdef ATTNLAB_HAVE_AVX2_KERNEL
        if (kUseAvx2)
            return detail::skinnyDotAvx2(
                x.x, long(x.rows), long(x.k), long(x.ldx), wFirst, long(ldw), long(count), outFirst, long(out.ldo));
#endif
        dotLoop(x, wFirst, ldw, count, outFirst, out.ldo);
    });
}

} // namespace attnlab::core::model::kernels
