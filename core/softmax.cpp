#include "core/softmax.h"

#include <limits>

namespace attnlab::core {

bool maskedSoftmaxRow(const Scalar *scaled, const unsigned char *visible, Eigen::Index n, Scalar *masked,
                      Scalar *weights)
{
    constexpr Scalar kMinusInf = -std::numeric_limits<Scalar>::infinity();
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
    // Eigen's vectorised exp clamps −∞ to about −88 and returns a denormal, not 0: hidden
    // cells are zeroed explicitly so that they weigh exactly 0.
    w = (vis != 0).select((m - top).exp(), Scalar(0));
    w *= Scalar(1) / w.sum();
    return true;
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
