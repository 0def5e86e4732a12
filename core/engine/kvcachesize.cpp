#include "core/engine/kvcachesize.h"

#include "core/model/decoder.h"

namespace attnlab::core::engine {

int cacheElementBytes(const model::TensorView &key)
{
    return key.type == model::ElementType::F32 ? 4 : 2;
}

KvCacheSize kvCacheSize(const model::ModelWeights &weights)
{
    const model::ModelConfig &c = weights.config;
    KvCacheSize size;
    size.layers = c.layers;
    size.kvHeads = c.keyValueHeads();
    size.headDim = c.headDim();
    size.bytesPerElement = weights.layers.empty() ? 4 : cacheElementBytes(weights.layers.front().key);
    // The decoder's own arithmetic for one token.
    size.bytesPerToken = model::Decoder::cacheBytes(c, 1, size.bytesPerElement);
    return size;
}

} // namespace attnlab::core::engine
