// The row-by-row path of Pipeline::update for an edit of X (see pipeline.h): a cell of X, or of
// an embedding some tokens use, changes only those tokens' rows of X, Q, K and V. Every query row
// then sees one changed key, so its softmax needs only a rescaling by one factor: with w the
// weight that key had and Δ the change of its scaled score,
//   f = 1 / (1 − w + w·e^Δ),  weights′ = f·weights except weight′ of that key = w·e^Δ·f,
//   context′ = f·(context − w·v_old) + weight′·v_new,
// which costs O(n·d_k) per head instead of the O(n²·d_k) of a recompute.
#include "core/scene/pipeline.h"

#include "core/scene/positional.h"
#include "core/scene/softmax.h"

#include <cmath>
#include <limits>
#include <optional>

namespace attnlab::core {

namespace {

// A query row whose changed key held more than this share of its weight is renormalised whole:
// 1 − w would lose precision.
constexpr Scalar kMaxRescaledShare = Scalar(0.5);
// Nor is a rise of the score by more than this rescaled (e^Δ would overflow float).
constexpr Scalar kMaxRescaledRise = Scalar(60);
// A key whose weight had underflowed to 0 (below float's smallest normal number, 1.2e-38) stays
// at 0 when its score rises by at most this much: the full softmax would give it less than
// 1.2e-38 · e^40 ≈ 3e-21, far below anything shown or summed.
constexpr Scalar kMaxUnderflowRise = Scalar(40);
// More edited rows than this (a very common token's embedding) go through the whole-head path.
constexpr size_t kMaxEditedRows = 8;
// Row updates between two full normalisations (see m_rowUpdates).
constexpr int kMaxRowUpdates = 64;
constexpr Eigen::Index kParallelCells = 256 * 256;

} // namespace

std::optional<std::vector<int>> Pipeline::rowsEditedBy(const Edit &edit) const
{
    // The rescaling below is the plain softmax's; the variants recompute whole heads. With a memory
    // an X row changes only Q, while the path below also rewrites K and V from X.
    if (m_shape.direct || m_shape.memoryRows >= 0 || edit.row < 0 || m_rowUpdates >= kMaxRowUpdates
        || m_shape.variants.isActive())
        return std::nullopt;
    std::vector<int> rows;
    if (edit.target == Edit::Target::X && m_shape.hasX && edit.row < m_shape.tokens)
        rows.push_back(edit.row);
    else if (edit.target == Edit::Target::Embeddings && !m_shape.hasX) {
        for (size_t t = 0; t < m_rows.size(); ++t)
            if (m_rows[t] == edit.row)
                rows.push_back(int(t));
    } else
        return std::nullopt;
    if (rows.size() > kMaxEditedRows)
        return std::nullopt;
    return rows;
}

void Pipeline::updateRows(const Scene &s, const std::vector<int> &rows)
{
    if (rows.empty()) // an embedding no token uses: X and everything after it stay
        return;
    ++m_rowUpdates;
    computeX(s);
    const int h = m_shape.heads;
    const Eigen::Index dk = m_shape.dK, dv = m_shape.dV;
    const bool parallel = Eigen::Index(m_shape.tokens) * m_shape.tokens >= kParallelCells;
    (void)parallel;
    RowVector q, k, v;
    // Which query rows each head changed (one row of flags per head, so threads never share one).
    m_changedRows.setZero(h, m_shape.tokens);
    for (const int row : rows) {
        // One wide row product per weight matrix gives every head's new row.
        const auto x = m_stages.x.row(row);
        q.noalias() = x * s.wq;
        k.noalias() = x * s.wk;
        v.noalias() = x * s.wv;
        if (s.bq.size() > 0)
            q += s.bq;
        if (s.bk.size() > 0)
            k += s.bk;
        if (s.bv.size() > 0)
            v += s.bv;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if (parallel)
#endif
        for (int j = 0; j < h; ++j)
            updateHeadRow(j, row, q.segment(j * dk, dk), k.segment(j * dk, dk), v.segment(j * dv, dv));
    }
    // Only the query rows whose context changed in some head change in concat and the output.
    std::vector<Eigen::Index> changed;
    for (Eigen::Index r = 0; r < m_shape.tokens; ++r)
        if ((m_changedRows.col(r).array() != 0).any())
            changed.push_back(r);
    if (!s.hasOutputWeights() || changed.size() * 2 > size_t(m_shape.tokens)) {
        computeOutput(s);
        return;
    }
    Matrix rowsOfConcat(Eigen::Index(changed.size()), dv * h);
    for (size_t c = 0; c < changed.size(); ++c) {
        for (int j = 0; j < h; ++j)
            m_stages.concat.row(changed[c]).segment(j * dv, dv) = m_stages.heads[size_t(j)].context.row(changed[c]);
        rowsOfConcat.row(Eigen::Index(c)) = m_stages.concat.row(changed[c]);
    }
    Matrix rowsOfOutput = rowsOfConcat * s.wo;
    if (s.bo.size() > 0)
        rowsOfOutput.rowwise() += s.bo;
    for (size_t c = 0; c < changed.size(); ++c)
        m_stages.output.row(changed[c]) = rowsOfOutput.row(Eigen::Index(c));
}

void Pipeline::updateHeadRow(int head, int row, const Eigen::Ref<const RowVector> &qNew,
    const Eigen::Ref<const RowVector> &kNew, const Eigen::Ref<const RowVector> &vNew)
{
    HeadStages &hs = m_stages.heads[size_t(head)];
    const Eigen::Index n = hs.scores.rows(), i = row;
    auto changed = m_changedRows.row(head);
    const RowVector vOld = hs.v.row(i);
    hs.q.row(i) = qNew;
    hs.k.row(i) = kNew;
    hs.v.row(i) = vNew;
    if (m_shape.positional == PositionalEncoding::Rope) {
        applyRope(hs.q.row(i), hs.qRotated.row(i), m_shape.ropeConvention, m_shape.ropeFrequencies, i);
        applyRope(hs.k.row(i), hs.kRotated.row(i), m_shape.ropeConvention, m_shape.ropeFrequencies, i);
    }
    const Matrix &queries = hs.queries(), &keys = hs.keys();
    hs.scores.row(i).noalias() = queries.row(i) * keys.transpose();
    hs.scores.col(i).noalias() = queries * keys.row(i).transpose();

    // Every other query row: one key's score changed.
    const Scalar d = m_divisor;
    for (Eigen::Index r = 0; r < n; ++r) {
        if (r == i)
            continue;
        const Scalar before = hs.scaled(r, i), after = hs.scores(r, i) / d;
        hs.scaled(r, i) = after;
        if (!m_visible(r, i))
            continue;
        const Scalar share = hs.weights(r, i), rise = after - before;
        if (share < std::numeric_limits<Scalar>::min() && rise <= kMaxUnderflowRise) {
            hs.masked(r, i) = after; // its weight stays 0, and so does the row
            continue;
        }
        changed(r) = 1;
        if (share <= kMaxRescaledShare && rise <= kMaxRescaledRise) {
            hs.masked(r, i) = after;
            const Scalar grown = share * std::exp(rise);
            const Scalar f = Scalar(1) / (Scalar(1) - share + grown);
            hs.weights.row(r) *= f;
            hs.weights(r, i) = grown * f;
            hs.context.row(r) = f * (hs.context.row(r) - share * vOld) + hs.weights(r, i) * vNew;
        } else {
            maskedSoftmaxRow(
                hs.scaled.row(r).data(), m_visible.row(r).data(), n, hs.masked.row(r).data(), hs.weights.row(r).data());
            hs.context.row(r).noalias() = hs.weights.row(r) * hs.v;
        }
    }
    // The edited token's own query row: every score changed.
    changed(i) = 1;
    hs.scaled.row(i) = hs.scores.row(i) / d;
    maskedSoftmaxRow(
        hs.scaled.row(i).data(), m_visible.row(i).data(), n, hs.masked.row(i).data(), hs.weights.row(i).data());
    hs.context.row(i).noalias() = hs.weights.row(i) * hs.v;
}

} // namespace attnlab::core
