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

void needNorm(const LayerNormWeights &n, long long d, const std::string &name)
{
    needVector(n.weight, d, name + ".weight");
    needVector(n.bias, d, name + ".bias");
}

void checkLayer(const ModelFamily &f, const ModelConfig &c, const LayerWeights &L, int l)
{
    const TensorNames &t = f.tensors;
    const long long d = c.dModel, inner = c.dInner;
    const std::string p = t.layer + std::to_string(l) + ".";
    const bool pre = f.placement == NormPlacement::PreLn;
    if (pre)
        needNorm(L.attnNorm, d, p + t.attnNorm);
    if (f.projection == ProjectionKind::Conv1DFused) {
        needMatrix(L.attnWeight, d, 3 * d, p + t.qkv + ".weight");
        needVector(L.attnBias, 3 * d, p + t.qkv + ".bias");
        needMatrix(L.attnOut, d, d, p + t.attnOut + ".weight");
        needVector(L.attnOutBias, d, p + t.attnOut + ".bias");
    } else {
        needMatrix(L.query, d, d, p + t.query + ".weight");
        needVector(L.queryBias, d, p + t.query + ".bias");
        needMatrix(L.key, d, d, p + t.key + ".weight");
        needVector(L.keyBias, d, p + t.key + ".bias");
        needMatrix(L.value, d, d, p + t.value + ".weight");
        needVector(L.valueBias, d, p + t.value + ".bias");
        needMatrix(L.attnOut, d, d, p + t.attnOut + ".weight");
        needVector(L.attnOutBias, d, p + t.attnOut + ".bias");
    }
    if (!pre)
        needNorm(L.attnNorm, d, p + t.attnNorm);
    if (pre)
        needNorm(L.mlpNorm, d, p + t.mlpNorm);
    // Conv1D is in × out, nn.Linear out × in.
    const bool conv = f.projection == ProjectionKind::Conv1DFused;
    needMatrix(L.fcIn, conv ? d : inner, conv ? inner : d, p + t.mlpIn + ".weight");
    needVector(L.fcInBias, inner, p + t.mlpIn + ".bias");
    needMatrix(L.fcOut, conv ? inner : d, conv ? d : inner, p + t.mlpOut + ".weight");
    needVector(L.fcOutBias, d, p + t.mlpOut + ".bias");
    if (!pre)
        needNorm(L.mlpNorm, d, p + t.mlpNorm);
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
        needNorm(w.embeddingNorm, d, t.embeddingNorm);
    if (!t.finalNorm.empty())
        needNorm(w.finalNorm, d, t.finalNorm);
    for (int l = 0; l < c.layers; ++l)
        checkLayer(f, c, w.layers[size_t(l)], l);
    if (!t.headDense.empty() && hasPredictionHead(w)) {
        needMatrix(w.mlmDense, d, d, t.headDense + ".weight");
        needVector(w.mlmDenseBias, d, t.headDense + ".bias");
        needNorm(w.mlmNorm, d, t.headNorm);
        needVector(w.mlmBias, c.vocabSize, t.headBias);
    }
}

} // namespace

std::string unsupportedKind(const ModelFamily &f, const ModelConfig &c)
{
    const std::string who = f.name + " ";
    if (f.norm != NormKind::LayerNorm)
        return who + "uses RMSNorm, which the forward pass does not implement yet";
    if (f.mlp != MlpKind::Plain)
        return who + "uses a gated SiLU MLP, which the forward pass does not implement yet";
    if (f.position == PositionKind::Rotary)
        return who + "uses rotary position embeddings, which the forward pass does not implement yet";
    if (f.position == PositionKind::None)
        return who + "has no position embeddings, which the forward pass does not implement yet";
    if (c.kvHeads != 0 && c.kvHeads != c.heads)
        return who + "has " + std::to_string(c.kvHeads) + " key/value heads for " + std::to_string(c.heads)
            + " query heads, which the forward pass does not implement yet";
    if (!f.biases)
        return who + "has projections without biases, which the forward pass does not implement yet";
    if (!f.tiedOutputHead)
        return who
            + "has an output head of its own (not tied to the token embeddings), which the forward "
              "pass does not implement yet";
    if (f.placement == NormPlacement::PreLn && f.tensors.finalNorm.empty())
        return who + "is pre-LN without a final norm, which the forward pass does not implement";
    return std::string();
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
    if (const std::string why = unsupportedKind(*c.family, c); !why.empty())
        throw std::invalid_argument(why);
    if (c.layers < 1 || c.heads < 1 || c.dModel < 1 || c.dInner < 1 || c.vocabSize < 1 || c.maxPositions < 1)
        throw ForwardError(Message(MessageId::ForwardConfigTooSmall));
    if (c.dModel % c.heads != 0)
        throw ForwardError(Message(MessageId::ForwardHiddenNotDivisible, c.dModel, c.heads));
    if (!std::isfinite(c.layerNormEps) || c.layerNormEps < 0)
        throw ForwardError(Message(MessageId::ForwardEpsilon));
    if (int(w.layers.size()) != c.layers)
        throw ForwardError(Message(MessageId::ForwardLayerCount, w.layers.size(), c.layers));
    checkTensors(w);
}

} // namespace attnlab::core::model
