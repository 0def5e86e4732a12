#pragma once
// A small heatmap of any matrix, for the experiments and the head grid: row r of the matrix
// is drawn as the r-th row from the top (the query), column c as the c-th column (the key).
// Hidden (−∞) and undefined (NaN) cells are drawn grey. Right-click exports it.

#include "core/types.h"

#include "ui/plot/blockcolormap.h"
#include "ui/plot/qcp.h"

#include <QStringList>

#include <vector>

namespace attnlab::ui {

class MatrixPlot : public QCustomPlot {
    Q_OBJECT
public:
    enum class Palette {
        Sequential, // viridis, for weights and other one-signed values
        Diverging, // blue – white – red around 0, for differences and signed values
    };

    explicit MatrixPlot(QWidget *parent = nullptr);

    void setMatrix(const core::Matrix &matrix, const QStringList &rowLabels, const QStringList &columnLabels);
    // Writes rows `rows` (sorted) and column `column` (none when −1) of `matrix`, the matrix shown
    // with those cells changed, and recolours only the blocks of the heatmap they fall in: a
    // quick update of a large matrix. False, changing nothing, when the shape differs.
    bool setCells(const core::Matrix &matrix, const std::vector<int> &rows, int column);
    void setPalette(Palette palette);
    // A fixed colour range (weights: 0…1). Without one the range follows the finite values
    // (symmetric around 0 for the diverging palette).
    void setFixedRange(double lo, double hi);
    void clearFixedRange();
    // The title over the heatmap; wrapped at word (or, in Chinese, character) breaks onto a second
    // line when the plot is too narrow for it, and elided only past two lines.
    void setTitle(const QString &title);
    QString title() const;
    // The title as drawn now: title() with the line breaks it was wrapped at (an ellipsis at the
    // end when two lines were not enough), and the font it is drawn in.
    QString shownTitle() const;
    QFont titleFont() const;
    // The width the title may take at the last layout (the heatmap's column: the plot without its
    // colour scale), 0 before the first.
    double titleRoom() const { return m_titleRoom; }
    // `title` broken into lines no wider than `width` in `font`: at most two, the second elided.
    static QString wrappedTitle(const QString &title, const QFont &font, double width);
    // Numbers in the cells (only drawn while the matrix has at most kMaxLabelledCells per side
    // and a cell is wide and tall enough for its number: see valuesFit()).
    void setShowValues(bool show);
    // Whether a cell of the laid-out plot holds a number without overlapping its neighbours
    // (true before the first layout).
    bool valuesFit() const;
    // A cell's number as the plot writes it.
    static QString valueText(double value);
    // The font of the numbers in the cells.
    QFont valueFont() const;
    // Whether the numbers are drawn now.
    bool valuesShown() const;
    // Axis tick labels; off for thumbnails.
    void setShowLabels(bool show);
    void setShowColorScale(bool show);
    // Outline row `row` (−1: none).
    void setHighlightedRow(int row);
    // A thick frame around the whole plot (the current head in the grid).
    void setFramed(bool framed);

    int rowCount() const { return int(m_matrix.rows()); }
    int columnCount() const { return int(m_matrix.cols()); }
    // The value the colour map holds for a cell (NaN for grey cells), read back from the map.
    double cellValue(int row, int column) const;
    QCPColorMap *colorMap() const { return m_map; }
    const core::Matrix &matrix() const { return m_matrix; }
    // The file name its export suggests (ui/plot/chartname.h).
    QString exportName() const;
    void setExportName(const QString &name);

    static constexpr int kMaxLabelledCells = 10;

    // Every how-manyth tick label an axis shows when neighbouring cells are `cell` pixels apart
    // and a label needs `pitch` pixels from its neighbour's centre to its own: the smallest of
    // 1, 2, 5, 10, 20, 50 … that keeps the labels apart (round steps read as positions).
    static int labelStep(double cell, double pitch);
    // The smallest of 1, 2, 5, 10, 20, 50 … that is at least `step`.
    static int roundStep(int step);
    // The steps of the tick labels now shown (rows down the y axis, columns along the x axis).
    int rowLabelStep() const { return m_rowStep; }
    int columnLabelStep() const { return m_columnStep; }

Q_SIGNALS:
    void cellClicked(int row, int column);
    void clicked();

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    void refresh();
    void redraw();
    void updateLabels();
    // Sets the axes' tick labels to every k-th label that fits the laid-out cells; true when
    // the steps changed (then the plot must be laid out again to draw them).
    bool updateTicks(bool force);
    void updateRange();
    void applyRange();
    // Wraps the title to the room the last layout left it; true when its text changed.
    bool fitTitle();

    BlockColorMap *m_map;
    QCPColorScale *m_scale;
    QCPTextElement *m_title;
    QString m_fullTitle;
    double m_titleRoom = 0;
    QCPItemRect *m_highlight;
    QVector<QCPItemText *> m_labels;
    QStringList m_rowTicks; // the row and column labels, long ones elided
    QStringList m_columnTicks;
    double m_rowPitch = 0; // what a tick label needs between its centre and its neighbour's
    double m_columnPitch = 0;
    int m_rowStep = 0; // every k-th label shown (0: not set yet)
    int m_columnStep = 0;
    core::Matrix m_matrix;
    Palette m_palette = Palette::Sequential;
    bool m_fixed = false;
    double m_lo = 0, m_hi = 1;
    double m_lowest = 0, m_highest = 0; // the finite values' extremes (without a fixed range)
    bool m_showValues = true;
    bool m_valuesFit = true; // at the last layout
    bool m_showLabels = true;
    bool m_framed = false;
    int m_highlightedRow = -1;
};

} // namespace attnlab::ui
