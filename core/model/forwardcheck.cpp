#include "core/model/forwardcheck.h"

#include "core/text/messageid.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace attnlab::core::model {

namespace {

std::string shapeText(long long rows, long long cols)
{
    return std::to_string(rows) + "×" + std::to_string(cols);
}

void needMatrix(const TensorView &t, long long rows, long long cols, const std::string &name)
{
    if (t.empty())
        throw ForwardError(Message(MessageId::ForwardTensorMissing, name));
    if (t.rows != rows || t.cols != cols)
        throw ForwardError(
            Message(MessageId::ForwardTensorShape, name, shapeText(t.rows, t.cols), shapeText(rows, cols)));
}

// Rank-1 tensors may come as 1 × len or len × 1; only the length matters.
void needVector(const TensorView &t, long long length, const std::string &name)
{
    if (t.empty())
        throw ForwardError(Message(MessageId::ForwardTensorMissing, name));
    if (!(t.rows == 1 || t.cols == 1) || (long long)t.rows * t.cols != length)
        throw ForwardError(Message(MessageId::ForwardTensorLength, name, shapeText(t.rows, t.cols), length));
}

// A LayerNorm has weight and bias, an RMSNorm a weight only.
void needNorm(NormKind kind, const LayerNormWeights &n, long long d, const std::string &name)
{
    needVector(n.weight, d, name + ".weight");
    if (kind == NormKind::LayerNorm)
        needVector(n.bias, d, name + ".bias");
}

// An nn.Linear (out × in) and, when the config gives it one, its bias.
void needLinear(
    const TensorView &w, const TensorView &b, long long out, long long in, bool bias, const std::string &name)
{
    needMatrix(w, out, in, name + ".weight");
    if (bias)
        needVector(b, out, name + ".bias");
}

void checkLayer(const ModelFamily &f, const ModelConfig &c, const LayerWeights &L, int l)
{
    const TensorNames &t = f.tensors;
    const long long d = c.dModel, inner = c.dInner;
    const long long q = (long long)c.heads * c.headDim(), kv = (long long)c.keyValueHeads() * c.headDim();
    const std::string p = t.layer + std::to_string(l) + ".";
    const bool pre = f.placement == NormPlacement::PreLn;
    if (pre)
        needNorm(f.norm, L.attnNorm, d, p + t.attnNorm);
    if (f.projection == ProjectionKind::Conv1DFused) {
        needMatrix(L.attnWeight, d, 3 * d, p + t.qkv + ".weight");
        needVector(L.attnBias, 3 * d, p + t.qkv + ".bias");
        needMatrix(L.attnOut, d, d, p + t.attnOut + ".weight");
        needVector(L.attnOutBias, d, p + t.attnOut + ".bias");
    } else {
        needLinear(L.query, L.queryBias, q, d, c.qkvBias, p + t.query);
        needLinear(L.key, L.keyBias, kv, d, c.qkvBias, p + t.key);
        needLinear(L.value, L.valueBias, kv, d, c.qkvBias, p + t.value);
        needLinear(L.attnOut, L.attnOutBias, d, q, c.outBias, p + t.attnOut);
    }
    if (!pre)
        needNorm(f.norm, L.attnNorm, d, p + t.attnNorm);
    if (pre)
        needNorm(f.norm, L.mlpNorm, d, p + t.mlpNorm);
    if (f.projection == ProjectionKind::Conv1DFused) {
        // Conv1D is in × out.
        needMatrix(L.fcIn, d, inner, p + t.mlpIn + ".weight");
        needVector(L.fcInBias, inner, p + t.mlpIn + ".bias");
        needMatrix(L.fcOut, inner, d, p + t.mlpOut + ".weight");
        needVector(L.fcOutBias, d, p + t.mlpOut + ".bias");
    } else {
        if (f.mlp == MlpKind::GatedSilu)
            needLinear(L.mlpGate, L.mlpGateBias, inner, d, c.mlpBias, p + t.mlpGate);
        needLinear(L.fcIn, L.fcInBias, inner, d, c.mlpBias, p + t.mlpIn);
        needLinear(L.fcOut, L.fcOutBias, d, inner, c.mlpBias, p + t.mlpOut);
    }
    if (!pre)
        needNorm(f.norm, L.mlpNorm, d, p + t.mlpNorm);
}

void checkTensors(const ModelWeights &w)
{
    const ModelConfig &c = w.config;
    const ModelFamily &f = *c.family;
    const TensorNames &t = f.tensors;
    const long long d = c.dModel;
    if (!t.tokenTypes.empty() && c.typeVocabSize < 1)
        throw ForwardError(Message(MessageId::ForwardTypeVocabSize));
    needMatrix(w.tokenEmbeddings, c.vocabSize, d, t.tokens + ".weight");
    if (!t.positions.empty())
        needMatrix(w.positionEmbeddings, c.maxPositions, d, t.positions + ".weight");
    if (!t.tokenTypes.empty())
        needMatrix(w.tokenTypeEmbeddings, c.typeVocabSize, d, t.tokenTypes + ".weight");
    if (!t.embeddingNorm.empty())
        needNorm(f.norm, w.embeddingNorm, d, t.embeddingNorm);
    if (!t.finalNorm.empty())
        needNorm(f.norm, w.finalNorm, d, t.finalNorm);
    if (!c.tiedOutputHead)
        needMatrix(w.outputHead, c.vocabSize, d, t.outputHead + ".weight");
    for (int l = 0; l < c.layers; ++l)
        checkLayer(f, c, w.layers[size_t(l)], l);
    if (!t.headDense.empty() && hasPredictionHead(w)) {
        needMatrix(w.mlmDense, d, d, t.headDense + ".weight");
        needVector(w.mlmDenseBias, d, t.headDense + ".bias");
        needNorm(f.norm, w.mlmNorm, d, t.headNorm);
        needVector(w.mlmBias, c.vocabSize, t.headBias);
    }
}

} // namespace

std::optional<Message> unsupportedKind(const ModelFamily &f, const ModelConfig &c)
{
    if (f.position == PositionKind::None)
        return Message(MessageId::ForwardNoPositions, f.name);
    if (f.position == PositionKind::Rotary && f.rotary.convention != RotaryConvention::HalfSplit)
        return Message(MessageId::ForwardRotaryInterleaved, f.name);
    if (f.position == PositionKind::Rotary && c.headDim() % 2 != 0)
        return Message(MessageId::ForwardRotaryOddHeadDim, c.headDim());
    if (f.projection == ProjectionKind::Conv1DFused
        && (f.position != PositionKind::LearnedAbsolute || f.mlp != MlpKind::Plain || c.keyValueHeads() != c.heads))
        return Message(MessageId::ForwardFusedProjection, f.name);
    if (f.placement == NormPlacement::PreLn && f.tensors.finalNorm.empty())
        return Message(MessageId::ForwardPreNormWithoutFinalNorm, f.name);
    return std::nullopt;
}

bool hasPredictionHead(const ModelWeights &w)
{
    // A family whose prediction is a masked-LM head needs it in the checkpoint: BERT saved as
    // BertModel has no cls.* tensors at all. A partial head is reported by checkForwardWeights
    // as the missing tensor.
    if (w.config.family->tensors.headDense.empty())
        return true;
    return !w.mlmDense.empty() || !w.mlmBias.empty();
}

void checkForwardWeights(const ModelWeights &w)
{
    const ModelConfig &c = w.config;
    if (!c.family)
        throw std::invalid_argument("config names no model family");
    if (const std::optional<Message> why = unsupportedKind(*c.family, c))
        throw ForwardError(*why);
    if (c.layers < 1 || c.heads < 1 || c.dModel < 1 || c.dInner < 1 || c.vocabSize < 1 || c.maxPositions < 1)
        throw ForwardError(Message(MessageId::ForwardConfigTooSmall));
    if (c.dModel % c.heads != 0)
        throw ForwardError(Message(MessageId::ForwardHiddenNotDivisible, c.dModel, c.heads));
    if (c.heads % c.keyValueHeads() != 0)
        throw ForwardError(Message(MessageId::ForwardKeyValueHeads, c.heads, c.keyValueHeads()));
    if (!std::isfinite(c.layerNormEps) || c.layerNormEps < 0)
        throw ForwardError(Message(MessageId::ForwardEpsilon));
    if (int(w.layers.size()) != c.layers)
        throw ForwardError(Message(MessageId::ForwardLayerCount, w.layers.size(), c.layers));
    checkTensors(w);
}

} // namespace attnlab::core::model
