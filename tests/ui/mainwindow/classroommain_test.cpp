// What a teacher met in the main window during a classroom trial (issue 36): the scene's status
// line stays with the scene, clearing the sentence clears the board, the Inspector follows the
// clicked column, and presentation mode's side panel follows its zoom and theme.
#include "mainwindowfixture.h"
#include "ui/board/heatmapview.h"
#include "ui/board/pipelineboard.h"
#include "ui/board/presentationmode.h"
#include "ui/board/presentationview.h"
#include "ui/document/examples.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/mainwindow/scenewarnings.h"
#include "ui/mainwindow/workspaces.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QTest>
#include <QTextBrowser>
#include <QTextDocument>
#include <QWheelEvent>

#include "ui/plot/qcp.h"

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;

namespace {
using ClassroomMain = test::MainWindowFixture;
} // namespace

TEST_F(ClassroomMain, ThePaddingScenesWarningIsNotShownInTheModelWorkspace)
{
    document.load(*loadExample(QStringLiteral("padding")).scene);
    MainWindow window(&document);
    window.show();
    QCoreApplication::processEvents();
    auto *warnings = window.findChild<SceneWarnings *>();
    ASSERT_NE(warnings, nullptr);
    ASSERT_FALSE(window.warningText().isEmpty());
    EXPECT_TRUE(warnings->isVisible());
    window.workspaces()->setCurrent(Workspaces::Workspace::Model);
    QCoreApplication::processEvents();
    EXPECT_FALSE(warnings->isVisible());
    EXPECT_FALSE(window.warningText().isEmpty()); // still the scene's, for when it returns
    window.workspaces()->setCurrent(Workspaces::Workspace::Scene);
    QCoreApplication::processEvents();
    EXPECT_TRUE(warnings->isVisible());
}

TEST_F(ClassroomMain, TheWheelOverAHeatmapScrollsTheBoard)
{
    MainWindow window(&document);
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QScrollArea *scroll = window.board()->findChild<QScrollArea *>();
    ASSERT_NE(scroll, nullptr);
    ASSERT_GT(scroll->verticalScrollBar()->maximum(), 0) << "the board must be taller than the window";
    HeatmapView *heatmap = nullptr;
    for (HeatmapView *view : window.board()->findChildren<HeatmapView *>())
        if (view->isVisible() && view->plot()->height() > 40) {
            heatmap = view;
            break;
        }
    ASSERT_NE(heatmap, nullptr);
    QWidget *plot = heatmap->plot();
    // QCustomPlot stops a window-system wheel event from travelling on to its parents, so the
    // view itself must hand the turn to the board.
    ASSERT_TRUE(plot->testAttribute(Qt::WA_NoMousePropagation));
    const int before = scroll->verticalScrollBar()->value();
    const QPointF at = plot->rect().center();
    QWheelEvent wheel(
        at, plot->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(plot, &wheel);
    QCoreApplication::processEvents();
    EXPECT_GT(scroll->verticalScrollBar()->value(), before);
}

