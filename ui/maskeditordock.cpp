#include "ui/maskeditordock.h"

#include "ui/maskeditor.h"

#include <QEvent>

namespace attnlab::ui {

MaskEditorDock::MaskEditorDock(Document *document, QWidget *parent)
    : QDockWidget(parent), m_editor(new MaskEditor(document))
{
    setObjectName(QStringLiteral("MaskEditorDock"));
    retranslate();
    setWidget(m_editor);
}

void MaskEditorDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDockWidget::changeEvent(event);
}

void MaskEditorDock::retranslate()
{
    setWindowTitle(tr("Mask"));
    setToolTip(tr("Which keys each query may attend to."));
}

} // namespace attnlab::ui
