#include "core/model/kernels/quantrows.h"

#include "core/model/kernels/quantblocks.h"
#include "core/types.h"

#include <algorithm>

namespace attnlab::core::model::kernels {

#ifdef ATTNLAB_HAVE_X86_KERNELS
namespace detail {
bool quantDotRowsAvx2(int type, const float *x, long m, long ldx, const unsigned char *w, long rows, long blocks,
    long rowBytes, float *out, long ldo);
bool quantDotRowsAvx512(int type, const float *x, long m, long ldx, const unsigned char *w, long rows, long blocks,
    long rowBytes, float *out, long ldo);
} // namespace detail
#endif

namespace {

// The largest block (the k-quants' 256 elements), and the input rows one pass over a weight row
// serves.
constexpr int kMaxBlock = 256;
constexpr long kRowsAtOnce = 4;

// ggml's type id (ggml.h's GGML_TYPE_*), which the vector kernels take; −1 for a type not quantized.
int ggmlTypeId(ElementType type)
{
    switch (type) {
    case ElementType::Q4_0:
        return 2;
    case ElementType::Q4_1:
        return 3;
    case ElementType::Q5_0:
        return 6;
    case ElementType::Q5_1:
        return 7;
    case ElementType::Q8_0:
        return 8;
    case ElementType::Q4_K:
        return 12;
    case ElementType::Q5_K:
        return 13;
    case ElementType::Q6_K:
        return 14;
    default:
        return -1;
    }
}

void portableDotRows(const QuantDot &p)
{
    const BlockDequantizer dequantize = blockDequantizer(p.type);
    const int size = quantBlockSize(p.type);
    const std::size_t bytes = quantBlockBytes(p.type);
    if (!dequantize)
        return;
    alignas(64) float block[kMaxBlock];
    const Eigen::Map<const RowVector> values(block, size);
    for (long r0 = 0; r0 < p.m; r0 += kRowsAtOnce) {
        const long n = std::min(kRowsAtOnce, p.m - r0);
        for (long o = 0; o < p.rows; ++o) {
            const unsigned char *row = p.w + o * p.rowBytes;
            float sums[kRowsAtOnce] = {};
            for (long b = 0; b < p.blocks; ++b) {
                dequantize(row + std::size_t(b) * bytes, block);
                for (long r = 0; r < n; ++r)
                    sums[r] += values.dot(Eigen::Map<const RowVector>(p.x + (r0 + r) * p.ldx + b * size, size));
            }
            for (long r = 0; r < n; ++r)
                p.out[(r0 + r) * p.ldo + o] = sums[r];
        }
    }
}

using VectorKernel = bool (*)(int type, const float *x, long m, long ldx, const unsigned char *w, long rows,
    long blocks, long rowBytes, float *out, long ldo);

VectorKernel vectorKernel(engine::KernelVariant variant)
{
#ifdef ATTNLAB_HAVE_X86_KERNELS
    if (variant == engine::KernelVariant::Avx512)
        return detail::quantDotRowsAvx512;
    if (variant == engine::KernelVariant::Avx2)
        return detail::quantDotRowsAvx2;
#endif
    (void)variant;
    return nullptr;
}

} // namespace

void quantDotRows(engine::KernelVariant variant, const QuantDot &p)
{
    const VectorKernel kernel = vectorKernel(variant);
    if (!kernel || !kernel(ggmlTypeId(p.type), p.x, p.m, p.ldx, p.w, p.rows, p.blocks, p.rowBytes, p.out, p.ldo))
        portableDotRows(p);
}

void quantDotRows(const QuantDot &product)
{
    static const engine::KernelVariant variant = engine::kernelVariant(); // the process's, chosen once
    quantDotRows(variant, product);
}

bool quantDotVectorised(engine::KernelVariant variant, ElementType type)
{
    const VectorKernel kernel = vectorKernel(variant);
    // With no input rows a kernel reads nothing and only says whether it knows the type.
    return kernel && kernel(ggmlTypeId(type), nullptr, 0, 0, nullptr, 0, 0, 0, nullptr, 0);
}

} // namespace attnlab::core::model::kernels
