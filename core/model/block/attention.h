#pragma once
// One head's attention, as every caller of the block computes it: the pass (ForwardRunner: every
// row, or the rows appended to a causal text, and each head's thumbnail), each decoding step
// (Decoder), and the rows the logit lens, the attribution and the block board recompute over a KV
// cache (core/model/lens/block.h). Scores q·kᵀ scaled as the family's transformers code scales
// them (BlockSpec::scoreScale), a softmax per row, and under the causal mask the query at position
// p sees keys 0…p while the later ones get exactly 0 (what softmax of transformers' finfo.min fill
// underflows to); the context is weights · values. In a sliding-window layer (BlockSpec::window,
// Gemma) the query at p sees only keys p − window + 1 … p, the others exactly 0 as well; the
// scores are capped (BlockSpec::attnSoftcap) after the scaling and before that mask. Under the
// engine's cache policy (BlockSpec::cacheWindow, cacheSinks) the evicted keys get exactly 0 too.
//
// Shapes: q rows × d_head (one query row per token asked for), k and v n × d_head (keys 0 … n − 1).

#include "core/model/block/blockspec.h"

#include <cstddef>
#include <vector>

namespace attnlab::core::model {

// The positions of the query rows: first, first + 1, … (a whole text, or the rows appended to
// it), or positions[i] for row i (rows picked from a text).
struct QueryPositions {
    int first = 0;
    const std::vector<int> *positions = nullptr;

    int operator[](Eigen::Index row) const { return positions ? (*positions)[size_t(row)] : first + int(row); }
};

// One head's attention weights of the query rows `q` at positions `at` over the keys `k` into `w`
// (resized to rows × n). Without the causal mask every row sees all n keys. Under it the products
// run on blocks of query rows against the keys the block's rows can see, which saves nearly half
// the work for a long text; n must exceed every position.
void headWeights(const BlockSpec &s, const Eigen::Ref<const Matrix> &q, const Eigen::Ref<const Matrix> &k,
    QueryPositions at, Matrix &w);

// One head's context from its weights `w` (headWeights) and values `v`: w · v into `out`
// (rows × d_head, sized by the caller), on the same blocks of rows as the weights.
void weightedValues(
    const BlockSpec &s, const Matrix &w, const Eigen::Ref<const Matrix> &v, QueryPositions at, Eigen::Ref<Matrix> out);

} // namespace attnlab::core::model
