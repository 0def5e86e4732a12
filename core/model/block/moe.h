#pragma once
// The sparse mixture-of-experts MLP of a layer that has a router (Qwen3-MoE's
// Qwen3MoeSparseMoeBlock, modeling_qwen3_moe.py), in the order transformers computes it:
//   logits = x·routerᵀ (rows × experts, no bias)
//   p = softmax(logits) per row, in float32
//   the top-k experts by p (k = num_experts_per_tok), in descending order of p
//   w = their p, divided by their sum when the model renormalises (norm_topk_prob)
//   out = Σ w_e · down_e(act(gate_e(x)) ⊙ up_e(x)) over the row's experts
// Each expert's output times its weight is added to a zero row in ascending expert order, as
// transformers' loop over the experts hit (index_add_) does.
//
// Ties: torch.topk documents no order among equal probabilities. We take the lower expert index
// first (a stable sort by descending probability), which is what torch's CPU kernel gives for the
// small k of these models; equal probabilities only arise from equal logits.

#include "core/model/block/blockspec.h"

namespace attnlab::core::model {

using IndexMatrix = Eigen::Matrix<int, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// How the router sent each row: its logits (rows × experts), the chosen experts (rows × k, by
// descending weight) and the weights their outputs are multiplied by (rows × k, renormalised
// when the model does so).
struct MoeRouting {
    Matrix logits;
    IndexMatrix experts;
    Matrix weights;
};

// Routes rows `x` (what the MLP reads) through layer L's router into `r`.
void routeRows(const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &x, MoeRouting &r);

// The sparse MLP of rows `x` into `out` (rows × d, sized by the caller), and the routing into
// `routing` when given.
void sparseMlp(const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &x, Eigen::Ref<Matrix> out,
    MoeRouting *routing = nullptr);

} // namespace attnlab::core::model
