#include "core/scene/positional.h"

#include <cassert>
#include <cmath>

namespace attnlab::core {

Matrix sinusoidalEncoding(int tokens, int dModel)
{
    Matrix pe(tokens, dModel);
    for (int i = 0; 2 * i < dModel; ++i) {
        const double frequency = std::pow(10000.0, -2.0 * i / dModel);
        for (int pos = 0; pos < tokens; ++pos) {
            const double angle = pos * frequency;
            pe(pos, 2 * i) = Scalar(std::sin(angle));
            if (2 * i + 1 < dModel)
                pe(pos, 2 * i + 1) = Scalar(std::cos(angle));
        }
    }
    return pe;
}

double ropeAngle(int position, int pair, int dims)
{
    return position * std::pow(10000.0, -2.0 * pair / dims);
}

void applyRope(const Eigen::Ref<const Matrix> &in, Eigen::Ref<Matrix> out)
{
    assert(in.cols() % 2 == 0 && in.rows() == out.rows() && in.cols() == out.cols());
    const int dims = int(in.cols());
    for (int i = 0; 2 * i < dims; ++i) {
        const double theta = std::pow(10000.0, -2.0 * i / dims);
        for (Eigen::Index p = 0; p < in.rows(); ++p) {
            const double angle = double(p) * theta;
            const double c = std::cos(angle), s = std::sin(angle);
            const double x0 = in(p, 2 * i), x1 = in(p, 2 * i + 1);
            out(p, 2 * i) = Scalar(x0 * c - x1 * s);
            out(p, 2 * i + 1) = Scalar(x0 * s + x1 * c);
        }
    }
}

} // namespace attnlab::core
