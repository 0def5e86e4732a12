#pragma once
// The forward pass of a real GPT-2, BERT, Qwen2 or Llama checkpoint, with every intermediate the views need
// cached per layer, head ablation, and the model's prediction at one position.
//
// Semantics are those of Hugging Face transformers (modeling_gpt2.py, modeling_bert.py,
// modeling_llama.py, modeling_qwen2.py), in inference mode (no dropout), for one sequence:
// - GPT-2: h₀ = wte[ids] + wpe[0…n); per layer a = ln_1(h), [q k v] = a·c_attn + b,
//   per head softmax(q·kᵀ/√d_head) under the causal mask, h += merge(ctx)·c_proj + b,
//   h += c_proj(act(c_fc(ln_2(h)))); the prediction is softmax(ln_f(h_L[p])·wteᵀ).
// - BERT: h₀ = LayerNorm(word[ids] + position[0…n) + token_type[0]); per layer
//   q = h·W_qᵀ + b (likewise k, v), per head softmax(q·kᵀ/√d_head) with no mask,
//   h = LN(ctx·W_oᵀ + b + h), h = LN(W₂·act(W₁·h + b₁) + b₂ + h) (post-LN); the prediction is
//   the masked-LM head: softmax(LN(act(h_L[p]·Dᵀ + b))·wordᵀ + cls.predictions.bias).
// - Qwen2 / Llama: h₀ = embed_tokens[ids]; per layer a = RMSNorm(h), q = a·W_qᵀ (+ b_q), k and v
//   likewise with kv_heads·d_head outputs, q and k rotated per position (rotate-half, rope_theta,
//   rope_scaling), query head j reads key/value head j / (heads / kv_heads), softmax(q·kᵀ·d_head^−½)
//   under the causal mask, h += merge(ctx)·W_oᵀ (+ b_o), h += down(silu(gate(RMSNorm(h))) ⊙
//   up(…)); the prediction is softmax(RMSNorm(h_L[p])·Wᵀ) with W = lm_head, or embed_tokens when
//   tied. Which biases exist is the config's (ModelConfig::qkvBias, outBias, mlpBias).
// - LayerNorm uses the biased variance with ε inside the square root; the activation is the
//   config's ("gelu" = exact erf GELU, "gelu_new"/"gelu_pytorch_tanh"/"gelu_fast" = tanh form).
//
// Layers and heads count from 0 here (the command line and titles count from 1).
// Row i of every n × d matrix is token i; in an n × n matrix the row is the query, the column the
// key.

#include "core/model/block/blockmath.h"
#include "core/model/block/layerblock.h"
#include "core/model/family/blocktensor.h"
#include "core/model/modelweights.h"
#include "core/scene/scene.h"

#include <deque>
#include <functional>
#include <memory>
#include <vector>

namespace attnlab::core::model {

// Called before each layer runs with (that layer, number of layers), and once more with
// (layers, layers) before the prediction. Returning false cancels: the layers finished so far
// stay cached, and resume() continues from there. Called on the thread that runs the pass.
using ForwardProgress = std::function<bool(int layer, int layers)>;

// Runs one model on one token sequence and keeps what every view reads. Not thread-safe: one
// thread at a time (the UI runs it on a worker and reads the results when it finishes).
//
// Memory: n × d floats per layer (twice for GPT-2), a thumbnail of at most kThumbnailSize² per
// head, and one n × n scratch per thread; a head's full attention weights are recomputed when
// asked for (attentionWeights), so GPT-2 small at n = 1024 keeps 109 MiB (measured:
// bench/model_forward_bench.cpp, runner_MiB) rather than the 576 MiB that layers·heads·n² floats
// would take; a causal model adds its KV cache, 2 · kv_heads · d_head floats per token and layer
// (72 MiB for GPT-2 small at n = 1024). The logits are computed for the prediction row
// only.
class ForwardRunner {
public:
    // Checks that the forward pass implements every kind the family names (unsupportedChoice in
    // core/model/block/blockspec.h), that every tensor the family needs is present with the shape the config
    // implies, and that the activation is supported; throws std::invalid_argument naming the
    // first problem otherwise. A BERT checkpoint without a masked-LM head is accepted, but
    // cannot predict (canPredict() is false).
    explicit ForwardRunner(std::shared_ptr<const ModelWeights> weights);
    // Not copyable: edited layers hold views into the runner's own storage (moving keeps them).
    ForwardRunner(const ForwardRunner &) = delete;
    ForwardRunner &operator=(const ForwardRunner &) = delete;
    ForwardRunner(ForwardRunner &&) = default;
    ForwardRunner &operator=(ForwardRunner &&) = default;

    const ModelWeights &weights() const { return *m_weights; }
    // The checkpoint itself, shared: for a Decoder that runs it beside the runner (edits of the
    // runner's copies are not in it).
    const std::shared_ptr<const ModelWeights> &sharedWeights() const { return m_weights; }
    const ModelConfig &config() const { return m_weights->config; }

    // Runs the model on `ids` and predicts at `predictionPosition` (−1 = the last position;
    // GPT-2 predicts the token after it, BERT the token at it, e.g. the first [MASK]).
    // Keeps the current head mask. Throws std::invalid_argument, before changing anything, for
    // an empty sequence, more tokens than maxPositions, an id outside the vocabulary or a
    // position outside the sequence. Returns false when `progress` cancelled.
    //
    // Incremental: for a causal model (config().causal) the rows before the first token that
    // differs from the previous run's ids keep their values in every layer (row i depends only
    // on tokens 0…i), so each layer projects, normalises and feeds forward only the rows from
    // there on. When the new ids extend the previous ones (generation appends a token), the
    // layer's keys and values of the earlier rows come from its KV cache (cachedKeys()) and only
    // the new rows' q, k and v are projected and attend, each over every cached key: one new
    // token costs one row of work per layer (computedQueryRows()), and the thumbnails take the
    // new rows in place. Otherwise (an edited text) q, k, v and the attention weights are
    // recomputed for every row. Rows a cancelled run left unfinished are recomputed. For a model
    // that is not causal every row depends on every token: any change recomputes everything.
    // The result equals a fresh runner's up to float rounding.
    bool run(const std::vector<int> &ids, int predictionPosition = -1, const ForwardProgress &progress = {});

    // layers × heads; 1 = the head is on, 0 = ablated: its attention probabilities are
    // multiplied by the value, as transformers' head_mask does, so its context becomes zero.
    // Initially all ones. When a sequence has been run, re-runs only the layers from the first
    // one whose row changed (see restartedFrom()). Throws std::invalid_argument for a wrong shape
    // or a non-finite value. Returns false when `progress` cancelled.
    bool setHeadMask(const Matrix &mask, const ForwardProgress &progress = {});
    const Matrix &headMask() const { return m_headMask; }

    // An inference engine's cache policy (BlockSpec::cacheWindow/cacheSinks, as Decoder's): each
    // query sees only the first `sinks` and the last `window` keys; 0 the whole cache. A change
    // re-runs every layer. Throws ForwardError for a negative count or sinks without a window.
    // Returns false when `progress` cancelled.
    bool setCachePolicy(int window, int sinks, const ForwardProgress &progress = {});
    int cacheWindow() const { return m_spec.cacheWindow; }
    int cacheSinks() const { return m_spec.cacheSinks; }

    // Moves the prediction (−1 = the last position); recomputes only the prediction head.
    // Throws std::invalid_argument for a position outside the sequence.
    void setPredictionPosition(int position);

    // Replaces head `head` of `layer` with the weights of `scene` — a scene from headScene(),
    // edited on the board: its W_Q, W_K, W_V (d × d_head), b_Q, b_K, b_V (d_head; empty = 0) and
    // W_O (d_head × d) become that head's slices of the layer's tensors, and its b_O (d; empty
    // = 0) becomes the whole layer's output bias. Everything else in the scene (X, tokens, mask,
    // scale) is ignored: X comes from the layers below. The checkpoint itself is never written:
    // the edited layer's attention tensors are copied once. Re-runs from `layer`. Throws
    // std::invalid_argument for an index out of range, a scene with more than one head, or a
    // shape that does not fit. Returns false when `progress` cancelled.
    bool setHeadWeights(int layer, int head, const Scene &scene, const ForwardProgress &progress = {});
    // The values of `tensor` in `layer` as the block board shows them (family/blocktensor.h:
    // inputs × outputs, a vector as one row), edited or not; 16-bit weights widened to float.
    // Throws std::invalid_argument for a layer out of range or a tensor the layer does not have.
    Matrix blockTensor(int layer, BlockTensor tensor) const;
    // Only the rows × cols cells at (row, col) of it; throws std::invalid_argument when they do
    // not fit.
    Matrix blockTensorCells(int layer, BlockTensor tensor, int row, int col, int rows, int cols) const;
    // Writes `values` into `tensor` of `layer` at (row, col), in the board's orientation. The
    // checkpoint itself is never written: the layer's tensor is copied once, as floats (16-bit
    // weights widened), and the layer reads the copy from then on. Re-runs from `layer`: the
    // layers below keep their results. Throws std::invalid_argument, changing nothing, for a
    // layer out of range, a tensor the layer does not have, cells that do not fit or a value
    // that is not a finite number. Returns false when `progress` cancelled.
    bool setBlockCells(
        int layer, BlockTensor tensor, int row, int col, const Matrix &values, const ForwardProgress &progress = {});
    // Back to the checkpoint's weights in every layer; re-runs from the first edited layer.
    bool resetWeights(const ForwardProgress &progress = {});
    bool hasEditedWeights() const;
    // The weights layer `layer` uses: the checkpoint's, or their edited copy.
    const LayerWeights &layerWeights(int layer) const { return m_layers.at(size_t(layer)); }

    // Continues a cancelled computation. Returns false when cancelled again.
    bool resume(const ForwardProgress &progress = {});
    // Every layer and the prediction are up to date.
    bool isComplete() const;

    // The first layer the last run(), setHeadMask(), setHeadWeights(), resetWeights(), resume()
    // or setPredictionPosition() computed (layers() when only the prediction was recomputed or
    // nothing changed).
    int restartedFrom() const { return m_restartedFrom; }
    // The first row the last run() computed in its first layer: the length of the prefix it
    // reused (0 after any change for a model that is not causal; tokenCount() when the ids
    // were the same).
    int reusedRows() const { return m_reusedRows; }
    // Layers whose caches are valid (layers() when complete).
    int layersDone() const { return m_done; }
    // The query rows whose q, k, v the last run(), setHeadMask(), setHeadWeights(),
    // resetWeights() or resume() projected and attended, summed over the layers it computed:
    // layers() for one token appended to a computed causal text, layers() · n for a whole text.
    int computedQueryRows() const { return m_computedQueryRows; }

    // A causal model's KV cache of `layer`: the keys (rotated, under rotary positions) and the
    // values of every token, tokenCount() × (kv_heads · d_head), key/value head g in columns
    // [g · d_head, (g + 1) · d_head). Needs layer < layersDone(); empty for a model that is not
    // causal (it keeps no cache: every token changes every row).
    Eigen::Ref<const Matrix> cachedKeys(int layer) const;
    Eigen::Ref<const Matrix> cachedValues(int layer) const;

    int layers() const { return config().layers; }
    int heads() const { return config().heads; }
    const std::vector<int> &tokenIds() const { return m_ids; }
    int tokenCount() const { return int(m_ids.size()); }

    // The residual stream entering `layer` (n × d); layer == layers() gives the last block's
    // output (GPT-2: before ln_f). Needs layer ≤ layersDone().
    const Matrix &layerInput(int layer) const;
    // What the layer's attention reads (n × d): GPT-2 the output of ln_1 (Qwen2 and Llama their
    // input_layernorm), BERT the layer input. Computed from layerInput(layer) on each call (the
    // pass keeps no copy: at 2,048 tokens of a 24-layer model that was 176 MB), bit for bit what
    // the pass read.
    Matrix attentionInput(int layer) const;
    // One head's attention weights (n × n) after the mask and softmax, BEFORE the head mask: an
    // ablated head still shows the pattern it would have (its context is zero all the same).
    // Under GPT-2's causal mask the cells above the diagonal are exactly 0. Recomputed from
    // attentionInput(layer) and layerWeights(layer) on each call (one head's q·kᵀ: about 20 ms
    // at 1024 tokens of GPT-2 small); equal to what the pass used up to float rounding
    // (about 1e-6, the tests allow 2e-5).
    Matrix attentionWeights(int layer, int head) const;
    // The largest side of a thumbnail.
    static constexpr int kThumbnailSize = 64;
    // A small picture of the same weights, kept for every head by the pass: up to kThumbnailSize
    // tokens it IS the weights matrix; beyond, with b = thumbnailBlock(n) (a power of two), it
    // is ⌈n/b⌉ × ⌈n/b⌉ (at most kThumbnailSize²) and cell (i, j) the largest weight in the block
    // of query rows [i·b, (i+1)·b) and key columns [j·b, (j+1)·b) (cut at n) — the maximum, so
    // that a sharp pattern (a diagonal, one attended token) stays visible where an average would
    // fade it. Power-of-two blocks let a generated token update it in place: under the causal
    // mask earlier rows never change, and a coarser block is the maximum of the four it joins.
    const Matrix &attentionThumbnail(int layer, int head) const;
    // The side of the blocks of a thumbnail of n tokens: 1 up to kThumbnailSize tokens, else the
    // smallest power of two b with ⌈n/b⌉ ≤ kThumbnailSize.
    static int thumbnailBlock(int tokens);
    // Head `head`'s queries and keys of `layer` (n × d_head each), with their biases, as the pass
    // computed them: the projections (`rotated` false) or what meets in the dot product (after the
    // QK-norm and the rotation, when the block has them; without either both are the same). Under grouped-query
    // attention the keys are those of the key/value head config().kvHeadOf(head). Needs layer < layersDone().
    void headQueryKey(int layer, int head, bool rotated, Matrix &q, Matrix &k) const;
    // Rotary positions: the inverse frequencies of the head's d_head/2 pairs (rope_theta and
    // rope_scaling applied); empty for a model without them.
    const RowVector &rotaryFrequencies() const { return m_spec.inverseFrequencies; }
    // The description of the model's block, which every pass over it reads.
    const BlockSpec &blockSpec() const { return m_spec; }
    // The description of layer `layer` (0 … layers − 1): its sliding window and rotary frequencies
    // (BlockSpec::layer), which its attention reads.
    const BlockSpec &blockSpec(int layer) const { return m_layerSpecs[size_t(layer)]; }

    // The checkpoint has what the prediction needs (GPT-2 always; BERT a masked-LM head).
    bool canPredict() const;
    int predictionPosition() const { return m_position; }
    // The model's own softmax over the whole vocabulary at the prediction position (length
    // vocabSize), and the logits it came from. Empty until computed or when !canPredict().
    const RowVector &probabilities() const { return m_probabilities; }
    const RowVector &logits() const { return m_logits; }

private:
    bool compute(const ForwardProgress &progress);
    // Compute rows [from, n) of the layer's output; rows before `from` are already valid.
    void runLayer(int layer, int from);
    // The attention of one layer for the rows it must compute, from its attention input `a`
    // (n × d): projects q, k, v of rows [first, n), keeps a causal model's keys and values in its
    // cache, and leaves the context of those rows in m_context ((n − first) rows). `first` is
    // `from` when the layer's cache and thumbnails hold rows [0, from) (appended tokens), else 0.
    int firstAttendedRow(int layer, int from) const;
    void attendLayer(int layer, const Eigen::Ref<const Matrix> &rows, int first);
    void attend(int layer, int first, const Eigen::Ref<const Matrix> &keys, const Eigen::Ref<const Matrix> &values);
    bool causal() const { return m_spec.causal; }
    void predict();
    void checkLayer(int layer, int limit) const;
    void invalidateFrom(int layer);
    void checkBlockTensor(int layer, BlockTensor tensor) const;
    // The layer's own float copy of the tensor `view` shows, made on first use (`view` then
    // points at it); an empty view stays empty.
    Matrix &ownedTensor(int layer, TensorView &view);

    std::shared_ptr<const ModelWeights> m_weights;
    // Per layer: views into the checkpoint, or into m_edited[layer] for the tensors edited.
    std::vector<LayerWeights> m_layers;
    // Per layer: the copies its edited tensors read (a deque: copies never move); empty = the
    // layer is not edited.
    std::vector<std::deque<Matrix>> m_edited;
    BlockSpec m_spec;
    std::vector<BlockSpec> m_layerSpecs; // m_spec.layer(l) for each layer
    Matrix m_headMask;
    std::vector<int> m_ids;
    int m_position = 0;
    int m_done = 0; // layers computed for the current ids and mask
    // Per layer: the rows of its output (and GPT-2's ln_1) valid for the current ids and mask.
    std::vector<int> m_rowsDone;
    int m_reusedRows = 0;
    bool m_predicted = false;
    int m_restartedFrom = 0;
    std::vector<Matrix> m_inputs; // layers + 1, n × d
    std::vector<std::vector<Matrix>> m_thumbnails; // [layer][head], at most kThumbnailSize²
    std::vector<int> m_thumbnailRows; // per layer: the tokens its thumbnails show (0 = none)
    // Causal models, per layer: keys (rotated) and values of every token, capacity ≥ n rows
    // (grown geometrically, so an appended token rarely moves them).
    std::vector<Matrix> m_keys, m_values;
    int m_computedQueryRows = 0;
    std::vector<Matrix> m_scratch; // one n × n attention matrix per thread of the pass
    RowVector m_logits, m_probabilities;
    // Scratch reused from layer to layer and run to run (no allocation in steady state).
    Matrix m_qkv, m_context, m_attnIn;
    BlockScratch m_block;
    RotaryTables m_rotary; // of positions 0…n−1
};

} // namespace attnlab::core::model
