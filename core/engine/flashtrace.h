#pragma once
// FlashAttention's forward pass (Dao et al. 2022, Algorithm 1), traced tile by tile so a learner
// can follow it: the scores are cut into tiles of tileRows queries × tileCols keys, and each row
// keeps only a running maximum m, a running sum l of exp(s − m) and an accumulator O of
// exp(s − m)·V, rescaled by exp(m_old − m_new) whenever a tile raises the maximum. The n × n
// matrix of scores or weights is never held; after the last tile O / l is the attention's output.
//
// Steps run row tile by row tile, and within one row tile over its column tiles left to right
// (the loop order of FlashAttention-2, which gives each row tile's m, l and O in one sweep; the
// values after each tile are those of Algorithm 1, except that O is kept unnormalised and divided
// by l once at the end). A tile whose every cell the mask hides (above the diagonal under a causal
// mask) is skipped: it has no step. A row that sees no key at all has output 0, as
// FlashAttention's kernels and PyTorch's scaled_dot_product_attention give.

#include "core/types.h"

#include <vector>

namespace attnlab::core::engine {

struct FlashStep {
    int rowTile = 0, colTile = 0;
    // After this tile, for the tile's query rows (in order): the running maximum of the scaled
    // scores seen so far (−∞ while a row has seen no visible key), the running sum of
    // exp(s − m), and the unnormalised accumulator Σ exp(s − m)·v (rows × d_v).
    std::vector<double> m, l;
    Eigen::MatrixXd o;
};

struct FlashTrace {
    int tileRows = 0, tileCols = 0;
    bool causal = false; // the mask is the causal one
    double scale = 1; // the scores are q·k × scale
    std::vector<FlashStep> steps;
    // Computed in double precision from the float inputs, so the two differ by rounding only.
    Eigen::MatrixXd output; // O / l after the last tile (n × d_v)
    Eigen::MatrixXd naive; // softmax(q·kᵀ × scale, masked) · v, the textbook's way
    // The bytes of float32 the textbook holds for one head's n × n weights, and the largest tile
    // of scores FlashAttention holds instead.
    long long naiveMatrixBytes() const;
    long long tileBytes() const;
};

// The trace of one head: q (n × d), k (n × d), v (n × d_v), `visible` (n × n, 1 = the query row
// may see the key column), the scores multiplied by `scale`. Tile sizes must be ≥ 1 (clamped to
// n). Throws std::invalid_argument when the shapes disagree.
FlashTrace flashTrace(const Eigen::Ref<const Matrix> &q, const Eigen::Ref<const Matrix> &k,
    const Eigen::Ref<const Matrix> &v, const MaskMatrix &visible, double scale, int tileRows, int tileCols);

// Whether `visible` is the causal mask (row i sees columns 0 … i).
bool isCausal(const MaskMatrix &visible);

// How the mask falls on the tiles of a trace: of `total` tiles, `skipped` have every cell hidden
// (no step), `partial` some but not all (read, the hidden cells counting as −∞), the others none.
struct FlashTiles {
    int total = 0, skipped = 0, partial = 0;
    int whole() const { return total - skipped - partial; }
};

// The tiles of tileRows × tileCols (each ≥ 1, clamped to n as flashTrace clamps them) over the
// n × n `visible` (1 = the query row may see the key column).
FlashTiles countTiles(const MaskMatrix &visible, int tileRows, int tileCols);

} // namespace attnlab::core::engine
