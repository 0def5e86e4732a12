#include "core/model/kernels/skinny.h"

#include <algorithm>

namespace attnlab::core::model::kernels {

#ifdef ATTNLAB_HAVE_X86_KERNELS
namespace detail {
void skinnyDotAvx2(
    const float *x, long rows, long k, long ldx, const float *w, long ldw, long count, float *out, long ldo);
void skinnyDotAvx512(
    const float *x, long rows, long k, long ldx, const float *w, long ldw, long count, float *out, long ldo);
} // namespace detail
#endif

namespace {

// Outputs per thread chunk (a multiple of the vector kernels' 3 and 4 weight rows),
// and the work (rows × outputs × inputs) below which one thread is faster than waking the others.
constexpr long kChunk = 384;
constexpr long kParallelWork = 1L << 20;

using Kernel
    = void (*)(const float *x, long rows, long k, long ldx, const float *w, long ldw, long count, float *out, long ldo);

void dotLoop(const float *x, long rows, long k, long ldx, const float *w, long ldw, long count, float *out, long ldo)
{
    for (long r = 0; r < rows; ++r) {
        const float *xr = x + r * ldx;
        for (long o = 0; o < count; ++o) {
            const float *wo = w + o * ldw;
            float sum = 0;
            for (long i = 0; i < k; ++i)
                sum += xr[i] * wo[i];
            out[r * ldo + o] = sum;
        }
    }
}

Kernel kernelOf(engine::KernelVariant variant)
{
#ifdef ATTNLAB_HAVE_X86_KERNELS
    if (variant == engine::KernelVariant::Avx512)
        return detail::skinnyDotAvx512;
    if (variant == engine::KernelVariant::Avx2)
        return detail::skinnyDotAvx2;
#endif
    (void)variant;
    return dotLoop;
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

void runSplit(Kernel kernel, const SkinnyInput &x, const float *w, std::size_t ldw, const SkinnyOutput &out)
{
    splitOutputs(x, out.count, [&](std::size_t first, std::size_t count) {
        kernel(x.x, long(x.rows), long(x.k), long(x.ldx), w + first * ldw, long(ldw), long(count), out.out + first,
            long(out.ldo));
    });
}

} // namespace

void skinnyDot(
    engine::KernelVariant variant, const SkinnyInput &x, const float *w, std::size_t ldw, const SkinnyOutput &out)
{
    runSplit(kernelOf(variant), x, w, ldw, out);
}

void skinnyDot(const SkinnyInput &x, const float *w, std::size_t ldw, const SkinnyOutput &out)
{
    static const Kernel kernel = kernelOf(engine::kernelVariant()); // the process's, chosen once
    runSplit(kernel, x, w, ldw, out);
}

} // namespace attnlab::core::model::kernels
