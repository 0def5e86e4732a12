#include "ui/mainwindow/editactions.h"

#include "ui/document/documentbase.h"

#include <QAction>
#include <QIcon>
#include <QKeySequence>
#include <QUndoGroup>
#include <QUndoStack>

namespace attnlab::ui {

EditActions::EditActions(const QList<DocumentBase *> &documents, QObject *parent)
    : QObject(parent)
    , m_group(new QUndoGroup(this))
    , m_undo(new QAction(this))
    , m_redo(new QAction(this))
{
    for (DocumentBase *document : documents)
        m_group->addStack(document->undoStack());
    m_undo->setShortcuts(QKeySequence::Undo);
    m_redo->setShortcuts(QKeySequence::Redo);
    m_undo->setIcon(QIcon::fromTheme(QStringLiteral("edit-undo")));
    m_redo->setIcon(QIcon::fromTheme(QStringLiteral("edit-redo")));
    connect(m_undo, &QAction::triggered, this, [this] {
        if (DocumentBase *document = activeDocument())
            document->undo();
    });
    connect(m_redo, &QAction::triggered, this, [this] {
        if (DocumentBase *document = activeDocument())
            document->redo();
    });
    connect(m_group, &QUndoGroup::canUndoChanged, m_undo, &QAction::setEnabled);
    connect(m_group, &QUndoGroup::canRedoChanged, m_redo, &QAction::setEnabled);
    connect(m_group, &QUndoGroup::undoTextChanged, this, &EditActions::retranslate);
    connect(m_group, &QUndoGroup::redoTextChanged, this, &EditActions::retranslate);
    setActiveDocument(documents.value(0));
    m_undo->setEnabled(m_group->canUndo());
    m_redo->setEnabled(m_group->canRedo());
    retranslate();
}

DocumentBase *EditActions::activeDocument() const
{
    return DocumentBase::ofStack(m_group->activeStack());
}

void EditActions::setActiveDocument(DocumentBase *document)
{
    m_group->setActiveStack(document ? document->undoStack() : nullptr);
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
    const QString undoText = m_group->undoText();
    const QString redoText = m_group->redoText();
    m_undo->setText(undoText.isEmpty() ? tr("&Undo") : tr("&Undo %1").arg(undoText));
    m_redo->setText(redoText.isEmpty() ? tr("&Redo") : tr("&Redo %1").arg(redoText));
    m_undo->setToolTip(tr("Undo the last edit (Ctrl+Z)"));
    m_redo->setToolTip(tr("Redo the edit just undone (Ctrl+Shift+Z)"));
}

} // namespace attnlab::ui
