#include "ui/model/modelcommands.h"

#include "ui/document/commandids.h"
#include "ui/model/modelsession.h"

#include <utility>

namespace attnlab::ui {

HeadMaskCommand::HeadMaskCommand(ModelSession *session, const core::Matrix &before, const core::Matrix &after,
    const HistoryText &text, QUndoCommand *parent)
    : TranslatedCommand(text, parent)
    , m_session(session)
    , m_before(before)
    , m_after(after)
{
    retranslate();
}

void HeadMaskCommand::undo()
{
    m_session->applyHeadMask(m_before);
}

void HeadMaskCommand::redo()
{
    m_session->applyHeadMask(m_after);
}

BlockCellsCommand::BlockCellsCommand(ModelSession *session, const BlockCellsPlace &place, const core::Matrix &after,
    const HistoryText &text, int gesture, bool continues, QUndoCommand *parent)
    : TranslatedCommand(text, parent)
    , m_session(session)
    , m_place(place)
    , m_after(std::make_shared<CellValues>(CellValues {after}))
    , m_before(std::make_shared<CellValues>())
    , m_gesture(gesture)
    , m_continues(continues)
{
    retranslate();
}

void BlockCellsCommand::undo()
{
    m_session->applyBlockCells(m_place, m_before, nullptr);
}

void BlockCellsCommand::redo()
{
    // Only the first redo continues a gesture; a later one (after an undo) is an edit of its own.
    m_session->applyBlockCells(m_place, m_after, m_before, std::exchange(m_continues, false));
}

int BlockCellsCommand::id() const
{
    return int(m_gesture != 0 ? CommandId::ScrubBlockCell : CommandId::None);
}

bool BlockCellsCommand::continues(int gesture, const BlockCellsPlace &place) const
{
    return gesture != 0 && gesture == m_gesture && place.layer == m_place.layer && place.tensor == m_place.tensor
        && place.row == m_place.row && place.col == m_place.col && m_after->values->size() == 1;
}

bool BlockCellsCommand::mergeWith(const QUndoCommand *other)
{
    const auto *o = static_cast<const BlockCellsCommand *>(other);
    if (o->isObsolete() || !continues(o->m_gesture, o->m_place) || o->m_after->values->size() != 1)
        return false;
    // The step's job wrote (or, coalesced, will write) the new value; undo still puts back the
    // value recorded before the gesture's first step.
    m_after = o->m_after;
    m_text = o->m_text;
    retranslate();
    setObsolete(m_before->values && *m_before->values == *m_after->values);
    return true;
}

} // namespace attnlab::ui
