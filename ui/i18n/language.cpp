#include "ui/i18n/language.h"

#include <QCoreApplication>
#include <QEvent>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace attnlab::ui {

namespace {
const QString kSettingsKey = QStringLiteral("language");
const QString kEnglish = QStringLiteral("en");
const QString kChinese = QStringLiteral("zh_CN");
} // namespace

Language *Language::instance()
{
    // Parented to the application so it dies with it; recreated if a test makes a new one.
    static QObject *owner = nullptr;
    static Language *language = nullptr;
    if (!language || owner != QCoreApplication::instance()) {
        owner = QCoreApplication::instance();
        language = new Language(owner);
    }
    return language;
}

Language::Language(QObject *parent)
    : QObject(parent)
    , m_current(kEnglish)
{
}

QStringList Language::available()
{
    return {kEnglish, kChinese};
}

QString Language::nativeName(const QString &code)
{
    // Written in their own language on purpose: a reader must find theirs in a foreign menu.
    if (code == kChinese)
        return QStringLiteral("简体中文");
    return QStringLiteral("English");
}

QString Language::closest(const QString &localeName)
{
    const QLocale locale(localeName);
    if (locale.language() == QLocale::Chinese)
        return kChinese;
    return kEnglish;
}

QString Language::systemLanguage()
{
    // uiLanguages() honours LANGUAGE as well as LANG/LC_ALL.
    const QStringList wanted = QLocale::system().uiLanguages();
    QString first = wanted.isEmpty() ? QLocale::system().name() : wanted.first();
    return closest(first.replace(QLatin1Char('-'), QLatin1Char('_')));
}

QString Language::savedLanguage()
{
    const QString saved = QSettings().value(kSettingsKey).toString();
    return available().contains(saved) ? saved : QString();
}

void Language::removeTranslators()
{
    for (QTranslator **t : {&m_app, &m_qt}) {
        if (*t) {
            QCoreApplication::removeTranslator(*t);
            delete *t;
            *t = nullptr;
        }
    }
}

bool Language::apply(const QString &code)
{
    if (!available().contains(code))
        return false;
    removeTranslators();
    // English needs its catalogue too: it holds the plural forms ("%n problem(s)").
    auto *app = new QTranslator(this);
    if (app->load(QStringLiteral(":/i18n/attnlab_") + code + QStringLiteral(".qm"))) {
        m_app = app;
        QCoreApplication::installTranslator(m_app);
    } else {
        delete app;
    }
    if (code != kEnglish) {
        // Qt's own strings (standard buttons, the undo stack's "Undo %1"): installed when the
        // system has them; the app works without.
        auto *qt = new QTranslator(this);
        const QString dir = QLibraryInfo::path(QLibraryInfo::TranslationsPath);
        if (qt->load(QStringLiteral("qtbase_") + code, dir) || qt->load(QStringLiteral("qt_") + code, dir)) {
            m_qt = qt;
            QCoreApplication::installTranslator(m_qt);
        } else {
            delete qt;
        }
    }
    const bool changed = code != m_current;
    m_current = code;
    QLocale::setDefault(QLocale(code == kChinese ? QLocale::Chinese : QLocale::English,
        code == kChinese ? QLocale::China : QLocale::UnitedStates));
    // Installing a translator makes QApplication post LanguageChange to every window; deliver
    // them now, so that everything is retranslated when this returns (an export right after a
    // switch uses the new language).
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    if (changed)
        Q_EMIT languageChanged(code);
    return true;
}

bool Language::setLanguage(const QString &code)
{
    if (!apply(code))
        return false;
    QSettings().setValue(kSettingsKey, code);
    return true;
}

void Language::initialize(const QString &forced)
{
    if (!forced.isEmpty() && apply(forced))
        return;
    const QString saved = savedLanguage();
    apply(saved.isEmpty() ? systemLanguage() : saved);
}

bool setLanguage(const QString &code)
{
    return Language::instance()->setLanguage(code);
}

QString currentLanguage()
{
    return Language::instance()->current();
}

} // namespace attnlab::ui
