#include "core/scene/softmax.h"

#include <limits>
#include <type_traits>

namespace attnlab::core {

#if defined(ATTNLAB_HAVE_X86_KERNELS)
namespace detail {
bool maskedSoftmaxRowAvx2(const float *scaled, const unsigned char *visible, long n, float *masked, float *weights);
bool maskedSoftmaxRowAvx512(const float *scaled, const unsigned char *visible, long n, float *masked, float *weights);
} // namespace detail
#endif

namespace {

bool maskedSoftmaxRowPortable(
    const Scalar *scaled, const unsigned char *visible, Eigen::Index n, Scalar *masked, Scalar *weights)
{
    constexpr Scalar kMinusInf = -std::numeric_limits<Scalar>::infinity();
    if (n == 0)
        return false; // no cell, none visible (Eigen's maxCoeff of nothing is undefined)
    Eigen::Map<const Eigen::Array<Scalar, 1, Eigen::Dynamic>> in(scaled, n);
    Eigen::Map<const Eigen::Array<unsigned char, 1, Eigen::Dynamic>> vis(visible, n);
    Eigen::Map<Eigen::Array<Scalar, 1, Eigen::Dynamic>> m(masked, n);
    Eigen::Map<Eigen::Array<Scalar, 1, Eigen::Dynamic>> w(weights, n);

    m = (vis != 0).select(in, kMinusInf);
    const Scalar top = m.maxCoeff();
    if (top == kMinusInf) {
        w.setZero();
        return false;
    }
    // Eigen's vectorised exp(−∞) is a tiny denormal, not 0: hidden cells are zeroed explicitly.
    w = (vis != 0).select((m - top).exp(), Scalar(0));
    w *= Scalar(1) / w.sum();
    return true;
}

} // namespace

bool maskedSoftmaxRow(engine::KernelVariant variant, const Scalar *scaled, const unsigned char *visible, Eigen::Index n,
    Scalar *masked, Scalar *weights)
{
#if defined(ATTNLAB_HAVE_X86_KERNELS)
    static_assert(std::is_same_v<Scalar, float>, "the vector kernels are for float");
    if (variant == engine::KernelVariant::Avx512)
        return detail::maskedSoftmaxRowAvx512(scaled, visible, long(n), masked, weights);
    if (variant == engine::KernelVariant::Avx2)
        return detail::maskedSoftmaxRowAvx2(scaled, visible, long(n), masked, weights);
#endif
    (void)variant;
    return maskedSoftmaxRowPortable(scaled, visible, n, masked, weights);
}

bool maskedSoftmaxRow(
    const Scalar *scaled, const unsigned char *visible, Eigen::Index n, Scalar *masked, Scalar *weights)
{
    static const engine::KernelVariant variant = engine::kernelVariant(); // the process's, chosen once
    return maskedSoftmaxRow(variant, scaled, visible, n, masked, weights);
}

RowVector softmax(const Eigen::Ref<const RowVector> &logits)
{
    RowVector out(logits.size());
    if (logits.size() == 0)
        return out;
    const Scalar top = logits.maxCoeff();
    out = (logits.array() - top).exp().matrix();
    out /= out.sum();
    return out;
}

} // namespace attnlab::core
