// Many tokens (issue 36, classroom item 13): a MatrixPlot (the heads dock's thumbnails and its
// "Where … looks" comparison, the block board's cards) shows every k-th tick label, k chosen from
// the labels' measured size and the laid-out cells, so no two labels overlap at 8, 32 or 2,048
// tokens; and the numbers in its cells are drawn only when each fits its cell in the font that
// draws it.
#include "ui/plot/matrixplot.h"

#include <QCoreApplication>
#include <QFontMetricsF>

#include <gtest/gtest.h>

#include <vector>

using namespace attnlab;
using namespace attnlab::ui;

namespace {

QStringList words(int n)
{
    QStringList w;
    for (int i = 0; i < n; ++i)
        w << QStringLiteral("w%1").arg(i);
    return w;
}

// The spans [start, end) the shown labels of an axis take along it, in pixels.
std::vector<std::pair<double, double>> labelSpans(QCPAxis *axis, bool horizontal)
{
    const QFontMetricsF metrics(axis->tickLabelFont());
    std::vector<std::pair<double, double>> spans;
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    for (int i = 0; i < ticks.size(); ++i) {
        const QString label = labels.value(i);
        if (label.isEmpty())
            continue;
        const double centre = axis->coordToPixel(ticks[i]);
        const double half = (horizontal ? metrics.horizontalAdvance(label) : metrics.height()) / 2;
        spans.emplace_back(std::min(centre - half, centre + half), std::max(centre - half, centre + half));
    }
    std::sort(spans.begin(), spans.end());
    return spans;
}

void expectApart(const std::vector<std::pair<double, double>> &spans, const std::string &what)
{
    for (size_t i = 1; i < spans.size(); ++i)
        EXPECT_LE(spans[i - 1].second, spans[i].first) << what << ": label " << i << " of " << spans.size();
}

void layOut(MatrixPlot &plot, int width, int height)
{
    plot.resize(width, height);
    plot.show(); // a hidden widget hears of no resize
    QCoreApplication::processEvents();
    // The first layout chooses the steps, the next draws them.
    for (int i = 0; i < 3; ++i)
        plot.replot(QCustomPlot::rpImmediateRefresh);
}

} // namespace

TEST(MatrixPlotTicks, TheStepIsRoundAndKeepsLabelsApart)
{
    EXPECT_EQ(MatrixPlot::labelStep(30, 20), 1);
    EXPECT_EQ(MatrixPlot::labelStep(10, 20), 2);
    EXPECT_EQ(MatrixPlot::labelStep(10, 21), 5);
    EXPECT_EQ(MatrixPlot::labelStep(0.1, 14), 200);
    EXPECT_EQ(MatrixPlot::roundStep(43), 50);
    EXPECT_EQ(MatrixPlot::roundStep(1), 1);
}

TEST(MatrixPlotTicks, NoTwoLabelsOverlapAt8And32And2048Tokens)
{
    struct Case {
        int width, height, rows; // rows 0: square, the tokens on both axes
        const char *what;
    };
    // A heads-dock thumbnail, the comparison of four heads, a block-board card, a large plot.
    const Case cases[]
        = {{170, 160, 0, "thumbnail"}, {420, 200, 4, "comparison"}, {200, 180, 0, "card"}, {900, 800, 0, "large"}};
    for (const int n : {8, 32, 2048})
        for (const Case &c : cases) {
            const int rows = c.rows ? c.rows : n;
            MatrixPlot plot;
            plot.setShowColorScale(false);
            QStringList heads;
            for (int h = 0; h < rows; ++h)
                heads << QStringLiteral("head %1").arg(h + 1);
            plot.setMatrix(core::Matrix::Constant(rows, n, 1.0f / float(n)), c.rows ? heads : words(n), words(n));
            layOut(plot, c.width, c.height);
            const std::string what = std::string(c.what) + " at " + std::to_string(n) + " tokens";
            const auto columns = labelSpans(plot.xAxis, true);
            const auto rowSpans = labelSpans(plot.yAxis, false);
            expectApart(columns, what + ", columns");
            expectApart(rowSpans, what + ", rows");
            // Thinned, not emptied: the first label always shows, and a few more where there is room.
            EXPECT_GE(columns.size(), 1u) << what;
            EXPECT_GE(rowSpans.size(), 1u) << what;
            if (c.width >= 400) {
                EXPECT_GE(columns.size(), std::min<size_t>(size_t(n), 4)) << what;
            }
        }
    // Eight tokens in a large plot: every label.
    MatrixPlot plot;
    plot.setMatrix(core::Matrix::Constant(8, 8, 0.125f), words(8), words(8));
    layOut(plot, 900, 800);
    EXPECT_EQ(plot.rowLabelStep(), 1);
    EXPECT_EQ(plot.columnLabelStep(), 1);
    EXPECT_EQ(plot.xAxis->tickVectorLabels().size(), 8);
}

// The "Where w0 looks" comparison at 8 tokens: its numbers overlapped in a narrow dock. Where
// they are drawn, each fits between its neighbours' in the font that draws it.
TEST(MatrixPlotTicks, CellNumbersAreDrawnOnlyWhereTheyFit)
{
    for (const int width : {260, 330, 420, 600, 900}) {
        MatrixPlot plot;
        plot.setFixedRange(0, 1);
        core::Matrix m(4, 8);
        for (int i = 0; i < m.size(); ++i)
            m.data()[i] = float(i % 7) / 7.0f;
        plot.setMatrix(m,
            {QStringLiteral("head 1"), QStringLiteral("head 2"), QStringLiteral("head 3"), QStringLiteral("head 4")},
            words(8));
        layOut(plot, width, 220);
        if (width >= 600) {
            EXPECT_TRUE(plot.valuesShown()) << width;
        }
        for (int i = 0; i < plot.itemCount(); ++i) {
            auto *a = qobject_cast<QCPItemText *>(plot.item(i));
            if (!a || !a->visible())
                continue;
            const QFontMetricsF metrics(a->font());
            const double textWidth = metrics.horizontalAdvance(a->text());
            const double cell = plot.xAxis->coordToPixel(1) - plot.xAxis->coordToPixel(0);
            EXPECT_LE(textWidth, cell - 2) << width << " " << a->text().toStdString();
            const double cellHeight = std::abs(plot.yAxis->coordToPixel(1) - plot.yAxis->coordToPixel(0));
            EXPECT_LE(metrics.height(), cellHeight) << width;
        }
    }
}
