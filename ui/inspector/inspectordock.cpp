#include "ui/inspector/inspectordock.h"

#include "ui/document/document.h"
#include "ui/inspector/inspectorpage.h"

#include <QEvent>
#include <QScrollBar>
#include <QTextBrowser>

namespace attnlab::ui {

InspectorDock::InspectorDock(Document *document, QWidget *parent)
    : Retranslating<QDockWidget>(parent)
    , m_document(document)
    , m_view(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("InspectorDock"));
    m_view->setOpenLinks(false);
    setWidget(m_view);
    connect(m_document, &Document::selectionChanged, this, &InspectorDock::refresh);
    connect(m_document, &Document::currentHeadChanged, this, &InspectorDock::refresh);
    connect(m_document, &Document::stagesChanged, this, &InspectorDock::refresh);
    connect(m_document, &Document::sceneReset, this, &InspectorDock::refresh);
    retranslate();
}

QString InspectorDock::plainText() const
{
    return m_view->toPlainText();
}

void InspectorDock::retranslate()
{
    setWindowTitle(tr("Inspector"));
    m_view->setToolTip(tr("How the selected number is computed, with the real values. Select a cell or a row in "
                          "any stage."));
    refresh();
}

void InspectorDock::refresh()
{
    // Keep the reader's place while a scrub redraws the page many times a second.
    const int scroll = m_view->verticalScrollBar() ? m_view->verticalScrollBar()->value() : 0;
    InspectorPage page(m_document->scene(), m_document->stages(), m_document->currentHead(), m_view->document());
    m_view->setHtml(page.html(m_document->selection()));
    m_view->verticalScrollBar()->setValue(scroll);
}

} // namespace attnlab::ui
