#pragma once
// Attention variants of 2024–2025 models as choices of a scene, each off by default (a scene
// without them computes exactly what the chapter shows):
//
// - QK-norm (Qwen3, Gemma 3): each head's query and key vectors go through RMSNorm with a weight
//   per dimension before RoPE and the dot product: x / √(mean(x²) + ε) · w.
// - Soft-capping (Gemma 2): after the ÷ divisor and before the mask, every score s becomes
//   tanh(s / c) · c, so no score leaves [−c, c] (float rounds tanh of a large s / c to 1).
// - Sliding window (Mistral, Gemma 2/3): key j is visible to query i only when
//   i − w < j ≤ i (transformers' masking_utils: the causal mask and kv_idx > q_idx − w), on top
//   of the scene's own mask. "First token as sink" keeps key 0 visible to every query under the
//   window, as StreamingLLM keeps its first tokens in the cache. A scene with a memory
//   (cross-attention, core/scene/memory) has no window: its queries and keys are two sequences,
//   and validate() refuses one there (variants.sliding_window). The other three apply to it.
// - Sink logit (gpt-oss): each head has one learned logit that joins every row's softmax
//   denominator; it takes a share of the weight but brings no value vector, so a row's weights
//   sum to 1 minus the sink's share.

#include "core/text/problem.h"
#include "core/types.h"

#include <vector>

namespace attnlab::core {

struct Scene;

struct AttentionVariants {
    bool qkNorm = false;
    // RMSNorm weights of length d_k, for Q and for K; empty means all ones.
    RowVector qNormWeight, kNormWeight;
    Scalar qkNormEpsilon = Scalar(1e-6); // Qwen3's rms_norm_eps

    Scalar softCap = 0; // 0 = off; else c > 0

    int slidingWindow = 0; // 0 = off; else w ≥ 1
    bool firstTokenSink = false; // only with a window: key 0 stays visible

    bool sinkLogit = false;
    // One logit per head, or one for every head (length 1); empty means 0 for every head.
    RowVector sinkLogits;

    // Whether any variant is on (the scene then computes more than the chapter's pipeline).
    bool isActive() const { return qkNorm || softCap > 0 || slidingWindow > 0 || sinkLogit; }
    bool operator==(const AttentionVariants &other) const;
    bool operator!=(const AttentionVariants &other) const { return !(*this == other); }
};

// The default epsilon of QK-norm, and the defaults the switches start from.
constexpr double kDefaultQkNormEpsilon = 1e-6;
constexpr double kDefaultSoftCap = 5.0;
constexpr int kDefaultSlidingWindow = 2;

// Whether key `key` is visible to query `query` under the window alone (always true when the
// window is off): query − w < key ≤ query, or key 0 with the first token as sink.
bool insideWindow(const AttentionVariants &variants, Eigen::Index query, Eigen::Index key);

// The n×n visibility the pipeline uses: the scene's mask (effectiveMask) and the window.
MaskMatrix visibleKeys(const Scene &scene);

// RMSNorm of each row of `rows` (n × d): row / √(mean(row²) + ε) · weight (weight empty: ones).
// Computed in double and rounded once, as transformers upcasts to float32 before the norm.
Matrix rmsNormRows(const Eigen::Ref<const Matrix> &rows, const RowVector &weight, Scalar epsilon);

// tanh(s / cap) · cap.
Scalar softCapped(Scalar score, Scalar cap);

// Softmax of one row with a sink logit in the denominator: weights[j] = e^(masked[j]) / (Σ e^(masked)
// + e^sink) over visible cells, hidden cells 0; masked[j] = logits[j] or −∞. Returns the sink's
// share e^sink / (…), which is 1 for a row with no visible key.
Scalar sinkSoftmaxRow(
    const Scalar *logits, const unsigned char *visible, Eigen::Index n, Scalar sink, Scalar *masked, Scalar *weights);

// The sink logit of head `head` (0 when the scene gives none).
Scalar sinkLogitOf(const AttentionVariants &variants, int head);

// The problems of the variants of `scene`, with paths under "variants" ("variants.sliding_window").
void validateVariants(const Scene &scene, std::vector<Problem> &out);

} // namespace attnlab::core
