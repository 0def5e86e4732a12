// MatrixPlot's token labels (the heads grid, the comparison of heads, the experiments): a long
// token is elided as the board elides it, so the cells keep their room (issue 36, classroom item
// 13: a 200-character token squashed the heads dock's three heatmaps to about 40 pixels).
#include "ui/plot/labelfit.h"
#include "ui/plot/matrixplot.h"

#include <QFontInfo>
#include <QFontMetrics>

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;

TEST(MatrixPlotLabels, ALongTokenIsElidedAndTheCellsKeepTheirRoom)
{
    const QString longToken(200, QLatin1Char('x'));
    const QStringList tokens {QStringLiteral("猫"), longToken, QStringLiteral("鱼")};
    core::Matrix m = core::Matrix::Constant(3, 3, 1.0f / 3);
    MatrixPlot plot;
    plot.setShowColorScale(false);
    plot.resize(360, 300);
    plot.setMatrix(m, tokens, tokens);
    plot.replot(QCustomPlot::rpImmediateRefresh);
    plot.replot(QCustomPlot::rpImmediateRefresh);
    // The cells keep most of the plot: the row labels take at most the elided label's width.
    const QFont font = plot.yAxis->tickLabelFont();
    const double widest = LabelFit::kMaxLabelEms * QFontInfo(font).pixelSize();
    EXPECT_GE(plot.axisRect()->width(), 360 - widest - 60) << plot.axisRect()->width();
    EXPECT_GT(plot.axisRect()->width(), 150);
    const QStringList shown = plot.yAxis->tickVectorLabels().toList();
    ASSERT_EQ(shown.size(), 3);
    EXPECT_EQ(shown[0], QStringLiteral("猫"));
    EXPECT_TRUE(shown[1].endsWith(QChar(0x2026))) << shown[1].toStdString();
    EXPECT_LE(QFontMetrics(font).horizontalAdvance(shown[1]), widest);
    EXPECT_TRUE(longToken.startsWith(shown[1].chopped(1)));
    // The columns too.
    EXPECT_TRUE(plot.xAxis->tickVectorLabels().value(1).endsWith(QChar(0x2026)));
}
