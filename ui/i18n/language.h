#pragma once
// The interface language: English (the source language) or Simplified Chinese. The choice
// follows the system locale until the user picks one (View → Language), which is remembered.
// Switching installs new translators on the running application; Qt then sends
// QEvent::LanguageChange to every widget, and widgets retranslate themselves there.

#include <QObject>
#include <QString>
#include <QStringList>

class QTranslator;

namespace attnlab::ui {

class Language : public QObject {
    Q_OBJECT
public:
    // The one instance, parented to the application object.
    static Language *instance();

    // Codes the app is translated into: "en", "zh_CN".
    static QStringList available();
    // The name of a language in that language ("English", "简体中文"), for menus.
    static QString nativeName(const QString &code);
    // The available code closest to a locale name ("zh_CN", "zh_TW", "en_GB", "C" …).
    static QString closest(const QString &localeName);
    // The system's language, mapped to an available code.
    static QString systemLanguage();
    // The language stored in the settings by setLanguage(), or empty.
    static QString savedLanguage();
    // The font families Chinese text is drawn with after `first` (the interface's or a plot's
    // font, resolved from an alias such as "Sans Serif" to the family it stands for): Noto Sans CJK
    // SC, the Simplified Chinese face, in both languages.
    static QStringList chineseFontFamilies(const QString &first);

    QString current() const { return m_current; }

    // Installs the translators for `code` without remembering it (--lang, tests). False and no
    // change when the code is not available.
    bool apply(const QString &code);
    // What View → Language calls: applies `code` and stores it in the settings.
    bool setLanguage(const QString &code);
    // Start-up: the forced code (--lang) if given, else the saved choice, else the system's.
    void initialize(const QString &forced = QString());

Q_SIGNALS:
    // After the translators changed (the LanguageChange events have been sent).
    void languageChanged(const QString &code);

private:
    explicit Language(QObject *parent);
    void removeTranslators();
    // Gives the application font the Simplified Chinese families after its own.
    static void preferSimplifiedChinese();

    QString m_current;
    QTranslator *m_app = nullptr;
    QTranslator *m_qt = nullptr;
};

// Shortcut for other widgets: Language::instance()->setLanguage(code).
bool setLanguage(const QString &code);
// The current language code ("en" or "zh_CN").
QString currentLanguage();

} // namespace attnlab::ui
