#pragma once
// Setting an inference engine's cache policy (BlockSpec::cacheWindow/cacheSinks) on a model's
// spec and its layers' specs, as the Decoder and the ForwardRunner both do.

#include "core/model/block/blockspec.h"

#include <vector>

namespace attnlab::core::model {

// Writes `window` and `sinks` into `spec` and every one of `layerSpecs`. Returns whether they
// changed. Throws ForwardError (MessageId::GenerateCachePolicy), changing nothing, for a negative
// count or sinks without a window.
bool applyCachePolicy(int window, int sinks, BlockSpec &spec, std::vector<BlockSpec> &layerSpecs);

} // namespace attnlab::core::model
