#include "core/model/block/moe.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace attnlab::core::model {

void routeRows(const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &x, MoeRouting &r)
{
    const Eigen::Index rows = x.rows();
    const int experts = L.router.rows, k = s.expertsPerToken;
    r.logits.resize(rows, experts);
    project(x, L.router, TensorView {}, r.logits);
    r.experts.resize(rows, k);
    r.weights.resize(rows, k);
    std::vector<Scalar> p(size_t(experts), 0);
    std::vector<int> order(size_t(experts), 0);
    for (Eigen::Index row = 0; row < rows; ++row) {
        // F.softmax(router_logits, dim=1, dtype=torch.float).
        const Scalar top = r.logits.row(row).maxCoeff();
        Scalar sum = 0;
        for (int e = 0; e < experts; ++e) {
            p[size_t(e)] = std::exp(r.logits(row, e) - top);
            sum += p[size_t(e)];
        }
        for (Scalar &v : p)
            v /= sum;
        // torch.topk, equal probabilities in ascending expert order.
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&p](int a, int b) { return p[size_t(a)] > p[size_t(b)]; });
        Scalar chosen = 0;
        for (int j = 0; j < k; ++j) {
            r.experts(row, j) = order[size_t(j)];
            r.weights(row, j) = p[size_t(order[size_t(j)])];
            chosen += r.weights(row, j);
        }
        if (s.renormaliseTopK)
            r.weights.row(row) /= chosen;
    }
}

void sparseMlp(const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &x, Eigen::Ref<Matrix> out,
    MoeRouting *routing)
{
    MoeRouting own;
    MoeRouting &r = routing ? *routing : own;
    routeRows(s, L, x, r);
    out.setZero();
    const Eigen::Index rows = x.rows();
    const int k = s.expertsPerToken;
    std::vector<int> picked;
    std::vector<Scalar> weight;
    Matrix in, gate, up, y;
    for (int e = 0; e < int(L.experts.size()); ++e) {
        picked.clear();
        weight.clear();
        for (Eigen::Index row = 0; row < rows; ++row)
            for (int j = 0; j < k; ++j)
                if (r.experts(row, j) == e) {
                    picked.push_back(int(row));
                    weight.push_back(r.weights(row, j));
                }
        if (picked.empty())
            continue;
        const ExpertWeights &E = L.experts[size_t(e)];
        const Eigen::Index count = Eigen::Index(picked.size());
        in.resize(count, x.cols());
        for (Eigen::Index i = 0; i < count; ++i)
            in.row(i) = x.row(picked[size_t(i)]);
        // down(act(gate(x)) ⊙ up(x)), as Qwen3MoeMLP.
        gate.resize(count, E.gate.rows);
        up.resize(count, E.up.rows);
        y.resize(count, E.down.rows);
        project(in, E.gate, TensorView {}, gate);
        activate(s.activation, gate);
        project(in, E.up, TensorView {}, up);
        gate.array() *= up.array();
        project(gate, E.down, TensorView {}, y);
        for (Eigen::Index i = 0; i < count; ++i)
            out.row(picked[size_t(i)]) += y.row(i) * weight[size_t(i)];
    }
}

} // namespace attnlab::core::model
