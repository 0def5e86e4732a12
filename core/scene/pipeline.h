#pragma once
// The attention pipeline: a Scene goes in, Stages (every intermediate matrix, per head) come
// out, and a single edit recomputes only what lies downstream of it.
//
//   X = E[tokens] (+ sinusoidal PE), or the scene's X      n × d_model   (model mode only)
//   Q, K, V = X·W_Q + b_Q, X·W_K + b_K, X·W_V + b_V,      n × d_k       (direct mode: given)
//             column block of head j (absent biases add nothing)
//   Q_rot, K_rot = RoPE(Q), RoPE(K)                      n × d_k       (positional "rope" only,
//             pairs and frequencies as the scene's ropeConvention and ropeFrequencies() say)
//   scores = Q·Kᵀ                                        n × n         row = query, column = key
//   scaled = scores ÷ divisor
//   masked = scaled where visible, −∞ where hidden
//   weights = row-wise softmax(masked)                   rows sum to 1; hidden cells exactly 0
//
// The scene's attention variants (core/scene/variants/variants.h) add, each only when on:
//   Q_norm, K_norm = RMSNorm(Q), RMSNorm(K) per row      n × d_k       before RoPE (QK-norm)
//   capped = tanh(scaled ÷ c)·c                          n × n         masked then takes it (soft cap)
//   the window hides keys outside i − w < j ≤ i          (in masked: sliding window)
//   sink = e^sink ÷ (Σ e^masked + e^sink) per row        n × 1         weights then sum to 1 − sink
//   context = weights·V                                  n × d_v
//   concat = [context_0 … context_{h−1}]                 n × h·d_v
//   output = concat·W_O + b_O, or concat when there is no W_O
//
// With a memory (cross-attention, core/scene/memory/memory.h), K and V are memory·W_K + b_K and
// memory·W_V + b_V (s × d_k, as the stage table's StageEntry::input says), so scores, scaled,
// masked and weights are n × s (row = query token, column = key token) and nothing is masked.
// The variants that act on Q, K or a row of scores apply to cross-attention too: K_norm is then
// s × d_k (the memory's rows), capped n × s, sink n × 1. The sliding window does not: it is a
// band along one sequence's positions, and target and source positions are two sequences, so
// validate() refuses a window in a scene with a memory (variants.sliding_window).
//
// A query row with no visible key gets all-zero weights and a zero context row, and a warning
// naming the row and its token. No stage ever holds NaN; only `masked` holds −∞.

#include "core/scene/scene.h"
#include "core/types.h"

#include <optional>
#include <string>
#include <vector>

namespace attnlab::core {

// The stages' ids, one bit each so that a set of stages is a StageSet. What each stage is called,
// what it feeds, which edits make it stale and where its matrix is kept: core/scene/stagetable.h.
enum Stage : unsigned {
    StageX = 1u << 0,
    StageQ = 1u << 1,
    StageK = 1u << 2,
    StageV = 1u << 3,
    StageQRotated = 1u << 4,
    StageKRotated = 1u << 5,
    StageScores = 1u << 6,
    StageScaled = 1u << 7,
    StageMasked = 1u << 8,
    StageWeights = 1u << 9,
    StageContext = 1u << 10,
    StageConcat = 1u << 11,
    StageOutput = 1u << 12,
    StageQNormed = 1u << 13,
    StageKNormed = 1u << 14,
    StageCapped = 1u << 15,
    StageSink = 1u << 16,
    // Cross-attention's memory (the encoder's output): the X of K and V. A later bit than its
    // place in the table (after X), so the older stages keep their bits.
    StageMemory = 1u << 17,
    AllStages = (1u << 18) - 1,
};
using StageSet = unsigned;

struct HeadStages {
    Matrix q, k, v;
    Matrix qNormed, kNormed; // empty unless QK-norm is on
    Matrix qRotated, kRotated; // empty unless positional encoding is "rope"
    Matrix scores, scaled;
    Matrix capped; // empty unless soft-capping is on
    Matrix masked, weights;
    Matrix sink; // n × 1, the sink logit's share of each row; empty unless the sink is on
    Matrix context;

    // The Q and K that the scores are computed from (normed under QK-norm, then rotated under RoPE).
    const Matrix &queries() const { return qRotated.size() ? qRotated : qNormed.size() ? qNormed : q; }
    const Matrix &keys() const { return kRotated.size() ? kRotated : kNormed.size() ? kNormed : k; }
};

struct Stages {
    Matrix x; // empty in direct mode
    Matrix memory; // the scene's memory, s × d_model (cross-attention); empty without one
    std::vector<HeadStages> heads;
    Matrix concat;
    Matrix output;
    // Query rows that see no key at all (their weights and context are zero).
    std::vector<int> rowsWithoutKeys;
    // Human-readable notes, one per row in rowsWithoutKeys.
    std::vector<std::string> warnings;
};

// What an edit touched. Row and column, when known, narrow the recompute (a W_Q cell touches
// only the head owning its column).
struct Edit {
    enum class Target {
        Everything, // tokens, dimensions or anything that changes shapes
        Embeddings,
        Positional,
        X, // a cell of the scene's given X
        WQ,
        WK,
        WV,
        WO,
        BQ, // an entry of b_Q (its index in `column`), likewise b_K, b_V, b_O
        BK,
        BV,
        BO,
        DirectQ,
        DirectK,
        DirectV,
        Scale,
        Mask,
    };
    Target target = Target::Everything;
    int row = -1;
    int column = -1;
};

// Which stages an update rewrote, and for which heads.
struct Update {
    StageSet stages = 0;
    std::vector<bool> heads; // one entry per head: its per-head stages were rewritten

    bool touches(Stage s) const { return (stages & s) != 0; }
};

// The stages in pipeline order, with the names used on the command line and in --dump
// ("X", "Q", "K", "V", "Q_rot", …, "output"); all read from the stage table.
const std::vector<Stage> &allStages();
const char *stageName(Stage stage);
// The stage called `name` (or its old name: Q_rotated, K_rotated), or 0 when there is none.
Stage stageFromName(const std::string &name);
// Whether the stage has one matrix per head (Q … context) rather than one for the scene.
bool isPerHead(Stage stage);
// The matrix of `stage` (for per-head stages, of head `head`); empty when the scene does not
// have that stage (X in direct mode, rotations without RoPE).
const Matrix &stageMatrix(const Stages &stages, Stage stage, int head);

class Pipeline {
public:
    // Recomputes every stage of `scene`, which must pass validate() (std::invalid_argument
    // otherwise, for the shape checks that are cheap). Buffers are reused between calls.
    const Stages &compute(const Scene &scene);

    // Recomputes what `edit` can have changed, given that `scene` differs from the scene of
    // the previous compute()/update() by that edit only. Falls back to compute() when shapes
    // changed or nothing was computed yet. The result always equals a full compute().
    Update update(const Scene &scene, const Edit &edit);

    const Stages &stages() const { return m_stages; }
    bool isEmpty() const { return m_stages.heads.empty(); }

private:
    struct Shape {
        int tokens = -1, dModel = -1, heads = -1, dK = -1, dV = -1;
        bool direct = false, hasWo = false, hasX = false;
        int memoryRows = -1; // the memory's rows; −1: no memory
        unsigned biases = 0; // which of b_Q, b_K, b_V, b_O are present (adding one touches every head)
        PositionalEncoding positional = PositionalEncoding::None;
        // Under RoPE: the pairing and each pair's frequency (a change rotates every row anew).
        RotaryConvention ropeConvention = RotaryConvention::Interleaved;
        std::vector<double> ropeFrequencies;
        // Any change of a variant recomputes everything.
        AttentionVariants variants;
        bool operator==(const Shape &o) const;
    };
    static Shape shapeOf(const Scene &scene);

    void computeX(const Scene &scene);
    void projectAll(const Scene &scene);
    // out = X·weights (+ bias when not empty), through the distinct rows of X when tokens repeat.
    void project(const Eigen::Ref<const Matrix> &weights, const Eigen::Ref<const RowVector> &bias, Matrix &out);
    // The same for `stage`, from the memory when the stage table says the stage reads it.
    void projectStage(const Scene &scene, Stage stage, const Eigen::Ref<const Matrix> &weights,
        const Eigen::Ref<const RowVector> &bias, Matrix &out);
    void projectHead(const Scene &scene, int head, StageSet which);
    void rotateHead(int head);
    void scoreHead(int head);
    // From scaled (or, when the scale did not change, from masked) to weights.
    void normalizeHead(int head, bool rescale);
    void contextHead(int head);
    void computeOutput(const Scene &scene);
    // An edit of X that changes only the rows of some tokens (pipelinerows.cpp): those tokens'
    // rows of X, Q, K, V and their rotations, then per head the row and the column of the scores
    // they own, each other query row's weights rescaled for the one key that changed (or
    // renormalised when that key held most of the row's weight), and the context rows moved by
    // the same rank-one step; then the output. Equal to a full compute up to float rounding.
    // The tokens whose rows `edit` changes, when the row path can take it (none: an embedding
    // no token uses); nothing when it cannot.
    std::optional<std::vector<int>> rowsEditedBy(const Edit &edit) const;
    void updateRows(const Scene &scene, const std::vector<int> &rows);
    void updateHeadRow(int head, int row, const Eigen::Ref<const RowVector> &q, const Eigen::Ref<const RowVector> &k,
        const Eigen::Ref<const RowVector> &v);
    void collectWarnings(const Scene &scene);
    void checkShapes(const Scene &scene) const;

    Stages m_stages;
    Shape m_shape;
    MaskMatrix m_visible;
    bool m_visibleAll = false; // m_visible is all ones (mask "none"), so it can be kept as is
    std::vector<int> m_rows; // embedding row of each token, for m_rowsTokens/m_rowsVocabulary
    std::vector<std::string> m_rowsTokens, m_rowsVocabulary;
    Matrix m_wide; // scratch: X·W for all heads at once
    std::vector<int> m_compactRows; // token → row of m_compactX; empty = project X itself
    Matrix m_compactX; // the distinct rows of X
    Matrix m_compact; // scratch: m_compactX·W
    Scalar m_divisor = 1;
    // Row updates since the last full normalisation: their rescalings round a little each time,
    // so after kMaxRowUpdates of them an X edit recomputes the heads whole again.
    int m_rowUpdates = 0;
    MaskMatrix m_changedRows; // heads × tokens: the query rows a row update changed
};

} // namespace attnlab::core
