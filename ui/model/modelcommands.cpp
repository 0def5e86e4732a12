#include "ui/model/modelcommands.h"

#include "ui/model/modelsession.h"

namespace attnlab::ui {

HeadMaskCommand::HeadMaskCommand(
    ModelSession *session, const core::Matrix &before, const core::Matrix &after, const HistoryText &text)
    : TranslatedCommand(text)
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

HeadWeightsCommand::HeadWeightsCommand(ModelSession *session, int layer, int head, const core::Scene &before,
    const core::Scene &after, const HistoryText &text)
    : TranslatedCommand(text)
    , m_session(session)
    , m_layer(layer)
    , m_head(head)
    , m_before(before)
    , m_after(after)
{
    retranslate();
}

void HeadWeightsCommand::undo()
{
    m_session->applyWeights(m_layer, m_head, m_before);
}

void HeadWeightsCommand::redo()
{
    m_session->applyWeights(m_layer, m_head, m_after);
}

BlockCellsCommand::BlockCellsCommand(
    ModelSession *session, const BlockCellsPlace &place, const core::Matrix &after, const HistoryText &text)
    : TranslatedCommand(text)
    , m_session(session)
    , m_place(place)
    , m_after(std::make_shared<CellValues>(CellValues {after}))
    , m_before(std::make_shared<CellValues>())
{
    retranslate();
}

void BlockCellsCommand::undo()
{
    m_session->applyBlockCells(m_place, m_before, nullptr);
}

void BlockCellsCommand::redo()
{
    m_session->applyBlockCells(m_place, m_after, m_before);
}

} // namespace attnlab::ui
