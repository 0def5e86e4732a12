// Every menu of the main window gives each of its entries its own mnemonic (the underlined letter,
// "&M" in "Open &Model…"), in English and in Chinese: Qt cycles through entries that share one
// instead of running the first, so Alt+F, M no longer opens anything. The menu bar's titles too.
#include "tests/ui/mainwindow/mainwindowfixture.h"
#include "ui/mainwindow/mainwindow.h"

#include <QAction>
#include <QMap>
#include <QMenu>
#include <QMenuBar>

#include <gtest/gtest.h>

using namespace attnlab;

namespace {

// The mnemonic of a menu text ("Open &Model…" → 'M'), or a null QChar; "&&" is a literal ampersand.
QChar mnemonicOf(const QString &text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text[i] != QLatin1Char('&'))
            continue;
        if (text[i + 1] == QLatin1Char('&')) {
            ++i;
            continue;
        }
        return text[i + 1].toUpper();
    }
    return {};
}

// Fails for every mnemonic `actions` share, naming the menu; walks the submenus.
int expectUniqueMnemonics(const QList<QAction *> &actions, const QString &where)
{
    QMap<QChar, QString> owner;
    int checked = 0;
    for (const QAction *action : actions) {
        if (action->isSeparator())
            continue;
        const QChar key = mnemonicOf(action->text());
        if (!key.isNull()) {
            ++checked;
            EXPECT_FALSE(owner.contains(key))
                << where.toStdString() << ": \"" << owner.value(key).toStdString() << "\" and \""
                << action->text().toStdString() << "\" share &" << QString(key).toStdString();
            owner.insert(key, action->text());
        }
        if (action->menu())
            checked += expectUniqueMnemonics(action->menu()->actions(), where + QStringLiteral(" → ") + action->text());
    }
    return checked;
}

struct Mnemonics : test::MainWindowFixture { };

TEST_F(Mnemonics, NoTwoEntriesOfAMenuShareOneInEitherLanguage)
{
    ui::MainWindow window(&document);
    for (const char *language : {"en", "zh_CN"}) {
        SCOPED_TRACE(language);
        ASSERT_TRUE(ui::Language::instance()->apply(QString::fromLatin1(language)));
        const int checked = expectUniqueMnemonics(window.menuBar()->actions(), QStringLiteral("menu bar"));
        EXPECT_GT(checked, 20); // the menus are there at all, with their mnemonics
    }
}

TEST(MnemonicOf, ReadsTheLetterAfterASingleAmpersand)
{
    EXPECT_EQ(mnemonicOf(QStringLiteral("Open &Model…")), QLatin1Char('M'));
    EXPECT_EQ(mnemonicOf(QStringLiteral("打开模型(&m)…")), QLatin1Char('M'));
    EXPECT_EQ(mnemonicOf(QStringLiteral("Q&&A &Later")), QLatin1Char('L'));
    EXPECT_TRUE(mnemonicOf(QStringLiteral("No mnemonic")).isNull());
}

} // namespace
