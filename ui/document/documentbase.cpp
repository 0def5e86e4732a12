#include "ui/document/documentbase.h"

#include "ui/document/translatedcommand.h"

#include <QUndoStack>

namespace attnlab::ui {

DocumentBase::DocumentBase(QObject *parent)
    : QObject(parent)
    , m_undoStack(new QUndoStack(this))
{
    connect(m_undoStack, &QUndoStack::cleanChanged, this, [this](bool clean) { Q_EMIT modifiedChanged(!clean); });
    // History entries follow a language switch.
    new CommandTranslator(m_undoStack);
}

DocumentBase::~DocumentBase() = default;

void DocumentBase::setFilePath(const QString &path)
{
    if (path == m_filePath)
        return;
    m_filePath = path;
    Q_EMIT filePathChanged(path);
}

bool DocumentBase::isModified() const
{
    return !m_undoStack->isClean();
}

void DocumentBase::setClean()
{
    m_undoStack->setClean();
}

void DocumentBase::undo()
{
    m_undoStack->undo();
}

void DocumentBase::redo()
{
    m_undoStack->redo();
}

DocumentBase *DocumentBase::ofStack(const QUndoStack *stack)
{
    return stack ? qobject_cast<DocumentBase *>(stack->parent()) : nullptr;
}

} // namespace attnlab::ui
