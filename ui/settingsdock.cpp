#include "ui/settingsdock.h"

#include "ui/settingspanel.h"

#include <QScrollArea>

namespace attnlab::ui {

SettingsDock::SettingsDock(Document *document, QWidget *parent)
    : QDockWidget(tr("Settings"), parent), m_panel(new SettingsPanel(document))
{
    setObjectName(QStringLiteral("SettingsDock"));
    setToolTip(tr("Dimensions, positions, mask, scale and weight presets."));
    auto *scroll = new QScrollArea;
    scroll->setWidget(m_panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setWidget(scroll);
}

} // namespace attnlab::ui
