#include "core/model/forwardcheck.h"

#include "core/model/block/blockspec.h"
#include "core/model/family/blocktensor.h"
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
void needNorm(const NormDescription &norm, const LayerNormWeights &n, long long d, const std::string &name)
{
    needVector(n.weight, d, name + ".weight");
    if (norm.centred)
        needVector(n.bias, d, name + ".bias");
}

// Every tensor of the block's table (core/model/family/blocktensor.h) the model has, in its
// logical shape (a matrix outputs × inputs), named as the file names it.
void checkLayer(const ModelConfig &c, const LayerWeights &L, int l)
{
    const ModelFamily &f = *c.family;
    const std::string p = f.tensors.layer + std::to_string(l) + ".";
    for (const BlockTensor t : blockTensorsInOrder(c, l)) {
        const BlockTensorSpec &s = blockTensorSpec(t);
        if (s.expertField) {
            for (int e = 0; e < c.experts; ++e) {
                const std::string name = p + expertTensorName(f, t, e);
                if (int(L.experts.size()) != c.experts)
                    throw ForwardError(Message(MessageId::ForwardTensorMissing, name));
                needMatrix(s.expertField(const_cast<ExpertWeights &>(L.experts[size_t(e)])), blockWidth(c, s.outputs),
                    blockWidth(c, s.inputs), name);
            }
            continue;
        }
        const std::string name = p + f.tensors.*s.module + s.suffix;
        const TensorView &v = blockTensorView(L, t);
        if (s.matrix)
            needMatrix(v, blockWidth(c, s.outputs), blockWidth(c, s.inputs), name);
        else
            needVector(v, blockWidth(c, s.outputs), name);
    }
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
        needNorm(normDescription(f.norm), w.embeddingNorm, d, t.embeddingNorm);
    if (!t.finalNorm.empty())
        needNorm(normDescription(f.norm), w.finalNorm, d, t.finalNorm);
    if (!c.tiedOutputHead)
        needMatrix(w.outputHead, c.vocabSize, d, t.outputHead + ".weight");
    for (int l = 0; l < c.layers; ++l)
        checkLayer(c, w.layers[size_t(l)], l);
    if (!t.headDense.empty() && hasPredictionHead(w)) {
        needMatrix(w.mlmDense, d, d, t.headDense + ".weight");
        needVector(w.mlmDenseBias, d, t.headDense + ".bias");
        needNorm(normDescription(f.norm), w.mlmNorm, d, t.headNorm);
        needVector(w.mlmBias, c.vocabSize, t.headBias);
    }
}

} // namespace

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
    if (const std::optional<Message> why = unsupportedChoice(*c.family, c))
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
