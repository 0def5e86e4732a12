#include "core/model/block/cachepolicy.h"

#include "core/model/forwardcheck.h"
#include "core/text/messageid.h"

namespace attnlab::core::model {

bool applyCachePolicy(int window, int sinks, BlockSpec &spec, std::vector<BlockSpec> &layerSpecs)
{
    if (window < 0 || sinks < 0 || (sinks > 0 && window == 0))
        throw ForwardError(Message(MessageId::GenerateCachePolicy, window, sinks));
    if (window == spec.cacheWindow && sinks == spec.cacheSinks)
        return false;
    spec.cacheWindow = window;
    spec.cacheSinks = sinks;
    for (BlockSpec &s : layerSpecs) {
        s.cacheWindow = window;
        s.cacheSinks = sinks;
    }
    return true;
}

} // namespace attnlab::core::model
