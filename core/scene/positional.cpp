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

std::vector<double> ropeFrequencies(double base, int dims)
{
    std::vector<double> out;
    for (int i = 0; 2 * i < dims; ++i)
        out.push_back(std::pow(base, -2.0 * i / dims));
    return out;
}

std::pair<int, int> ropePairColumns(RotaryConvention convention, int pair, int dims)
{
    if (convention == RotaryConvention::HalfSplit)
        return {pair, pair + dims / 2};
    return {2 * pair, 2 * pair + 1};
}

int ropePairOf(RotaryConvention convention, int column, int dims)
{
    if (convention == RotaryConvention::HalfSplit)
        return column % (dims / 2);
    return column / 2;
}

void applyRope(const Eigen::Ref<const Matrix> &in, Eigen::Ref<Matrix> out, RotaryConvention convention,
    const std::vector<double> &frequencies, Eigen::Index firstPosition)
{
    const int dims = int(in.cols());
    assert(dims % 2 == 0 && in.rows() == out.rows() && in.cols() == out.cols());
    assert(frequencies.size() == size_t(dims / 2));
    for (int i = 0; 2 * i < dims; ++i) {
        const auto [a, b] = ropePairColumns(convention, i, dims);
        for (Eigen::Index p = 0; p < in.rows(); ++p) {
            const double angle = double(firstPosition + p) * frequencies[size_t(i)];
            const double c = std::cos(angle), s = std::sin(angle);
            const double x0 = in(p, a), x1 = in(p, b);
            out(p, a) = Scalar(x0 * c - x1 * s);
            out(p, b) = Scalar(x0 * s + x1 * c);
        }
    }
}

} // namespace attnlab::core
