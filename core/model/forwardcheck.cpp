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

void checkGpt2(const ModelWeights &w)
{
    const ModelConfig &c = w.config;
    const long long d = c.dModel, inner = c.dInner;
    needMatrix(w.tokenEmbeddings, c.vocabSize, d, "wte.weight");
    needMatrix(w.positionEmbeddings, c.maxPositions, d, "wpe.weight");
    needNorm(w.finalNorm, d, "ln_f");
    for (int l = 0; l < c.layers; ++l) {
        const LayerWeights &L = w.layers[l];
        const std::string p = "h." + std::to_string(l) + ".";
        needNorm(L.ln1, d, p + "ln_1");
        needMatrix(L.attnWeight, d, 3 * d, p + "attn.c_attn.weight");
        needVector(L.attnBias, 3 * d, p + "attn.c_attn.bias");
        needMatrix(L.attnOut, d, d, p + "attn.c_proj.weight");
        needVector(L.attnOutBias, d, p + "attn.c_proj.bias");
        needNorm(L.ln2, d, p + "ln_2");
        needMatrix(L.fcIn, d, inner, p + "mlp.c_fc.weight");
        needVector(L.fcInBias, inner, p + "mlp.c_fc.bias");
        needMatrix(L.fcOut, inner, d, p + "mlp.c_proj.weight");
        needVector(L.fcOutBias, d, p + "mlp.c_proj.bias");
    }
}

void checkBert(const ModelWeights &w)
{
    const ModelConfig &c = w.config;
    const long long d = c.dModel, inner = c.dInner;
    if (c.typeVocabSize < 1)
        throw ForwardError(Message(MessageId::ForwardTypeVocabSize));
    needMatrix(w.tokenEmbeddings, c.vocabSize, d, "embeddings.word_embeddings.weight");
    needMatrix(w.positionEmbeddings, c.maxPositions, d, "embeddings.position_embeddings.weight");
    needMatrix(w.tokenTypeEmbeddings, c.typeVocabSize, d, "embeddings.token_type_embeddings.weight");
    needNorm(w.embeddingNorm, d, "embeddings.LayerNorm");
    for (int l = 0; l < c.layers; ++l) {
        const LayerWeights &L = w.layers[l];
        const std::string p = "encoder.layer." + std::to_string(l) + ".";
        needMatrix(L.query, d, d, p + "attention.self.query.weight");
        needVector(L.queryBias, d, p + "attention.self.query.bias");
        needMatrix(L.key, d, d, p + "attention.self.key.weight");
        needVector(L.keyBias, d, p + "attention.self.key.bias");
        needMatrix(L.value, d, d, p + "attention.self.value.weight");
        needVector(L.valueBias, d, p + "attention.self.value.bias");
        needMatrix(L.attnOut, d, d, p + "attention.output.dense.weight");
        needVector(L.attnOutBias, d, p + "attention.output.dense.bias");
        needNorm(L.attnOutNorm, d, p + "attention.output.LayerNorm");
        needMatrix(L.fcIn, inner, d, p + "intermediate.dense.weight");
        needVector(L.fcInBias, inner, p + "intermediate.dense.bias");
        needMatrix(L.fcOut, d, inner, p + "output.dense.weight");
        needVector(L.fcOutBias, d, p + "output.dense.bias");
        needNorm(L.outNorm, d, p + "output.LayerNorm");
    }
    if (hasPredictionHead(w)) {
        needMatrix(w.mlmDense, d, d, "cls.predictions.transform.dense.weight");
        needVector(w.mlmDenseBias, d, "cls.predictions.transform.dense.bias");
        needNorm(w.mlmNorm, d, "cls.predictions.transform.LayerNorm");
        needVector(w.mlmBias, c.vocabSize, "cls.predictions.bias");
    }
}

} // namespace

bool hasPredictionHead(const ModelWeights &w)
{
    // A BERT checkpoint saved as BertModel has no cls.* tensors at all; a partial head is
    // reported by checkForwardWeights as the missing tensor.
    return w.config.architecture == Architecture::Gpt2 || !w.mlmDense.empty() || !w.mlmBias.empty();
}

void checkForwardWeights(const ModelWeights &w)
{
    const ModelConfig &c = w.config;
    if (c.layers < 1 || c.heads < 1 || c.dModel < 1 || c.dInner < 1 || c.vocabSize < 1 || c.maxPositions < 1)
        throw ForwardError(Message(MessageId::ForwardConfigTooSmall));
    if (c.dModel % c.heads != 0)
        throw ForwardError(Message(MessageId::ForwardHiddenNotDivisible, c.dModel, c.heads));
    if (!std::isfinite(c.layerNormEps) || c.layerNormEps < 0)
        throw ForwardError(Message(MessageId::ForwardEpsilon));
    if (int(w.layers.size()) != c.layers)
        throw ForwardError(Message(MessageId::ForwardLayerCount, w.layers.size(), c.layers));
    if (c.architecture == Architecture::Gpt2)
        checkGpt2(w);
    else
        checkBert(w);
}

} // namespace attnlab::core::model
