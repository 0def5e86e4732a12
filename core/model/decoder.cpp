#include "core/model/decoder.h"

#include "core/model/block/attention.h"
#include "core/model/block/blockmath.h"
#include "core/model/block/cachepolicy.h"
#include "core/model/forwardcheck.h"
#include "core/scene/softmax.h"
#include "core/text/messageid.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace attnlab::core::model {

Decoder::Decoder(std::shared_ptr<const ModelWeights> weights)
    : m_weights(std::move(weights))
{
    if (!m_weights)
        throw std::invalid_argument("no model weights");
    checkForwardWeights(*m_weights);
    const ModelConfig &c = m_weights->config;
    if (!canGenerate(c))
        throw ForwardError(Message(MessageId::GenerateNotCausal, c.family->name));
    m_spec = BlockSpec::of(c);
    for (int l = 0; l < c.layers; ++l)
        m_layerSpecs.push_back(m_spec.layer(l));
    m_headMask = Matrix::Ones(c.layers, c.heads);
    m_keys.resize(size_t(c.layers));
    m_values.resize(size_t(c.layers));
    m_lastAttention.resize(size_t(c.layers));
    m_pendingAttention.resize(size_t(c.layers));
}

bool Decoder::canGenerate(const ModelConfig &config)
{
    return canGenerateText(*config.family);
}

int Decoder::kvHeads() const
{
    return config().keyValueHeads();
}

int Decoder::headDim() const
{
    return config().headDim();
}

bool Decoder::append(const std::vector<int> &ids, const ForwardProgress &progress)
{
    const ModelConfig &c = config();
    const int from = tokenCount(), count = int(ids.size());
    if (count == 0)
        throw ForwardError(Message(MessageId::ForwardNoTokens));
    if (count > c.maxPositions - from)
        throw ForwardError(Message(MessageId::ForwardTooManyTokens, from + count, c.maxPositions));
    for (int i = 0; i < count; ++i)
        if (ids[i] < 0 || ids[i] >= c.vocabSize)
            throw ForwardError(Message(MessageId::ForwardTokenOutsideVocabulary, ids[i], from + i, c.vocabSize));

    reserve(from + count);
    const ModelWeights &w = *m_weights;
    m_hidden.resize(count, c.dModel);
    embeddingRows(w.tokenEmbeddings, ids, 0, m_hidden);
    scaleEmbeddings(m_spec, m_hidden);
    if (!w.positionEmbeddings.empty())
        addTableRows(w.positionEmbeddings, from, m_hidden);
    // The new rows go into the cache past tokenCount(); only a finished pass counts them, so a
    // cancelled one leaves the cache as it was.
    for (int l = 0; l < c.layers; ++l) {
        if (progress && !progress(l, c.layers))
            return false;
        runLayer(l, from, count);
    }
    if (progress && !progress(c.layers, c.layers))
        return false;
    m_ids.insert(m_ids.end(), ids.begin(), ids.end());
    m_lastAttention.swap(m_pendingAttention);
    predict(count);
    return true;
}

void Decoder::truncate(int tokens)
{
    if (tokens < 0 || tokens > tokenCount())
        throw std::out_of_range(
            "cannot keep " + std::to_string(tokens) + " of " + std::to_string(tokenCount()) + " cached tokens");
    m_ids.resize(size_t(tokens));
    m_logits.resize(0);
    m_probabilities.resize(0);
    m_rowLogits.resize(0, 0);
    for (Matrix &a : m_lastAttention)
        a.resize(0, 0);
}

bool Decoder::setCachePolicy(int window, int sinks, const ForwardProgress &progress)
{
    return !applyCachePolicy(window, sinks, m_spec, m_layerSpecs) || recompute(progress);
}

// Runs the cached ids again (after a change of what every row depends on).
bool Decoder::recompute(const ForwardProgress &progress)
{
    if (m_ids.empty())
        return true;
    const std::vector<int> ids = m_ids;
    clear();
    return append(ids, progress);
}

void Decoder::clear()
{
    m_ids.clear();
    m_rowLogits.resize(0, 0);
    m_logits.resize(0);
    m_probabilities.resize(0);
    for (Matrix &a : m_lastAttention)
        a.resize(0, 0);
}

bool Decoder::setHeadMask(const Matrix &mask, const ForwardProgress &progress)
{
    const ModelConfig &c = config();
    if (mask.rows() != c.layers || mask.cols() != c.heads)
        throw ForwardError(Message(MessageId::ForwardHeadMaskShape, mask.rows(), mask.cols(), c.layers, c.heads));
    if (!mask.allFinite())
        throw ForwardError(Message(MessageId::ForwardHeadMaskNotFinite));
    if (mask == m_headMask)
        return true;
    m_headMask = mask;
    return recompute(progress);
}

void Decoder::reserve(int rows)
{
    const int width = kvHeads() * headDim(), limit = config().maxPositions;
    for (int l = 0; l < layers(); ++l) {
        growRows(m_keys[size_t(l)], rows, width, limit);
        growRows(m_values[size_t(l)], rows, width, limit);
    }
}

// Rows [from, from + count) of one block, in m_hidden. Their keys and values go into the cache at
// the same rows.
void Decoder::runLayer(int layer, int from, int count)
{
    const LayerWeights &L = m_weights->layers[size_t(layer)];
    const BlockSpec &spec = m_layerSpecs[size_t(layer)];
    const int qw = spec.queryWidth(), kw = spec.keyValueWidth();
    attentionInput(spec, L, m_hidden, m_normed);
    // q | k | v side by side, so a fused checkpoint tensor is one product (projectQkv); the new
    // rows sit at positions from … from + count − 1, and the cache keeps rotated keys.
    m_q.resize(count, qw + 2 * kw);
    m_rotary.cover(m_spec, from + count);
    projectQkv(spec, L, m_normed, m_rotary.cos(from, count, spec.ropeSet), m_rotary.sin(from, count, spec.ropeSet),
        m_q.leftCols(qw), m_q.middleCols(qw, kw), m_q.rightCols(kw));
    m_keys[size_t(layer)].middleRows(from, count) = m_q.middleCols(qw, kw);
    m_values[size_t(layer)].middleRows(from, count) = m_q.rightCols(kw);
    attend(layer, from, count);
    finishLayer(spec, L, m_hidden, m_context, m_block, m_hidden);
}

// Each head's attention for the new rows over every cached key (the new ones included), into
// m_context (count × heads · head_dim), ablated heads zero. Query row r sits at position
// from + r and sees keys 0 … from + r. Query head h reads key/value head h / (heads / kv_heads).
void Decoder::attend(int layer, int from, int count)
{
    const int dh = headDim(), total = from + count;
    const Matrix &keys = m_keys[size_t(layer)];
    const Matrix &values = m_values[size_t(layer)];
    const QueryPositions at {from};
    m_context.setZero(count, heads() * dh);
    Matrix &last = m_pendingAttention[size_t(layer)];
    last.resize(heads(), total);
    for (int h = 0; h < heads(); ++h) {
        const int g = m_spec.kvHeadOf(h);
        headWeights(
            m_layerSpecs[size_t(layer)], m_q.middleCols(h * dh, dh), keys.block(0, g * dh, total, dh), at, m_scores);
        last.row(h) = m_scores.row(count - 1);
        const Scalar keep = m_headMask(layer, h);
        if (keep == 0)
            continue;
        auto out = m_context.middleCols(h * dh, dh);
        weightedValues(m_layerSpecs[size_t(layer)], m_scores, values.block(0, g * dh, total, dh), at, out);
        if (keep != 1)
            out *= keep;
    }
}

// The logits of the last of the `rows` appended rows, or of every one of them (m_keepRowLogits).
void Decoder::predict(int rows)
{
    const ModelConfig &c = config();
    const ModelWeights &w = *m_weights;
    const int first = m_keepRowLogits ? 0 : rows - 1;
    Matrix x(rows - first, c.dModel);
    normRows(m_spec.norm, m_hidden.bottomRows(rows - first), w.finalNorm, m_spec.eps, x, m_spec.normOffset);
    if (m_keepRowLogits)
        m_rowLogits.resize(x.rows(), c.vocabSize);
    // The output head: the token embeddings when tied, else lm_head; Gemma caps the logits.
    for (Eigen::Index r = 0; r < x.rows(); ++r) {
        projectRow(x.row(r), c.tiedOutputHead ? w.tokenEmbeddings : w.outputHead, m_logits);
        capLogits(m_spec, m_logits.data(), m_logits.size());
        if (m_keepRowLogits)
            m_rowLogits.row(r) = m_logits;
    }
    m_probabilities = softmax(m_logits);
}

void Decoder::checkLayer(int layer) const
{
    if (layer < 0 || layer >= layers())
        throw std::out_of_range("layer " + std::to_string(layer) + " is outside 0…" + std::to_string(layers() - 1));
}

const Matrix &Decoder::lastAttention(int layer) const
{
    checkLayer(layer);
    return m_lastAttention[size_t(layer)];
}

Eigen::Ref<const Matrix> Decoder::keys(int layer) const
{
    checkLayer(layer);
    return m_keys[size_t(layer)].topRows(tokenCount());
}

Eigen::Ref<const Matrix> Decoder::values(int layer) const
{
    checkLayer(layer);
    return m_values[size_t(layer)].topRows(tokenCount());
}

int Decoder::cachedRows(int layer) const
{
    checkLayer(layer);
    return tokenCount();
}

std::int64_t Decoder::cacheBytes(const ModelConfig &config, int tokens, int bytesPerElement)
{
    return std::int64_t(2) * config.layers * config.keyValueHeads() * config.headDim() * tokens * bytesPerElement;
}

std::int64_t Decoder::cacheBytesWithoutGqa(const ModelConfig &config, int tokens, int bytesPerElement)
{
    return std::int64_t(2) * config.layers * config.heads * config.headDim() * tokens * bytesPerElement;
}

std::int64_t Decoder::layerCacheBytes() const
{
    return std::int64_t(2) * kvHeads() * headDim() * tokenCount() * std::int64_t(sizeof(Scalar));
}

} // namespace attnlab::core::model
