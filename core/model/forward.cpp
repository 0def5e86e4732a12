#include "core/model/forward.h"

#include "core/model/blockmath.h"
#include "core/model/forwardcheck.h"
#include "core/scene/softmax.h"
#include "core/text/messageid.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#ifdef __linux__
#include <sys/mman.h>
#endif
#ifdef _OPENMP
#include <omp.h>
#endif

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

// Resizes `m` to rows × cols; when that allocates a large block, asks Linux to back it with
// huge pages before it is first touched. The attention weights of a long text take hundreds of
// megabytes, and faulting them in 4 KiB pages cost about as much as the products on the
// (virtual) machine we measure on (docs/performance.md).
void resizeLarge(Matrix &m, Eigen::Index rows, Eigen::Index cols)
{
    if (m.rows() == rows && m.cols() == cols)
        return;
    m.resize(rows, cols);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr std::uintptr_t huge = std::uintptr_t(2) << 20;
    const auto begin = reinterpret_cast<std::uintptr_t>(m.data());
    const std::uintptr_t end = begin + std::uintptr_t(m.size()) * sizeof(Scalar);
    const std::uintptr_t first = (begin + huge - 1) & ~(huge - 1), last = end & ~(huge - 1);
    if (last > first)
        madvise(reinterpret_cast<void *>(first), last - first, MADV_HUGEPAGE); // a hint: failure is harmless
#endif
}

// Query rows per block of the causal products: small enough to skip most of the hidden upper
// triangle, large enough for efficient products.
constexpr int kCausalBlock = 128;
// From this many tokens the heads of a layer run in parallel.
constexpr int kParallelTokens = 64;

// One head's attention weights from its q and k (n × d_head each) into `w` (n × n): scores
// q·kᵀ ÷ √d_head, then a softmax per row; under the causal mask query i sees keys 0…i and the
// rest get exactly 0 (what softmax of transformers' finfo.min fill underflows to).
template<typename Q, typename K> void headWeights(const Q &q, const K &k, bool causal, Matrix &w)
{
    const int n = int(q.rows());
    // transformers divides the scores by √d_head (not a multiplication by its inverse).
    const Scalar divisor = std::sqrt(Scalar(q.cols()));
    const int block = causal ? kCausalBlock : n;
    resizeLarge(w, n, n);
    for (int r0 = 0; r0 < n; r0 += block) {
        const int rows = std::min(block, n - r0), keys = causal ? r0 + rows : n;
        w.block(r0, 0, rows, keys).noalias() = q.middleRows(r0, rows) * k.topRows(keys).transpose();
    }
    for (int i = 0; i < n; ++i) {
        const int visible = causal ? i + 1 : n;
        auto row = w.row(i).head(visible).array();
        row /= divisor;
        const Scalar top = row.maxCoeff();
        row = (row - top).exp();
        row /= row.sum();
        if (visible < n)
            w.row(i).tail(n - visible).setZero();
    }
}

// ForwardRunner::attentionThumbnail's picture of `w`: itself when small, else block maxima.
void thumbnailOf(const Matrix &w, Matrix &out)
{
    const Eigen::Index n = w.rows(), m = ForwardRunner::kThumbnailSize;
    if (n <= m) {
        out = w;
        return;
    }
    out.resize(m, m);
    for (Eigen::Index i = 0; i < m; ++i) {
        const Eigen::Index r0 = i * n / m, r1 = (i + 1) * n / m;
        for (Eigen::Index j = 0; j < m; ++j) {
            const Eigen::Index c0 = j * n / m, c1 = (j + 1) * n / m;
            out(i, j) = w.block(r0, c0, r1 - r0, c1 - c0).maxCoeff();
        }
    }
}

int threadCount()
{
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}

int threadIndex()
{
#ifdef _OPENMP
    return omp_get_thread_num();
#else
    return 0;
#endif
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
    m_headMask = Matrix::Ones(c.layers, c.heads);
    m_layers = m_weights->layers;
    m_edited.resize(c.layers);
    m_thumbnails.resize(c.layers);
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
    m_attentionInputs.resize(preLn() ? c.layers : 0);
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

// Scores, softmax and context of every head of one layer, from q, k and v side by side in m_qkv
// (columns from the offsets) into m_context = merge(ctx), n × d, with ablated heads zero. Each
// head's weights live in its thread's scratch just long enough for its thumbnail and context.
void ForwardRunner::attend(int layer, int qOffset, int kOffset, int vOffset, bool causal)
{
    const Matrix &qkv = m_qkv;
    const int n = int(qkv.rows());
    const int dh = config().headDim();
    // Under the causal mask only keys 0…i matter for query i: products run on blocks of query
    // rows against the keys they can see, which saves nearly half the work for long texts.
    const int block = causal ? kCausalBlock : n;
    m_context.setZero(n, config().dModel);
    m_scratch.resize(size_t(std::max(1, threadCount())));
    // Heads in parallel: each owns its thumbnail and its columns of the context; a thread reuses
    // its scratch for every head it runs. OpenBLAS (OpenMP build) runs single-threaded inside
    // the parallel region.
    const bool parallel = n >= kParallelTokens;
    (void)parallel;
#ifdef _OPENMP // a build without OpenMP stays free of unknown-pragma warnings
#pragma omp parallel for schedule(static) if (parallel)
#endif
    for (int head = 0; head < heads(); ++head) {
        const auto q = qkv.middleCols(qOffset + head * dh, dh);
        const auto k = qkv.middleCols(kOffset + head * dh, dh);
        const auto v = qkv.middleCols(vOffset + head * dh, dh);
        Matrix &w = m_scratch[size_t(threadIndex())];
        headWeights(q, k, causal, w);
        thumbnailOf(w, m_thumbnails[layer][head]);
        const Scalar keep = m_headMask(layer, head);
        if (keep == 0)
            continue;
        auto out = m_context.middleCols(head * dh, dh);
        for (int r0 = 0; r0 < n; r0 += block) {
            const int rows = std::min(block, n - r0), keys = causal ? r0 + rows : n;
            out.middleRows(r0, rows).noalias() = w.block(r0, 0, rows, keys) * v.topRows(keys);
        }
        if (keep != 1)
            out *= keep;
    }
}

bool ForwardRunner::causal() const
{
    return config().family->causal;
}

bool ForwardRunner::preLn() const
{
    return config().family->placement == NormPlacement::PreLn;
}

// q, k and v of every row of `a` side by side into m_qkv (n × 3d).
void ForwardRunner::projectQkv(const Matrix &a, const LayerWeights &L)
{
    const int d = config().dModel;
    resizeLarge(m_qkv, a.rows(), 3 * d);
    const ProjectionKind kind = config().family->projection;
    if (kind == ProjectionKind::Conv1DFused) {
        project(a, L.attnWeight, kind, L.attnBias, m_qkv);
        return;
    }
    project(a, L.query, kind, L.queryBias, m_qkv.leftCols(d));
    project(a, L.key, kind, L.keyBias, m_qkv.middleCols(d, d));
    project(a, L.value, kind, L.valueBias, m_qkv.rightCols(d));
}

// The MLP of rows `x` into m_sum: fc_out(act(fc_in(x))).
void ForwardRunner::feedForward(const Matrix &x, const LayerWeights &L)
{
    resizeLarge(m_inner, x.rows(), config().dInner);
    const ProjectionKind kind = config().family->projection;
    project(x, L.fcIn, kind, L.fcInBias, m_inner);
    activate(m_activation, m_inner);
    m_sum.resize(x.rows(), config().dModel);
    project(m_inner, L.fcOut, kind, L.fcOutBias, m_sum);
}

void ForwardRunner::runPreLnLayer(int layer, int from)
{
    const ModelConfig &c = config();
    const LayerWeights &L = m_layers[layer];
    const Matrix &h = m_inputs[layer];
    const Eigen::Index n = h.rows(), rows = n - from;
    Matrix &a = m_attentionInputs[layer];
    a.conservativeResize(n, c.dModel);
    layerNormRows(h.bottomRows(rows), L.attnNorm, c.layerNormEps, a.bottomRows(rows));

    projectQkv(a, L);
    attend(layer, 0, c.dModel, 2 * c.dModel, causal());

    Matrix &whole = m_inputs[layer + 1];
    whole.conservativeResize(n, c.dModel);
    auto out = whole.bottomRows(rows);
    project(m_context.bottomRows(rows), L.attnOut, c.family->projection, L.attnOutBias, out);
    out += h.bottomRows(rows);

    m_normed.resize(rows, c.dModel);
    layerNormRows(out, L.mlpNorm, c.layerNormEps, m_normed);
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

    projectQkv(h, L);
    attend(layer, 0, d, 2 * d, causal());

    m_sum.resize(rows, d);
    project(m_context.bottomRows(rows), L.attnOut, c.family->projection, L.attnOutBias, m_sum);
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
        // The final norm (pre-LN: GPT-2's ln_f) and the decoder tied to the token embeddings.
        layerNormRows(last, w.finalNorm, c.layerNormEps, x);
        projectRow(x, w.tokenEmbeddings, m_logits);
    } else {
        // BertLMPredictionHead: transform (dense, act, LayerNorm), tied decoder, output bias.
        Matrix t(1, c.dModel);
        project(last, w.mlmDense, ProjectionKind::Linear, w.mlmDenseBias, t);
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

const Matrix &ForwardRunner::attentionInput(int layer) const
{
    // Pre-LN: layer l's first norm output is written when layer l runs; post-LN attention reads
    // the layer input, which exists before.
    if (!preLn()) {
        checkLayer(layer, m_ids.empty() ? -1 : std::min(m_done, layers() - 1));
        return m_inputs[layer];
    }
    checkLayer(layer, m_done - 1);
    return m_attentionInputs[layer];
}

Matrix ForwardRunner::attentionWeights(int layer, int head) const
{
    checkLayer(layer, m_done - 1);
    if (head < 0 || head >= heads())
        throw std::out_of_range("head " + std::to_string(head) + " is outside 0…" + std::to_string(heads() - 1));
    // The same products as the pass, on this head's slices of the layer's weights.
    const int d = config().dModel, dh = config().headDim(), c0 = head * dh;
    const LayerWeights &L = m_layers[size_t(layer)];
    const Matrix &a = attentionInput(layer);
    const ProjectionKind kind = config().family->projection;
    Matrix q, k;
    if (kind == ProjectionKind::Conv1DFused) {
        // Conv1D: in × out, [q k v] side by side in the columns.
        projectSlice(a, L.attnWeight, kind, L.attnBias, c0, dh, q);
        projectSlice(a, L.attnWeight, kind, L.attnBias, d + c0, dh, k);
    } else {
        // nn.Linear: out × in, the head's outputs are rows.
        projectSlice(a, L.query, kind, L.queryBias, c0, dh, q);
        projectSlice(a, L.key, kind, L.keyBias, c0, dh, k);
    }
    Matrix weights;
    headWeights(q, k, causal(), weights);
    return weights;
}

const Matrix &ForwardRunner::attentionThumbnail(int layer, int head) const
{
    checkLayer(layer, m_done - 1);
    if (head < 0 || head >= heads())
        throw std::out_of_range("head " + std::to_string(head) + " is outside 0…" + std::to_string(heads() - 1));
    return m_thumbnails[size_t(layer)][size_t(head)];
}

} // namespace attnlab::core::model
