#pragma once
// A weight matrix as a heatmap with its quantization blocks: blue below zero, white at zero, red
// above, the colour range symmetric about zero. Each block is a run of `blockSize` weights of one
// row; their boundaries are drawn where a block is at least 4 pixels wide (a k-quant's sub-blocks
// fainter), and the picked block is outlined. A click picks the block under the pointer.
//
// Large matrices stay quick: only the part being painted is computed, and where one pixel covers
// several weights it shows the one of largest magnitude (so no outlier disappears in a
// downsampled view). With a zoom of 0 the matrix fits the widget; with z > 0 each weight is z
// pixels and the widget is as large as the matrix (put it in a scroll area).

#include <QWidget>

#include <cstdint>

namespace attnlab::ui {

class QuantHeatmap : public QWidget {
    Q_OBJECT
public:
    explicit QuantHeatmap(QWidget *parent = nullptr);

    // `data` (rows × cols, row-major) must outlive the heatmap's use of it; null clears.
    // `groupSize`: a k-quant's sub-block (32, Q6_K 16), drawn fainter inside each block where it
    // is at least 6 pixels wide; 0 or blockSize: none.
    void setMatrix(const float *data, int rows, int cols, int blockSize, int groupSize = 0);
    int groupSize() const { return m_groupSize; }
    // Colours span −range … range (0: the matrix's largest magnitude).
    void setRange(float range);
    float range() const { return m_range; }
    void setZoom(int pixelsPerWeight);
    int zoom() const { return m_zoom; }
    void setSelectedBlock(std::int64_t block); // −1: none
    std::int64_t selectedBlock() const { return m_selected; }
    // The block at widget point p, −1 outside the matrix.
    std::int64_t blockAt(QPoint p) const;
    // The rectangle of block `block` in widget coordinates.
    QRectF blockRect(std::int64_t block) const;
    // What the tool tip says at widget point p: the weight's row, column, value and block, then
    // the heatmap's own tool tip; only the latter outside the matrix. The value is written as the
    // block table writes numbers (formatCellValue with QuantBlockTable::sharedDecimals of the
    // block's values).
    QString toolTipAt(QPoint p) const;

    QSize sizeHint() const override;

Q_SIGNALS:
    void blockClicked(std::int64_t block);

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    double cellWidth() const;
    double cellHeight() const;

    const float *m_data = nullptr;
    int m_rows = 0;
    int m_cols = 0;
    int m_blockSize = 1;
    int m_groupSize = 0;
    float m_range = 1;
    int m_zoom = 0;
    std::int64_t m_selected = -1;
};

} // namespace attnlab::ui
