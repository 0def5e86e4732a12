// What the main window composes from the other components: the inspector, the explanation and
// the heads on the right, View → Language, and Tools → Experiments.
#include "mainwindowfixture.h"

#include "core/scene/sceneedits.h"
#include "ui/board/pipelineboard.h"
#include "ui/board/presentationmode.h"
#include "ui/board/stagecard.h"
#include "ui/board/stepcontroller.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/experiments/experimentswindow.h"
#include "ui/i18n/language.h"
#include "ui/i18n/languagemenu.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/inspector/headsdock.h"
#include "ui/inspector/inspectordock.h"
#include "ui/mainwindow/mainwindow.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QTabBar>
#include <QTest>

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;

namespace {

struct MainWindowDocksTest : test::MainWindowFixture { };

// Whether `dock` is the tab shown in its group of tabified docks.
bool isFrontTab(MainWindow &window, QDockWidget *dock)
{
    for (QTabBar *bar : window.findChildren<QTabBar *>())
        for (int i = 0; i < bar->count(); ++i)
            if (bar->tabText(i) == dock->windowTitle())
                return bar->currentIndex() == i;
    return dock->isVisible();
}

QString menuTitle(MainWindow &window, int index)
{
    return window.menuBar()->actions().value(index)->text();
}

} // namespace

TEST_F(MainWindowDocksTest, TeachingDocksShareTheRightSideAndAreInTheViewMenu)
{
    MainWindow window(&document);
    ASSERT_NE(window.inspector(), nullptr);
    ASSERT_NE(window.explanation(), nullptr);
    ASSERT_NE(window.headsDock(), nullptr);
    for (QDockWidget *dock : {static_cast<QDockWidget *>(window.inspector()),
             static_cast<QDockWidget *>(window.explanation()), static_cast<QDockWidget *>(window.headsDock())}) {
        EXPECT_EQ(window.dockWidgetArea(dock), Qt::RightDockWidgetArea) << dock->objectName().toStdString();
        EXPECT_TRUE(window.viewMenu()->actions().contains(dock->toggleViewAction()));
    }
    EXPECT_TRUE(window.tabifiedDockWidgets(window.inspector()).contains(window.explanation()));
}

TEST_F(MainWindowDocksTest, SelectingAWeightBringsTheInspectorForward)
{
    MainWindow window(&document);
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    EXPECT_TRUE(isFrontTab(window, window.explanation()));
    EXPECT_FALSE(isFrontTab(window, window.inspector()));

    document.setSelection({core::StageWeights, 1, 2});
    document.flush();
    EXPECT_TRUE(QTest::qWaitFor([&] { return isFrontTab(window, window.inspector()); }));
    EXPECT_FALSE(isFrontTab(window, window.explanation()));
    EXPECT_TRUE(window.inspector()->plainText().contains(QStringLiteral("softmax"), Qt::CaseInsensitive))
        << window.inspector()->plainText().toStdString();
}

TEST_F(MainWindowDocksTest, HeadsDockAppearsWithASecondHeadAndLeavesWithIt)
{
    MainWindow window(&document);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    EXPECT_TRUE(window.headsDock()->isHidden());

    const core::Scene one = document.scene();
    document.changeScene(core::edits::withDimensions(one, one.dModel, 2, one.dModel / 2), QStringLiteral("heads"));
    document.flush();
    EXPECT_FALSE(window.headsDock()->isHidden());
    EXPECT_TRUE(window.headsDock()->isVisible());

    document.changeScene(
        core::edits::withDimensions(document.scene(), one.dModel, 1, one.dModel), QStringLiteral("heads"));
    document.flush();
    EXPECT_TRUE(window.headsDock()->isHidden());
}

TEST_F(MainWindowDocksTest, LanguageMenuSwitchesTheWindowLive)
{
    MainWindow window(&document);
    LanguageMenu *menu = window.languageMenu();
    ASSERT_NE(menu, nullptr);
    EXPECT_TRUE(window.viewMenu()->actions().contains(menu->menuAction()));
    QAction *english = menu->action(QStringLiteral("en"));
    QAction *chinese = menu->action(QStringLiteral("zh_CN"));
    ASSERT_NE(english, nullptr);
    ASSERT_NE(chinese, nullptr);
    EXPECT_EQ(chinese->text(), QStringLiteral("简体中文"));
    EXPECT_TRUE(english->isChecked());
    EXPECT_FALSE(chinese->isChecked());
    EXPECT_EQ(menuTitle(window, 0), QStringLiteral("&File"));

    chinese->trigger();
    EXPECT_EQ(currentLanguage(), QStringLiteral("zh_CN"));
    EXPECT_TRUE(chinese->isChecked());
    EXPECT_FALSE(english->isChecked());
    EXPECT_EQ(menuTitle(window, 0), QStringLiteral("文件(&F)"));
    EXPECT_EQ(window.inspector()->windowTitle(), QStringLiteral("检查器"));
    EXPECT_EQ(Language::savedLanguage(), QStringLiteral("zh_CN"));
    // The native names do not change with the language.
    EXPECT_EQ(english->text(), QStringLiteral("English"));

    english->trigger();
    EXPECT_EQ(menuTitle(window, 0), QStringLiteral("&File"));
    EXPECT_TRUE(english->isChecked());
}

TEST_F(MainWindowDocksTest, ExperimentsOpenOnceAndComeForward)
{
    MainWindow window(&document);
    QAction *action = window.experimentsAction();
    ASSERT_NE(action, nullptr);
    EXPECT_TRUE(action->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X)));
    EXPECT_EQ(window.experimentsWindow(), nullptr);

    action->trigger();
    ExperimentsWindow *first = window.experimentsWindow();
    ASSERT_NE(first, nullptr);
    EXPECT_TRUE(first->isVisible());
    EXPECT_TRUE(first->isWindow());
    first->close();
    EXPECT_FALSE(first->isVisible());

    action->trigger();
    EXPECT_EQ(window.experimentsWindow(), first);
    EXPECT_TRUE(first->isVisible());
    EXPECT_EQ(window.findChildren<ExperimentsWindow *>().size(), 1);
}

TEST_F(MainWindowDocksTest, TheExplanationFollowsTheStepControl)
{
    MainWindow window(&document);
    EXPECT_EQ(document.selection().stage, core::StageX);
    const QString first = window.explanation()->plainText();
    document.setSelection({core::StageX, 1, -1});
    window.steps()->nextAction()->trigger();
    EXPECT_EQ(document.selection().stage, core::StageQ);
    EXPECT_EQ(document.selection().row, 1); // the selected token stays selected
    EXPECT_NE(window.explanation()->plainText(), first);
    window.steps()->setShowAll(true);
    window.steps()->setCurrentStage(core::StageWeights);
    EXPECT_EQ(document.selection().stage, core::StageWeights);
}

TEST_F(MainWindowDocksTest, DefaultLayoutAt1280x720LeavesRoomForTheInspectorAndTheBoard)
{
    MainWindow window(&document);
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    EXPECT_TRUE(QTest::qWaitFor([&] { return window.explanation()->width() >= 300; }));
    EXPECT_GE(window.explanation()->width(), 300); // the front tab of the right side
    EXPECT_GE(window.board()->width(), 2 * 225);
    EXPECT_EQ(window.width(), 1280);
}

TEST_F(MainWindowDocksTest, BackFromPresentingTheBoardShowsTheStageReached)
{
    MainWindow window(&document);
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    window.steps()->setShowAll(true);
    window.steps()->setCurrentStage(core::StageX);
    window.presentation()->setActive(true);
    window.steps()->setCurrentStage(core::StageContext);
    window.presentation()->setActive(false);
    StageCard *context = window.board()->card(core::StageContext);
    ASSERT_NE(context, nullptr);
    EXPECT_TRUE(QTest::qWaitFor([&] { return !context->visibleRegion().isEmpty(); }));
    EXPECT_FALSE(context->visibleRegion().isEmpty());
}
