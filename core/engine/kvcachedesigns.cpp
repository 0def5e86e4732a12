#include "core/engine/kvcachedesigns.h"

#include <algorithm>

namespace attnlab::core::engine {

std::int64_t KvCacheLayout::bytesPerToken() const
{
    return numbersPerLayer * std::int64_t(windows.size()) * bytesPerNumber;
}

std::int64_t KvCacheLayout::bytes(std::int64_t tokens) const
{
    std::int64_t rows = 0;
    for (int w : windows)
        rows += w > 0 ? std::min<std::int64_t>(tokens, w) : tokens;
    return rows * numbersPerLayer * bytesPerNumber;
}

namespace {

KvCacheLayout headsLayout(KvCacheDesign design, int layers, int kvHeads, int headDim, int bytesPerNumber)
{
    KvCacheLayout l;
    l.design = design;
    l.kvHeads = kvHeads;
    l.numbersPerLayer = std::int64_t(2) * kvHeads * headDim;
    l.windows.assign(size_t(std::max(layers, 0)), 0);
    l.bytesPerNumber = bytesPerNumber;
    return l;
}

} // namespace

KvCacheLayout mlaLayout(int layers, int kvLoraRank, int qkRopeHeadDim, int bytesPerNumber)
{
    KvCacheLayout l;
    l.design = KvCacheDesign::Mla;
    l.latentRank = kvLoraRank;
    l.ropeDim = qkRopeHeadDim;
    l.numbersPerLayer = std::int64_t(kvLoraRank) + qkRopeHeadDim;
    l.windows.assign(size_t(std::max(layers, 0)), 0);
    l.bytesPerNumber = bytesPerNumber;
    return l;
}

int gqaComparisonHeads(int heads, int kvHeads)
{
    if (kvHeads > 1 && kvHeads < heads)
        return kvHeads;
    if (heads > 8 && heads % 8 == 0)
        return 8;
    if (heads > 2 && heads % 2 == 0)
        return heads / 2;
    return heads;
}

std::vector<KvCacheLayout> kvCacheDesigns(const model::ModelConfig &c, int bytesPerNumber)
{
    const int layers = c.layers, heads = c.heads, kv = c.keyValueHeads(), dh = c.headDim();
    KvCacheLayout own = headsLayout(KvCacheDesign::ThisModel, layers, kv, dh, bytesPerNumber);
    if (c.slidingWindow > 0)
        for (size_t l = 0; l < c.slidingLayers.size() && l < own.windows.size(); ++l)
            own.windows[l] = c.slidingLayers[l] ? c.slidingWindow : 0;
    return {own, headsLayout(KvCacheDesign::Mha, layers, heads, dh, bytesPerNumber),
        headsLayout(KvCacheDesign::Gqa, layers, gqaComparisonHeads(heads, kv), dh, bytesPerNumber),
        headsLayout(KvCacheDesign::Mqa, layers, 1, dh, bytesPerNumber),
        mlaLayout(layers, 4 * dh, dh / 2, bytesPerNumber)};
}

} // namespace attnlab::core::engine
