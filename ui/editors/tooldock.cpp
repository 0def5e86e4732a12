#include "ui/editors/tooldock.h"

namespace attnlab::ui {

ToolDock::ToolDock(const QString &objectName, QWidget *widget, std::function<void(ToolDock *)> texts, QWidget *parent)
    : Retranslating<QDockWidget>(parent)
    , m_texts(std::move(texts))
{
    setObjectName(objectName);
    setWidget(widget);
    retranslate();
}

void ToolDock::retranslate()
{
    m_texts(this);
}

} // namespace attnlab::ui
