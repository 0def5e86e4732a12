#include "ui/document/undocommands.h"

#include "ui/document/commandids.h"
#include "ui/document/document.h"

#include <QCoreApplication>

namespace attnlab::ui {

SetCellCommand::SetCellCommand(
    Document *doc, MatrixId matrix, int row, int column, core::Scalar oldValue, core::Scalar newValue, bool continuous)
    : m_doc(doc)
    , m_matrix(matrix)
    , m_row(row)
    , m_column(column)
    , m_old(oldValue)
    , m_new(newValue)
    , m_continuous(continuous)
{
    retranslate();
}

void SetCellCommand::retranslate()
{
    setText(QCoreApplication::translate("UndoCommand", "Set %1[%2][%3] to %4")
                .arg(matrixKey(m_matrix))
                .arg(m_row)
                .arg(m_column)
                .arg(double(m_new), 0, 'g', 4));
}

void SetCellCommand::redo()
{
    const bool ok = m_doc->applyCell(m_matrix, m_row, m_column, m_new);
    // A push that failed (the Document rolled back) leaves no history entry.
    if (!m_applied && !ok)
        setObsolete(true);
    m_applied = true;
}

void SetCellCommand::undo()
{
    m_doc->applyCell(m_matrix, m_row, m_column, m_old);
}

int SetCellCommand::id() const
{
    return int(m_continuous ? CommandId::ScrubCell : CommandId::None);
}

bool SetCellCommand::mergeWith(const QUndoCommand *other)
{
    const auto *o = static_cast<const SetCellCommand *>(other);
    if (o->isObsolete() || !o->m_continuous || o->m_matrix != m_matrix || o->m_row != m_row || o->m_column != m_column)
        return false;
    m_new = o->m_new;
    setObsolete(m_new == m_old);
    retranslate();
    return true;
}

ChangeSceneCommand::ChangeSceneCommand(
    Document *doc, core::Scene before, core::Scene after, HistoryText text, core::Edit edit, CommandId mergeId)
    : TranslatedCommand(std::move(text))
    , m_doc(doc)
    , m_before(std::move(before))
    , m_after(std::move(after))
    , m_edit(edit)
    , m_mergeId(mergeId)
{
    retranslate();
}

void ChangeSceneCommand::redo()
{
    const bool ok = m_doc->applyScene(m_after, m_edit);
    if (!m_applied && !ok)
        setObsolete(true);
    m_applied = true;
}

void ChangeSceneCommand::undo()
{
    m_doc->applyScene(m_before, m_edit);
}

bool ChangeSceneCommand::mergeWith(const QUndoCommand *other)
{
    const auto *o = static_cast<const ChangeSceneCommand *>(other);
    if (o->isObsolete() || o->m_mergeId != m_mergeId || o->m_edit.target != m_edit.target)
        return false;
    m_after = o->m_after;
    m_text = o->m_text;
    retranslate();
    setObsolete(m_after == m_before);
    return true;
}

} // namespace attnlab::ui
