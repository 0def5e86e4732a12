#include "core/experiment/experiments.h"

#include "core/scene/softmax.h"
#include "core/text/messageid.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>

namespace attnlab::core {

namespace {

struct Moments {
    double mean = 0, m2 = 0, m4 = 0; // central moments
};

Moments moments(const std::vector<double> &x)
{
    Moments m;
    if (x.empty())
        return m;
    for (double v : x)
        m.mean += v;
    m.mean /= double(x.size());
    for (double v : x) {
        const double d = (v - m.mean) * (v - m.mean);
        m.m2 += d;
        m.m4 += d * d;
    }
    m.m2 /= double(x.size());
    m.m4 /= double(x.size());
    return m;
}

// The largest entry of softmax(logits), computed stably.
double maxSoftmaxWeight(const std::vector<double> &logits)
{
    const double top = *std::max_element(logits.begin(), logits.end());
    double sum = 0;
    for (double l : logits)
        sum += std::exp(l - top);
    return 1.0 / sum; // exp(top − top) / sum
}

} // namespace

std::optional<Message> checkSqrtDkOptions(const SqrtDkOptions &o)
{
    if (o.maxDk < 1 || o.maxDk > 4096)
        return Message(MessageId::SqrtDkMaxDk);
    if (o.samples < 2 || o.samples > kMaxSqrtDkSamples)
        return Message(MessageId::SqrtDkSamples, kMaxSqrtDkSamples);
    if (o.softmaxTrials < 1 || o.softmaxTrials > kMaxSqrtDkSamples)
        return Message(MessageId::SqrtDkTrials, kMaxSqrtDkSamples);
    if (o.keys < 1 || o.keys > kMaxSqrtDkKeys)
        return Message(MessageId::SqrtDkKeys, kMaxSqrtDkKeys);
    return std::nullopt;
}

std::vector<SqrtDkPoint> sqrtDkExperiment(const SqrtDkOptions &o)
{
    if (const std::optional<Message> why = checkSqrtDkOptions(o))
        throw std::invalid_argument("attnlab::core::sqrtDkExperiment: " + why->english());

    std::mt19937 rng(o.seed);
    std::normal_distribution<double> normal(0.0, 1.0);
    std::vector<SqrtDkPoint> points;
    std::vector<double> dots(size_t(o.samples));
    std::vector<double> q, logits(size_t(o.keys));
    for (int dk = 1; dk <= o.maxDk; dk *= 2) {
        SqrtDkPoint p;
        p.dK = dk;
        const double root = std::sqrt(double(dk));
        for (double &dot : dots) {
            double sum = 0;
            for (int i = 0; i < dk; ++i)
                sum += normal(rng) * normal(rng);
            dot = sum;
        }
        const Moments raw = moments(dots);
        p.rawVariance = raw.m2;
        // Dividing every value by √d_k divides m2 by d_k and m4 by d_k².
        p.scaledVariance = raw.m2 / dk;
        const double m2 = raw.m2 / dk, m4 = raw.m4 / (double(dk) * dk);
        p.scaledVarianceError = std::sqrt(std::max(0.0, m4 - m2 * m2) / double(o.samples));

        q.resize(size_t(dk));
        double rawSum = 0, scaledSum = 0;
        for (int t = 0; t < o.softmaxTrials; ++t) {
            for (double &v : q)
                v = normal(rng);
            for (double &l : logits) {
                double sum = 0;
                for (double v : q)
                    sum += v * normal(rng);
                l = sum;
            }
            rawSum += maxSoftmaxWeight(logits);
            for (double &l : logits)
                l /= root;
            scaledSum += maxSoftmaxWeight(logits);
        }
        p.rawMaxWeight = rawSum / o.softmaxTrials;
        p.scaledMaxWeight = scaledSum / o.softmaxTrials;
        points.push_back(p);
        if (dk > o.maxDk / 2)
            break; // dk * 2 would pass maxDk (and must not overflow)
    }
    return points;
}

void collectScores(const Stages &stages, std::vector<double> *raw, std::vector<double> *scaled)
{
    raw->clear();
    scaled->clear();
    for (const HeadStages &h : stages.heads) {
        for (Eigen::Index i = 0; i < h.scores.size(); ++i)
            raw->push_back(h.scores.data()[i]);
        for (Eigen::Index i = 0; i < h.scaled.size(); ++i)
            scaled->push_back(h.scaled.data()[i]);
    }
}

void sharedHistograms(
    const std::vector<double> &a, const std::vector<double> &b, int bins, Histogram *ha, Histogram *hb)
{
    bins = std::max(1, bins);
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const std::vector<double> *v : {&a, &b})
        for (double x : *v)
            if (std::isfinite(x)) {
                lo = std::min(lo, x);
                hi = std::max(hi, x);
            }
    if (!(lo <= hi)) {
        lo = 0;
        hi = 1;
    } else if (hi - lo < 1e-9) {
        // One distinct value: give it a bin of visible width around it.
        lo -= 0.5;
        hi += 0.5;
    }
    for (auto [values, h] : {std::pair {&a, ha}, std::pair {&b, hb}}) {
        h->lo = lo;
        h->hi = hi;
        h->counts.assign(size_t(bins), 0);
        for (double x : *values) {
            if (!std::isfinite(x))
                continue;
            const int bin = std::clamp(int((x - lo) / (hi - lo) * bins), 0, bins - 1);
            ++h->counts[size_t(bin)];
        }
    }
}

double variance(const std::vector<double> &values)
{
    return moments(values).m2;
}

Scalar sqrtDk(const Scene &scene)
{
    return std::sqrt(Scalar(scene.keyDim()));
}

Matrix weightsAtDivisor(const Scene &scene, const Stages &stages, int head, Scalar div)
{
    if (!(div > 0) || head < 0 || head >= int(stages.heads.size()))
        throw std::invalid_argument("attnlab::core::weightsAtDivisor: needs a positive divisor and an existing head");
    const Matrix &scores = stages.heads[size_t(head)].scores;
    const MaskMatrix visible = effectiveMask(scene);
    if (visible.rows() != scores.rows() || visible.cols() != scores.cols())
        throw std::invalid_argument("attnlab::core::weightsAtDivisor: the stages are not the scene's");
    const Eigen::Index n = scores.rows();
    const Matrix scaled = scores / div;
    Matrix masked(n, n), weights(n, n);
    for (Eigen::Index r = 0; r < n; ++r)
        maskedSoftmaxRow(scaled.row(r).data(), visible.row(r).data(), n, masked.row(r).data(), weights.row(r).data());
    return weights;
}

std::vector<double> rowEntropy(const Matrix &weights)
{
    std::vector<double> out(size_t(weights.rows()), 0.0);
    for (Eigen::Index r = 0; r < weights.rows(); ++r) {
        double h = 0;
        for (Eigen::Index c = 0; c < weights.cols(); ++c) {
            const double w = weights(r, c);
            if (w > 0)
                h -= w * std::log2(w);
        }
        out[size_t(r)] = std::max(0.0, h); // rounding can leave −0.000…
    }
    return out;
}

std::vector<double> maxRowEntropy(const Scene &scene)
{
    const MaskMatrix visible = effectiveMask(scene);
    std::vector<double> out(size_t(visible.rows()), 0.0);
    for (Eigen::Index r = 0; r < visible.rows(); ++r) {
        const int keys = int(visible.row(r).cast<int>().sum());
        out[size_t(r)] = keys > 0 ? std::log2(double(keys)) : 0.0;
    }
    return out;
}

std::optional<Message> applyVariation(const Scene &scene, Variation variation, Scene *out)
{
    Scene s = scene;
    const bool addsPositions = variation == Variation::PositionalSinusoidal || variation == Variation::PositionalRope;
    if (addsPositions && s.hasInputX())
        return Message(MessageId::VariationXHasPositions);
    switch (variation) {
    case Variation::PositionalNone:
        s.positional = PositionalEncoding::None;
        break;
    case Variation::PositionalSinusoidal:
        if (s.direct)
            return Message(MessageId::VariationSinusoidalDirect);
        s.positional = PositionalEncoding::Sinusoidal;
        break;
    case Variation::PositionalRope:
        if (s.keyDim() % 2 != 0)
            return Message(MessageId::VariationRopeOddDk, s.keyDim());
        s.positional = PositionalEncoding::Rope;
        break;
    case Variation::ScaleSqrtDk:
        s.scale = ScaleKind::SqrtDk;
        break;
    case Variation::ScaleNone:
        s.scale = ScaleKind::None;
        break;
    case Variation::MaskNone:
        s.mask = MaskKind::None;
        break;
    case Variation::MaskCausal:
        s.mask = MaskKind::Causal;
        break;
    case Variation::Head:
        break;
    }
    *out = std::move(s);
    return std::nullopt;
}

Matrix difference(const Matrix &a, const Matrix &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return Matrix();
    Matrix d(a.rows(), a.cols());
    for (Eigen::Index r = 0; r < a.rows(); ++r)
        for (Eigen::Index c = 0; c < a.cols(); ++c) {
            const Scalar x = a(r, c), y = b(r, c);
            const bool hx = std::isinf(x), hy = std::isinf(y);
            if (hx && hy && x == y)
                d(r, c) = 0;
            else if (hx || hy || std::isnan(x) || std::isnan(y))
                d(r, c) = std::numeric_limits<Scalar>::quiet_NaN();
            else
                d(r, c) = y - x;
        }
    return d;
}

} // namespace attnlab::core
