#include "ui/i18n/languagemenu.h"

#include "ui/i18n/language.h"

#include <QActionGroup>
#include <QEvent>

namespace attnlab::ui {

LanguageMenu::LanguageMenu(QWidget *parent)
    : Retranslating<QMenu>(parent)
    , m_group(new QActionGroup(this))
{
    setObjectName(QStringLiteral("LanguageMenu"));
    m_group->setExclusive(true);
    for (const QString &code : Language::available()) {
        // Native names stay untranslated so a reader finds their language in a foreign menu.
        QAction *a = addAction(Language::nativeName(code));
        a->setData(code);
        a->setCheckable(true);
        m_group->addAction(a);
        connect(a, &QAction::triggered, this, [code] { setLanguage(code); });
    }
    connect(Language::instance(), &Language::languageChanged, this, &LanguageMenu::refreshChecks);
    setToolTipsVisible(true);
    retranslate();
    refreshChecks();
}

QAction *LanguageMenu::action(const QString &code) const
{
    for (QAction *a : actions())
        if (a->data().toString() == code)
            return a;
    return nullptr;
}

void LanguageMenu::retranslate()
{
    setTitle(tr("&Language"));
    setToolTip(tr("The language of the interface, the explanations and exported images"));
    for (QAction *a : actions())
        a->setToolTip(tr("Switch the interface to %1 now; remembered for the next start")
                          .arg(Language::nativeName(a->data().toString())));
}

void LanguageMenu::refreshChecks()
{
    const QString current = currentLanguage();
    for (QAction *a : actions())
        a->setChecked(a->data().toString() == current);
}

} // namespace attnlab::ui
