#include "core/model/kernels/halfrows.h"

#include "core/model/checkpoint/safetensors.h"

namespace attnlab::core::model::kernels {

#ifdef ATTNLAB_HAVE_X86_KERNELS
namespace detail {
void widenAvx2(bool bf16, const unsigned short *src, long n, float *out);
void addWidenedAvx2(bool bf16, const unsigned short *src, long n, float *out);
void dotRowsAvx2(bool bf16, const float *x, const unsigned short *w, long rows, long k, long stride, float *out);
void accumulateRowsAvx2(bool bf16, const float *x, const unsigned short *w, long k, long n, long stride, float *out);
void widenAvx512(bool bf16, const unsigned short *src, long n, float *out);
void addWidenedAvx512(bool bf16, const unsigned short *src, long n, float *out);
void dotRowsAvx512(bool bf16, const float *x, const unsigned short *w, long rows, long k, long stride, float *out);
void accumulateRowsAvx512(bool bf16, const float *x, const unsigned short *w, long k, long n, long stride, float *out);
} // namespace detail
#endif

namespace {

static_assert(sizeof(unsigned short) == sizeof(std::uint16_t), "16-bit weights are read as unsigned short");

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

void widenPortable(bool bf16, const unsigned short *src, long n, float *out)
{
    const auto *p = reinterpret_cast<const std::uint16_t *>(src);
    bf16 ? widenLoop(p, std::size_t(n), out, fromBf16) : widenLoop(p, std::size_t(n), out, fromF16);
}

void addWidenedPortable(bool bf16, const unsigned short *src, long n, float *out)
{
    const auto *p = reinterpret_cast<const std::uint16_t *>(src);
    bf16 ? addLoop(p, std::size_t(n), out, fromBf16) : addLoop(p, std::size_t(n), out, fromF16);
}

void dotRowsPortable(bool bf16, const float *x, const unsigned short *w, long rows, long k, long stride, float *out)
{
    const auto *p = reinterpret_cast<const std::uint16_t *>(w);
    const auto r = std::size_t(rows), n = std::size_t(k), s = std::size_t(stride);
    bf16 ? dotLoop(x, p, r, n, s, out, fromBf16) : dotLoop(x, p, r, n, s, out, fromF16);
}

void accumulateRowsPortable(bool bf16, const float *x, const unsigned short *w, long k, long n, long stride, float *out)
{
    const auto *p = reinterpret_cast<const std::uint16_t *>(w);
    const auto kk = std::size_t(k), nn = std::size_t(n), s = std::size_t(stride);
    bf16 ? accumulateLoop(x, p, kk, nn, s, out, fromBf16) : accumulateLoop(x, p, kk, nn, s, out, fromF16);
}

constexpr HalfRowKernels kPortable {widenPortable, addWidenedPortable, dotRowsPortable, accumulateRowsPortable};
#ifdef ATTNLAB_HAVE_X86_KERNELS
constexpr HalfRowKernels kAvx2 {
    detail::widenAvx2, detail::addWidenedAvx2, detail::dotRowsAvx2, detail::accumulateRowsAvx2};
constexpr HalfRowKernels kAvx512 {
    detail::widenAvx512, detail::addWidenedAvx512, detail::dotRowsAvx512, detail::accumulateRowsAvx512};
#endif

// The process's kernels, chosen once.
const HalfRowKernels &active()
{
    static const HalfRowKernels &kernels = halfRowKernels(engine::kernelVariant());
    return kernels;
}

} // namespace

const HalfRowKernels &halfRowKernels(engine::KernelVariant variant)
{
#ifdef ATTNLAB_HAVE_X86_KERNELS
    if (variant == engine::KernelVariant::Avx512)
        return kAvx512;
    if (variant == engine::KernelVariant::Avx2)
        return kAvx2;
#endif
    (void)variant;
    return kPortable;
}

void widen(HalfKind kind, const std::uint16_t *src, std::size_t n, float *out)
{
    active().widen(kind == HalfKind::BF16, bits(src), long(n), out);
}

void addWidened(HalfKind kind, const std::uint16_t *src, std::size_t n, float *out)
{
    active().addWidened(kind == HalfKind::BF16, bits(src), long(n), out);
}

void dotRows(HalfKind kind, const float *x, const std::uint16_t *w, std::size_t rows, std::size_t k, std::size_t stride,
    float *out)
{
    active().dotRows(kind == HalfKind::BF16, x, bits(w), long(rows), long(k), long(stride), out);
}

void accumulateRows(
    HalfKind kind, const float *x, const std::uint16_t *w, std::size_t k, std::size_t n, std::size_t stride, float *out)
{
    active().accumulateRows(kind == HalfKind::BF16, x, bits(w), long(k), long(n), long(stride), out);
}

} // namespace attnlab::core::model::kernels
