#pragma once
// The KV cache's size for a model: for every layer, every key/value head keeps one key and one
// value vector of d_head elements per token. Queries are not kept: each is used once, by its own
// token, while every later token reads all the keys and values again.

#include "core/model/modelweights.h"

namespace attnlab::core::engine {

struct KvCacheSize {
    int layers = 0, kvHeads = 0, headDim = 0;
    int bytesPerElement = 0; // of the checkpoint's dtype (cacheElementBytes)

    // 2 (K and V) × layers × kv_heads × d_head × bytes per element.
    long long bytesPerToken = 0;
    long long bytes(long long tokens) const { return bytesPerToken * tokens; }
};

// The bytes per number a model's keys and values are cached in, from its key projection's element
// type: 4 bytes for F32, 2 for F16 and BF16, and 2 for a quantized matrix too (llama.cpp keeps a
// GGUF model's cache in F16 unless told otherwise; it and vLLM cache an F32 checkpoint in 16 bits
// too, which the texts say beside this figure).
int cacheElementBytes(const model::TensorView &key);

// The size for a model: its layers, key/value heads and head width from the config, and
// cacheElementBytes of its key projection.
KvCacheSize kvCacheSize(const model::ModelWeights &weights);

} // namespace attnlab::core::engine
