#include "core/model/sampling.h"

#include "core/model/forwardcheck.h"
#include "core/text/messageid.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

namespace attnlab::core::model {

namespace {

constexpr Scalar kRemoved = -std::numeric_limits<Scalar>::infinity();

// The shortest text that reads back to `value` ("0.7", "-1", "inf").
std::string numberText(double value)
{
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    return std::string(text, end);
}

// softmax in double; −∞ entries give 0.
std::vector<double> softmaxDouble(const Eigen::Ref<const RowVector> &scores)
{
    std::vector<double> p(size_t(scores.size()), 0.0);
    if (scores.size() == 0)
        return p;
    const double top = double(scores.maxCoeff());
    double sum = 0;
    for (Eigen::Index i = 0; i < scores.size(); ++i) {
        p[size_t(i)] = std::exp(double(scores[i]) - top);
        sum += p[size_t(i)];
    }
    for (double &v : p)
        v /= sum;
    return p;
}

} // namespace

void checkSamplingSettings(const SamplingSettings &settings)
{
    if (!std::isfinite(settings.temperature) || settings.temperature < 0)
        throw ForwardError(Message(MessageId::GenerateTemperature, numberText(settings.temperature)));
    if (settings.topK < 0)
        throw ForwardError(Message(MessageId::GenerateTopK, settings.topK));
    if (!(settings.topP > 0 && settings.topP <= 1))
        throw ForwardError(Message(MessageId::GenerateTopP, numberText(settings.topP)));
}

int greedyToken(const Eigen::Ref<const RowVector> &logits)
{
    if (logits.size() == 0)
        return -1;
    // The first index of the maximum (Eigen's maxCoeff also returns the first).
    Eigen::Index best = 0;
    logits.maxCoeff(&best);
    return int(best);
}

RowVector topKWarp(const Eigen::Ref<const RowVector> &scores, int k)
{
    RowVector out = scores;
    const Eigen::Index n = scores.size();
    if (k <= 0 || n == 0)
        return out;
    const Eigen::Index keep = std::min<Eigen::Index>(std::max(k, 1), n);
    std::vector<Scalar> sorted(scores.data(), scores.data() + n);
    std::nth_element(sorted.begin(), sorted.begin() + (keep - 1), sorted.end(), std::greater<Scalar>());
    const Scalar cut = sorted[size_t(keep - 1)];
    for (Eigen::Index i = 0; i < n; ++i)
        if (out[i] < cut)
            out[i] = kRemoved;
    return out;
}

RowVector topPWarp(const Eigen::Ref<const RowVector> &scores, double p)
{
    RowVector out = scores;
    const Eigen::Index n = scores.size();
    if (p >= 1 || n == 0)
        return out;
    std::vector<int> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&scores](int a, int b) { return scores[a] < scores[b]; });
    RowVector sorted(n);
    for (Eigen::Index i = 0; i < n; ++i)
        sorted[i] = scores[order[size_t(i)]];
    const std::vector<double> probabilities = softmaxDouble(sorted);
    const float threshold = float(1 - p);
    double cumulative = 0;
    // The last (largest) entry is always kept: min_tokens_to_keep = 1.
    for (Eigen::Index i = 0; i + 1 < n; ++i) {
        cumulative += probabilities[size_t(i)];
        if (float(cumulative) <= threshold)
            out[order[size_t(i)]] = kRemoved;
    }
    return out;
}

RowVector warpLogits(const Eigen::Ref<const RowVector> &logits, const SamplingSettings &settings)
{
    // transformers divides (scores / temperature), it does not multiply by the inverse.
    RowVector scores = logits / Scalar(settings.temperature);
    scores = topKWarp(scores, settings.topK);
    return topPWarp(scores, settings.topP);
}

RowVector samplingDistribution(const Eigen::Ref<const RowVector> &logits, const SamplingSettings &settings)
{
    RowVector out = RowVector::Zero(logits.size());
    if (logits.size() == 0)
        return out;
    if (settings.greedy()) {
        out[greedyToken(logits)] = 1;
        return out;
    }
    const std::vector<double> p = softmaxDouble(warpLogits(logits, settings));
    for (Eigen::Index i = 0; i < out.size(); ++i)
        out[i] = Scalar(p[size_t(i)]);
    return out;
}

int sampleIndex(const Eigen::Ref<const RowVector> &probabilities, double u)
{
    double total = 0;
    int last = -1;
    for (Eigen::Index i = 0; i < probabilities.size(); ++i)
        if (probabilities[i] > 0) {
            total += double(probabilities[i]);
            last = int(i);
        }
    if (last < 0)
        return -1;
    const double target = u * total;
    double cumulative = 0;
    for (Eigen::Index i = 0; i < probabilities.size(); ++i) {
        if (probabilities[i] <= 0)
            continue;
        cumulative += double(probabilities[i]);
        if (cumulative > target)
            return int(i);
    }
    // Rounding left the sum a hair below u · total: the last positive entry.
    return last;
}

TokenSampler::TokenSampler(std::uint64_t seed)
    : m_engine(seed)
{
}

double TokenSampler::uniform()
{
    // The top 53 bits as a fraction: every value k · 2⁻⁵³, k < 2⁵³, equally likely.
    return double(m_engine() >> 11) * 0x1.0p-53;
}

int TokenSampler::next(const Eigen::Ref<const RowVector> &logits, const SamplingSettings &settings)
{
    checkSamplingSettings(settings);
    if (settings.greedy())
        return greedyToken(logits);
    return sampleIndex(samplingDistribution(logits, settings), uniform());
}

} // namespace attnlab::core::model
