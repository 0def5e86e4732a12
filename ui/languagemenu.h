#pragma once
// View → Language: one checkable entry per available language, named in that language, the
// current one checked. Choosing one switches the whole interface live and remembers it.

#include <QMenu>

class QActionGroup;

namespace attnlab::ui {

class LanguageMenu : public QMenu {
    Q_OBJECT
public:
    explicit LanguageMenu(QWidget *parent = nullptr);

    // The entry for a language code ("en", "zh_CN"), or null.
    QAction *action(const QString &code) const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void refreshChecks();

    QActionGroup *m_group;
};

} // namespace attnlab::ui
