#include "ui/mainwindow/editactions.h"

#include "ui/document/document.h"

#include <QAction>
#include <QIcon>
#include <QKeySequence>
#include <QUndoStack>

namespace attnlab::ui {

EditActions::EditActions(Document *document, QObject *parent)
    : QObject(parent)
    , m_document(document)
    , m_undo(new QAction(this))
    , m_redo(new QAction(this))
{
    m_undo->setShortcuts(QKeySequence::Undo);
    m_redo->setShortcuts(QKeySequence::Redo);
    m_undo->setIcon(QIcon::fromTheme(QStringLiteral("edit-undo")));
    m_redo->setIcon(QIcon::fromTheme(QStringLiteral("edit-redo")));
    QUndoStack *stack = m_document->undoStack();
    m_undo->setEnabled(stack->canUndo());
    m_redo->setEnabled(stack->canRedo());
    connect(m_undo, &QAction::triggered, m_document, &Document::undo);
    connect(m_redo, &QAction::triggered, m_document, &Document::redo);
    connect(stack, &QUndoStack::canUndoChanged, m_undo, &QAction::setEnabled);
    connect(stack, &QUndoStack::canRedoChanged, m_redo, &QAction::setEnabled);
    connect(stack, &QUndoStack::undoTextChanged, this, &EditActions::retranslate);
    connect(stack, &QUndoStack::redoTextChanged, this, &EditActions::retranslate);
    retranslate();
}

QString EditActions::undoName()
{
    return tr("Undo");
}

QString EditActions::redoName()
{
    return tr("Redo");
}

void EditActions::retranslate()
{
    const QUndoStack *stack = m_document->undoStack();
    const QString undoText = stack->undoText();
    const QString redoText = stack->redoText();
    m_undo->setText(undoText.isEmpty() ? tr("&Undo") : tr("&Undo %1").arg(undoText));
    m_redo->setText(redoText.isEmpty() ? tr("&Redo") : tr("&Redo %1").arg(redoText));
    m_undo->setToolTip(tr("Undo the last edit (Ctrl+Z)"));
    m_redo->setToolTip(tr("Redo the edit just undone (Ctrl+Shift+Z)"));
}

} // namespace attnlab::ui
