// ForwardRunner's attention: every head's scores, softmax and context in the pass (attend) — for
// every row, or for the appended rows over the KV cache —, the thumbnails, and one head's weights
// recomputed on demand (see forward.h).
#include "core/model/forward.h"

#include <algorithm>
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

// One head's attention weights for query rows at positions first … first + rows(q) − 1 (q:
// rows × d_head) over keys 0 … rows(k) − 1 (k: n × d_head) into `w` (rows × n): scores q·kᵀ
// scaled by 1/√d_head as the family's transformers code does it (a division for GPT-2 and BERT,
// a multiplication by d_head^−½ for Llama and Qwen2), then a softmax per row; under the causal
// mask the query at position p sees keys 0…p and the rest get exactly 0 (what softmax of
// transformers' finfo.min fill underflows to).
template<typename Q, typename K>
void headWeights(const Q &q, const K &k, int first, bool causal, const ScoreScale &scale, Matrix &w)
{
    const int rows = int(q.rows()), n = int(k.rows());
    const int block = causal ? kCausalBlock : std::max(rows, 1);
    resizeLarge(w, rows, n);
    for (int r0 = 0; r0 < rows; r0 += block) {
        const int count = std::min(block, rows - r0), keys = causal ? first + r0 + count : n;
        w.block(r0, 0, count, keys).noalias() = q.middleRows(r0, count) * k.topRows(keys).transpose();
    }
    for (int i = 0; i < rows; ++i)
        scale.softmaxRow(w, i, causal ? first + i + 1 : n);
}

// Folds a head's weights of query rows first … first + rows(w) − 1 (`w`: rows × n) into its
// thumbnail (see ForwardRunner::attentionThumbnail), which shows rows 0 … first − 1 of a text of
// `first` tokens (nothing when first is 0). Exact under the causal mask, where those rows do not
// change and weigh the new keys 0: when the block grows, a cell is the maximum of the 2 × 2
// cells it joins, and new cells start at 0, below every weight.
void foldIntoThumbnail(const Matrix &w, int first, Matrix &thumb)
{
    const int rows = int(w.rows()), n = int(w.cols());
    const int block = ForwardRunner::thumbnailBlock(n), side = (n + block - 1) / block;
    if (first == 0) {
        thumb.setZero(side, side);
    } else {
        for (int b = ForwardRunner::thumbnailBlock(first); b < block; b *= 2) {
            const int old = int(thumb.rows()), half = (old + 1) / 2;
            Matrix joined = Matrix::Zero(half, half);
            for (int j = 0; j < old; ++j)
                for (int i = 0; i < old; ++i)
                    joined(i / 2, j / 2) = std::max(joined(i / 2, j / 2), thumb(i, j));
            thumb = std::move(joined);
        }
        const int old = int(thumb.rows());
        if (old < side) {
            thumb.conservativeResize(side, side);
            thumb.bottomRows(side - old).setZero();
            thumb.rightCols(side - old).setZero();
        }
    }
    for (int r = 0; r < rows; ++r) {
        const int cell = (first + r) / block;
        for (int c = 0; c < n; ++c)
            thumb(cell, c / block) = std::max(thumb(cell, c / block), w(r, c));
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

// Scores, softmax and context of every head of one layer for the query rows first … n − 1: their
// q in m_qkv's first heads·d_head columns, the keys and values of rows 0 … n − 1 in `keys` and
// `values` (kv_heads·d_head columns each), into m_context = merge(ctx), (n − first) ×
// heads·d_head, with ablated heads zero. Each head's weights live in its thread's scratch just
// long enough for its thumbnail and context.
void ForwardRunner::attend(
    int layer, int first, const Eigen::Ref<const Matrix> &keys, const Eigen::Ref<const Matrix> &values, bool causal)
{
    const Matrix &qkv = m_qkv;
    const int rows = int(qkv.rows());
    const ModelConfig &c = config();
    const int dh = c.headDim();
    const ScoreScale scale = m_spec.scoreScale();
    // Under the causal mask only keys 0…p matter for the query at position p: products run on
    // blocks of query rows against the keys they can see, which saves nearly half the work for
    // long texts.
    const int block = causal ? kCausalBlock : std::max(rows, 1);
    m_context.setZero(rows, c.heads * dh);
    m_scratch.resize(size_t(std::max(1, threadCount())));
    // Heads in parallel: each owns its thumbnail and its columns of the context; a thread reuses
    // its scratch for every head it runs. OpenBLAS (OpenMP build) runs single-threaded inside
    // the parallel region.
    const bool parallel = rows >= kParallelTokens;
    (void)parallel;
#ifdef _OPENMP // a build without OpenMP stays free of unknown-pragma warnings
#pragma omp parallel for schedule(static) if (parallel)
#endif
    for (int head = 0; head < heads(); ++head) {
        const auto q = qkv.middleCols(head * dh, dh);
        // Grouped-query attention: the key/value head this query head reads.
        const int g = c.kvHeadOf(head);
        const auto k = keys.middleCols(g * dh, dh);
        const auto v = values.middleCols(g * dh, dh);
        Matrix &w = m_scratch[size_t(threadIndex())];
        headWeights(q, k, first, causal, scale, w);
        foldIntoThumbnail(w, first, m_thumbnails[layer][head]);
        const Scalar keep = m_headMask(layer, head);
        if (keep == 0)
            continue;
        auto out = m_context.middleCols(head * dh, dh);
        for (int r0 = 0; r0 < rows; r0 += block) {
            const int count = std::min(block, rows - r0), seen = causal ? first + r0 + count : int(keys.rows());
            out.middleRows(r0, count).noalias() = w.block(r0, 0, count, seen) * v.topRows(seen);
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
    headWeights(q, k, 0, causal(), m_spec.scoreScale(), weights);
    return weights;
}

void ForwardRunner::headQueryKey(int layer, int head, bool rotated, Matrix &q, Matrix &k) const
{
    checkLayer(layer, m_done - 1);
    if (head < 0 || head >= heads())
        throw std::out_of_range("head " + std::to_string(head) + " is outside 0…" + std::to_string(heads() - 1));
    // The same products as the pass, on this head's slices of the layer's weights.
    const int dh = m_spec.headDim, c0 = head * dh, k0 = m_spec.kvHeadOf(head) * dh;
    const LayerWeights &L = m_layers[size_t(layer)];
    const Matrix &a = attentionInput(layer);
    projectSlice(a, L.query, L.queryBias, c0, dh, q);
    projectSlice(a, L.key, L.keyBias, k0, dh, k);
    if (rotated && m_spec.rotary) {
        const int n = int(a.rows());
        applyRotary(q, m_rotary.cos(0, n), m_rotary.sin(0, n));
        applyRotary(k, m_rotary.cos(0, n), m_rotary.sin(0, n));
    }
}

int ForwardRunner::thumbnailBlock(int tokens)
{
    int block = 1;
    while ((tokens + block - 1) / block > kThumbnailSize)
        block *= 2;
    return block;
}

const Matrix &ForwardRunner::attentionThumbnail(int layer, int head) const
{
    checkLayer(layer, m_done - 1);
    if (head < 0 || head >= heads())
        throw std::out_of_range("head " + std::to_string(head) + " is outside 0…" + std::to_string(heads() - 1));
    return m_thumbnails[size_t(layer)][size_t(head)];
}

} // namespace attnlab::core::model
