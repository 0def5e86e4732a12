#include "core/model/forward.h"

#include "core/model/blockmath.h"
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
    const std::string act = c.activation.empty() ? c.family->config.activationFallback : c.activation;
    const std::optional<Activation> f = activationNamed(act);
    if (!f)
        throw ForwardError(Message(MessageId::ForwardActivation, act, activationNames()));
    m_activation = *f;
    if (c.family->position == PositionKind::Rotary)
        m_rotaryFrequencies = rotaryInverseFrequencies(c.headDim(), c.ropeTheta, c.ropeScaling);
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
    // Rotary positions: the cos/sin rows of positions 0…n−1 (each row depends on its position
    // only, so a longer text computes only its new rows).
    if (c.family->position == PositionKind::Rotary && m_cos.rows() != n) {
        const int have = std::min(int(m_cos.rows()), n);
        Matrix cos, sin;
        rotaryTables(m_rotaryFrequencies, have, n - have, cos, sin);
        m_cos.conservativeResize(n, c.headDim());
        m_sin.conservativeResize(n, c.headDim());
        m_cos.bottomRows(n - have) = cos;
        m_sin.bottomRows(n - have) = sin;
    }
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
        if (preLn())
            runPreLnLayer(l, from);
        else
            runPostLnLayer(l, from);
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

bool ForwardRunner::causal() const
{
    return config().family->causal;
}

bool ForwardRunner::preLn() const
{
    return config().family->placement == NormPlacement::PreLn;
}

// q, k and v of the rows of `a` (rows [first, first + rows(a)) of the text) side by side into
// m_qkv: 3d columns for GPT-2 and BERT, (heads + 2·kv_heads)·d_head under grouped-query
// attention; rotary positions rotate q and k by the rows' positions.
void ForwardRunner::projectQkv(const Eigen::Ref<const Matrix> &a, const LayerWeights &L, int first)
{
    const ModelConfig &c = config();
    const int dh = c.headDim(), qw = c.heads * dh, kw = c.keyValueHeads() * dh;
    resizeLarge(m_qkv, a.rows(), qw + 2 * kw);
    project(a, L.query, L.queryBias, m_qkv.leftCols(qw));
    project(a, L.key, L.keyBias, m_qkv.middleCols(qw, kw));
    project(a, L.value, L.valueBias, m_qkv.rightCols(kw));
    if (c.family->position != PositionKind::Rotary)
        return;
    const auto cos = m_cos.middleRows(first, a.rows());
    const auto sin = m_sin.middleRows(first, a.rows());
    for (int h = 0; h < c.heads; ++h)
        applyRotary(m_qkv.middleCols(h * dh, dh), cos, sin);
    for (int g = 0; g < c.keyValueHeads(); ++g)
        applyRotary(m_qkv.middleCols(qw + g * dh, dh), cos, sin);
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
    const ModelConfig &c = config();
    const int n = first + int(rows.rows());
    const int qw = c.heads * c.headDim(), kw = c.keyValueHeads() * c.headDim();
    projectQkv(rows, m_layers[size_t(layer)], first);
    m_computedQueryRows += n - first;
    if (!causal()) {
        attend(layer, 0, m_qkv.middleCols(qw, kw), m_qkv.rightCols(kw), false);
    } else {
        Matrix &keys = m_keys[size_t(layer)];
        Matrix &values = m_values[size_t(layer)];
        growRows(keys, n, kw, c.maxPositions);
        growRows(values, n, kw, c.maxPositions);
        keys.middleRows(first, n - first) = m_qkv.middleCols(qw, kw);
        values.middleRows(first, n - first) = m_qkv.rightCols(kw);
        attend(layer, first, keys.topRows(n), values.topRows(n), true);
    }
    m_thumbnailRows[size_t(layer)] = n;
}

// The MLP of rows `x` into m_sum: fc_out(act(fc_in(x))), or gated down(act(gate(x)) ⊙ up(x)).
void ForwardRunner::feedForward(const Matrix &x, const LayerWeights &L)
{
    // In blocks of rows, so the inner activations (d_inner wide, 4–5 × d_model) never take the
    // whole text at once: at 2,048 tokens of Qwen2.5-0.5B they were 80 MB. A block of 256 rows
    // still gives the products their full speed.
    constexpr Eigen::Index kRowBlock = 256;
    const ModelConfig &c = config();
    m_sum.resize(x.rows(), c.dModel);
    for (Eigen::Index r0 = 0; r0 < x.rows(); r0 += kRowBlock) {
        const Eigen::Index count = std::min(kRowBlock, x.rows() - r0);
        const auto in = x.middleRows(r0, count);
        resizeLarge(m_inner, count, c.dInner);
        if (c.family->mlp == MlpKind::GatedSilu) {
            project(in, L.mlpGate, L.mlpGateBias, m_inner);
            activate(m_activation, m_inner);
            resizeLarge(m_up, count, c.dInner);
            project(in, L.fcIn, L.fcInBias, m_up);
            m_inner.array() *= m_up.array();
        } else {
            project(in, L.fcIn, L.fcInBias, m_inner);
            activate(m_activation, m_inner);
        }
        project(m_inner, L.fcOut, L.fcOutBias, m_sum.middleRows(r0, count));
    }
}

void ForwardRunner::runPreLnLayer(int layer, int from)
{
    const ModelConfig &c = config();
    const NormKind norm = c.family->norm;
    const LayerWeights &L = m_layers[layer];
    const Matrix &h = m_inputs[layer];
    const Eigen::Index n = h.rows(), rows = n - from;
    const int first = firstAttendedRow(layer, from);
    resizeLarge(m_attnIn, n - first, c.dModel);
    normRows(norm, h.bottomRows(n - first), L.attnNorm, c.layerNormEps, m_attnIn);
    attendLayer(layer, m_attnIn, first);

    Matrix &whole = m_inputs[layer + 1];
    whole.conservativeResize(n, c.dModel);
    auto out = whole.bottomRows(rows);
    project(m_context.bottomRows(rows), L.attnOut, L.attnOutBias, out);
    out += h.bottomRows(rows);

    m_normed.resize(rows, c.dModel);
    normRows(norm, out, L.mlpNorm, c.layerNormEps, m_normed);
    feedForward(m_normed, L);
    out += m_sum;
}

void ForwardRunner::runPostLnLayer(int layer, int from)
{
    const ModelConfig &c = config();
    const int d = c.dModel;
    const LayerWeights &L = m_layers[layer];
    const Matrix &h = m_inputs[layer];
    const Eigen::Index n = h.rows(), rows = n - from;

    const int first = firstAttendedRow(layer, from);
    attendLayer(layer, h.bottomRows(n - first), first);

    m_sum.resize(rows, d);
    project(m_context.bottomRows(rows), L.attnOut, L.attnOutBias, m_sum);
    m_sum += h.bottomRows(rows);
    m_normed.resize(rows, d);
    layerNormRows(m_sum, L.attnNorm, c.layerNormEps, m_normed); // the attention block's output

    feedForward(m_normed, L);
    m_sum += m_normed;
    Matrix &out = m_inputs[layer + 1];
    out.conservativeResize(n, d);
    layerNormRows(m_sum, L.mlpNorm, c.layerNormEps, out.bottomRows(rows));
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
        normRows(c.family->norm, last, w.finalNorm, c.layerNormEps, x);
        projectRow(x, c.tiedOutputHead ? w.tokenEmbeddings : w.outputHead, m_logits);
    } else {
        // BertLMPredictionHead: transform (dense, act, LayerNorm), tied decoder, output bias.
        Matrix t(1, c.dModel);
        project(last, w.mlmDense, w.mlmDenseBias, t);
        activate(m_activation, t);
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
    if (!preLn()) {
        checkLayer(layer, m_ids.empty() ? -1 : std::min(m_done, layers() - 1));
        return m_inputs[layer];
    }
    checkLayer(layer, m_done - 1);
    const ModelConfig &c = config();
    const Matrix &h = m_inputs[layer];
    Matrix a(h.rows(), c.dModel);
    normRows(c.family->norm, h, m_layers[size_t(layer)].attnNorm, c.layerNormEps, a);
    return a;
}

} // namespace attnlab::core::model
