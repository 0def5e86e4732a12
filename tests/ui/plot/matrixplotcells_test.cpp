// MatrixPlot::setCells, the block board's quick redraw after an edit: recolouring only the changed
// rows and column of a large matrix gives the colour map and the colour range a full setMatrix()
// of the changed matrix gives.
#include "ui/plot/matrixplot.h"

#include <QCoreApplication>

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;

namespace {

core::Matrix randomMatrix(int rows, int cols)
{
    core::Matrix m(rows, cols);
    unsigned state = 12345;
    for (Eigen::Index i = 0; i < m.size(); ++i) {
        state = state * 1664525u + 1013904223u;
        m.data()[i] = float(int(state >> 16) % 2001 - 1000) / 1000.f;
    }
    return m;
}

// `quick` (setMatrix of the first matrix, then setCells) shows what a fresh plot of `changed` shows.
void expectSameAsFull(const MatrixPlot &quick, const core::Matrix &changed)
{
    MatrixPlot full;
    full.setPalette(MatrixPlot::Palette::Diverging);
    full.setMatrix(changed, {}, {});
    EXPECT_EQ(quick.matrix(), changed);
    QCPColorMapData *a = quick.colorMap()->data();
    QCPColorMapData *b = full.colorMap()->data();
    ASSERT_EQ(a->keySize(), b->keySize());
    ASSERT_EQ(a->valueSize(), b->valueSize());
    // Blocks of several cells each: the partial refill had to recompute whole blocks.
    EXPECT_LT(a->keySize(), changed.cols());
    EXPECT_LT(a->valueSize(), changed.rows());
    for (int k = 0; k < a->keySize(); ++k)
        for (int v = 0; v < a->valueSize(); ++v)
            ASSERT_EQ(a->cell(k, v), b->cell(k, v)) << k << "," << v;
    EXPECT_EQ(quick.colorMap()->dataRange(), full.colorMap()->dataRange());
}

} // namespace

TEST(MatrixPlotCells, ChangedRowsAndAColumnRecolourAsAFullRedrawWould)
{
    const core::Matrix m = randomMatrix(1000, 900);
    MatrixPlot plot;
    plot.setPalette(MatrixPlot::Palette::Diverging);
    plot.setMatrix(m, {}, {});

    // A column grows past the old extremes, two rows change: the range widens.
    core::Matrix changed = m;
    changed.col(7) *= 3.f;
    changed.row(120) = randomMatrix(1, 900) * 0.5f;
    changed.row(121).setZero();
    EXPECT_TRUE(plot.setCells(changed, {120, 121}, 7));
    expectSameAsFull(plot, changed);
    EXPECT_NEAR(plot.colorMap()->dataRange().upper, changed.cwiseAbs().maxCoeff(), 1e-6);

    // The column that held the extreme shrinks back: the range is read again from every cell.
    changed.col(7) = m.col(7) * 0.1f;
    EXPECT_TRUE(plot.setCells(changed, {}, 7));
    expectSameAsFull(plot, changed);
    EXPECT_LT(plot.colorMap()->dataRange().upper, 1.001);

    // Rows only.
    changed.row(999) *= -2.f;
    EXPECT_TRUE(plot.setCells(changed, {999}, -1));
    expectSameAsFull(plot, changed);
}

TEST(MatrixPlotCells, AnotherShapeIsRefused)
{
    MatrixPlot plot;
    plot.setMatrix(randomMatrix(20, 30), {}, {});
    EXPECT_FALSE(plot.setCells(randomMatrix(21, 30), {0}, -1));
    EXPECT_EQ(plot.rowCount(), 20);
}

// The numbers in the cells are drawn only while a cell is wide and tall enough for "0.00": a
// 9 × 9 matrix shows them in a large plot, hides them when the plot is squeezed (they overlapped
// in the translation view's narrow heatmap) and shows them again when it grows.
TEST(MatrixPlotValues, TheNumbersHideWhenTheCellsAreTooSmallForThem)
{
    MatrixPlot plot;
    plot.setMatrix(randomMatrix(9, 9), {}, {});
    plot.resize(900, 900);
    plot.show(); // a hidden widget hears of no resize
    QCoreApplication::processEvents();
    plot.replot();
    EXPECT_TRUE(plot.valuesFit());
    EXPECT_TRUE(plot.valuesShown());
    plot.resize(160, 900);
    QCoreApplication::processEvents();
    plot.replot();
    EXPECT_FALSE(plot.valuesFit());
    EXPECT_FALSE(plot.valuesShown());
    plot.resize(900, 900);
    QCoreApplication::processEvents();
    plot.replot();
    EXPECT_TRUE(plot.valuesShown());
}
