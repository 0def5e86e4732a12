#include "ui/inspector/inspectordock.h"

#include "ui/document/document.h"
#include "ui/inspector/inspectorpage.h"

#include <QEvent>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>

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
    // Keep the reader's place while a scrub redraws the page many times a second; a newly
    // clicked cell brings its key or column into view.
    const int scroll = m_view->verticalScrollBar()->value();
    const int across = m_view->horizontalScrollBar()->value();
    const Selection selection = m_document->selection();
    InspectorPage page(m_document->scene(), m_document->stages(), m_document->currentHead(), m_view->document());
    m_view->setHtml(page.html(selection));
    if (selection != m_shown && scrollToSelected()) {
        m_shown = selection;
        return;
    }
    m_shown = selection;
    m_view->verticalScrollBar()->setValue(scroll);
    m_view->horizontalScrollBar()->setValue(across);
}

bool InspectorDock::scrollToSelected()
{
    const QString anchor = QLatin1String(InspectorPage::kSelectedAnchor);
    QTextDocument *doc = m_view->document();
    for (QTextBlock block = doc->begin(); block.isValid(); block = block.next())
        for (auto it = block.begin(); !it.atEnd(); ++it)
            if (it.fragment().charFormat().anchorNames().contains(anchor)) {
                QTextCursor cursor(doc);
                cursor.setPosition(it.fragment().position() + it.fragment().length());
                m_view->setTextCursor(cursor);
                m_view->verticalScrollBar()->setValue(0);
                m_view->horizontalScrollBar()->setValue(0);
                m_view->ensureCursorVisible();
                return true;
            }
    return false;
}

QRect InspectorDock::selectedRect() const
{
    return m_view->cursorRect();
}

} // namespace attnlab::ui
