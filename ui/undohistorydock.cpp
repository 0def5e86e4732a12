#include "ui/undohistorydock.h"

#include "ui/document.h"

#include <QUndoView>

namespace attnlab::ui {

UndoHistoryDock::UndoHistoryDock(Document *document, QWidget *parent)
    : QDockWidget(tr("History"), parent), m_view(new QUndoView(document->undoStack()))
{
    setObjectName(QStringLiteral("UndoHistoryDock"));
    setToolTip(tr("Every edit since the scene was opened. Click a line to go back to that point."));
    m_view->setEmptyLabel(tr("<opened scene>"));
    m_view->setToolTip(toolTip());
    setWidget(m_view);
}

} // namespace attnlab::ui
