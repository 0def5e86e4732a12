#include "core/scene/scene.h"

#include "core/scene/limits.h"
#include "core/scene/memory/memorycheck.h"
#include "core/text/messageid.h"

#include <cmath>
#include <optional>
#include <unordered_map>

namespace attnlab::core {

namespace {

template<typename M> bool sameMatrix(const M &a, const M &b)
{
    return a.rows() == b.rows() && a.cols() == b.cols() && a == b;
}

// Why a number is not accepted as input, or nothing when it is.
std::optional<Message> badValue(double x)
{
    if (!std::isfinite(x))
        return Message(MessageId::MustBeFinite);
    if (std::abs(x) > limits::kMaxAbsValue)
        return Message(MessageId::MustLieInValueRange);
    return std::nullopt;
}

std::string cellPath(const std::string &name, Eigen::Index r, Eigen::Index c)
{
    return name + "[" + std::to_string(r) + "][" + std::to_string(c) + "]";
}

std::string shapeText(Eigen::Index r, Eigen::Index c)
{
    return std::to_string(r) + "×" + std::to_string(c);
}

// Reports a wrong shape, or else the first non-finite entry.
void checkMatrix(std::vector<Problem> &out, const std::string &name, const Matrix &m, Eigen::Index rows,
    Eigen::Index cols, const Message &why)
{
    if (m.rows() != rows || m.cols() != cols) {
        out.push_back(
            {name, Message(MessageId::ExpectedMatrixShape, shapeText(rows, cols), why, shapeText(m.rows(), m.cols()))});
        return;
    }
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            if (std::optional<Message> why = badValue(m(r, c))) {
                out.push_back({cellPath(name, r, c), *why});
                return;
            }
}

// Reports a wrong length, or else the first non-finite entry.
void checkVector(
    std::vector<Problem> &out, const std::string &name, const RowVector &v, Eigen::Index length, const Message &why)
{
    if (v.size() != length) {
        out.push_back({name, Message(MessageId::ExpectedVectorLength, length, why, v.size())});
        return;
    }
    for (Eigen::Index i = 0; i < v.size(); ++i)
        if (std::optional<Message> bad = badValue(v(i))) {
            out.push_back({name + "[" + std::to_string(i) + "]", *bad});
            return;
        }
}

// X (given directly) and the embedding lookup are two sources of the same matrix: exactly one
// may be used. Token strings then only label rows. A sinusoidal encoding would be added to X,
// which already holds whatever positions were added to it; rotary positions rotate Q and K and
// leave X alone (a head of Qwen2 or Llama).
void checkInputX(std::vector<Problem> &out, const Scene &s)
{
    if (s.embeddings.size() > 0 || !s.vocabulary.empty())
        out.push_back({"embeddings", Message(MessageId::EmbeddingsWithX)});
    if (s.positional == PositionalEncoding::Sinusoidal)
        out.push_back({"positional_encoding", Message(MessageId::PositionalWithX, name(s.positional))});
    checkMatrix(out, "X", s.x, s.tokenCount(), s.dModel, Message(MessageId::WhyRowPerTokenDModelWide, s.dModel));
}

// The biases, each optional: b_Q, b_K, b_V as wide as W_Q's columns, b_O as wide as d_model and
// only after a W_O.
void checkBiases(std::vector<Problem> &out, const Scene &s)
{
    const int hd = s.heads * s.dK;
    const Message why(MessageId::WhyOnePerColumnOfQkv, hd);
    const std::pair<const char *, const RowVector *> qkv[] = {{"b_Q", &s.bq}, {"b_K", &s.bk}, {"b_V", &s.bv}};
    for (const auto &[key, bias] : qkv)
        if (bias->size() > 0)
            checkVector(out, key, *bias, hd, why);
    if (s.bo.size() > 0) {
        if (s.wo.size() == 0)
            out.push_back({"b_O", Message(MessageId::BiasONeedsWo)});
        else
            checkVector(out, "b_O", s.bo, s.dModel, Message(MessageId::WhyOnePerColumnOfWo, s.dModel));
    }
}

void checkLimit(
    std::vector<Problem> &out, const std::string &path, const Message &what, long long value, long long limit)
{
    if (value > limit)
        out.push_back({path, Message(MessageId::ValueMoreThanLimit, what, value, limit)});
}

} // namespace

bool Scene::operator==(const Scene &o) const
{
    return title == o.title && hasTitleTranslations(*this) == hasTitleTranslations(o)
        && (!hasTitleTranslations(*this) || titleTranslations == o.titleTranslations) && description == o.description
        && tokens == o.tokens && direct == o.direct && sameMatrix(q, o.q) && sameMatrix(k, o.k) && sameMatrix(v, o.v)
        && dModel == o.dModel && vocabulary == o.vocabulary && sameMatrix(embeddings, o.embeddings) && heads == o.heads
        && dK == o.dK && sameMatrix(wq, o.wq) && sameMatrix(wk, o.wk) && sameMatrix(wv, o.wv) && sameMatrix(wo, o.wo)
        && sameMatrix(x, o.x) && sameMatrix(bq, o.bq) && sameMatrix(bk, o.bk) && sameMatrix(bv, o.bv)
        && sameMatrix(bo, o.bo) && memory == o.memory && positional == o.positional
        && (positional != PositionalEncoding::Rope
            || (ropeConvention == o.ropeConvention && sameMatrix(ropeFrequencies, o.ropeFrequencies)
                && (ropeFrequencies.size() > 0 || ropeBase == o.ropeBase)))
        && scale == o.scale && (scale != ScaleKind::Custom || customDivisor == o.customDivisor) && mask == o.mask
        && (mask != MaskKind::Custom || sameMatrix(customMask, o.customMask)) && variants == o.variants;
}

namespace {

// Direct mode: Q, K and V given, one row per token.
void validateDirect(std::vector<Problem> &out, const Scene &s, long long n)
{
    const Eigen::Index dk = s.q.cols();
    if (dk < 1)
        out.push_back({"direct.Q", Message(MessageId::NeedsAColumn)});
    if (s.v.cols() < 1)
        out.push_back({"direct.V", Message(MessageId::NeedsAColumn)});
    checkLimit(out, "direct.Q", Message::literal("d_k"), dk, limits::kMaxDk);
    checkLimit(out, "direct.V", Message::literal("d_v"), s.v.cols(), limits::kMaxDk);
    if (out.empty()) {
        checkMatrix(out, "direct.Q", s.q, n, dk, Message(MessageId::WhyRowPerToken));
        checkMatrix(out, "direct.K", s.k, n, dk, Message(MessageId::WhyRowPerTokenAsWideAsQ));
        checkMatrix(out, "direct.V", s.v, n, s.v.cols(), Message(MessageId::WhyRowPerToken));
    }
    if (s.positional == PositionalEncoding::Sinusoidal)
        out.push_back({"positional_encoding", Message(MessageId::SinusoidalInDirectScene)});
    // Direct mode gives Q, K and V themselves: there is no X to give and nothing to add a bias to.
    if (s.x.size() > 0)
        out.push_back({"X", Message(MessageId::NotInDirectSceneQkv)});
    const std::pair<const char *, const RowVector *> biases[]
        = {{"b_Q", &s.bq}, {"b_K", &s.bk}, {"b_V", &s.bv}, {"b_O", &s.bo}};
    for (const auto &[key, bias] : biases)
        if (bias->size() > 0)
            out.push_back({key, Message(MessageId::NotInDirectSceneQkv)});
}

// Model mode: the sizes d_model, heads and d_k, each at least 1 and within its limit.
void validateModelSizes(std::vector<Problem> &out, const Scene &s)
{
    if (s.dModel < 1)
        out.push_back({"d_model", Message(MessageId::MustBeAtLeast, 1)});
    if (s.heads < 1)
        out.push_back({"heads", Message(MessageId::MustBeAtLeast, 1)});
    if (s.dK < 1)
        out.push_back({"d_k", Message(MessageId::MustBeAtLeast, 1)});
    checkLimit(out, "d_model", Message::literal("d_model"), s.dModel, limits::kMaxDModel);
    checkLimit(out, "heads", Message(MessageId::WhatHeadCount), s.heads, limits::kMaxHeads);
    checkLimit(out, "d_k", Message::literal("d_k"), s.dK, limits::kMaxDk);
    checkLimit(out, "d_k", Message(MessageId::WhatHeadsTimesDk), (long long)s.heads * s.dK, limits::kMaxHeadsTimesDk);
}

// The embedding table's shape and values, and a row for every token.
void validateEmbeddings(std::vector<Problem> &out, const Scene &s)
{
    if (s.embeddings.rows() != Eigen::Index(s.vocabulary.size()) || s.embeddings.cols() != s.dModel) {
        out.push_back({"embeddings", Message(MessageId::ExpectedEmbeddingRows, s.vocabulary.size(), s.dModel)});
    } else {
        for (size_t r = 0; r < s.vocabulary.size(); ++r)
            for (int c = 0; c < s.dModel; ++c)
                if (std::optional<Message> why = badValue(s.embeddings(Eigen::Index(r), c))) {
                    out.push_back({"embeddings[\"" + s.vocabulary[r] + "\"][" + std::to_string(c) + "]", *why});
                    break;
                }
    }
    std::unordered_map<std::string, int> seen;
    for (size_t r = 0; r < s.vocabulary.size(); ++r)
        if (!seen.emplace(s.vocabulary[r], int(r)).second)
            out.push_back({"embeddings[\"" + s.vocabulary[r] + "\"]", Message(MessageId::AppearsTwice)});
    for (size_t i = 0; i < s.tokens.size(); ++i)
        if (!seen.count(s.tokens[i]))
            out.push_back({"tokens[" + std::to_string(i) + "]", Message(MessageId::TokenHasNoRow, s.tokens[i])});
}

void validateWeights(std::vector<Problem> &out, const Scene &s)
{
    const int hd = s.heads * s.dK;
    const Message why(MessageId::WhyWeights, shapeText(s.dModel, hd));
    checkMatrix(out, "W_Q", s.wq, s.dModel, hd, why);
    checkMatrix(out, "W_K", s.wk, s.dModel, hd, why);
    checkMatrix(out, "W_V", s.wv, s.dModel, hd, why);
    if (s.wo.size() > 0)
        checkMatrix(out, "W_O", s.wo, hd, s.dModel, Message(MessageId::WhyOutputWeights, shapeText(hd, s.dModel)));
    else if (s.heads > 1)
        out.push_back({"W_O", Message(MessageId::WoRequiredForHeads)});
}

// Positional encoding, scale and mask, for either mode.
void validateOptions(std::vector<Problem> &out, const Scene &s, long long n)
{
    if (s.positional == PositionalEncoding::Rope && s.keyDim() % 2 != 0)
        out.push_back({s.direct ? "direct.Q" : "d_k", Message(MessageId::RopeNeedsEvenDk, s.keyDim())});
    if (s.positional == PositionalEncoding::Rope) {
        if (!(s.ropeBase > 0) || badValue(s.ropeBase))
            out.push_back({"rope_theta", Message(MessageId::RopeThetaMustBePositive)});
        if (s.ropeFrequencies.size() > 0)
            checkVector(out, "rope_frequencies", s.ropeFrequencies, s.keyDim() / 2,
                Message(MessageId::WhyOnePerRopePair, s.keyDim() / 2));
    }

    if (s.scale == ScaleKind::Custom
        && !(s.customDivisor >= limits::kMinDivisor && s.customDivisor <= limits::kMaxAbsValue))
        out.push_back({"scale", Message(MessageId::CustomDivisorRange)});

    if (s.mask != MaskKind::Custom)
        return;
    if (s.customMask.rows() != n || s.customMask.cols() != n) {
        out.push_back({"mask",
            Message(
                MessageId::ExpectedTokenMask, shapeText(n, n), shapeText(s.customMask.rows(), s.customMask.cols()))});
        return;
    }
    for (Eigen::Index r = 0; r < n; ++r)
        for (Eigen::Index c = 0; c < n; ++c)
            if (s.customMask(r, c) > 1) {
                out.push_back({cellPath("mask", r, c), Message(MessageId::MustBeZeroOrOne)});
                return;
            }
}

void validateStageSize(std::vector<Problem> &out, const Scene &s, long long n)
{
    const std::size_t bytes
        = limits::stageBytes(int(n), s.direct ? 0 : s.dModel, s.headCount(), s.keyDim(), s.valueDim());
    if (bytes > limits::kMaxStageBytes)
        out.push_back({"", Message(MessageId::SceneTooLargeForStages, bytes >> 20, limits::kMaxStageBytes >> 20)});
}

} // namespace

std::vector<Problem> validate(const Scene &s)
{
    std::vector<Problem> out;
    const long long n = s.tokenCount();
    if (n == 0)
        out.push_back({"tokens", Message(MessageId::NeedsAToken)});
    checkLimit(out, "tokens", Message(MessageId::WhatTokenCount), n, limits::kMaxTokens);

    if (s.direct) {
        validateDirect(out, s, n);
    } else {
        validateModelSizes(out, s);
        // The shapes below follow from these sizes: with a bad size they would only repeat it.
        if (!out.empty())
            return out;
        if (s.hasInputX())
            checkInputX(out, s);
        else
            validateEmbeddings(out, s);
        validateWeights(out, s);
        checkBiases(out, s);
    }
    validateOptions(out, s, n);
    validateVariants(s, out);
    validateMemory(s, out);
    if (out.empty())
        validateStageSize(out, s, n);
    return out;
}

Scalar divisor(const Scene &s)
{
    switch (s.scale) {
    case ScaleKind::SqrtDk:
        return std::sqrt(Scalar(s.keyDim()));
    case ScaleKind::None:
        return 1;
    case ScaleKind::Custom:
        return s.customDivisor;
    }
    return 1;
}

std::vector<double> ropeFrequencies(const Scene &s)
{
    if (s.ropeFrequencies.size() == 0)
        return ropeFrequencies(double(s.ropeBase), s.keyDim());
    return std::vector<double>(s.ropeFrequencies.data(), s.ropeFrequencies.data() + s.ropeFrequencies.size());
}

bool hasDefaultRope(const Scene &s)
{
    return s.ropeConvention == RotaryConvention::Interleaved && double(s.ropeBase) == kDefaultRopeBase
        && s.ropeFrequencies.size() == 0;
}

MaskMatrix effectiveMask(const Scene &s)
{
    const Eigen::Index n = s.tokenCount();
    if (s.hasMemory())
        return MaskMatrix::Ones(n, s.keyCount());
    switch (s.mask) {
    case MaskKind::None:
        return MaskMatrix::Ones(n, n);
    case MaskKind::Causal: {
        MaskMatrix m = MaskMatrix::Zero(n, n);
        for (Eigen::Index r = 0; r < n; ++r)
            m.row(r).head(r + 1).setOnes();
        return m;
    }
    case MaskKind::Custom:
        return s.customMask;
    }
    return MaskMatrix::Ones(n, n);
}

std::vector<int> embeddingRows(const Scene &s)
{
    std::unordered_map<std::string, int> index;
    for (size_t r = 0; r < s.vocabulary.size(); ++r)
        index.emplace(s.vocabulary[r], int(r));
    std::vector<int> rows;
    rows.reserve(s.tokens.size());
    for (const std::string &t : s.tokens) {
        auto it = index.find(t);
        rows.push_back(it == index.end() ? -1 : it->second);
    }
    return rows;
}

bool hasTitleTranslations(const Scene &s)
{
    if (s.titleTranslations.empty())
        return false;
    for (const auto &[lang, text] : s.titleTranslations)
        if (lang == "en")
            return text == s.title;
    return s.titleTranslations.front().second == s.title;
}

const char *name(PositionalEncoding pe)
{
    switch (pe) {
    case PositionalEncoding::None:
        return "none";
    case PositionalEncoding::Sinusoidal:
        return "sinusoidal";
    case PositionalEncoding::Rope:
        return "rope";
    }
    return "none";
}

const char *name(MaskKind mask)
{
    switch (mask) {
    case MaskKind::None:
        return "none";
    case MaskKind::Causal:
        return "causal";
    case MaskKind::Custom:
        return "custom";
    }
    return "none";
}

const char *name(RotaryConvention convention)
{
    return convention == RotaryConvention::HalfSplit ? "rotate_half" : "interleaved";
}

} // namespace attnlab::core
