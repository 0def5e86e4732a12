// Larger type on the board itself (issue 16, item 11): at 32 tokens Ctrl+= makes every card's
// labels larger, Ctrl+- smaller, Ctrl+0 brings them back; the actions are in the View menu
// with their keys in the tooltips, and the board's zoom is remembered.
#include "core/scene/sceneedits.h"
#include "ui/board/heatmapview.h"
#include "ui/board/pipelineboard.h"
#include "ui/board/presentationmode.h"
#include "ui/board/stagecard.h"
#include "ui/board/stepcontroller.h"
#include "ui/document/document.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/plot/heatmapplot.h"

#include <QAction>
#include <QMenu>
#include <QSettings>
#include <QTest>

#include "../uitestscenes.h"

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;

namespace {

core::Scene thirtyTwoTokens()
{
    std::vector<std::string> tokens;
    const char *words[] = {"猫", "吃", "鱼", "the", "quick", "brown", "fox", "jumps"};
    for (int i = 0; i < 32; ++i)
        tokens.push_back(words[i % 8]);
    return core::edits::withTokens(test::example("cat-eats-fish"), tokens);
}

// The row labels' type size on every card, once the layout has settled.
std::vector<int> labelPixels(MainWindow &window)
{
    for (int i = 0; i < 4; ++i)
        QApplication::processEvents();
    std::vector<int> pixels;
    for (StageCard *card : window.board()->cards()) {
        QCustomPlot *plot = card->heatmap()->plot();
        for (int i = 0; i < 3; ++i)
            plot->replot(QCustomPlot::rpImmediateRefresh);
        pixels.push_back(plot->yAxis->tickLabelFont().pixelSize());
    }
    return pixels;
}

void press(MainWindow &window, Qt::Key key)
{
    QTest::keyClick(window.board(), key, Qt::ControlModifier);
}

struct BoardZoomTest : ::testing::Test {
    void SetUp() override { QSettings().clear(); }
    void TearDown() override { QSettings().clear(); }
};

} // namespace

TEST_F(BoardZoomTest, CtrlPlusOnTheBoardGivesLargerLabelsAndIsRemembered)
{
    Document document;
    document.load(thirtyTwoTokens());
    std::vector<int> normal, larger;
    {
        MainWindow window(&document);
        window.resize(1280, 720);
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        window.activateWindow();
        ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
        window.steps()->setShowAll(true);
        window.board()->setFocus();
        normal = labelPixels(window);
        ASSERT_EQ(normal.size(), size_t(window.board()->cards().size()));

        press(window, Qt::Key_Equal);
        press(window, Qt::Key_Equal);
        EXPECT_GT(window.presentation()->boardZoom(), 1.2);
        larger = labelPixels(window);
        for (size_t i = 0; i < normal.size(); ++i)
            EXPECT_GE(larger[i], normal[i] + 2) << "card " << i;
        // Every label is still shown: the cards grow and the board scrolls.
        for (StageCard *card : window.board()->cards()) {
            auto ticker = card->heatmap()->plot()->yAxis->ticker().dynamicCast<QCPAxisTickerText>();
            ASSERT_TRUE(ticker);
            EXPECT_EQ(ticker->ticks().size(), card->heatmap()->heatmap()->rows());
        }

        press(window, Qt::Key_Minus);
        const std::vector<int> back = labelPixels(window);
        for (size_t i = 0; i < normal.size(); ++i)
            EXPECT_LT(back[i], larger[i]) << "card " << i;
        press(window, Qt::Key_0);
        EXPECT_DOUBLE_EQ(window.presentation()->boardZoom(), 1.0);
        EXPECT_EQ(labelPixels(window), normal);

        press(window, Qt::Key_Equal);
        EXPECT_TRUE(window.close());
    }
    MainWindow again(&document);
    EXPECT_GT(again.presentation()->boardZoom(), 1.0);
    EXPECT_DOUBLE_EQ(again.board()->card(core::StageWeights)->zoom(), again.presentation()->boardZoom());
}

TEST_F(BoardZoomTest, TheZoomActionsAreInTheViewMenuWithTheirKeys)
{
    Document document;
    document.load(test::example("cat-eats-fish"));
    MainWindow window(&document);
    const QList<QAction *> view = window.viewMenu()->actions();
    PresentationMode *mode = window.presentation();
    const std::pair<QAction *, QString> actions[] = {{mode->zoomInAction(), QStringLiteral("Ctrl+=")},
        {mode->zoomOutAction(), QStringLiteral("Ctrl+-")}, {mode->zoomResetAction(), QStringLiteral("Ctrl+0")}};
    for (const auto &[action, key] : actions) {
        SCOPED_TRACE(action->text().toStdString());
        EXPECT_TRUE(view.contains(action));
        EXPECT_TRUE(action->toolTip().contains(key));
        EXPECT_EQ(action->shortcut().toString(QKeySequence::PortableText), key);
    }
}
