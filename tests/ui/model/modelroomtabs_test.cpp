// The panels the window adds to the model room (Generate, Logit Lens, Attribution) sit in tabs
// under the heads, named in the language of the moment, and a panel's shortcuts stay live while
// another tab is in front; a tab's key brings it forward.
#include "modelroomfixture.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QSplitter>
#include <QTabWidget>

#include <gtest/gtest.h>

using namespace attnlab;
using attnlab::test::Room;

TEST(ModelRoomTabs, PanelsBecomeTabsAndTheirShortcutsWorkFromAnyTab)
{
    Room r;
    r.window.setCentralWidget(r.room);
    r.window.resize(1280, 720);
    auto *first = new QWidget;
    auto *action = new QAction(first);
    action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F9));
    action->setShortcutContext(Qt::WindowShortcut);
    first->addAction(action);
    int triggered = 0;
    QObject::connect(action, &QAction::triggered, [&triggered] { ++triggered; });
    QString name = QStringLiteral("First");
    r.room->addPanel(first, [&name] { return name; });
    auto *second = new QWidget;
    second->setWindowTitle(QStringLiteral("Second"));
    r.room->addPanel(second, {}, QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_F8));
    r.window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&r.window));

    QTabWidget *tabs = r.room->panelTabs();
    ASSERT_NE(tabs, nullptr);
    ASSERT_EQ(tabs->count(), 2);
    EXPECT_EQ(tabs->tabText(0), QStringLiteral("First"));
    EXPECT_EQ(tabs->tabText(1), QStringLiteral("Second"));

    // The second tab's key brings it to the front.
    r.window.activateWindow();
    QTest::keyClick(&r.window, Qt::Key_F8, Qt::ControlModifier | Qt::AltModifier);
    EXPECT_EQ(tabs->currentIndex(), 1);
    EXPECT_TRUE(
        tabs->tabToolTip(1).contains(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_F8).toString(QKeySequence::NativeText)));
    ASSERT_FALSE(first->isVisible());
    r.window.activateWindow();
    QTest::keyClick(&r.window, Qt::Key_F9, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(triggered, 1);

    // A language switch renames the tabs.
    name = QStringLiteral("Erste");
    QEvent change(QEvent::LanguageChange);
    QCoreApplication::sendEvent(r.room, &change);
    EXPECT_EQ(tabs->tabText(0), QStringLiteral("Erste"));
}

// The tabs' pages share the room's height with the heads instead of getting the hundred pixels
// their smallest content asks for (the lens header and the attribution's lower bars were out of
// sight at 1280×720); the heads keep a little more, at any window size.
TEST(ModelRoomTabs, ThePanelsShareTheHeightAtEverySize)
{
    Room r;
    r.window.setCentralWidget(r.room);
    auto *panel = new QLabel(QStringLiteral("one\ntwo\nthree"));
    r.room->addPanel(panel, [] { return QStringLiteral("Panel"); });
    r.window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&r.window));
    QTabWidget *tabs = r.room->panelTabs();
    for (const QSize size : {QSize(1280, 720), QSize(1600, 1000), QSize(1920, 1080)}) {
        r.window.resize(size);
        QApplication::processEvents();
        auto *splitter = qobject_cast<QSplitter *>(tabs->parentWidget());
        ASSERT_NE(splitter, nullptr);
        const int both = splitter->height();
        EXPECT_GE(tabs->height(), both * 2 / 5) << size.width() << "×" << size.height();
        EXPECT_GE(splitter->widget(0)->height(), both * 2 / 5) << size.width() << "×" << size.height();
        EXPECT_GT(tabs->currentWidget()->height(), 4 * panel->sizeHint().height());
    }
}
