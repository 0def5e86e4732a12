#pragma once
// The whole of one transformer block as stages, recomputed from what a ForwardRunner keeps (the
// residual stream entering each layer, the attention weights) and the layer's weights, in the
// order the family's NormPlacement gives:
// - pre-norm (GPT-2, and every family with a norm before each sub-layer):
//   attn_in = norm₁(input), after_attn = input + attn_out, mlp_in = norm₂(after_attn),
//   output = after_attn + mlp_out;
// - post-norm (BERT): attn_in = input, after_attn = norm₁(input + attn_out), mlp_in = after_attn,
//   output = norm₂(after_attn + mlp_out).
// attn_out is merge(context of every head)·W_O + b_O (an ablated head's context is zero, as in
// the pass); mlp_act is the MLP's inner activation (n × d_inner); mlp_out is its output
// projection with bias. Row i is token i everywhere.

#include "core/model/block/blockmath.h"
#include "core/model/block/moeparts.h"
#include "core/model/forward.h"

namespace attnlab::core::model {

struct BlockStages {
    Matrix input; // n × d: the residual stream entering the layer
    Matrix attnIn; // n × d: what attention reads
    Matrix concat; // n × heads·d_head: every head's context side by side (what W_O reads)
    Matrix attnOut; // n × d
    Matrix afterAttn; // n × d
    Matrix mlpIn; // n × d: what the MLP reads
    Matrix mlpAct; // n × d_inner (n × 0 on a sparse MLP layer, whose experts each have their own)
    MoeRouting routing; // a sparse MLP layer's router: logits, chosen experts, their weights
    MoeParts moe; // and its softmax and the chosen experts' outputs (moeparts.h); empty on a dense layer
    Matrix mlpOut; // n × d
    Matrix output; // n × d: the layer's output, equal to runner.layerInput(layer + 1) up to rounding
};

// The stages of block `layer` (0-based) of the runner's last pass. Needs layer < layersDone();
// throws std::out_of_range otherwise.
BlockStages blockStages(const ForwardRunner &runner, int layer);

// The activation the model's config names (its family's fallback when the key is absent). The
// runner has refused every name activationNamed() does not know, so a runner's config always has one.
Activation modelActivation(const ModelConfig &config);

// One head's context rows `rows` (a list of token indices) in layer `layer`: its attention weights
// times its values, times the head's value in the head mask (0 for an ablated head);
// rows.size() × d_head. Under grouped-query attention the head reads the values of its group.
Matrix headContext(const ForwardRunner &runner, int layer, int head, const std::vector<int> &rows);

// Every head's context at the token rows `rows` of layer `layer` of a causal model
// (rows.size() × heads·d_head), times its value in the head mask, as the pass computes it: row r's
// query is projected from `attnIn.row(r)` (what attention reads at token rows[r]), rotated at its
// position under rotary positions, and attends to keys 0…rows[r] of `keys` with their `values`
// (n × kv_heads·d_head each, keys rotated: ForwardRunner::cachedKeys/cachedValues, or a cache
// updated after an edit), scaled as the family's transformers code scales them. Under
// grouped-query attention head h reads key/value head config().kvHeadOf(h).
Matrix causalContextRows(const ForwardRunner &runner, int layer, const Eigen::Ref<const Matrix> &attnIn,
    const std::vector<int> &rows, const Eigen::Ref<const Matrix> &keys, const Eigen::Ref<const Matrix> &values);

// The MLP of `x` (rows × d, already normalised when the family norms before it): its inner
// activation into `act` (rows × d_inner) and its output projection into `out` (rows × d), with
// the output bias when `withOutputBias`.
void mlpRows(const ForwardRunner &runner, int layer, const Eigen::Ref<const Matrix> &x, bool withOutputBias,
    Matrix &act, Matrix &out);

} // namespace attnlab::core::model
