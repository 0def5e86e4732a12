// ForwardRunner's attention: every head's scores, softmax and context in the pass (attend) — for
// every row, or for the appended rows over the KV cache —, the thumbnails, and one head's weights
// recomputed on demand (see forward.h). The arithmetic is the block's (core/model/block/attention.h).
#include "core/model/block/attention.h"
#include "core/model/forward.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace attnlab::core::model {

namespace {

// From this many tokens the heads of a layer run in parallel.
constexpr int kParallelTokens = 64;

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
    int layer, int first, const Eigen::Ref<const Matrix> &keys, const Eigen::Ref<const Matrix> &values)
{
    const Matrix &qkv = m_qkv;
    const int rows = int(qkv.rows());
    const int dh = m_spec.headDim;
    const QueryPositions at {first};
    m_context.setZero(rows, m_spec.queryWidth());
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
        // Grouped-query attention: the key/value head this query head reads.
        const int g = m_spec.kvHeadOf(head);
        Matrix &w = m_scratch[size_t(threadIndex())];
        headWeights(m_layerSpecs[size_t(layer)], qkv.middleCols(head * dh, dh), keys.middleCols(g * dh, dh), at, w);
        foldIntoThumbnail(w, first, m_thumbnails[layer][head]);
        const Scalar keep = m_headMask(layer, head);
        if (keep == 0)
            continue;
        auto out = m_context.middleCols(head * dh, dh);
        weightedValues(m_layerSpecs[size_t(layer)], w, values.middleCols(g * dh, dh), at, out);
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
    headWeights(blockSpec(layer), q, k, QueryPositions {}, weights);
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
    if (rotated) {
        const int n = int(a.rows());
        const BlockSpec &spec = blockSpec(layer);
        spec.prepareHead(L.queryNorm, q, m_rotary.cos(0, n, spec.ropeSet), m_rotary.sin(0, n, spec.ropeSet));
        spec.prepareHead(L.keyNorm, k, m_rotary.cos(0, n, spec.ropeSet), m_rotary.sin(0, n, spec.ropeSet));
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
