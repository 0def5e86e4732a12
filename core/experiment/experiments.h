#pragma once
// The numbers behind the experiments window: why the scores are divided by √d_k, what the
// divisor does to the weights (temperature), and A/B comparison of two scenes.
//
// Everything here is a plain function of its inputs; random experiments take their seed
// explicitly, so the same options always give the same numbers.

#include "core/scene/pipeline.h"
#include "core/scene/scene.h"
#include "core/text/message.h"
#include "core/types.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace attnlab::core {

// ---- Why √d_k ----------------------------------------------------------------------------

struct SqrtDkOptions {
    // d_k takes the powers of two from 1 to maxDk.
    int maxDk = 1024;
    // Pairs (q, k) drawn per d_k for the variance.
    int samples = 2000;
    // Queries drawn per d_k for the largest softmax weight, each against `keys` random keys.
    int softmaxTrials = 200;
    int keys = 16;
    std::uint32_t seed = 1;
};

// Largest accepted values of the options (a bigger run would freeze the window).
inline constexpr int kMaxSqrtDkSamples = 100000;
inline constexpr int kMaxSqrtDkKeys = 1024;

struct SqrtDkPoint {
    int dK = 0;
    // Sample variance of q·k and of q·k/√d_k, each component of q and k drawn from N(0, 1).
    // Theory: d_k and 1.
    double rawVariance = 0;
    double scaledVariance = 0;
    // Standard error of scaledVariance estimated from the same sample
    // (√((m4 − m2²)/N) with m2, m4 the sample's second and fourth central moments).
    double scaledVarianceError = 0;
    // Mean over the trials of the largest softmax weight of one query against `keys` keys,
    // from the logits q·k_j and from q·k_j/√d_k. 1/keys is uniform, 1 is one-hot.
    double rawMaxWeight = 0;
    double scaledMaxWeight = 0;
};

// Runs the experiment for d_k = 1, 2, 4, …, maxDk. Options out of range (samples < 2,
// keys < 1, maxDk < 1, or above the limits) throw std::invalid_argument.
std::vector<SqrtDkPoint> sqrtDkExperiment(const SqrtDkOptions &options = {});

// The first problem with the options (an id with the limit it breaks), none when they are fine.
std::optional<Message> checkSqrtDkOptions(const SqrtDkOptions &options);

// ---- The current scene's scores ----------------------------------------------------------

struct Histogram {
    double lo = 0, hi = 1; // the range the bins cover
    std::vector<int> counts; // equal-width bins over [lo, hi]

    double binWidth() const { return counts.empty() ? 0 : (hi - lo) / double(counts.size()); }
    double binCenter(int bin) const { return lo + (bin + 0.5) * binWidth(); }
};

// Every entry of `scores` and of `scaled` over all heads (query rows × key columns, masking
// ignored: it comes after scaling).
void collectScores(const Stages &stages, std::vector<double> *raw, std::vector<double> *scaled);

// Histograms of `a` and `b` over one shared range (so their shapes can be compared), with
// `bins` bins. Non-finite values are skipped. Empty inputs give all-zero counts over [0, 1].
void sharedHistograms(
    const std::vector<double> &a, const std::vector<double> &b, int bins, Histogram *ha, Histogram *hb);

double variance(const std::vector<double> &values);

// ---- Temperature -------------------------------------------------------------------------

// The weights of head `head` when the scores are divided by `divisor` (> 0) instead of the
// scene's own divisor; the scene's mask applies. `stages` must be the scene's stages.
Matrix weightsAtDivisor(const Scene &scene, const Stages &stages, int head, Scalar divisor);

// √d_k of the scene: the divisor that factor 1 of the temperature slider stands for.
Scalar sqrtDk(const Scene &scene);

// Shannon entropy of each row in bits (0 = one-hot, log2(k) = uniform over k keys). Zero
// entries contribute nothing, so a row without keys has entropy 0.
std::vector<double> rowEntropy(const Matrix &weights);

// log2 of the number of keys each query row may see: the entropy of a uniform row.
std::vector<double> maxRowEntropy(const Scene &scene);

// ---- A/B comparison ----------------------------------------------------------------------

enum class Variation {
    PositionalNone,
    PositionalSinusoidal,
    PositionalRope,
    ScaleSqrtDk,
    ScaleNone,
    MaskNone,
    MaskCausal,
    Head, // same scene, another head
};

// A copy of `scene` with one setting changed (Head leaves the scene as it is). Returns the
// reason when the change is impossible (RoPE with an odd d_k, sinusoidal in direct mode),
// otherwise nothing.
std::optional<Message> applyVariation(const Scene &scene, Variation variation, Scene *out);

// Element-wise b − a. Cells hidden (−∞) in both give 0; a cell hidden in exactly one gives
// NaN (the difference is undefined there). Empty when the shapes differ.
Matrix difference(const Matrix &a, const Matrix &b);

} // namespace attnlab::core
