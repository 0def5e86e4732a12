#include "ui/plot/blockcolormap.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace attnlab::ui {

namespace {

using CellRange = BlockColorMap::CellRange;

// Data filled in one pass: QCPColorMapData::setCell costs a call and bounds checks per cell.
class BlockData : public QCPColorMapData {
public:
    BlockData()
        : QCPColorMapData(0, 0, QCPRange(0, 0), QCPRange(0, 0))
    {
    }

    // Refills every block; `cells` gets the extremes of the source's finite cells, hidden or not.
    void assign(const core::Matrix &m, const core::MaskMatrix &hidden, int rowBlock, int columnBlock, CellRange *cells)
    {
        mDataBounds = QCPRange(0, 0);
        assignBlocks(m, hidden, rowBlock, columnBlock, 0, mValueSize, 0, mKeySize, cells);
    }

    // Recomputes the blocks of rows [br0, br1) and columns [bc0, bc1), widening the bounds (and
    // `cells`, when given, by the cells read).
    void assignBlocks(const core::Matrix &m, const core::MaskMatrix &hidden, int rowBlock, int columnBlock, int br0,
        int br1, int bc0, int bc1, CellRange *cells = nullptr)
    {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const int rows = int(m.rows()), cols = int(m.cols());
        const bool masked = hidden.rows() == rows && hidden.cols() == cols;
        double lowest = mDataBounds.lower, highest = mDataBounds.upper;
        float cellLow = std::numeric_limits<float>::infinity(), cellHigh = -cellLow;
        // Row-major like QCPColorMapData (index = row·keySize + column) and like the core's
        // matrices, so the loops run along memory, one block's columns at a time (no division per
        // cell). A block keeps the first of its cells farthest from 0, in row-major order.
        for (int br = br0; br < br1; ++br) {
            double *line = mData + size_t(br) * size_t(mKeySize);
            for (int bc = bc0; bc < bc1; ++bc)
                line[bc] = nan;
            const int r0 = br * rowBlock, r1 = std::min(rows, r0 + rowBlock);
            for (int r = r0; r < r1; ++r) {
                const core::Scalar *row = m.data() + size_t(r) * size_t(cols);
                const unsigned char *hide = masked ? hidden.data() + size_t(r) * size_t(cols) : nullptr;
                for (int bc = bc0; bc < bc1; ++bc) {
                    const int c0 = bc * columnBlock, c1 = std::min(cols, c0 + columnBlock);
                    float strongest = float(line[bc]);
                    float size = std::isnan(strongest) ? -1.f : std::abs(strongest);
                    for (int c = c0; c < c1; ++c) {
                        const float v = row[c];
                        if (!std::isfinite(v))
                            continue;
                        cellLow = std::min(cellLow, v);
                        cellHigh = std::max(cellHigh, v);
                        if (std::abs(v) > size && !(hide && hide[c])) {
                            strongest = v;
                            size = std::abs(v);
                        }
                    }
                    line[bc] = size < 0 ? nan : double(strongest);
                }
            }
            for (int bc = bc0; bc < bc1; ++bc)
                if (std::isfinite(line[bc])) {
                    lowest = std::min(lowest, line[bc]);
                    highest = std::max(highest, line[bc]);
                }
        }
        mDataBounds = QCPRange(lowest, highest);
        mDataModified = true;
        if (cells)
            *cells = cellLow <= cellHigh ? CellRange {true, cellLow, cellHigh} : CellRange {};
    }
};

} // namespace

BlockColorMap::BlockColorMap(QCPAxis *keyAxis, QCPAxis *valueAxis)
    : QCPColorMap(keyAxis, valueAxis)
{
    setData(new BlockData);
    setInterpolate(false);
    setTightBoundary(false);
}

void BlockColorMap::setSource(const core::Matrix *values, const core::MaskMatrix *hidden, const QSize &pixels)
{
    m_values = values;
    m_hidden = hidden;
    chooseBlocks(pixels);
    refill();
}

void BlockColorMap::fitTo(const QSize &pixels)
{
    if (chooseBlocks(pixels))
        refill();
}

bool BlockColorMap::chooseBlocks(const QSize &pixels)
{
    if (!m_values || pixels.width() < 1 || pixels.height() < 1)
        return false;
    const auto block = [](Eigen::Index cells, int pixels) { return std::max(1, int((cells + pixels - 1) / pixels)); };
    const int rowBlock = block(m_values->rows(), pixels.height());
    const int columnBlock = block(m_values->cols(), pixels.width());
    if (rowBlock == m_rowBlock && columnBlock == m_columnBlock)
        return false;
    m_rowBlock = rowBlock;
    m_columnBlock = columnBlock;
    return true;
}

void BlockColorMap::refill()
{
    static const core::Matrix noValues;
    static const core::MaskMatrix noMask;
    const core::Matrix &m = m_values ? *m_values : noValues;
    const int rows = int(m.rows()), cols = int(m.cols());
    const int valueSize = (rows + m_rowBlock - 1) / m_rowBlock;
    const int keySize = (cols + m_columnBlock - 1) / m_columnBlock;
    // A data point sits at the centre of its block; the blocks tile (−0.5, cells − 0.5).
    const auto centre = [](int index, int block) { return index * block + (block - 1) / 2.0; };
    QCPColorMapData *d = data();
    d->setSize(keySize, valueSize);
    d->setRange(QCPRange(centre(0, m_columnBlock), centre(std::max(0, keySize - 1), m_columnBlock)),
        QCPRange(centre(0, m_rowBlock), centre(std::max(0, valueSize - 1), m_rowBlock)));
    static_cast<BlockData *>(d)->assign(m, m_hidden ? *m_hidden : noMask, m_rowBlock, m_columnBlock, &m_cells);
}

void BlockColorMap::refillCells(const std::vector<int> &rows, int column)
{
    if (!m_values)
        return;
    auto *d = static_cast<BlockData *>(data());
    static const core::MaskMatrix noMask;
    const core::MaskMatrix &hidden = m_hidden ? *m_hidden : noMask;
    const int valueSize = d->valueSize(), keySize = d->keySize();
    if (column >= 0)
        d->assignBlocks(*m_values, hidden, m_rowBlock, m_columnBlock, 0, valueSize, column / m_columnBlock,
            std::min(keySize, column / m_columnBlock + 1));
    int last = -1; // the rows come sorted: each block row once
    for (const int r : rows) {
        const int br = r / m_rowBlock;
        if (br != last && br < valueSize)
            d->assignBlocks(*m_values, hidden, m_rowBlock, m_columnBlock, br, br + 1, 0, keySize);
        last = br;
    }
}

void BlockColorMap::draw(QCPPainter *painter)
{
    if (QCPAxisRect *rect = keyAxis() ? keyAxis()->axisRect() : nullptr)
        fitTo(rect->size());
    QCPColorMap::draw(painter);
}

} // namespace attnlab::ui
