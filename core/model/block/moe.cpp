#include "core/model/block/moe.h"
#include "core/model/block/moeparts.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace attnlab::core::model {

namespace {

// Row `row`'s softmax of the router's logits into `p` (experts values).
void routerSoftmax(const Matrix &logits, Eigen::Index row, std::vector<Scalar> &p)
{
    const int experts = int(logits.cols());
    // F.softmax(router_logits, dim=1, dtype=torch.float).
    const Scalar top = logits.row(row).maxCoeff();
    Scalar sum = 0;
    for (int e = 0; e < experts; ++e) {
        p[size_t(e)] = std::exp(logits(row, e) - top);
        sum += p[size_t(e)];
    }
    for (Scalar &v : p)
        v /= sum;
}

// The rows of `x` routed to expert `e` (ascending), with the choice j that sent each one.
void rowsOfExpert(const MoeRouting &r, int e, std::vector<int> &picked, std::vector<int> &slot)
{
    picked.clear();
    slot.clear();
    for (Eigen::Index row = 0; row < r.experts.rows(); ++row)
        for (Eigen::Index j = 0; j < r.experts.cols(); ++j)
            if (r.experts(row, j) == e) {
                picked.push_back(int(row));
                slot.push_back(int(j));
            }
}

// Expert E's output y of rows `picked` of `x`: down(act(gate(x)) ⊙ up(x)), as Qwen3MoeMLP.
void runExpert(const BlockSpec &s, const ExpertWeights &E, const Eigen::Ref<const Matrix> &x,
    const std::vector<int> &picked, Matrix &in, Matrix &gate, Matrix &up, Matrix &y)
{
    const Eigen::Index count = Eigen::Index(picked.size());
    in.resize(count, x.cols());
    for (Eigen::Index i = 0; i < count; ++i)
        in.row(i) = x.row(picked[size_t(i)]);
    gate.resize(count, E.gate.rows);
    up.resize(count, E.up.rows);
    y.resize(count, E.down.rows);
    project(in, E.gate, TensorView {}, gate);
    activate(s.activation, gate);
    project(in, E.up, TensorView {}, up);
    gate.array() *= up.array();
    project(gate, E.down, TensorView {}, y);
}

// Runs every expert that some row of `r` went to, in ascending expert order, and hands `take` each
// routed row's output: take(row, choice j, output row before its weight).
template<class Take>
void forEachExpertRow(
    const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &x, const MoeRouting &r, Take take)
{
    std::vector<int> picked, slot;
    Matrix in, gate, up, y;
    for (int e = 0; e < int(L.experts.size()); ++e) {
        rowsOfExpert(r, e, picked, slot);
        if (picked.empty())
            continue;
        runExpert(s, L.experts[size_t(e)], x, picked, in, gate, up, y);
        for (Eigen::Index i = 0; i < Eigen::Index(picked.size()); ++i)
            take(picked[size_t(i)], slot[size_t(i)], y.row(i));
    }
}

} // namespace

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
        routerSoftmax(r.logits, row, p);
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
    forEachExpertRow(s, L, x, r, [&out, &r](int row, int j, const auto &y) { out.row(row) += y * r.weights(row, j); });
}

MoeParts moeParts(
    const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &x, const MoeRouting &routing)
{
    MoeParts parts;
    const Eigen::Index rows = routing.logits.rows();
    const int experts = int(routing.logits.cols());
    parts.probabilities.resize(rows, experts);
    std::vector<Scalar> p(size_t(experts), 0);
    for (Eigen::Index row = 0; row < rows; ++row) {
        routerSoftmax(routing.logits, row, p);
        for (int e = 0; e < experts; ++e)
            parts.probabilities(row, e) = p[size_t(e)];
    }
    parts.outputs.assign(size_t(routing.experts.cols()), Matrix::Zero(rows, x.cols()));
    forEachExpertRow(
        s, L, x, routing, [&parts](int row, int j, const auto &y) { parts.outputs[size_t(j)].row(row) = y; });
    return parts;
}

} // namespace attnlab::core::model
