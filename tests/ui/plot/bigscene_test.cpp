// Long sentences (issue 16): a 2,048-token scene with every card shown, and a 2,000-word
// sentence pasted into the sentence line, stay far below 1.5 GB, and what a frame or a click
// draws is bounded by the pixels on screen, not by the number of cells. Timings are in
// bench/bigscene_bench.cpp.
#include "ui/board/heatmapview.h"
#include "ui/board/pipelineboard.h"
#include "ui/board/stagecard.h"
#include "ui/board/stepcontroller.h"
#include "ui/board/tokenbar.h"
#include "ui/document/document.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/plot/blockcolormap.h"
#include "ui/plot/heatmaplayer.h"
#include "ui/plot/heatmapplot.h"

#include <QSettings>
#include <QTest>
#include <QWheelEvent>

#include "../uitestscenes.h"
#include "residentmemory.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace attnlab;
using namespace attnlab::ui;

namespace {

constexpr double kMostMiB = 1536;

core::Scene longScene(int n)
{
    core::Scene s = test::randomUiScene(7, n, 8, 1, 8);
    s.mask = core::MaskKind::Causal;
    return s;
}

void settle(QWidget &window)
{
    for (int i = 0; i < 3; ++i)
        QApplication::processEvents();
    window.repaint();
}

// A card's plot is at most a screen's size, its colour map holds at most a data point per
// pixel, and its last frame laid out only cells with room for text or hatching.
void expectBoundedByPixels(StageCard *card)
{
    SCOPED_TRACE(core::stageName(card->stage()));
    HeatmapPlot *heatmap = card->heatmap()->heatmap();
    QCustomPlot *plot = heatmap->plot();
    EXPECT_LE(plot->width(), HeatmapPlot::kLargestSide);
    EXPECT_LE(plot->height(), HeatmapPlot::kLargestSide);
    const QRect cells = plot->axisRect()->rect();
    ASSERT_GT(cells.width(), 0);
    ASSERT_GT(cells.height(), 0);
    EXPECT_LE(heatmap->colorMap()->data()->keySize(), cells.width());
    EXPECT_LE(heatmap->colorMap()->data()->valueSize(), cells.height());
    // No cell is smaller than a pixel here, so cells with text or hatching (10 px and more)
    // number at most the area over 100.
    EXPECT_LE(heatmap->cellLayer()->drawnCells(), (cells.width() / 10 + 1) * (cells.height() / 10 + 1));
}

struct BigSceneTest : ::testing::Test {
    void SetUp() override { QSettings().clear(); }
    void TearDown() override { QSettings().clear(); }
};

} // namespace

TEST(BlockColorMap, APixelShowsTheStrongestValueOfItsBlockAndMaskedCellsAreNaN)
{
    const int n = 2048;
    core::Matrix m = core::Matrix::Constant(n, n, 0.1f);
    m(1000, 7) = -0.9f; // one sharp value among four million
    core::MaskMatrix hidden = core::MaskMatrix::Zero(n, n);
    hidden.block(0, 1024, 4, 1024).setOnes(); // a whole block row of hidden cells
    m(1, 2000) = 5.f; // hidden: never shown
    QCustomPlot plot;
    auto &map = *new BlockColorMap(plot.xAxis, plot.yAxis); // the plot owns it
    map.setSource(&m, &hidden, QSize(512, 600));
    EXPECT_EQ(map.columnBlock(), 4);
    EXPECT_EQ(map.rowBlock(), 4);
    QCPColorMapData *data = map.data();
    ASSERT_EQ(data->keySize(), 512);
    ASSERT_EQ(data->valueSize(), 512);
    int key = -1, value = -1;
    data->coordToCell(7, 1000, &key, &value);
    EXPECT_EQ(key, 1);
    EXPECT_EQ(value, 250);
    EXPECT_FLOAT_EQ(float(data->cell(key, value)), -0.9f);
    EXPECT_FLOAT_EQ(float(data->cell(0, 0)), 0.1f);
    EXPECT_TRUE(std::isnan(data->cell(500, 0))) << "a block of hidden cells is masked";
    EXPECT_FLOAT_EQ(float(data->cell(5, 0)), 0.1f);
    // The blocks tile the cells: the first and last data points sit at their blocks' centres.
    EXPECT_DOUBLE_EQ(data->keyRange().lower, 1.5);
    EXPECT_DOUBLE_EQ(data->keyRange().upper, n - 2.5);

    // Once the cells have a pixel each, one data point per cell again.
    map.fitTo(QSize(n, n));
    EXPECT_EQ(data->keySize(), n);
    EXPECT_FLOAT_EQ(float(data->cell(7, 1000)), -0.9f);
    EXPECT_TRUE(std::isnan(data->cell(2000, 1)));
}

TEST_F(BigSceneTest, EveryCardOfA2048TokenSceneStaysSmallAndAClickDrawsOnlyWhatHasRoom)
{
    Document document;
    document.load(longScene(2048));
    MainWindow window(&document);
    window.resize(1600, 1000);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    window.steps()->setShowAll(true);
    settle(window);
    const QList<StageCard *> cards = window.board()->cards();
    ASSERT_GE(cards.size(), 9);
    for (StageCard *card : cards)
        expectBoundedByPixels(card);

    QCustomPlot *weights = window.board()->card(core::StageWeights)->heatmap()->plot();
    QTest::mouseClick(weights, Qt::LeftButton, {}, weights->axisRect()->rect().center());
    settle(window);
    EXPECT_TRUE(document.selection().hasCell());
    for (StageCard *card : cards)
        expectBoundedByPixels(card);
    EXPECT_LT(test::residentMiB("VmHWM"), kMostMiB);
    EXPECT_LT(test::residentMiB("VmRSS"), kMostMiB);
}

TEST_F(BigSceneTest, PastingA2000WordSentenceStaysSmall)
{
    Document document;
    document.load(test::example("cat-eats-fish"));
    MainWindow window(&document);
    window.resize(1600, 1000);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    window.steps()->setShowAll(true);
    settle(window);
    QStringList words;
    for (int i = 0; i < 2000; ++i)
        words << QStringLiteral("word%1").arg(i);
    auto *bar = window.findChild<TokenBar *>();
    ASSERT_NE(bar, nullptr);
    bar->setText(words.join(QLatin1Char(' ')));
    ASSERT_TRUE(bar->commit());
    document.flush();
    settle(window);
    ASSERT_EQ(document.scene().tokenCount(), 2000);
    for (StageCard *card : window.board()->cards())
        expectBoundedByPixels(card);
    EXPECT_LT(test::residentMiB("VmHWM"), kMostMiB);
}

TEST(BigScene, TheWheelOverAHeatmapIsLeftToTheBoardToScroll)
{
    // Only window-system wheel events travel to parent widgets, and only while unaccepted:
    // QCustomPlot accepts every one, which kept a board of large cards from scrolling.
    Document document;
    document.load(longScene(64));
    HeatmapView view(&document, core::StageWeights);
    view.resize(400, 400);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    QCustomPlot *plot = view.plot();
    const QPointF at = plot->axisRect()->rect().center();
    QWheelEvent wheel(
        at, plot->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(plot, &wheel);
    EXPECT_FALSE(wheel.isAccepted());
}
