#pragma once
// One head of a real model as an ordinary Scene, so the pipeline board can show its Q, K, V,
// scores, scale, mask, softmax and weighted sum with the model's own numbers.

#include "core/model/forward.h"
#include "core/scene/scene.h"

#include <string>
#include <vector>

namespace attnlab::core::model {

// The scene of head `head` in layer `layer` (both 0-based; the title counts from 1, e.g.
// "GPT-2 layer 3 head 5" for layer 2, head 4). `attentionInput` is what that layer's attention
// reads (ForwardRunner::attentionInput), n × d_model; `tokens` are the display strings, one per
// row.
//
// The scene has one head with d_k = d_head, X = attentionInput, and:
// - GPT-2: W_Q, W_K, W_V = columns [H·dh, (H+1)·dh) of c_attn's q, k and v thirds (Conv1D is
//   already in × out); b_Q, b_K, b_V = the matching slices of c_attn's bias; W_O = rows
//   [H·dh, (H+1)·dh) of c_proj; causal mask.
// - BERT: W_Q = rows [H·dh, (H+1)·dh) of query.weight, transposed (nn.Linear is out × in), likewise
//   W_K, W_V; the bias slices; W_O = the same rows of attention.output.dense.weightᵀ; no mask.
// - Qwen2, Llama: as BERT, but W_K, W_V, b_K and b_V are the rows of the key/value head the head
//   reads (ModelConfig::kvHeadOf), shared with the other heads of its group; causal mask; and
//   rotary positions in the family's pairing (rotate_half) with the model's frequencies:
//   ropeBase = rope_theta, or, under llama3 rope_scaling, ropeFrequencies = the scaled table
//   (rotaryInverseFrequencies). The description names the heads that share the key/value head.
// - b_O is the bias of the whole layer's output projection (the model adds it once to the sum of
//   all heads), so the scene's output is this head's contribution plus that bias.
// - Scale √d_k (Gemma: ÷ √query_pre_attn_scalar); no positional encoding for GPT-2 and BERT (the
//   model already added its own into X).
// - The family's attention variants as the scene's (core/scene/variants): QK-norm (Qwen3,
//   Gemma 3) with the layer's q_norm and k_norm weights (Gemma's 1 + w) and the norm's epsilon,
//   Gemma 2's attn_logit_softcapping as the soft cap, a sliding layer's window (Gemma 2/3) as the
//   sliding window — or, under an engine's cache policy, a custom mask of the keys it keeps.
// So the scene's weights equal ForwardRunner::attentionWeights(layer, head).
// Throws std::invalid_argument when layer or head is out of range or the sizes disagree.
Scene headScene(const ModelWeights &weights, const Matrix &attentionInput, int layer, int head,
    const std::vector<std::string> &tokens);

// The same from one layer's weights (e.g. ForwardRunner::layerWeights(), which may be edited),
// under an inference engine's cache policy (BlockSpec::cacheWindow/cacheSinks; 0: none), which
// masks the evicted keys.
Scene headScene(const ModelConfig &config, const LayerWeights &layerWeights, const Matrix &attentionInput, int layer,
    int head, const std::vector<std::string> &tokens, int cacheWindow = 0, int cacheSinks = 0);

// The same, with X, the (possibly edited) weights and the cache policy taken from a runner that
// has computed `layer`.
Scene headScene(const ForwardRunner &runner, int layer, int head, const std::vector<std::string> &tokens);

} // namespace attnlab::core::model
