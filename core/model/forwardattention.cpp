// ForwardRunner's attention: every head's scores, softmax and context in the pass (attend), and
// one head's weights recomputed on demand (see forward.h).
#include "core/model/forward.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace attnlab::core::model {

namespace {

// Query rows per block of the causal products: small enough to skip most of the hidden upper
// triangle, large enough for efficient products.
constexpr int kCausalBlock = 128;
// From this many tokens the heads of a layer run in parallel.
constexpr int kParallelTokens = 64;

// One head's attention weights from its q and k (n × d_head each) into `w` (n × n): scores
// q·kᵀ scaled by 1/√d_head as the family's transformers code does it (a division for GPT-2 and
// BERT, a multiplication by d_head^−½ for Llama and Qwen2), then a softmax per row; under the
// causal mask query i sees keys 0…i and the rest get exactly 0 (what softmax of transformers'
// finfo.min fill underflows to).
template<typename Q, typename K> void headWeights(const Q &q, const K &k, bool causal, ScoreScaling scaling, Matrix &w)
{
    const int n = int(q.rows());
    const Scalar divisor = std::sqrt(Scalar(q.cols()));
    const Scalar factor = Scalar(std::pow(double(q.cols()), -0.5));
    const int block = causal ? kCausalBlock : n;
    resizeLarge(w, n, n);
    for (int r0 = 0; r0 < n; r0 += block) {
        const int rows = std::min(block, n - r0), keys = causal ? r0 + rows : n;
        w.block(r0, 0, rows, keys).noalias() = q.middleRows(r0, rows) * k.topRows(keys).transpose();
    }
    for (int i = 0; i < n; ++i) {
        const int visible = causal ? i + 1 : n;
        auto row = w.row(i).head(visible).array();
        if (scaling == ScoreScaling::DivideBySqrtHead)
            row /= divisor;
        else
            row *= factor;
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

// Scores, softmax and context of every head of one layer, from q, k and v side by side in m_qkv
// (columns from the offsets) into m_context = merge(ctx), n × heads·d_head, with ablated heads zero. Each
// head's weights live in its thread's scratch just long enough for its thumbnail and context.
void ForwardRunner::attend(int layer, int qOffset, int kOffset, int vOffset, bool causal)
{
    const Matrix &qkv = m_qkv;
    const int n = int(qkv.rows());
    const ModelConfig &c = config();
    const int dh = c.headDim();
    const ScoreScaling scaling = c.family->scoreScaling;
    // Under the causal mask only keys 0…i matter for query i: products run on blocks of query
    // rows against the keys they can see, which saves nearly half the work for long texts.
    const int block = causal ? kCausalBlock : n;
    m_context.setZero(n, c.heads * dh);
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
        // Grouped-query attention: the key/value head this query head reads.
        const int g = c.kvHeadOf(head);
        const auto k = qkv.middleCols(kOffset + g * dh, dh);
        const auto v = qkv.middleCols(vOffset + g * dh, dh);
        Matrix &w = m_scratch[size_t(threadIndex())];
        headWeights(q, k, causal, scaling, w);
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

Matrix ForwardRunner::attentionWeights(int layer, int head) const
{
    checkLayer(layer, m_done - 1);
    if (head < 0 || head >= heads())
        throw std::out_of_range("head " + std::to_string(head) + " is outside 0…" + std::to_string(heads() - 1));
    Matrix q, k;
    headQueryKey(layer, head, true, q, k);
    Matrix weights;
    headWeights(q, k, causal(), config().family->scoreScaling, weights);
    return weights;
}

void ForwardRunner::headQueryKey(int layer, int head, bool rotated, Matrix &q, Matrix &k) const
{
    checkLayer(layer, m_done - 1);
    if (head < 0 || head >= heads())
        throw std::out_of_range("head " + std::to_string(head) + " is outside 0…" + std::to_string(heads() - 1));
    // The same products as the pass, on this head's slices of the layer's weights.
    const ModelConfig &c = config();
    const int d = c.dModel, dh = c.headDim(), c0 = head * dh, k0 = c.kvHeadOf(head) * dh;
    const LayerWeights &L = m_layers[size_t(layer)];
    const Matrix &a = attentionInput(layer);
    const ProjectionKind kind = c.family->projection;
    if (kind == ProjectionKind::Conv1DFused) {
        // Conv1D: in × out, [q k v] side by side in the columns.
        projectSlice(a, L.attnWeight, kind, L.attnBias, c0, dh, q);
        projectSlice(a, L.attnWeight, kind, L.attnBias, d + c0, dh, k);
    } else {
        // nn.Linear: out × in, the head's outputs are rows.
        projectSlice(a, L.query, kind, L.queryBias, c0, dh, q);
        projectSlice(a, L.key, kind, L.keyBias, k0, dh, k);
    }
    if (rotated && c.family->position == PositionKind::Rotary) {
        Matrix cos, sin;
        rotaryTables(m_rotaryFrequencies, 0, int(a.rows()), cos, sin);
        applyRotary(q, cos, sin);
        applyRotary(k, cos, sin);
    }
}

const Matrix &ForwardRunner::attentionThumbnail(int layer, int head) const
{
    checkLayer(layer, m_done - 1);
    if (head < 0 || head >= heads())
        throw std::out_of_range("head " + std::to_string(head) + " is outside 0…" + std::to_string(heads() - 1));
    return m_thumbnails[size_t(layer)][size_t(head)];
}

} // namespace attnlab::core::model
