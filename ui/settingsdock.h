#pragma once
// A dock holding the settings panel, scrollable so it fits small screens.

#include <QDockWidget>

namespace attnlab::ui {

class Document;
class SettingsPanel;

class SettingsDock : public QDockWidget {
    Q_OBJECT
public:
    explicit SettingsDock(Document *document, QWidget *parent = nullptr);

    SettingsPanel *panel() const { return m_panel; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    SettingsPanel *m_panel;
};

} // namespace attnlab::ui
