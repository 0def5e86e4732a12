#pragma once
// A heatmap's colour map drawn at screen resolution. While every cell has a pixel of its own
// the map holds one data point per cell; past that, one data point stands for a block of cells
// and shows the block's strongest value (the one farthest from 0), so that a single sharp
// weight among thousands of tokens stays visible, as in the model grid's thumbnails. Masked
// cells are NaN: the gradient's NaN colour draws them. Memory and drawing cost follow the
// plot's size in pixels, not the number of cells.

#include "core/types.h"
#include "ui/plot/qcp.h"

#include <QSize>

#include <vector>

namespace attnlab::ui {

class BlockColorMap : public QCPColorMap {
public:
    // The extremes of the source's finite cells (hidden ones too), read by the last refill.
    struct CellRange {
        bool any = false; // false: no finite cell
        double lowest = 0, highest = 0;
    };

    BlockColorMap(QCPAxis *keyAxis, QCPAxis *valueAxis);

    // The values and the hidden cells (the same shape, or empty), owned by the caller, who keeps
    // them alive, to be spread over `pixels`. Refills the data.
    void setSource(const core::Matrix *values, const core::MaskMatrix *hidden, const QSize &pixels);
    // Recomputes only the data points over the source's rows `rows` (sorted) and its column
    // `column` (none when −1), after the caller changed those cells of the source in place.
    void refillCells(const std::vector<int> &rows, int column);
    // Cells per data point along a column (rows) and along a row (columns); 1 while every cell
    // has at least a pixel.
    int rowBlock() const { return m_rowBlock; }
    int columnBlock() const { return m_columnBlock; }
    // Chooses the blocks for cells spread over `pixels` and refills the data when they change.
    void fitTo(const QSize &pixels);
    // Read while the data is refilled, so a caller that needs the colour range of new values
    // (MatrixPlot::setMatrix) does not read them all a second time.
    const CellRange &cellRange() const { return m_cells; }

protected:
    void draw(QCPPainter *painter) override;

private:
    // The blocks for the source's cells spread over `pixels`; false when they stay as they are.
    bool chooseBlocks(const QSize &pixels);
    void refill();

    const core::Matrix *m_values = nullptr;
    const core::MaskMatrix *m_hidden = nullptr;
    int m_rowBlock = 1;
    int m_columnBlock = 1;
    CellRange m_cells;
};

} // namespace attnlab::ui
