#pragma once
// What a model's block is, resolved once from its ModelConfig and family (TransformerLens'
// HookedTransformerConfig, llama.cpp's hyper-parameters): the norm and where it sits, the
// positions, the attention variant, the MLP and the head layout. The block (layerblock.h) reads
// these and nothing else; the family's enums are read here, by the family table and by the
// loader, so a family that recombines existing choices needs no code.

#include "core/model/block/blockmath.h"
#include "core/model/modelweights.h"
#include "core/text/message.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace attnlab::core::model {

struct BlockSpec {
    // Norms: their kind, ε, and whether each sits before its sub-layer (pre-norm: GPT-2, Llama)
    // or after its residual sum (post-norm: BERT).
    NormKind norm = NormKind::LayerNorm;
    Scalar eps = 0;
    bool preNorm = true;
    // Attention: heads, key/value heads (grouped-query), the width of one, the score scaling, and
    // whether token i sees only tokens 0…i.
    int heads = 0, kvHeads = 0, headDim = 0;
    ScoreScaling scoreScaling = ScoreScaling::DivideBySqrtHead;
    bool causal = false;
    // Positions: rotary ones rotate q and k inside attention (rotate-half, these frequencies);
    // learned absolute ones are added to the embeddings and play no part in the block.
    bool rotary = false;
    RowVector inverseFrequencies;
    // QK-norm (Qwen3, Gemma 3): each head's q and each key/value head's k normalised over its d_head
    // values by the block's norm (`norm`, `eps`, `normOffset`) with the layer's queryNorm / keyNorm weights, after the
    // projection and before the rotation. Then q and k are no longer linear in attention's input.
    bool qkNorm = false;
    // The MLP: gated (down(act(gate(x)) ⊙ up(x))) or plain (out(act(in(x)))), and its activation.
    bool gatedMlp = false;
    // A sparse MLP (on the layers whose weights have a router, core/model/block/moe.h): how many
    // experts each token goes to, and whether their weights are renormalised to sum to 1.
    int expertsPerToken = 0;
    bool renormaliseTopK = false;
    Activation activation = Activation::GeluTanh;
    int dModel = 0, dInner = 0;

    // ---- Gemma 2 and 3's choices (issue 31; the QK-norm choice lives apart from these) ----
    // Every norm computes x̂·(normOffset + w) (Gemma's 1 + w); 0 elsewhere.
    Scalar normOffset = 0;
    // Norms of the attention's and the MLP's outputs before their residual sums (Gemma's
    // post_attention_layernorm and post_feedforward_layernorm), read from LayerWeights::attnPostNorm
    // and mlpPostNorm: h + norm(attn(norm(h))), then the same for the MLP.
    bool sandwichNorms = false;
    // The token embeddings times this (Gemma's normalizer √d_model); 0: not scaled. transformers
    // casts √d_model to the activations' dtype (`torch.tensor(hidden_size**0.5, dtype=…)`); our
    // activations are float32 whatever the checkpoint stores, so it is the float32 value, as
    // transformers computes a BF16 checkpoint loaded in float32. (Run in bfloat16, transformers
    // would round it: √2304 = 48 is exact, √1152 = 33.94 becomes 34.)
    Scalar embeddingScale = 0;
    // ScoreScaling::TimesInverseSqrtQueryPreAttnScalar's scalar; attention scores and final logits
    // capped as tanh(s/c)·c when > 0 (attn_logit_softcapping, final_logit_softcapping).
    double queryPreAttnScalar = 0;
    Scalar attnSoftcap = 0, finalSoftcap = 0;
    // The s whose √ divides the scores when the scaling is query_pre_attn_scalar's; 0 when the
    // scores are divided by √d_head (so a reader need not ask which ScoreScaling this is).
    double scoreScalar() const
    {
        return scoreScaling == ScoreScaling::TimesInverseSqrtQueryPreAttnScalar ? queryPreAttnScalar : 0;
    }
    // Per layer: its sliding window (0: full attention), and whether it takes the sliding layers'
    // rotary frequencies `localInverseFrequencies` (rope_local_base_freq; empty: the global ones).
    std::vector<int> layerWindows;
    RowVector localInverseFrequencies;
    // The layer's own values in a spec of one layer (layer()): under its window a query at
    // position i sees keys i − window < j ≤ i (0: every earlier key), and its rotary tables are
    // those of set `ropeSet` (0 global, 1 local: RotaryTables).
    int window = 0;
    int ropeSet = 0;

    // ---- Encoder-decoders (issue 35) ----
    // After its self-attention the block attends to an encoder's output (ModelFamily::
    // crossAttention): finishLayer() runs that stage over the CrossMemory it is given.
    bool crossAttention = false;
    // The cross-attention's own description: this block's without the causal mask or a window
    // (every target row sees every source row), as many key/value heads as query heads.
    BlockSpec crossSpec() const;
    // The description of layer `l`: this one with that layer's window and rotary frequencies.
    BlockSpec layer(int l) const;
    // The first key position a query at position `p` sees (0 without a window).
    Eigen::Index firstKey(Eigen::Index p) const { return window > 0 ? std::max<Eigen::Index>(0, p - window + 1) : 0; }

    // ---- The inference engine's cache policy (issue 32; not the model's, set by the Decoder) ----
    // Eviction from the KV cache (StreamingLLM): with cacheWindow W > 0 a query at position i sees
    // only keys j ≤ i with j < cacheSinks or j > i − W, the kept keys at their original rotary
    // positions (no re-rotation). A layer's own sliding window still applies on top. 0: full cache.
    int cacheWindow = 0, cacheSinks = 0;
    // The keys a query at position `p` sees under the layer's window and the cache policy:
    // from … p, except gapFrom … gapTo − 1 (no gap when they are equal).
    struct VisibleKeys {
        Eigen::Index from = 0, gapFrom = 0, gapTo = 0;
    };
    VisibleKeys visibleKeys(Eigen::Index p) const;

    // The description of a model of config `c`. Throws ForwardError when the config names an
    // activation activationNamed() does not know.
    static BlockSpec of(const ModelConfig &c);

    // LayerNorm subtracts each row's mean before scaling it; RMSNorm does not.
    bool normCentres() const { return norm == NormKind::LayerNorm; }
    // 1/√d_head as the family's transformers code applies it to the scores.
    ScoreScale scoreScale() const { return ScoreScale(scoreScaling, headDim, queryPreAttnScalar, attnSoftcap); }
    int queryWidth() const { return heads * headDim; }
    int keyValueWidth() const { return kvHeads * headDim; }
    // The key/value head query head `head` reads (transformers' repeat_kv).
    int kvHeadOf(int head) const { return head / (heads / kvHeads); }
    // cos and sin tables of positions first … first + count − 1 (count × d_head); left empty
    // without rotary positions.
    void rotaryTables(int first, int count, Matrix &cos, Matrix &sin) const;
    // One head's q or k rows `x` (rows × d_head, projected with bias) made what meets the other in
    // the dot product, in place: normalised by `norm` under QK-norm, then rotated by the positions
    // of the tables' rows under rotary positions (transformers: q_norm(q_proj(x)), then
    // apply_rotary_pos_emb). Nothing without either.
    void prepareHead(const LayerNormWeights &norm, Eigen::Ref<Matrix> x, const Eigen::Ref<const Matrix> &cos,
        const Eigen::Ref<const Matrix> &sin) const;
    // The same for every query head of q (rows × heads·d_head, layer L's query norm) and for every
    // key/value head of k (rows × kv_heads·d_head, its key norm).
    void prepareQueries(const LayerWeights &L, Eigen::Ref<Matrix> q, const Eigen::Ref<const Matrix> &cos,
        const Eigen::Ref<const Matrix> &sin) const;
    void prepareKeys(const LayerWeights &L, Eigen::Ref<Matrix> k, const Eigen::Ref<const Matrix> &cos,
        const Eigen::Ref<const Matrix> &sin) const;
    // Rotates k's key/value heads alone (no QK-norm): for a change of k that is linear in attention's
    // input, which only a block without QK-norm has (keysLinear()).
    void rotateKeys(
        Eigen::Ref<Matrix> k, const Eigen::Ref<const Matrix> &cos, const Eigen::Ref<const Matrix> &sin) const;
    // Whether the rotated keys are a linear function of attention's input plus a bias (no
    // QK-norm), so a change of the input changes them by the rotated change.
    bool keysLinear() const { return !qkNorm; }
};

// Why the block cannot run a family with this config: a choice it does not implement (no
// positions at all, rotary positions on interleaved pairs or an odd head size, a pre-norm block
// without a final norm), as a message naming it; nothing when it can. checkForwardWeights
// (core/model/forwardcheck.h) refuses such a model with this message before anything else.
std::optional<Message> unsupportedChoice(const ModelFamily &family, const ModelConfig &config);

// The cos and sin rows of positions 0 … n − 1 for a text that grows: each row depends on its
// position only, so a longer text computes only its new rows. Empty without rotary positions. Two
// sets when the sliding layers have frequencies of their own (BlockSpec::ropeSet).
class RotaryTables {
public:
    // Makes the tables hold positions 0 … n − 1 (`s` the model's spec, not a layer's).
    void cover(const BlockSpec &s, int n);
    // Rows [first, first + count) of each table of set `set`; empty without rotary positions.
    Eigen::Ref<const Matrix> cos(int first, int count, int set = 0) const;
    Eigen::Ref<const Matrix> sin(int first, int count, int set = 0) const;

private:
    Matrix m_cos[2], m_sin[2];
};

// Final logits soft-capped as tanh(x/c)·c (Gemma's final_logit_softcapping: `logits / cap`, `tanh`,
// `* cap`), in place; nothing when the spec has no cap.
void capLogits(const BlockSpec &s, Scalar *logits, Eigen::Index count);

} // namespace attnlab::core::model
