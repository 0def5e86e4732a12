#include "ui/undohistorydock.h"

#include "ui/document.h"

#include <QEvent>
#include <QUndoView>

namespace attnlab::ui {

UndoHistoryDock::UndoHistoryDock(Document *document, QWidget *parent)
    : QDockWidget(parent), m_view(new QUndoView(document->undoStack()))
{
    setObjectName(QStringLiteral("UndoHistoryDock"));
    setWidget(m_view);
    retranslate();
}

void UndoHistoryDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDockWidget::changeEvent(event);
}

void UndoHistoryDock::retranslate()
{
    setWindowTitle(tr("History"));
    setToolTip(tr("Every edit since the scene was opened. Click a line to go back to that point."));
    m_view->setEmptyLabel(tr("<opened scene>"));
    m_view->setToolTip(toolTip());
}

} // namespace attnlab::ui
