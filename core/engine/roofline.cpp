#include "core/engine/roofline.h"

#include "core/engine/kvcachesize.h"
#include "core/model/block/blockmath.h"

#include <algorithm>

namespace attnlab::core::engine {

namespace {
std::int64_t elements(const model::TensorView &t)
{
    return t.empty() ? 0 : std::int64_t(t.rows) * t.cols;
}

// Adds a matrix read `times` times per token to the traffic.
void addMatrix(ModelTraffic &t, const model::TensorView &m, std::int64_t times = 1)
{
    t.weights += times * elements(m);
    t.storedBytes += times * model::tensorBytes(m);
}
} // namespace

std::int64_t ModelTraffic::weightBytesFor(std::int64_t tokens) const
{
    const std::int64_t others = allExpertBytes - routedExpertBytes;
    if (others <= 0 || tokens <= 1)
        return weightBytes();
    return weightBytes() + std::min(others, (tokens - 1) * routedExpertBytes);
}

std::int64_t ModelTraffic::cacheBytes(std::int64_t tokens) const
{
    return std::int64_t(2) * layers * kvHeads * headDim * tokens * bytesPerWeight;
}

ModelTraffic modelTraffic(const model::ModelWeights &weights)
{
    const model::ModelConfig &c = weights.config;
    ModelTraffic t;
    t.layers = c.layers;
    t.heads = c.heads;
    t.kvHeads = c.keyValueHeads();
    t.headDim = c.headDim();
    t.bytesPerWeight = weights.layers.empty() ? 4 : cacheElementBytes(weights.layers.front().key);
    for (const model::LayerWeights &l : weights.layers) {
        for (const model::TensorView *m : {&l.query, &l.key, &l.value, &l.attnOut, &l.fcIn, &l.fcOut, &l.mlpGate,
                 &l.router, &l.crossQuery, &l.crossKey, &l.crossValue, &l.crossOut})
            addMatrix(t, *m);
        // A token goes through expertsPerToken of the experts: only theirs are read for it.
        if (!l.experts.empty()) {
            const model::ExpertWeights &e = l.experts.front();
            const int routed = std::min<int>(int(l.experts.size()), std::max(1, c.expertsPerToken));
            for (const model::TensorView *m : {&e.gate, &e.up, &e.down}) {
                addMatrix(t, *m, routed);
                const std::int64_t bytes = model::tensorBytes(*m);
                t.routedExpertBytes += routed * bytes;
                t.allExpertBytes += std::int64_t(l.experts.size()) * bytes;
            }
        }
    }
    addMatrix(t, !weights.outputHead.empty() ? weights.outputHead : weights.tokenEmbeddings);
    return t;
}

PassCost decodeCost(const ModelTraffic &model, int context)
{
    const double keys = double(context) + 1;
    PassCost cost;
    cost.flops = 2.0 * double(model.weights) + 4.0 * model.layers * model.heads * model.headDim * keys;
    cost.bytes = double(model.weightBytes()) + double(model.cacheBytes(context + 1));
    return cost;
}

PassCost prefillCost(const ModelTraffic &model, int tokens)
{
    const double n = tokens;
    PassCost cost;
    // Query i sees keys 0 … i: n(n + 1)/2 pairs.
    cost.flops = 2.0 * double(model.weights) * n + 4.0 * model.layers * model.heads * model.headDim * n * (n + 1) / 2;
    cost.bytes = double(model.weightBytesFor(tokens)) + double(model.cacheBytes(tokens));
    return cost;
}

double floorMs(double bytes, double bytesPerSecond)
{
    return bytesPerSecond > 0 ? bytes / bytesPerSecond * 1e3 : 0;
}

double attainableFlops(double intensity, double bytesPerSecond, double peakFlops)
{
    return std::min(peakFlops, intensity * bytesPerSecond);
}

double achievedFlops(const PassCost &cost, double ms)
{
    return ms > 0 ? cost.flops / (ms / 1e3) : 0;
}

} // namespace attnlab::core::engine
