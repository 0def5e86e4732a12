#pragma once
// The undo steps of the model room: switching heads off and on, giving a head the weights
// edited on the board, and cells of a block's tensors. Only these call ModelSession's apply
// functions.

#include "core/model/family/blocktensor.h"
#include "core/scene/scene.h"
#include "core/types.h"

#include "ui/document/translatedcommand.h"

#include <memory>
#include <optional>

namespace attnlab::ui {

class ModelSession;

class HeadMaskCommand : public TranslatedCommand {
public:
    HeadMaskCommand(
        ModelSession *session, const core::Matrix &before, const core::Matrix &after, const HistoryText &text);
    void undo() override;
    void redo() override;

private:
    ModelSession *m_session;
    core::Matrix m_before, m_after;
};

class HeadWeightsCommand : public TranslatedCommand {
public:
    HeadWeightsCommand(ModelSession *session, int layer, int head, const core::Scene &before, const core::Scene &after,
        const HistoryText &text);
    void undo() override;
    void redo() override;

private:
    ModelSession *m_session;
    int m_layer, m_head;
    core::Scene m_before, m_after;
};

// Where a block edit writes: cells of one tensor of one layer, from (row, col) in the board's
// orientation (family/blocktensor.h).
struct BlockCellsPlace {
    int layer = 0;
    core::model::BlockTensor tensor = core::model::BlockTensor::MlpIn;
    int row = 0, col = 0;
};

// Cell values handed between the GUI and the worker: the job that makes an edit records there what
// the cells held, and the job that undoes it reads them back. The session's jobs run one after
// another, each on a thread started when the one before has finished, so they never touch it at
// the same time, and an edit can be pushed while another job still uses the model.
struct CellValues {
    std::optional<core::Matrix> values;
};

class BlockCellsCommand : public TranslatedCommand {
public:
    BlockCellsCommand(
        ModelSession *session, const BlockCellsPlace &place, const core::Matrix &after, const HistoryText &text);
    void undo() override;
    void redo() override;

private:
    ModelSession *m_session;
    BlockCellsPlace m_place;
    std::shared_ptr<CellValues> m_after;
    std::shared_ptr<CellValues> m_before; // filled by the first redo's job
};

} // namespace attnlab::ui
