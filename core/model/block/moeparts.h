#pragma once
// What the block board shows of a sparse MLP beside its routing (issue 31), computed by the same
// code as the pass (moe.cpp): the router's softmax, from which routeRows takes the top-k, and each
// chosen expert's output row before its weight, as sparseMlp computes it before summing.

#include "core/model/block/moe.h"

#include <vector>

namespace attnlab::core::model {

struct MoeParts {
    // rows × experts: softmax(logits) per row, in float32 (F.softmax(router_logits, dtype=float)).
    Matrix probabilities;
    // For each of the k choices j: rows × d, the output of expert routing.experts(row, j) for the row,
    // before its weight; the MLP's output row is Σ_j weights(row, j) · outputs[j].row(row).
    std::vector<Matrix> outputs;
};

// The parts of layer L's sparse MLP of rows `x` (what the MLP reads) routed as `routing` says.
MoeParts moeParts(
    const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &x, const MoeRouting &routing);

} // namespace attnlab::core::model
