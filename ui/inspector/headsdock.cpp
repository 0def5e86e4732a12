#include "ui/inspector/headsdock.h"

#include "ui/document/document.h"
#include "ui/inspector/headgrid.h"

#include <QEvent>
#include <QScrollArea>

namespace attnlab::ui {

HeadsDock::HeadsDock(Document *document, QWidget *parent)
    : Retranslating<QDockWidget>(parent)
    , m_document(document)
    , m_grid(new HeadGrid(document))
{
    setObjectName(QStringLiteral("HeadsDock"));
    auto *scroll = new QScrollArea;
    scroll->setWidget(m_grid);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    setWidget(scroll);
    m_heads = m_document->scene().headCount();
    connect(m_document, &Document::sceneReset, this, &HeadsDock::onSceneChanged);
    connect(m_document, &Document::sceneChanged, this, &HeadsDock::onSceneChanged);
    retranslate();
}

void HeadsDock::followHeadCount()
{
    m_heads = m_document->scene().headCount();
    setVisible(m_heads > 1);
    if (m_heads > 1)
        raise();
}

void HeadsDock::onSceneChanged()
{
    // Only a change between one head and several decides; otherwise the user's choice stands.
    const int heads = m_document->scene().headCount();
    if ((heads > 1) != (m_heads > 1))
        followHeadCount();
    m_heads = heads;
}

void HeadsDock::retranslate()
{
    setWindowTitle(tr("Heads"));
    setToolTip(tr("Every head's attention weights at once; click one to make it the head the board follows."));
}

} // namespace attnlab::ui
