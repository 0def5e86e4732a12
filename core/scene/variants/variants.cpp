#include "core/scene/variants/variants.h"

#include "core/scene/limits.h"
#include "core/scene/scene.h"
#include "core/text/messageid.h"

#include <cmath>
#include <limits>
#include <string>

namespace attnlab::core {

namespace {

bool sameVector(const RowVector &a, const RowVector &b)
{
    return a.size() == b.size() && (a.size() == 0 || a == b);
}

std::string field(const char *name)
{
    return std::string("variants.") + name;
}

// A weight vector: empty, or `length` finite numbers.
void checkWeights(std::vector<Problem> &out, const char *name, const RowVector &w, Eigen::Index length, Message why)
{
    if (w.size() == 0)
        return;
    if (w.size() != length) {
        out.push_back({field(name), Message(MessageId::ExpectedVectorLength, length, std::move(why), w.size())});
        return;
    }
    for (Eigen::Index i = 0; i < w.size(); ++i)
        if (!std::isfinite(w[i]) || std::abs(w[i]) > limits::kMaxAbsValue) {
            out.push_back({field(name) + "[" + std::to_string(i) + "]", Message(MessageId::MustBeFinite)});
            return;
        }
}

} // namespace

bool AttentionVariants::operator==(const AttentionVariants &o) const
{
    return qkNorm == o.qkNorm && sameVector(qNormWeight, o.qNormWeight) && sameVector(kNormWeight, o.kNormWeight)
        && qkNormEpsilon == o.qkNormEpsilon && softCap == o.softCap && slidingWindow == o.slidingWindow
        && firstTokenSink == o.firstTokenSink && sinkLogit == o.sinkLogit && sameVector(sinkLogits, o.sinkLogits);
}

bool insideWindow(const AttentionVariants &v, Eigen::Index query, Eigen::Index key)
{
    if (v.slidingWindow <= 0)
        return true;
    if (key > query)
        return false;
    return key > query - v.slidingWindow || (v.firstTokenSink && key == 0);
}

MaskMatrix visibleKeys(const Scene &scene)
{
    MaskMatrix visible = effectiveMask(scene);
    if (scene.variants.slidingWindow <= 0)
        return visible;
    for (Eigen::Index r = 0; r < visible.rows(); ++r)
        for (Eigen::Index c = 0; c < visible.cols(); ++c)
            if (!insideWindow(scene.variants, r, c))
                visible(r, c) = 0;
    return visible;
}

Matrix rmsNormRows(const Eigen::Ref<const Matrix> &rows, const RowVector &weight, Scalar epsilon)
{
    Matrix out(rows.rows(), rows.cols());
    const double d = double(rows.cols());
    for (Eigen::Index r = 0; r < rows.rows(); ++r) {
        double sum = 0;
        for (Eigen::Index c = 0; c < rows.cols(); ++c)
            sum += double(rows(r, c)) * double(rows(r, c));
        const double inverse = 1.0 / std::sqrt(sum / d + double(epsilon));
        for (Eigen::Index c = 0; c < rows.cols(); ++c)
            out(r, c) = Scalar(double(rows(r, c)) * inverse * (weight.size() ? double(weight[c]) : 1.0));
    }
    return out;
}

Scalar softCapped(Scalar score, Scalar cap)
{
    return Scalar(std::tanh(double(score) / double(cap)) * double(cap));
}

Scalar sinkSoftmaxRow(
    const Scalar *logits, const unsigned char *visible, Eigen::Index n, Scalar sink, Scalar *masked, Scalar *weights)
{
    // gpt-oss subtracts the maximum over the row and the sink together before exponentiating.
    double top = double(sink);
    for (Eigen::Index j = 0; j < n; ++j) {
        masked[j] = visible[j] ? logits[j] : -std::numeric_limits<Scalar>::infinity();
        if (visible[j])
            top = std::max(top, double(logits[j]));
    }
    const double sinkTerm = std::exp(double(sink) - top);
    double sum = sinkTerm;
    for (Eigen::Index j = 0; j < n; ++j)
        if (visible[j])
            sum += std::exp(double(logits[j]) - top);
    for (Eigen::Index j = 0; j < n; ++j)
        weights[j] = visible[j] ? Scalar(std::exp(double(logits[j]) - top) / sum) : Scalar(0);
    return Scalar(sinkTerm / sum);
}

Scalar sinkLogitOf(const AttentionVariants &v, int head)
{
    if (v.sinkLogits.size() == 1) // one logit for every head
        return v.sinkLogits[0];
    if (head >= 0 && head < v.sinkLogits.size())
        return v.sinkLogits[head];
    return 0;
}

void validateVariants(const Scene &s, std::vector<Problem> &out)
{
    const AttentionVariants &v = s.variants;
    if (v.slidingWindow < 0)
        out.push_back({field("sliding_window"), Message(MessageId::MustBeAtLeast, 1)});
    if (!(v.softCap >= 0) || !std::isfinite(v.softCap) || v.softCap > limits::kMaxAbsValue)
        out.push_back({field("soft_cap"), Message(MessageId::MustBeGreaterThanZero, std::to_string(v.softCap))});
    if (v.qkNorm) {
        if (!(v.qkNormEpsilon > 0) || !std::isfinite(v.qkNormEpsilon))
            out.push_back(
                {field("qk_norm_epsilon"), Message(MessageId::MustBeGreaterThanZero, std::to_string(v.qkNormEpsilon))});
        checkWeights(
            out, "q_norm_weight", v.qNormWeight, s.keyDim(), Message(MessageId::WhyOnePerHeadDimension, s.keyDim()));
        checkWeights(
            out, "k_norm_weight", v.kNormWeight, s.keyDim(), Message(MessageId::WhyOnePerHeadDimension, s.keyDim()));
    }
    if (v.sinkLogit && v.sinkLogits.size() != 1)
        checkWeights(out, "sink_logits", v.sinkLogits, s.headCount(), Message(MessageId::WhatHeadCount));
}

} // namespace attnlab::core
