#pragma once
// Prefill, decode and the roofline (issue 32 §4). A forward pass multiplies every weight matrix
// with the rows of the tokens it reads: 2 floating-point operations (a multiply and an add) per
// weight per token. It must also read every weight from memory at least once per pass, whatever
// the number of tokens. So a pass's arithmetic intensity (FLOP per byte read) is about
// 2 · tokens / bytes per weight: decoding one token reads all the weights for 2 FLOP each and is
// bound by memory bandwidth; a prefill of n tokens does n times the work on the same bytes and is
// bound by arithmetic once n is large. The roofline (Williams et al. 2009) draws both: attainable
// FLOP/s = min(peak FLOP/s, intensity × bandwidth).
//
// Attention adds its own work and traffic: the query of each token meets the keys of the tokens
// it sees (QKᵀ) and weighs their values (AV), 4 FLOP per head dimension per (query, key) pair, and
// decode reads the whole KV cache besides the weights.

#include "core/model/modelweights.h"

#include <cstdint>

namespace attnlab::core::engine {

// What a pass reads and computes, from a model's shape.
struct ModelTraffic {
    std::int64_t weights = 0; // matrix weights a token is multiplied with (the experts it is routed to)
    int bytesPerWeight = 0; // of the checkpoint's dtype: 4 for F32, 2 for F16, BF16 and the quantized types
    int layers = 0, heads = 0, kvHeads = 0, headDim = 0;
    // The bytes those weights take as stored when that is not weights · bytesPerWeight (a GGUF
    // file's quantized blocks: about 0.56 bytes per weight for Q4_K); 0: weights · bytesPerWeight.
    std::int64_t storedBytes = 0;

    // A mixture of experts: the bytes of the experts one token is routed to (counted in the
    // weights above) and of all the experts, over every layer; 0 for a dense model.
    std::int64_t routedExpertBytes = 0, allExpertBytes = 0;

    std::int64_t weightBytes() const { return storedBytes > 0 ? storedBytes : weights * bytesPerWeight; }
    // The weights a pass of `tokens` tokens reads: weightBytes(), plus for a mixture of experts the
    // other experts its tokens can reach, at most all of them (k experts per token).
    std::int64_t weightBytesFor(std::int64_t tokens) const;
    // K and V of `tokens` tokens in every layer, in the checkpoint's dtype (as KvCacheSize).
    std::int64_t cacheBytes(std::int64_t tokens) const;
};

// The matrices of every block (attention's projections, the MLP or the experts a token is routed
// to, cross-attention) and the output head (the token embeddings when tied). The embedding lookup
// reads one row and norms and biases are vectors: neither is counted.
ModelTraffic modelTraffic(const model::ModelWeights &weights);

struct PassCost {
    double flops = 0;
    double bytes = 0;
    // FLOP per byte; 0 when nothing is read.
    double intensity() const { return bytes > 0 ? flops / bytes : 0; }
};

// Decoding one token after `context` cached tokens: 2 FLOP per weight and attention over
// context + 1 keys; every weight read once and the cache of context + 1 tokens.
PassCost decodeCost(const ModelTraffic &model, int context);
// A causal prefill of `tokens` tokens in one pass: 2 FLOP per weight per token and attention over
// the i + 1 keys query i sees; every weight the tokens use read once (weightBytesFor: a mixture of
// experts reads up to all its experts) and the cache of the tokens written.
PassCost prefillCost(const ModelTraffic &model, int tokens);

// The fastest a pass reading `bytes` can be at `bytesPerSecond`, in milliseconds.
double floorMs(double bytes, double bytesPerSecond);
// The roofline: attainable FLOP/s at `intensity` under a bandwidth and a compute peak.
double attainableFlops(double intensity, double bytesPerSecond, double peakFlops);
// The FLOP/s a pass of `cost` achieved when it took `ms` milliseconds: the measured point on the
// roofline sits at cost.intensity() and this height, under the roof by the time lost. 0 for
// ms ≤ 0.
double achievedFlops(const PassCost &cost, double ms);

} // namespace attnlab::core::engine
