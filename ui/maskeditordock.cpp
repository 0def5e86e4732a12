#include "ui/maskeditordock.h"

#include "ui/maskeditor.h"

namespace attnlab::ui {

MaskEditorDock::MaskEditorDock(Document *document, QWidget *parent)
    : QDockWidget(tr("Mask"), parent), m_editor(new MaskEditor(document))
{
    setObjectName(QStringLiteral("MaskEditorDock"));
    setToolTip(tr("Which keys each query may attend to."));
    setWidget(m_editor);
}

} // namespace attnlab::ui
