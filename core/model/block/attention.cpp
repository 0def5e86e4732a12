#include "core/model/block/attention.h"

#include <algorithm>

namespace attnlab::core::model {

namespace {

// Query rows per block of the causal products: small enough to skip most of the hidden upper
// triangle, large enough for efficient products.
constexpr Eigen::Index kCausalBlock = 128;

// The rows per block of products: blocks of kCausalBlock under the causal mask, else all at once.
Eigen::Index blockRows(const BlockSpec &s, Eigen::Index rows)
{
    return s.causal ? kCausalBlock : std::max<Eigen::Index>(rows, 1);
}

// The keys the query rows r0 … r0 + count − 1 see between them: up to the last position of theirs.
Eigen::Index keysSeen(const BlockSpec &s, QueryPositions at, Eigen::Index r0, Eigen::Index count, Eigen::Index n)
{
    if (!s.causal)
        return n;
    if (!at.positions)
        return at.first + r0 + count;
    const auto first = at.positions->begin() + r0;
    return *std::max_element(first, first + count) + 1;
}

} // namespace

void headWeights(const BlockSpec &s, const Eigen::Ref<const Matrix> &q, const Eigen::Ref<const Matrix> &k,
    QueryPositions at, Matrix &w)
{
    const Eigen::Index rows = q.rows(), n = k.rows(), block = blockRows(s, rows);
    resizeLarge(w, rows, n);
    for (Eigen::Index r0 = 0; r0 < rows; r0 += block) {
        const Eigen::Index count = std::min(block, rows - r0), keys = keysSeen(s, at, r0, count, n);
        w.block(r0, 0, count, keys).noalias() = q.middleRows(r0, count) * k.topRows(keys).transpose();
    }
    const ScoreScale scale = s.scoreScale();
    for (Eigen::Index i = 0; i < rows; ++i) {
        if (!s.causal) {
            scale.softmaxRow(w, i, n);
            continue;
        }
        const BlockSpec::VisibleKeys v = s.visibleKeys(at[i]);
        scale.softmaxRow(w, i, at[i] + 1, v.from, v.gapFrom, v.gapTo);
    }
}

void weightedValues(
    const BlockSpec &s, const Matrix &w, const Eigen::Ref<const Matrix> &v, QueryPositions at, Eigen::Ref<Matrix> out)
{
    const Eigen::Index rows = w.rows(), block = blockRows(s, rows);
    for (Eigen::Index r0 = 0; r0 < rows; r0 += block) {
        const Eigen::Index count = std::min(block, rows - r0), seen = keysSeen(s, at, r0, count, w.cols());
        out.middleRows(r0, count).noalias() = w.block(r0, 0, count, seen) * v.topRows(seen);
    }
}

} // namespace attnlab::core::model
