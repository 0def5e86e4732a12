#pragma once
// The undo steps of the model room: switching heads off and on, and cells of a layer's tensors
// (edited on the block board, or as the head the scene board shows). Only these call
// ModelSession's apply functions.

#include "core/model/family/blocktensor.h"
#include "core/types.h"

#include "ui/document/translatedcommand.h"

#include <memory>
#include <optional>

namespace attnlab::ui {

class ModelSession;

class HeadMaskCommand : public TranslatedCommand {
public:
    HeadMaskCommand(ModelSession *session, const core::Matrix &before, const core::Matrix &after,
        const HistoryText &text, QUndoCommand *parent = nullptr);
    void undo() override;
    void redo() override;

private:
    ModelSession *m_session;
    core::Matrix m_before, m_after;
};

// Where a block edit writes: cells of one tensor of one layer, from (row, col) in the board's
// orientation (family/blocktensor.h).
struct BlockCellsPlace {
    int layer = 0;
    core::model::BlockTensor tensor = core::model::BlockTensor::MlpIn;
    int row = 0, col = 0;
};

// Values to write at a place (ModelSession::editCells).
struct CellsEdit {
    BlockCellsPlace place;
    core::Matrix values;
};

// Cell values handed between the GUI and the worker: the session records there what the cells held
// just before it starts the job that makes an edit (on the GUI thread, the worker idle), and the
// job that undoes it reads them back. An edit can be pushed while another job still uses the model.
struct CellValues {
    std::optional<core::Matrix> values;
};

// Cells of a block tensor. The steps of one scrub gesture on one cell (a drag, or wheel notches
// in a row) merge into one history entry, and one that ends on the value the gesture began with
// marks itself obsolete, once the session has recorded that value.
class BlockCellsCommand : public TranslatedCommand {
public:
    // `gesture`: the scrub gesture the step belongs to (ModelSession::startScrubGesture), 0 for
    // none. `continues`: the step continues the command on top of the stack (it will merge into
    // it), so the prediction's "before" stays what it was when the gesture began. `parent`: the
    // history entry it is one step of.
    BlockCellsCommand(ModelSession *session, const BlockCellsPlace &place, const core::Matrix &after,
        const HistoryText &text, int gesture = 0, bool continues = false, QUndoCommand *parent = nullptr);
    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;
    // The gesture and place this step would merge into.
    bool continues(int gesture, const BlockCellsPlace &place) const;
    // Where it writes, and what (a saved model session lists these, core/session).
    const BlockCellsPlace &place() const { return m_place; }
    const std::optional<core::Matrix> &afterValues() const { return m_after->values; }

private:
    ModelSession *m_session;
    BlockCellsPlace m_place;
    std::shared_ptr<CellValues> m_after;
    std::shared_ptr<CellValues> m_before; // filled when the first redo's job starts
    int m_gesture;
    bool m_continues;
};

} // namespace attnlab::ui
