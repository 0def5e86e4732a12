#include "core/model/kernels/halfrows.h"

#include "core/model/checkpoint/safetensors.h"

namespace attnlab::core::model::kernels {

#ifdef ATTNLAB_HAVE_AVX2_KERNEL
namespace detail {
void widenAvx2(bool bf16, const unsigned short *src, long n, float *out);
void addWidenedAvx2(bool bf16, const unsigned short *src, long n, float *out);
void dotRowsAvx2(bool bf16, const float *x, const unsigned short *w, long rows, long k, long stride, float *out);
void accumulateRowsAvx2(bool bf16, const float *x, const unsigned short *w, long k, long n, long stride, float *out);
} // namespace detail
#endif

namespace {

static_assert(sizeof(unsigned short) == sizeof(std::uint16_t), "16-bit weights are read as unsigned short");

#ifdef ATTNLAB_HAVE_AVX2_KERNEL
const bool kUseAvx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("f16c");
#else
constexpr bool kUseAvx2 = false;
#endif

// The plain loops, templated on the widening so it inlines.
template<typename Widen> void widenLoop(const std::uint16_t *src, std::size_t n, float *out, Widen widen)
{
    for (std::size_t i = 0; i < n; ++i)
        out[i] = widen(src[i]);
}

template<typename Widen> void addLoop(const std::uint16_t *src, std::size_t n, float *out, Widen widen)
{
    for (std::size_t i = 0; i < n; ++i)
        out[i] += widen(src[i]);
}

template<typename Widen>
void dotLoop(const float *x, const std::uint16_t *w, std::size_t rows, std::size_t k, std::size_t stride, float *out,
    Widen widen)
{
    for (std::size_t r = 0; r < rows; ++r) {
        const std::uint16_t *row = w + r * stride;
        float sum = 0;
        for (std::size_t i = 0; i < k; ++i)
            sum += x[i] * widen(row[i]);
        out[r] = sum;
    }
}

template<typename Widen>
void accumulateLoop(
    const float *x, const std::uint16_t *w, std::size_t k, std::size_t n, std::size_t stride, float *out, Widen widen)
{
    for (std::size_t i = 0; i < k; ++i) {
        const std::uint16_t *row = w + i * stride;
        for (std::size_t j = 0; j < n; ++j)
            out[j] += x[i] * widen(row[j]);
    }
}

float fromBf16(std::uint16_t b)
{
    return bfloat16ToFloat(b);
}

float fromF16(std::uint16_t b)
{
    return halfToFloat(b);
}

const unsigned short *bits(const std::uint16_t *p)
{
    return reinterpret_cast<const unsigned short *>(p);
}

} // namespace

void widen(HalfKind kind, const std::uint16_t *src, std::size_t n, float *out)
{
#ifdef ATTNLAB_HAVE_AVX2_KERNEL
    if (kUseAvx2)
        return detail::widenAvx2(kind == HalfKind::BF16, bits(src), long(n), out);
#endif
    kind == HalfKind::BF16 ? widenLoop(src, n, out, fromBf16) : widenLoop(src, n, out, fromF16);
}

void addWidened(HalfKind kind, const std::uint16_t *src, std::size_t n, float *out)
{
#ifdef ATTNLAB_HAVE_AVX2_KERNEL
    if (kUseAvx2)
        return detail::addWidenedAvx2(kind == HalfKind::BF16, bits(src), long(n), out);
#endif
    kind == HalfKind::BF16 ? addLoop(src, n, out, fromBf16) : addLoop(src, n, out, fromF16);
}

void dotRows(HalfKind kind, const float *x, const std::uint16_t *w, std::size_t rows, std::size_t k, std::size_t stride,
    float *out)
{
#ifdef ATTNLAB_HAVE_AVX2_KERNEL
    if (kUseAvx2)
        return detail::dotRowsAvx2(kind == HalfKind::BF16, x, bits(w), long(rows), long(k), long(stride), out);
#endif
    kind == HalfKind::BF16 ? dotLoop(x, w, rows, k, stride, out, fromBf16)
                           : dotLoop(x, w, rows, k, stride, out, fromF16);
}

void accumulateRows(
    HalfKind kind, const float *x, const std::uint16_t *w, std::size_t k, std::size_t n, std::size_t stride, float *out)
{
#ifdef ATTNLAB_HAVE_AVX2_KERNEL
    if (kUseAvx2)
        return detail::accumulateRowsAvx2(kind == HalfKind::BF16, x, bits(w), long(k), long(n), long(stride), out);
#endif
    kind == HalfKind::BF16 ? accumulateLoop(x, w, k, n, stride, out, fromBf16)
                           : accumulateLoop(x, w, k, n, stride, out, fromF16);
}

bool usesVectorKernels()
{
    return kUseAvx2;
}

} // namespace attnlab::core::model::kernels
