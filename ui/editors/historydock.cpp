#include "ui/editors/historydock.h"

#include "ui/document/document.h"

#include <QCoreApplication>
#include <QUndoView>

namespace attnlab::ui {

namespace {

void setTexts(ToolDock *dock)
{
    auto *view = static_cast<QUndoView *>(dock->widget());
    dock->setWindowTitle(QCoreApplication::translate("attnlab::ui::UndoHistoryDock", "History"));
    dock->setToolTip(QCoreApplication::translate("attnlab::ui::UndoHistoryDock",
        "Every edit since the scene was opened. Click a line to go back to that point."));
    view->setEmptyLabel(QCoreApplication::translate("attnlab::ui::UndoHistoryDock", "<opened scene>"));
    view->setToolTip(dock->toolTip());
    view->viewport()->update(); // the entries were retranslated by their document
}

} // namespace

HistoryDock::HistoryDock(Document *document, QWidget *parent)
    : ToolDock(QStringLiteral("UndoHistoryDock"), new QUndoView(document->undoStack()), setTexts, parent)
{
    connect(document, &Document::linkChanged, this,
        [this, document] { view()->setStack(document->historyOwner()->undoStack()); });
}

QUndoView *HistoryDock::view() const
{
    return static_cast<QUndoView *>(widget());
}

} // namespace attnlab::ui
