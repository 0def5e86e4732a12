// HeatmapView: the colour-map data and the labels are read back from the plot.
#include "ui/board/heatmapview.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/plot/colormaps.h"
#include "ui/plot/heatmaplayer.h"
#include "ui/plot/heatmapplot.h"
#include "ui/plot/stageinfo.h"

#include <QTest>

#include <gtest/gtest.h>

#include <cmath>

using namespace attnlab;
using namespace attnlab::ui;

namespace {

core::Scene example(const char *name = "cat-eats-fish")
{
    const core::LoadResult r = loadExample(QString::fromLatin1(name));
    EXPECT_TRUE(r.ok());
    return *r.scene;
}

QCPColorMap *colorMapOf(const HeatmapView &view)
{
    return qobject_cast<QCPColorMap *>(view.plot()->plottable(0));
}

QStringList tickLabels(QCPAxis *axis)
{
    auto ticker = axis->ticker().dynamicCast<QCPAxisTickerText>();
    return ticker ? ticker->ticks().values() : QStringList();
}

// Every cell of the colour map against the core's matrix (NaN in the map where the core
// holds −∞ or the cell is masked: the map paints those in the masked colour).
void expectMapEquals(const HeatmapView &view, const core::Matrix &m)
{
    QCPColorMap *map = colorMapOf(view);
    ASSERT_NE(map, nullptr);
    ASSERT_EQ(map->data()->keySize(), m.cols());
    ASSERT_EQ(map->data()->valueSize(), m.rows());
    for (int r = 0; r < m.rows(); ++r)
        for (int c = 0; c < m.cols(); ++c) {
            const double shown = map->data()->cell(c, r);
            if (std::isinf(m(r, c)) || view.heatmap()->cellLayer()->isHidden(r, c))
                EXPECT_TRUE(std::isnan(shown)) << r << "," << c;
            else
                EXPECT_NEAR(shown, m(r, c), 1e-6) << r << "," << c;
        }
}

core::Scene twoHeads()
{
    core::Scene s = example();
    s.heads = 2;
    s.dK = 4;
    s.wo = core::Matrix::Identity(8, 8);
    return s;
}

} // namespace

TEST(HeatmapView, WeightsDataEqualsTheCore)
{
    Document doc;
    doc.load(example());
    HeatmapView view(&doc, core::StageWeights);
    expectMapEquals(view, doc.stages().heads[0].weights);
    EXPECT_EQ(colorMapOf(view)->dataRange(), QCPRange(0, 1));
}

TEST(HeatmapView, LabelsAreTheTokensAndFeatureAxesAreNamed)
{
    Document doc;
    doc.load(example());
    HeatmapView weights(&doc, core::StageWeights);
    const QStringList tokens {QStringLiteral("猫"), QStringLiteral("吃"), QStringLiteral("鱼")};
    EXPECT_EQ(tickLabels(weights.plot()->yAxis), tokens);
    EXPECT_EQ(tickLabels(weights.plot()->xAxis), tokens);
    EXPECT_EQ(weights.plot()->yAxis->label(), QStringLiteral("query (who looks)"));
    EXPECT_EQ(weights.plot()->xAxis->label(), QStringLiteral("key (looked at)"));
    EXPECT_TRUE(weights.plot()->yAxis->rangeReversed()); // row 0 on top

    HeatmapView x(&doc, core::StageX);
    EXPECT_EQ(tickLabels(x.plot()->yAxis), tokens);
    EXPECT_EQ(tickLabels(x.plot()->xAxis).size(), 8);
    EXPECT_TRUE(x.plot()->xAxis->label().contains(QStringLiteral("d_model")));
    HeatmapView q(&doc, core::StageQ);
    EXPECT_TRUE(q.plot()->xAxis->label().contains(QStringLiteral("d_k")));
    EXPECT_NEAR(q.plot()->xAxis->range().lower, -0.5, 1e-12);
    EXPECT_NEAR(q.plot()->xAxis->range().upper, 7.5, 1e-12);
}

TEST(HeatmapView, SignedStagesUseARangeCentredOnZero)
{
    Document doc;
    doc.load(example());
    HeatmapView scores(&doc, core::StageScores);
    const QCPRange range = colorMapOf(scores)->dataRange();
    EXPECT_GT(range.upper, 0);
    EXPECT_DOUBLE_EQ(range.lower, -range.upper);
    EXPECT_NEAR(range.upper, doc.stages().heads[0].scores.cwiseAbs().maxCoeff(), 1e-6);
}

TEST(HeatmapView, EditingACellUpdatesTheWeightsData)
{
    Document doc;
    doc.load(example());
    HeatmapView view(&doc, core::StageWeights);
    const core::Matrix before = doc.stages().heads[0].weights;
    doc.setCell(MatrixId::WQ, 0, 0, 3.0f);
    doc.flush();
    const core::Matrix &after = doc.stages().heads[0].weights;
    ASSERT_GT((after - before).cwiseAbs().maxCoeff(), 1e-3);
    expectMapEquals(view, after);
    doc.undoStack()->undo();
    doc.flush();
    expectMapEquals(view, before);
}

TEST(HeatmapView, MaskedCellsAreNaNInTheMapAndHiddenByTheOverlay)
{
    core::Scene s = example();
    s.mask = core::MaskKind::Causal;
    Document doc;
    doc.load(s);
    HeatmapView masked(&doc, core::StageMasked);
    expectMapEquals(masked, doc.stages().heads[0].masked);
    EXPECT_TRUE(masked.heatmap()->cellLayer()->isHidden(0, 2));
    EXPECT_FALSE(masked.heatmap()->cellLayer()->isHidden(2, 0));

    // Weights keep the core's exact 0 in the data, and the overlay covers those cells.
    HeatmapView weights(&doc, core::StageWeights);
    expectMapEquals(weights, doc.stages().heads[0].weights);
    EXPECT_TRUE(weights.heatmap()->cellLayer()->isHidden(0, 1));
    EXPECT_TRUE(weights.heatmap()->toolTip(0, 1).contains(QStringLiteral("masked")));
}

TEST(HeatmapView, MaskedWeightsAreNotDrawnInTheLowestColour)
{
    core::Scene s = example();
    s.mask = core::MaskKind::Causal;
    Document doc;
    doc.load(s);
    HeatmapView view(&doc, core::StageWeights);
    const QImage image = view.plot()->toPixmap(420, 340).toImage();
    QCPAxis *x = view.plot()->xAxis;
    QCPAxis *y = view.plot()->yAxis;
    const QColor lowest = QColor::fromRgba(sequentialGradient(QStringLiteral("viridis")).color(0, QCPRange(0, 1)));
    auto near = [](const QColor &a, const QColor &b) {
        return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue()) < 30;
    };
    // Near a corner of the cell, away from its text.
    auto sample = [&](int row, int column) {
        return image.pixelColor(int(x->coordToPixel(column - 0.35)), int(y->coordToPixel(row - 0.35)));
    };
    const QColor hidden = sample(0, 2);
    EXPECT_FALSE(near(hidden, lowest)) << hidden.name().toStdString();
    EXPECT_LT(std::abs(hidden.red() - hidden.blue()), 20)
        << "hatched grey expected, got " << hidden.name().toStdString();
    // A visible cell is drawn in its value's colour, which proves the sampling lands in the map.
    const double w = doc.stages().heads[0].weights(1, 0);
    const QColor expected = QColor::fromRgba(sequentialGradient(QStringLiteral("viridis")).color(w, QCPRange(0, 1)));
    EXPECT_TRUE(near(sample(1, 0), expected))
        << sample(1, 0).name().toStdString() << " vs " << expected.name().toStdString();
}

TEST(HeatmapView, RowWithoutVisibleKeysIsFlagged)
{
    core::Scene s = example();
    s.mask = core::MaskKind::Custom;
    s.customMask = core::MaskMatrix::Ones(3, 3);
    s.customMask.row(1).setZero();
    Document doc;
    doc.load(s);
    HeatmapView weights(&doc, core::StageWeights);
    const QStringList rows = tickLabels(weights.plot()->yAxis);
    ASSERT_EQ(rows.size(), 3);
    EXPECT_TRUE(rows[1].startsWith(QChar(0x26A0))) << rows[1].toStdString();
    EXPECT_FALSE(rows[0].startsWith(QChar(0x26A0)));
    HeatmapView scores(&doc, core::StageScores);
    EXPECT_FALSE(tickLabels(scores.plot()->yAxis)[1].startsWith(QChar(0x26A0)));
}

TEST(HeatmapView, TooltipNamesTheTokensAndTheExactValue)
{
    Document doc;
    doc.load(example());
    HeatmapView view(&doc, core::StageWeights);
    const QString tip = view.heatmap()->toolTip(0, 1);
    EXPECT_TRUE(tip.contains(QStringLiteral("猫"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("吃"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(formatExactValue(doc.stages().heads[0].weights(0, 1)))) << tip.toStdString();
}

TEST(HeatmapView, SelectionIsHighlightedInEveryView)
{
    Document doc;
    doc.load(example());
    HeatmapView weights(&doc, core::StageWeights);
    HeatmapView scores(&doc, core::StageScores);
    HeatmapView q(&doc, core::StageQ);
    doc.setSelection({core::StageWeights, 1, 2});
    EXPECT_EQ(scores.heatmap()->selectedRow(), 1);
    EXPECT_EQ(scores.heatmap()->selectedColumn(), 2);
    EXPECT_EQ(q.heatmap()->selectedRow(), 1);
    EXPECT_EQ(q.heatmap()->selectedColumn(), -1); // a key is not a feature
    doc.setSelection({core::StageQ, 0, 5});
    EXPECT_EQ(q.heatmap()->selectedColumn(), 5);
    EXPECT_EQ(weights.heatmap()->selectedColumn(), -1);
    EXPECT_EQ(weights.heatmap()->selectedRow(), 0);
}

TEST(HeatmapView, ClickingACellSelectsIt)
{
    Document doc;
    doc.load(example());
    HeatmapView view(&doc, core::StageWeights);
    view.resize(420, 340);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
    const QPoint cell(int(view.plot()->xAxis->coordToPixel(1)), int(view.plot()->yAxis->coordToPixel(2)));
    QTest::mouseClick(view.plot(), Qt::LeftButton, {}, cell);
    EXPECT_EQ(doc.selection(), (Selection {core::StageWeights, 2, 1}));
    const QPoint rowLabel(view.plot()->axisRect()->left() - 8, int(view.plot()->yAxis->coordToPixel(0)));
    QTest::mouseClick(view.plot(), Qt::LeftButton, {}, rowLabel);
    EXPECT_EQ(doc.selection(), (Selection {core::StageWeights, 0, -1}));
}

TEST(HeatmapView, FollowsTheCurrentHeadUnlessPinned)
{
    Document doc;
    doc.load(twoHeads());
    ASSERT_EQ(doc.stages().heads.size(), 2u);
    HeatmapView following(&doc, core::StageWeights);
    HeatmapView pinned(&doc, core::StageWeights);
    pinned.setHead(0);
    doc.setCurrentHead(1);
    expectMapEquals(following, doc.stages().heads[1].weights);
    expectMapEquals(pinned, doc.stages().heads[0].weights);
    ASSERT_GT((doc.stages().heads[1].weights - doc.stages().heads[0].weights).cwiseAbs().maxCoeff(), 1e-4);
}

TEST(HeatmapView, ZoomScalesTheFonts)
{
    Document doc;
    doc.load(example());
    HeatmapView view(&doc, core::StageWeights);
    const int before = view.plot()->xAxis->tickLabelFont().pixelSize();
    view.setZoom(2.0);
    EXPECT_NEAR(view.plot()->xAxis->tickLabelFont().pixelSize(), 2 * before, 1);
}

TEST(HeatmapView, CellValuesUseTwoOrThreeDecimalsWhenTheyFitElseHoverOnly)
{
    Document doc;
    doc.load(example());
    HeatmapView view(&doc, core::StageWeights);
    view.plot()->toPixmap(420, 340);
    EXPECT_GE(view.heatmap()->cellLayer()->shownDecimals(), 2);
    view.plot()->toPixmap(90, 70);
    EXPECT_EQ(view.heatmap()->cellLayer()->shownDecimals(), 0);
}

TEST(HeatmapView, LabelsFollowEditedTokens)
{
    Document doc;
    doc.load(example());
    HeatmapView view(&doc, core::StageWeights);
    doc.setCell(MatrixId::WQ, 0, 0, 1.5f);
    doc.flush();
    core::Scene reordered = doc.scene();
    reordered.tokens = {"鱼", "猫", "吃", "猫"};
    doc.changeScene(reordered, QStringLiteral("tokens"));
    doc.flush();
    const QStringList expected {QStringLiteral("鱼"), QStringLiteral("猫"), QStringLiteral("吃"), QStringLiteral("猫")};
    EXPECT_EQ(tickLabels(view.plot()->yAxis), expected);
    EXPECT_EQ(tickLabels(view.plot()->xAxis), expected);
    expectMapEquals(view, doc.stages().heads[0].weights);
}

TEST(HeatmapView, ColourScaleTicksUseTheSameMinusSignAsTheCells)
{
    Document doc;
    doc.load(example());
    HeatmapView scores(&doc, core::StageScores);
    scores.resize(400, 300);
    scores.plot()->replot();
    const QVector<QString> labels = scores.heatmap()->colorScale()->axis()->tickVectorLabels();
    ASSERT_FALSE(labels.isEmpty());
    int negative = 0;
    for (const QString &label : labels) {
        EXPECT_FALSE(label.contains(QLatin1Char('-'))) << label.toStdString();
        negative += label.startsWith(QChar(0x2212)) ? 1 : 0;
    }
    EXPECT_GT(negative, 0) << "the scores' scale is centred on zero, so it has negative ticks";
}
