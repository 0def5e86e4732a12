#pragma once
// Choosing the next token from a causal model's logits, as Hugging Face transformers'
// generate() does for one sequence (generation/utils.py, generation/logits_process.py):
// - temperature 0: greedy, the arg-max of the logits (equal logits: the smallest id, as
//   torch.argmax); top-k and top-p cannot change the arg-max and are not applied;
// - otherwise the warpers in transformers' order — TemperatureLogitsWarper (logits ÷ T),
//   TopKLogitsWarper, TopPLogitsWarper, each keeping at least one token (min_tokens_to_keep 1) —
//   then one draw from softmax of what is left (torch.multinomial's role).
// Removed tokens get −∞, as the warpers' filter_value, so their probability is exactly 0.
//
// The draws come from our own seeded generator (std::mt19937_64, 53 bits per uniform number):
// the same seed gives the same tokens on every machine, but not the tokens PyTorch's generator
// would draw with torch.manual_seed of the same number.

#include "core/types.h"

#include <cstdint>
#include <random>

namespace attnlab::core::model {

struct SamplingSettings {
    // 0 = greedy; > 0 divides the logits before sampling. Finite.
    double temperature = 0;
    // 0 = off (transformers adds no TopKLogitsWarper for top_k 0); else keep the k largest.
    int topK = 0;
    // 1 = off (transformers adds no TopPLogitsWarper for top_p 1.0); in (0, 1].
    double topP = 1;

    bool greedy() const { return temperature == 0; }
};

// Throws ForwardError (forwardcheck.h) naming the first setting outside its range: a temperature
// that is negative or not finite, a negative top-k, a top-p outside (0, 1].
void checkSamplingSettings(const SamplingSettings &settings);

// The arg-max of `logits`; equal values give the smallest index. −1 for an empty vector.
int greedyToken(const Eigen::Ref<const RowVector> &logits);

// TopKLogitsWarper: k' = min(max(k, 1), n); every score strictly below the k'-th largest becomes
// −∞. Scores equal to the k'-th largest all stay, so more than k' may survive a tie at the cut.
// k ≤ 0 changes nothing.
RowVector topKWarp(const Eigen::Ref<const RowVector> &scores, int k);

// TopPLogitsWarper: sort the scores ascending (equal scores in order of increasing index, a
// stable sort), take the cumulative sum of their softmax, and set to −∞ every token whose
// cumulative sum is ≤ 1 − p; the largest score is always kept. So the kept set is the smallest
// set of the largest scores whose probabilities add up to at least p (up to float rounding:
// the removed ones add up to at most 1 − p). Of equal scores at the cut the one with the higher index is
// kept. Softmax and cumulative sum are in double, the sums rounded to float before the
// comparison with float(1 − p) as PyTorch compares a float tensor with a Python number.
// p ≥ 1 changes nothing.
RowVector topPWarp(const Eigen::Ref<const RowVector> &scores, double p);

// The scores sampling draws from: logits ÷ temperature, then topKWarp, then topPWarp. Needs a
// temperature > 0.
RowVector warpLogits(const Eigen::Ref<const RowVector> &logits, const SamplingSettings &settings);

// The distribution the next token is drawn from, for showing: softmax of warpLogits (0 for
// removed tokens); when greedy, 1 at greedyToken and 0 elsewhere.
RowVector samplingDistribution(const Eigen::Ref<const RowVector> &logits, const SamplingSettings &settings);

// The index where the cumulative sum of `probabilities` first exceeds u · their sum, for u in
// [0, 1); entries ≤ 0 are never chosen. −1 when no entry is positive.
int sampleIndex(const Eigen::Ref<const RowVector> &probabilities, double u);

// Picks next tokens; owns the random generator, so successive calls continue one stream.
class TokenSampler {
public:
    explicit TokenSampler(std::uint64_t seed = 0);

    // The next token for `logits` under `settings` (checked with checkSamplingSettings): greedy
    // draws nothing from the generator; sampling draws one uniform number.
    int next(const Eigen::Ref<const RowVector> &logits, const SamplingSettings &settings);

    // A uniform number in [0, 1) with 53 random bits.
    double uniform();

private:
    std::mt19937_64 m_engine;
};

} // namespace attnlab::core::model
