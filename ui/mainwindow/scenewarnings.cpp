#include "ui/mainwindow/scenewarnings.h"

#include "ui/document/document.h"

namespace attnlab::ui {

SceneWarnings::SceneWarnings(Document *document, QWidget *parent)
    : Retranslating<QLabel>(parent)
    , m_document(document)
{
    setObjectName(QStringLiteral("SceneWarnings"));
    setTextFormat(Qt::PlainText);
    connect(m_document, &Document::stagesChanged, this, &SceneWarnings::refresh);
    connect(m_document, &Document::sceneReset, this, &SceneWarnings::refresh);
    retranslate();
}

void SceneWarnings::setSceneInFront(bool inFront)
{
    m_sceneInFront = inFront;
    setVisible(m_sceneInFront && !m_text.isEmpty());
}

void SceneWarnings::retranslate()
{
    setToolTip(tr("Problems the pipeline found in the current scene"));
    refresh();
}

void SceneWarnings::refresh()
{
    const core::Scene &scene = m_document->scene();
    QStringList lines;
    for (const int row : m_document->stages().rowsWithoutKeys) {
        const QString token = row >= 0 && size_t(row) < scene.tokens.size()
            ? QString::fromStdString(scene.tokens[size_t(row)])
            : QString();
        lines << tr("row %1 (token “%2”) sees no key: its weights and its context vector are all zero")
                     .arg(row)
                     .arg(token);
    }
    m_text = lines.isEmpty() ? QString() : QStringLiteral("⚠ ") + lines.join(QStringLiteral("  ·  "));
    setText(m_text);
    setSceneInFront(m_sceneInFront);
}

} // namespace attnlab::ui
