#pragma once
// Generation token by token with a key/value cache: the inference loop of a causal language model
// (GPT-2, Qwen2, Llama), as transformers' generate() runs it with use_cache=True.
//
// Under the causal mask row i of every layer depends only on tokens 0…i, so the keys and values a
// layer computed for earlier tokens never change. The Decoder keeps them per layer (the KV cache)
// and runs only NEW rows through every layer: a prompt is one pass over its rows (the prefill),
// then each new token costs one row of work per layer — its q, k, v, its attention over every
// cached key, its MLP — instead of a rerun of the whole text. The arithmetic is the block math the
// ForwardRunner uses (core/model/block/blockmath), so the logits equal ForwardRunner's for the same ids
// up to float rounding.
//
// What the cache holds, per layer: for every token so far, kv_heads · head_dim keys (after the
// rotary rotation, for a rotary model) and as many values, in float. Under grouped-query attention
// (kv_heads < heads) query head h reads key/value head h / (heads / kv_heads), so the cache is
// heads / kv_heads times smaller than one key and value per query head would take.
//
// Layers and heads count from 0. Not thread-safe: one thread at a time.

#include "core/model/block/blockmath.h"
#include "core/model/forward.h"
#include "core/model/modelweights.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace attnlab::core::model {

class Decoder {
public:
    // Checks the checkpoint as ForwardRunner does (checkForwardWeights), then that the model can
    // generate: a causal, pre-LN family that predicts the next token (GPT-2, Qwen2, Llama — not
    // BERT). Throws ForwardError naming what is missing otherwise.
    explicit Decoder(std::shared_ptr<const ModelWeights> weights);

    // Whether a model of this config can generate text (what the constructor checks first).
    static bool canGenerate(const ModelConfig &config);

    const ModelConfig &config() const { return m_weights->config; }
    int layers() const { return config().layers; }
    int heads() const { return config().heads; }
    // Key/value heads (config().keyValueHeads()) and the width of a head.
    int kvHeads() const;
    int headDim() const;

    // Runs `ids` as the rows after the cached ones, in one pass through every layer (the prefill
    // when the cache is empty, one row per call while generating), and computes the logits of the
    // last position. Throws ForwardError, before changing anything, for no ids, an id outside the
    // vocabulary, or more tokens in all than the model's positions. Returns false when `progress`
    // (called before each layer as ForwardRunner's) cancelled: the cache is then as it was before
    // the call.
    bool append(const std::vector<int> &ids, const ForwardProgress &progress = {});
    // Empties the cache (the head mask stays).
    void clear();
    // Keeps the first `tokens` cached rows and forgets the rest (speculative decoding takes back
    // the rejected proposals this way). The logits and last attention are those of no position
    // until the next append. Throws std::out_of_range for a count outside 0 … tokenCount().
    void truncate(int tokens);

    // The cache policy (BlockSpec::cacheWindow/cacheSinks): `window` > 0 keeps the last `window`
    // keys and the first `sinks` of every layer visible to each query, 0 the whole cache. A change
    // recomputes every cached row under it. Throws ForwardError for a negative count or sinks
    // without a window. Returns false when cancelled: the cache is then empty, as setHeadMask's.
    bool setCachePolicy(int window, int sinks, const ForwardProgress &progress = {});
    int cacheWindow() const { return m_spec.cacheWindow; }
    int cacheSinks() const { return m_spec.cacheSinks; }

    // Whether append() computes the logits of every appended row (rowLogits()), not only the
    // last: what a verifying pass of speculative decoding needs. Off by default.
    void setKeepRowLogits(bool keep) { m_keepRowLogits = keep; }
    // The last append's logits, one row per appended token (row r predicts the token after
    // appended row r); the last row equals logits(). Empty unless setKeepRowLogits(true).
    const Matrix &rowLogits() const { return m_rowLogits; }

    // layers × heads; 1 = the head is on, 0 = ablated (its attention probabilities are multiplied
    // by the value, as transformers' head_mask does). A change recomputes every cached row under
    // the new mask (the rows of a layer depend on the masks of the layers below). Throws
    // ForwardError for a wrong shape or a non-finite value. Returns false when cancelled: the cache
    // is then empty (tokenIds() too), and the ids must be appended again.
    bool setHeadMask(const Matrix &mask, const ForwardProgress &progress = {});
    const Matrix &headMask() const { return m_headMask; }

    // The ids whose rows are cached, in order.
    const std::vector<int> &tokenIds() const { return m_ids; }
    int tokenCount() const { return int(m_ids.size()); }
    // How many more tokens fit: maxPositions − tokenCount().
    int positionsLeft() const { return config().maxPositions - tokenCount(); }

    // The logits of the last cached position over the whole vocabulary (length vocabSize), and
    // their softmax (temperature 1): the model's own distribution of the next token. Empty while
    // the cache is empty.
    const RowVector &logits() const { return m_logits; }
    const RowVector &probabilities() const { return m_probabilities; }

    // The last query row's attention weights in `layer`: heads × tokenCount(), row h the weights
    // head h gave every cached position (before the head mask: an ablated head still shows its
    // pattern). Empty while the cache is empty.
    const Matrix &lastAttention(int layer) const;

    // The cached keys and values of `layer`: tokenCount() × (kvHeads · headDim), key/value head g
    // in columns [g · headDim, (g + 1) · headDim). Keys of a rotary model are rotated.
    Eigen::Ref<const Matrix> keys(int layer) const;
    Eigen::Ref<const Matrix> values(int layer) const;
    // Rows cached in `layer` (every layer holds tokenCount() after a finished append).
    int cachedRows(int layer) const;

    // Memory of the cache for `tokens` tokens at `bytesPerElement` per number:
    // 2 · layers · kv_heads · head_dim · tokens · bytes (keys and values), and the same with
    // heads in place of kv_heads — what it would take without grouped-query attention.
    static std::int64_t cacheBytes(const ModelConfig &config, int tokens, int bytesPerElement);
    static std::int64_t cacheBytesWithoutGqa(const ModelConfig &config, int tokens, int bytesPerElement);
    // This cache's bytes per layer (keys and values of tokenCount() tokens, in float), and all of it.
    std::int64_t layerCacheBytes() const;
    std::int64_t cacheBytes() const { return cacheBytes(config(), tokenCount(), int(sizeof(Scalar))); }

private:
    void checkLayer(int layer) const;
    void reserve(int rows);
    void runLayer(int layer, int from, int count);
    void attend(int layer, int from, int count);
    void predict(int rows);
    bool recompute(const ForwardProgress &progress);

    std::shared_ptr<const ModelWeights> m_weights;
    BlockSpec m_spec;
    std::vector<BlockSpec> m_layerSpecs; // m_spec.layer(l) for each layer
    Matrix m_headMask;
    std::vector<int> m_ids;
    // Per layer: keys and values of every cached token, capacity ≥ tokenCount() rows (grown
    // geometrically, so a new row rarely moves the cache).
    std::vector<Matrix> m_keys, m_values;
    std::vector<Matrix> m_lastAttention; // per layer, heads × tokenCount()
    std::vector<Matrix> m_pendingAttention; // the same for an append under way
    RowVector m_logits, m_probabilities;
    bool m_keepRowLogits = false;
    Matrix m_rowLogits;
    // Scratch of the rows being appended, reused from call to call.
    Matrix m_hidden, m_normed, m_context, m_scores;
    Matrix m_q; // the new rows' q | k | v (q the left heads · d_head columns)
    BlockScratch m_block;
    RotaryTables m_rotary; // of the positions cached and being appended
};

} // namespace attnlab::core::model
