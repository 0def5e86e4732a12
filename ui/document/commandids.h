#pragma once

namespace attnlab::ui {

// QUndoCommand::id() values. Consecutive commands with the same id merge into one history
// entry (a scrub drag on one cell, the steps of one spin box), and a merged command whose value
// is back where it started removes itself. One enum so two controls never share an id by
// accident; None (−1) never merges.
enum class CommandId : int {
    None = -1,
    ScrubCell = 1,
    DModel,
    Heads,
    KeyDim,
    Divisor,
    ScrubBlockCell,
};

} // namespace attnlab::ui
