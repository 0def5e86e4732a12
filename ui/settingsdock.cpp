#include "ui/settingsdock.h"

#include "ui/settingspanel.h"

#include <QEvent>
#include <QScrollArea>

namespace attnlab::ui {

SettingsDock::SettingsDock(Document *document, QWidget *parent)
    : QDockWidget(parent), m_panel(new SettingsPanel(document))
{
    setObjectName(QStringLiteral("SettingsDock"));
    auto *scroll = new QScrollArea;
    scroll->setWidget(m_panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    retranslate();
    setWidget(scroll);
}

void SettingsDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDockWidget::changeEvent(event);
}

void SettingsDock::retranslate()
{
    setWindowTitle(tr("Settings"));
    setToolTip(tr("Dimensions, positions, mask, scale and weight presets."));
}

} // namespace attnlab::ui
