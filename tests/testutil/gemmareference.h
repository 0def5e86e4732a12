#pragma once
// An independent naive reference of Gemma 2's and Gemma 3's forward pass in double precision with
// plain loops (no Eigen, no production code), written from transformers' modeling_gemma2.py,
// modeling_gemma3.py and masking_utils.py:
// - h₀ = embed_tokens[ids]·√d_model;
// - Gemma RMSNorm: x·rsqrt(mean(x²) + ε)·(1 + w);
// - per layer: a = norm(h, input_layernorm); q, k, v (Gemma 3: q_norm and k_norm on each head's
//   vector) rotated by rotate-half RoPE (sliding layers at the local base, Gemma 3); scores
//   q·k·query_pre_attn_scalar^−½, capped tanh(s/c)·c, masked (key j visible to query i when
//   j ≤ i and, in a sliding layer, j > i − window), softmax; h += norm(o_proj(ctx),
//   post_attention_layernorm); h += norm(down(gelu_tanh(gate(m)) ⊙ up(m)),
//   post_feedforward_layernorm) with m = norm(h, pre_feedforward_layernorm);
// - logits = norm(h, norm)·embed_tokensᵀ, capped by the final cap.
// The settings come from the test, not from the app's config reader.

#include "modelreference.h"

#include <vector>

namespace attnlab::test {

struct GemmaReferenceSpec {
    double queryPreAttnScalar = 256;
    double attnSoftcap = 0, finalSoftcap = 0; // 0: none
    int window = 0;
    std::vector<bool> sliding; // per layer
    double theta = 10000; // global layers' rope base
    double linearFactor = 1; // Gemma 3's rope_scaling {"rope_type": "linear"} on the global layers
    double localTheta = 0; // sliding layers' base (Gemma 3); 0: theta
    bool qkNorm = false; // Gemma 3's q_norm, k_norm (LayerWeights read by name below)
};

struct GemmaReference : Reference {
    std::vector<Mat> afterAttn, mlpIn, mlpOut; // per layer; attentionOutputs is o_proj's output
    // Per layer, what meets in the dot product: q (n × heads·d_head) and k (n × kv_heads·d_head)
    // after the QK-norm and the rotation.
    std::vector<Mat> qRot, kRot;
    Vec logits; // of the last row, capped
};

// The norm weights of q_norm and k_norm per layer (d_head each), when the spec has them; the
// caller reads them from the checkpoint.
struct GemmaQkNorms {
    std::vector<TensorView> query, key;
};

GemmaReference gemmaReference(const ModelWeights &w, const GemmaReferenceSpec &spec, const std::vector<int> &ids,
    const GemmaQkNorms &qkNorms = {});

} // namespace attnlab::test
