#pragma once
// The block board's stages after an edit of one cell of the block's own tensors, updated from the
// stages before it instead of recomputed (core::model::blockStages costs about a second at 1,024
// tokens of GPT-2 small; an update of the exact kinds below costs milliseconds):
// - an MLP matrix or bias cell (c_fc / c_proj, intermediate / output, gate / up / down) changes one
//   column of mlp_act (its pre-activation column gets the input's column times the change) or,
//   for the output projection, adds a rank-one term to mlp_out; output follows by the same column
//   (pre-norm) or by renormalising its rows (post-norm). Exact for every row.
// - a W_O cell or bias adds a rank-one term to attn_out and after_attn's residual sum; a norm's
//   weight or bias changes one column of what that norm outputs. Both are exact for every row up
//   to the norm's output, but the MLP after them changes densely (2.4 GMAC at 1,024 tokens): those
//   stages are recomputed at the rows asked for only (BlockRowState::Rows), the others still hold
//   the numbers from before the edit.
// - the first norm of a pre-norm family (ln_1, input_layernorm) changes one column of attn_in at
//   every row (exact), and so every head's keys and values by a rank-one term: the pass's KV cache
//   plus that term is exact, and the queries of the rows asked for attend over it, so concat and
//   every stage after it are recomputed at those rows (Rows). The heads' weight pictures are Stale,
//   and so is everything after attn_in for a model that keeps no KV cache.
// Whatever is not Exact has to come from a full blockStages() of the edited runner.

#include "core/model/family/blocktensor.h"
#include "core/model/lens/blockderivation.h"

#include <array>
#include <vector>

namespace attnlab::core::model {

// One edited cell of a block tensor, in the board's orientation (inputs × outputs, a vector as
// one row; core/model/family/blocktensor.h): its value before and after the edit.
struct BlockCellEdit {
    BlockTensor tensor = BlockTensor::MlpIn;
    int row = 0, col = 0;
    float before = 0, after = 0;
};

// How far a stage of an update holds the edit.
enum class BlockRowState {
    Exact, // every row equals blockStages() after the edit (up to float rounding)
    Rows, // only the rows asked for; the others hold the numbers from before the edit
    Stale, // not updated at all
};

struct BlockUpdate {
    std::array<BlockRowState, kBlockStageCount> state {};
    // The stages whose numbers the edit changes (written by the update, or Stale).
    std::array<bool, kBlockStageCount> changed {};
    std::vector<int> rows; // the rows of the Rows stages (sorted, within the stages)
    // For a changed stage whose only change is one column (an Exact one), that column; −1 otherwise.
    std::array<int, kBlockStageCount> column {};

    BlockRowState stateOf(BlockStage stage) const { return state[size_t(stage)]; }
    bool changes(BlockStage stage) const { return changed[size_t(stage)]; }
    int columnOf(BlockStage stage) const { return column[size_t(stage)]; }
    // Every stage is Exact: nothing is left for a full recompute.
    bool complete() const;
};

// Updates `stages` in place, the stages of block `layer` (0-based) of the runner's pass, for `edit`
// (in place: at 1,024 tokens of GPT-2 small a copy of the stages alone is 37 MB). The
// runner's weights are read for everything but the edited cell, whose value is edit.after, so
// `runner` may hold the weights before the edit or after it (ForwardRunner::setBlockCells), with
// the pass of the weights it holds (the KV cache is read as that pass left it). `rows` are the token rows to recompute
// where the change is dense (out-of-range rows are ignored). Throws std::invalid_argument for a tensor the layer does
// not have or a cell outside it, and std::out_of_range for a layer not computed.
BlockUpdate updateBlockStages(const ForwardRunner &runner, int layer, BlockStages &stages, const BlockCellEdit &edit,
    const std::vector<int> &rows);

} // namespace attnlab::core::model
