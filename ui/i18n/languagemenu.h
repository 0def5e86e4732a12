#pragma once
// View → Language: one checkable entry per available language, named in that language, the
// current one checked. Choosing one switches the whole interface live and remembers it.

#include "ui/i18n/retranslating.h"

#include <QMenu>

class QActionGroup;

namespace attnlab::ui {

class LanguageMenu : public Retranslating<QMenu> {
    Q_OBJECT
public:
    explicit LanguageMenu(QWidget *parent = nullptr);

    // The entry for a language code ("en", "zh_CN"), or null.
    QAction *action(const QString &code) const;

protected:
private:
    void retranslate() override;
    void refreshChecks();

    QActionGroup *m_group;
};

} // namespace attnlab::ui
