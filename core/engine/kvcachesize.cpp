#include "core/engine/kvcachesize.h"

#include "core/model/decoder.h"

namespace attnlab::core::engine {

KvCacheSize kvCacheSize(const model::ModelWeights &weights)
{
    const model::ModelConfig &c = weights.config;
    KvCacheSize size;
    size.layers = c.layers;
    size.kvHeads = c.keyValueHeads();
    size.headDim = c.headDim();
    const bool half = !weights.layers.empty() && weights.layers.front().key.isHalf();
    size.bytesPerElement = half ? 2 : 4;
    // The decoder's own arithmetic for one token.
    size.bytesPerToken = model::Decoder::cacheBytes(c, 1, size.bytesPerElement);
    return size;
}

} // namespace attnlab::core::engine
