#pragma once

namespace attnlab::ui {

// QUndoCommand::id() values: commands with the same id may merge (a scrub drag becomes one
// history entry). One enum so two commands never share an id by accident.
enum CommandId {
    ScrubCellCommandId = 1,
    SliderSceneCommandId,
};

} // namespace attnlab::ui
