#include "ui/i18n/language.h"

#include <QCoreApplication>
#include <QEvent>
#include <QFont>
#include <QFontInfo>
#include <QGuiApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace attnlab::ui {

namespace {
const QString kSettingsKey = QStringLiteral("language");

// Strings Qt's own dialogs show whose context Debian's qtbase_zh_CN.qm (Qt 6.4) lacks: Qt 6 moved
// them to QAbstractFileIconProvider, and the catalogue still has them under QFileDialog only, so
// the file dialog's type column said "Folder". Our catalogue carries them; translate() asks
// every installed translator.
[[maybe_unused]] const char *const kQtFolder[2]
    = QT_TRANSLATE_NOOP3("QAbstractFileIconProvider", "Folder", "All other platforms");
[[maybe_unused]] const char *const kQtDrive = QT_TRANSLATE_NOOP("QAbstractFileIconProvider", "Drive");
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

void Language::preferSimplifiedChinese()
{
    // Han characters the interface font lacks come from the first family that has them; left to
    // fontconfig, that follows the system locale (the Japanese face under English), whose forms
    // differ from the mainland's. Chinese text in this app is Simplified Chinese, in either language.
    if (!qobject_cast<QGuiApplication *>(QCoreApplication::instance()))
        return;
    QFont font = QGuiApplication::font();
    const QStringList families = chineseFontFamilies(font.family());
    if (font.families() == families)
        return;
    font.setFamilies(families);
    QGuiApplication::setFont(font);
}

QStringList Language::chineseFontFamilies(const QString &first)
{
    // `first` as the family it stands for ("Sans Serif" → "DejaVu Sans"): in a list of families
    // Qt skips a name that is only a fontconfig alias, and every character would then come from
    // the Chinese face, Latin letters and the middle dot of "Q·Kᵀ" (full width in it) too.
    const QString resolved
        = qobject_cast<QGuiApplication *>(QCoreApplication::instance()) ? QFontInfo(QFont(first)).family() : first;
    QStringList families {resolved, QStringLiteral("Noto Sans CJK SC"), QStringLiteral("Noto Sans SC")};
    families.removeDuplicates();
    return families;
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
    preferSimplifiedChinese();
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
