#pragma once
// What a heatmap draws on top of QCustomPlot's colour map, cell by cell: hidden (masked)
// cells, the values, flagged rows, and the selection. Drawn directly with the painter
// because one QCPItemText per cell makes every replot slow.

#include "core/types.h"
#include "ui/plot/qcp.h"
#include "ui/plot/theme.h"

#include <QFont>
#include <QString>

#include <vector>

namespace attnlab::ui {

class HeatmapLayer : public QCPLayerable {
    Q_OBJECT
public:
    enum class Part { Cells, Selection };

    HeatmapLayer(QCustomPlot *plot, const QString &layer, Part part);

    // The values as the core holds them (owned by the caller, who keeps them alive);
    // `hidden` (same shape, or empty) marks masked cells, drawn hatched with `hiddenText`, or
    // `hiddenShortText` where that does not fit.
    void setCells(const core::Matrix *values, const core::MaskMatrix &hidden, const QString &hiddenText,
        const QString &hiddenShortText);
    void setFlaggedRows(const std::vector<int> &rows);
    void setColoring(const QCPColorGradient &gradient, const QCPRange &range);
    void setColors(const ThemeColors &colors);
    // The largest type for the values; smaller type is used down to kSmallestValuePixels
    // where that is what fits the cells.
    void setValueFont(const QFont &font);
    // Paint every cell as a rectangle (crisp in SVG and PDF) instead of relying on the
    // colour map's image.
    void setFillCells(bool fill);
    void setShowValues(bool show);
    // −1 for none.
    void setSelection(int row, int column);
    int selectedRow() const { return m_selectedRow; }
    int selectedColumn() const { return m_selectedColumn; }

    bool isHidden(int row, int column) const;
    // Decimals the values were last drawn with, 0 when they did not fit (hover only).
    int shownDecimals() const { return m_shownDecimals; }
    // The pixel size of the values last drawn (0 when none were).
    int shownValuePixels() const { return m_shownDecimals > 0 ? m_shownFont.pixelSize() : 0; }

    // Cells the last frame laid out one by one (fills, hatching, values): bounded by the cells
    // that have room on screen, whatever the size of the matrix.
    int drawnCells() const { return m_drawnCells; }

    static constexpr int kSmallestValuePixels = 8;

protected:
    void applyDefaultAntialiasingHint(QCPPainter *painter) const override;
    void draw(QCPPainter *painter) override;
    QRect clipRect() const override;

private:
    // Rows [firstRow, endRow) and columns [firstColumn, endColumn) under the axis rect.
    struct CellRange {
        int firstRow = 0, endRow = 0, firstColumn = 0, endColumn = 0;
    };
    CellRange visibleCells() const;
    const core::Matrix &values() const;
    QRectF cellRect(int row, int column) const;
    // Chooses m_shownFont and returns the decimals that fit, 0 for none.
    int decimalsThatFit(double cellWidth, double cellHeight);
    void drawFills(QCPPainter *painter, double cellW, double cellH);
    void drawHidden(QCPPainter *painter, double cellW, double cellH);
    void drawValues(QCPPainter *painter, int decimals, double cellW);
    void drawFlags(QCPPainter *painter);
    void drawSelection(QCPPainter *painter);

    Part m_part;
    const core::Matrix *m_valuesPtr = nullptr;
    core::MaskMatrix m_hidden;
    QString m_hiddenText;
    QString m_hiddenShortText;
    std::vector<int> m_flaggedRows;
    QCPColorGradient m_gradient;
    QCPRange m_range;
    ThemeColors m_colors;
    QFont m_font;
    QFont m_shownFont;
    bool m_fill = false;
    bool m_showValues = true;
    int m_selectedRow = -1;
    int m_selectedColumn = -1;
    int m_shownDecimals = 0;
    int m_drawnCells = 0;
    double m_widest = 0; // largest finite magnitude
    bool m_negative = false; // some value is below 0
};

} // namespace attnlab::ui
