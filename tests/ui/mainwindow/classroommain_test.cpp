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

TEST_F(ClassroomMain, PresentationModesSidePanelFollowsTheZoomAndTheDarkThemeAndTheHintWraps)
{
    MainWindow window(&document);
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    PresentationMode *presentation = window.presentation();
    presentation->setActive(true);
    presentation->sidePanelAction()->setChecked(true);
    if (!window.presentationView()->sidePanel() || !window.presentationView()->sidePanel()->isVisible())
        presentation->sidePanelAction()->trigger();
    QCoreApplication::processEvents();
    QWidget *side = window.presentationView()->sidePanel();
    ASSERT_NE(side, nullptr);
    ASSERT_TRUE(side->isVisible());
    const QList<QTextBrowser *> pages = side->findChildren<QTextBrowser *>();
    ASSERT_GE(pages.size(), 2); // the inspector's and the explanation's
    const double appPoint = QApplication::font().pointSizeF();
    for (const double zoom : {1.0, 2.0}) {
        presentation->setPresentationZoom(zoom);
        QCoreApplication::processEvents();
        for (QTextBrowser *page : pages) {
            // Larger than the window's text, and larger again at a larger zoom.
            EXPECT_NEAR(page->font().pointSizeF(), appPoint * 1.4 * zoom, 0.01) << page->objectName().toStdString();
            EXPECT_NEAR(page->document()->defaultFont().pointSizeF(), appPoint * 1.4 * zoom, 0.01);
            // White on black, as the rest of the view.
            EXPECT_EQ(page->palette().color(QPalette::Base), QColor(Qt::black));
            EXPECT_EQ(page->palette().color(QPalette::Text), QColor(Qt::white));
            EXPECT_EQ(page->viewport()->palette().color(QPalette::Base), QColor(Qt::black));
            EXPECT_TRUE(page->document()->defaultStyleSheet().contains(QStringLiteral("#8ab4f8")));
        }
    }
    // The keys line wraps rather than running off the edges at a large zoom.
    presentation->setPresentationZoom(3.0);
    QCoreApplication::processEvents();
    QLabel *hint = nullptr;
    for (QLabel *label : window.presentationView()->findChildren<QLabel *>())
        if (label->text().contains(QStringLiteral("F11")))
            hint = label;
    ASSERT_NE(hint, nullptr);
    const QRect needed = hint->fontMetrics().boundingRect(
        QRect(0, 0, hint->contentsRect().width(), 10000), Qt::AlignCenter | Qt::TextWordWrap, hint->text());
    EXPECT_LE(needed.width(), hint->contentsRect().width());
    EXPECT_LE(needed.height(), hint->contentsRect().height() + 1);
    EXPECT_LE(hint->geometry().bottom(), window.presentationView()->height());
    presentation->setActive(false);
}
