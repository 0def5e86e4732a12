#include "core/translate/crossalignment.h"

#include <stdexcept>

namespace attnlab::core::translate {

Matrix averageHeads(const std::vector<Matrix> &heads)
{
    if (heads.empty())
        return {};
    Eigen::MatrixXd sum = Eigen::MatrixXd::Zero(heads.front().rows(), heads.front().cols());
    for (const Matrix &h : heads) {
        if (h.rows() != sum.rows() || h.cols() != sum.cols())
            throw std::invalid_argument("the heads' weights differ in shape");
        sum += h.cast<double>();
    }
    return (sum / double(heads.size())).cast<Scalar>();
}

CrossAlignment alignCrossAttention(const std::vector<std::vector<Matrix>> &crossWeights)
{
    CrossAlignment out;
    double best = -1;
    for (size_t l = 0; l < crossWeights.size(); ++l) {
        const Matrix mean = averageHeads(crossWeights[l]);
        LayerAlignment layer;
        double total = 0;
        for (Eigen::Index r = 0; r < mean.rows(); ++r) {
            Eigen::Index col = 0;
            for (Eigen::Index c = 1; c < mean.cols(); ++c)
                if (mean(r, c) > mean(r, col))
                    col = c;
            const double w = mean.cols() > 0 ? double(mean(r, col)) : 0.0;
            layer.source.push_back(mean.cols() > 0 ? int(col) : -1);
            layer.weight.push_back(w);
            total += w;
        }
        layer.confidence = mean.rows() > 0 ? total / double(mean.rows()) : 0.0;
        if (mean.rows() > 0 && layer.confidence > best) {
            best = layer.confidence;
            out.mostConfident = int(l);
        }
        out.layers.push_back(std::move(layer));
    }
    return out;
}

} // namespace attnlab::core::translate
