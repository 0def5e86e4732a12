// The colour map's refill (BlockColorMap: one data point per block of cells, the block's value
// farthest from 0) against a plain reference that visits each block's cells one by one, with
// hidden, NaN and infinite cells and ties between +x and −x, for blocks that divide the matrix
// and blocks that do not; and MatrixPlot's colour range from the refill's extremes.
#include "ui/plot/blockcolormap.h"
#include "ui/plot/matrixplot.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace attnlab;
using namespace attnlab::ui;

namespace {

// Values in steps of 1/8 (ties by magnitude are common), some NaN and infinite, and a mask.
struct Source {
    core::Matrix values;
    core::MaskMatrix hidden;
};

Source randomSource(int rows, int cols, unsigned seed)
{
    Source s {core::Matrix(rows, cols), core::MaskMatrix::Zero(rows, cols)};
    unsigned state = seed;
    const auto next = [&state] {
        state = state * 1664525u + 1013904223u;
        return int(state >> 16);
    };
    for (Eigen::Index i = 0; i < s.values.size(); ++i) {
        const int pick = next() % 100;
        s.values.data()[i] = pick == 0 ? std::numeric_limits<float>::quiet_NaN()
            : pick == 1                ? std::numeric_limits<float>::infinity()
            : pick == 2                ? -std::numeric_limits<float>::infinity()
                                       : float(next() % 33 - 16) / 8.f;
        s.hidden.data()[i] = next() % 10 == 0 ? 1 : 0;
    }
    return s;
}

// The block's shown value as the colour map defines it, cell by cell in row-major order.
double reference(const Source &s, bool masked, int rowBlock, int columnBlock, int br, int bc)
{
    double strongest = std::numeric_limits<double>::quiet_NaN();
    for (int r = br * rowBlock; r < std::min(int(s.values.rows()), (br + 1) * rowBlock); ++r)
        for (int c = bc * columnBlock; c < std::min(int(s.values.cols()), (bc + 1) * columnBlock); ++c) {
            const double v = s.values(r, c);
            if (!std::isfinite(v) || (masked && s.hidden(r, c)))
                continue;
            if (std::isnan(strongest) || std::abs(v) > std::abs(strongest))
                strongest = v;
        }
    return strongest;
}

} // namespace

TEST(BlockColorMapFill, EveryBlockShowsItsFirstValueFarthestFromZeroAndTheExtremesAreTheFiniteCells)
{
    for (const bool masked : {false, true})
        for (const QSize pixels : {QSize(300, 200), QSize(97, 61), QSize(40, 23), QSize(1000, 1000)}) {
            const Source s = randomSource(203, 317, 7u + unsigned(pixels.width()));
            QCustomPlot plot;
            auto &map = *new BlockColorMap(plot.xAxis, plot.yAxis); // the plot owns it
            map.setSource(&s.values, masked ? &s.hidden : nullptr, pixels);
            QCPColorMapData *data = map.data();
            for (int bc = 0; bc < data->keySize(); ++bc)
                for (int br = 0; br < data->valueSize(); ++br) {
                    const double want = reference(s, masked, map.rowBlock(), map.columnBlock(), br, bc);
                    const double got = data->cell(bc, br);
                    if (std::isnan(want))
                        ASSERT_TRUE(std::isnan(got)) << bc << "," << br;
                    else
                        ASSERT_EQ(got, want)
                            << bc << "," << br << " blocks " << map.rowBlock() << "×" << map.columnBlock();
                }
            // Hidden cells count: the range is the matrix's, as MatrixPlot's own scan reads it.
            ASSERT_TRUE(map.cellRange().any);
            EXPECT_EQ(map.cellRange().lowest, -2.0);
            EXPECT_EQ(map.cellRange().highest, 2.0);
        }
}

TEST(BlockColorMapFill, ThePlotsColourRangeComesFromTheFiniteCells)
{
    core::Matrix m = core::Matrix::Constant(40, 60, 0.25f);
    m(3, 4) = -1.5f;
    m(7, 9) = 0.75f;
    m(10, 10) = std::numeric_limits<float>::infinity();
    m(11, 11) = std::numeric_limits<float>::quiet_NaN();
    MatrixPlot plot;
    plot.setMatrix(m, {}, {});
    EXPECT_EQ(plot.colorMap()->dataRange(), QCPRange(-1.5, 0.75));
    plot.setPalette(MatrixPlot::Palette::Diverging);
    m(3, 4) = 0.5f;
    plot.setMatrix(m, {}, {});
    EXPECT_EQ(plot.colorMap()->dataRange(), QCPRange(-0.75, 0.75));
    // No finite cell: a unit range around 0.
    plot.setMatrix(core::Matrix::Constant(40, 60, std::numeric_limits<float>::quiet_NaN()), {}, {});
    EXPECT_EQ(plot.colorMap()->dataRange(), QCPRange(-0.5, 0.5));
}
