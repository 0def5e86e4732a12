#include "core/model/forward.h"

#include "core/model/block/blockmath.h"
#include "core/model/block/cachepolicy.h"
#include "core/model/forwardcheck.h"
#include "core/scene/softmax.h"
#include "core/text/messageid.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>

namespace attnlab::core::model {

namespace {

// How many leading ids two sequences share.
int commonPrefix(const std::vector<int> &a, const std::vector<int> &b)
{
    const size_t n = std::min(a.size(), b.size());
    size_t i = 0;
    while (i < n && a[i] == b[i])
        ++i;
    return int(i);
}

} // namespace

ForwardRunner::ForwardRunner(std::shared_ptr<const ModelWeights> weights)
    : m_weights(std::move(weights))
{
    if (!m_weights)
        throw std::invalid_argument("no model weights");
    checkForwardWeights(*m_weights);
    const ModelConfig &c = m_weights->config;
    m_spec = BlockSpec::of(c);
    for (int l = 0; l < c.layers; ++l)
        m_layerSpecs.push_back(m_spec.layer(l));
    m_headMask = Matrix::Ones(c.layers, c.heads);
    m_layers = m_weights->layers;
    m_edited.resize(c.layers);
    m_thumbnails.resize(c.layers);
    m_thumbnailRows.assign(size_t(c.layers), 0);
    if (causal()) {
        m_keys.resize(size_t(c.layers));
        m_values.resize(size_t(c.layers));
    }
}

bool ForwardRunner::run(const std::vector<int> &ids, int predictionPosition, const ForwardProgress &progress)
{
    const ModelConfig &c = config();
    const int n = int(ids.size());
    if (n == 0)
        throw ForwardError(Message(MessageId::ForwardNoTokens));
    if (n > c.maxPositions)
        throw ForwardError(Message(MessageId::ForwardTooManyTokens, n, c.maxPositions));
    for (int i = 0; i < n; ++i)
        if (ids[i] < 0 || ids[i] >= c.vocabSize)
            throw ForwardError(Message(MessageId::ForwardTokenOutsideVocabulary, ids[i], i, c.vocabSize));
    if (predictionPosition < -1 || predictionPosition >= n)
        throw ForwardError(Message(MessageId::ForwardPredictionPosition, predictionPosition, n));

    // The rows every layer may keep: all of them for the same ids; for a causal model those
    // before the first changed token; otherwise none.
    const bool same = ids == m_ids;
    const int keep = same ? n : causal() ? commonPrefix(ids, m_ids) : 0;
    m_reusedRows = keep;
    m_ids = ids;
    m_position = predictionPosition < 0 ? n - 1 : predictionPosition;
    // Buffers keep their memory between runs (resize() of the same size is free), which spares
    // re-faulting hundreds of megabytes of attention weights for long texts.
    m_inputs.resize(c.layers + 1);
    m_thumbnails.resize(c.layers);
    for (auto &heads : m_thumbnails)
        heads.resize(c.heads);
    m_rowsDone.resize(c.layers, 0);
    for (int &rows : m_rowsDone)
        rows = std::min(rows, keep);
    m_logits.resize(0);
    m_probabilities.resize(0);
    // Even a layer with every row kept recomputes its attention: its weights and thumbnails
    // change with the sequence's length.
    if (!same)
        m_done = 0;
    m_predicted = false;
    m_restartedFrom = 0;

    const ModelWeights &w = *m_weights;
    // Each embedding row depends on its own token and position only.
    Matrix &h = m_inputs[0];
    const int first = std::min(keep, int(h.rows()));
    h.conservativeResize(n, c.dModel);
    auto rows = h.bottomRows(n - first);
    if (w.embeddingNorm.weight.empty()) {
        embeddingRows(w.tokenEmbeddings, ids, first, rows);
        scaleEmbeddings(m_spec, rows);
        if (!w.positionEmbeddings.empty())
            addTableRows(w.positionEmbeddings, first, rows);
    } else {
        // BertEmbeddings: (word + token_type) + position, then LayerNorm. One sentence: type 0.
        Matrix sum(n - first, c.dModel);
        embeddingRows(w.tokenEmbeddings, ids, first, sum);
        if (!w.tokenTypeEmbeddings.empty())
            addTableRowToEach(w.tokenTypeEmbeddings, 0, sum);
        addTableRows(w.positionEmbeddings, first, sum);
        layerNormRows(sum, w.embeddingNorm, c.layerNormEps, rows);
    }
    m_rotary.cover(m_spec, n);
    return compute(progress);
}

bool ForwardRunner::setCachePolicy(int window, int sinks, const ForwardProgress &progress)
{
    if (!applyCachePolicy(window, sinks, m_spec, m_layerSpecs))
        return true;
    if (m_ids.empty()) {
        m_restartedFrom = config().layers;
        return true;
    }
    invalidateFrom(0);
    return compute(progress);
}

bool ForwardRunner::setHeadMask(const Matrix &mask, const ForwardProgress &progress)
{
    const ModelConfig &c = config();
    if (mask.rows() != c.layers || mask.cols() != c.heads)
        throw ForwardError(Message(MessageId::ForwardHeadMaskShape, mask.rows(), mask.cols(), c.layers, c.heads));
    if (!mask.allFinite())
        throw ForwardError(Message(MessageId::ForwardHeadMaskNotFinite));
    int first = c.layers;
    for (int l = 0; l < c.layers && first == c.layers; ++l)
        if (mask.row(l) != m_headMask.row(l))
            first = l;
    m_headMask = mask;
    if (m_ids.empty()) {
        m_restartedFrom = c.layers;
        return true;
    }
    // The layer's attention weights do not depend on its own head mask, but its output does;
    // the layer is recomputed whole for simplicity (its projections dominate anyway).
    invalidateFrom(first);
    return compute(progress);
}

void ForwardRunner::invalidateFrom(int layer)
{
    if (layer >= layers())
        return;
    m_done = std::min(m_done, layer);
    for (size_t l = size_t(layer); l < m_rowsDone.size(); ++l)
        m_rowsDone[l] = 0;
    m_predicted = false;
}

void ForwardRunner::setPredictionPosition(int position)
{
    const int n = tokenCount();
    if (position < -1 || position >= n || n == 0)
        throw ForwardError(Message(MessageId::ForwardPredictionPosition, position, n));
    const int p = position < 0 ? n - 1 : position;
    m_restartedFrom = layers();
    if (p == m_position && m_predicted)
        return;
    m_position = p;
    m_predicted = false;
    m_logits.resize(0);
    m_probabilities.resize(0);
    if (m_done == layers() && canPredict())
        predict();
}

bool ForwardRunner::resume(const ForwardProgress &progress)
{
    if (m_ids.empty())
        return true;
    return compute(progress);
}

bool ForwardRunner::isComplete() const
{
    return !m_ids.empty() && m_done == layers() && (m_predicted || !canPredict());
}

bool ForwardRunner::compute(const ForwardProgress &progress)
{
    const int L = layers();
    m_restartedFrom = m_done;
    m_computedQueryRows = 0;
    for (int l = m_done; l < L; ++l) {
        if (progress && !progress(l, L))
            return false;
        const int from = m_rowsDone[size_t(l)];
        runLayer(l, from);
        m_rowsDone[size_t(l)] = tokenCount();
        m_done = l + 1;
    }
    if (m_predicted || !canPredict())
        return true;
    if (progress && !progress(L, L))
        return false;
    predict();
    return true;
}

int ForwardRunner::firstAttendedRow(int layer, int from) const
{
    // Appending under a causal mask: the rows before `from` keep their keys, values and weights.
    const bool append = causal() && from > 0 && m_thumbnailRows[size_t(layer)] == from;
    return append ? from : 0;
}

// `rows`: what attention reads for the tokens first…n−1.
void ForwardRunner::attendLayer(int layer, const Eigen::Ref<const Matrix> &rows, int first)
{
    const int n = first + int(rows.rows());
    const BlockSpec &spec = blockSpec(layer);
    const int qw = spec.queryWidth(), kw = spec.keyValueWidth();
    resizeLarge(m_qkv, rows.rows(), qw + 2 * kw);
    projectQkv(spec, m_layers[size_t(layer)], rows, m_rotary.cos(first, int(rows.rows()), spec.ropeSet),
        m_rotary.sin(first, int(rows.rows()), spec.ropeSet), m_qkv.leftCols(qw), m_qkv.middleCols(qw, kw),
        m_qkv.rightCols(kw));
    m_computedQueryRows += n - first;
    if (!causal()) {
        attend(layer, 0, m_qkv.middleCols(qw, kw), m_qkv.rightCols(kw));
    } else {
        Matrix &keys = m_keys[size_t(layer)];
        Matrix &values = m_values[size_t(layer)];
        growRows(keys, n, kw, config().maxPositions);
        growRows(values, n, kw, config().maxPositions);
        keys.middleRows(first, n - first) = m_qkv.middleCols(qw, kw);
        values.middleRows(first, n - first) = m_qkv.rightCols(kw);
        attend(layer, first, keys.topRows(n), values.topRows(n));
    }
    m_thumbnailRows[size_t(layer)] = n;
}

void ForwardRunner::runLayer(int layer, int from)
{
    const LayerWeights &L = m_layers[size_t(layer)];
    const Matrix &h = m_inputs[size_t(layer)];
    const Eigen::Index n = h.rows(), rows = n - from;
    const int first = firstAttendedRow(layer, from);
    model::attentionInput(m_spec, L, h.bottomRows(n - first), m_attnIn);
    attendLayer(layer, m_attnIn, first);
    Matrix &out = m_inputs[size_t(layer) + 1];
    out.conservativeResize(n, m_spec.dModel);
    finishLayer(m_spec, L, h.bottomRows(rows), m_context.bottomRows(rows), m_block, out.bottomRows(rows));
}

void ForwardRunner::predict()
{
    const ModelConfig &c = config();
    const ModelWeights &w = *m_weights;
    const auto last = m_inputs[c.layers].row(m_position);
    RowVector x(c.dModel);
    if (w.mlmDense.empty()) {
        // The final norm (GPT-2's ln_f, Llama's norm) and the output head: the token embeddings
        // when tied, else lm_head.
        normRows(m_spec.norm, last, w.finalNorm, m_spec.eps, x, m_spec.normOffset);
        projectRow(x, c.tiedOutputHead ? w.tokenEmbeddings : w.outputHead, m_logits);
        capLogits(m_spec, m_logits.data(), m_logits.size());
    } else {
        // BertLMPredictionHead: transform (dense, act, LayerNorm), tied decoder, output bias.
        Matrix t(1, c.dModel);
        project(last, w.mlmDense, w.mlmDenseBias, t);
        activate(m_spec.activation, t);
        layerNormRows(t, w.mlmNorm, c.layerNormEps, x);
        projectRow(x, w.tokenEmbeddings, m_logits);
        m_logits += w.mlmBias.vector();
    }
    m_probabilities = softmax(m_logits);
    m_predicted = true;
}

bool ForwardRunner::canPredict() const
{
    return hasPredictionHead(*m_weights);
}

void ForwardRunner::checkLayer(int layer, int limit) const
{
    if (layer < 0 || layer > limit)
        throw std::out_of_range("layer " + std::to_string(layer) + " has not been computed (" + std::to_string(m_done)
            + " of " + std::to_string(layers()) + " layers are)");
}

const Matrix &ForwardRunner::layerInput(int layer) const
{
    checkLayer(layer, m_ids.empty() ? -1 : m_done);
    return m_inputs[layer];
}

Eigen::Ref<const Matrix> ForwardRunner::cachedKeys(int layer) const
{
    checkLayer(layer, m_done - 1);
    static const Matrix none;
    if (!causal())
        return none;
    return m_keys[size_t(layer)].topRows(tokenCount());
}

Eigen::Ref<const Matrix> ForwardRunner::cachedValues(int layer) const
{
    checkLayer(layer, m_done - 1);
    static const Matrix none;
    if (!causal())
        return none;
    return m_values[size_t(layer)].topRows(tokenCount());
}

Matrix ForwardRunner::attentionInput(int layer) const
{
    // Pre-LN: layer l's first norm, as the pass computes it when layer l runs; post-LN attention
    // reads the layer input, which exists before.
    if (!m_spec.preNorm) {
        checkLayer(layer, m_ids.empty() ? -1 : std::min(m_done, layers() - 1));
        return m_inputs[layer];
    }
    checkLayer(layer, m_done - 1);
    Matrix a;
    model::attentionInput(m_spec, m_layers[size_t(layer)], m_inputs[size_t(layer)], a);
    return a;
}

} // namespace attnlab::core::model
