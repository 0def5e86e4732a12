#include "ui/plot/heatmaplayer.h"

#include "ui/plot/colormaps.h"
#include "ui/plot/stageinfo.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <tuple>
#include <utility>

namespace attnlab::ui {

namespace {
// Below this many pixels a cell gets no hatching or separators: they would only add noise.
constexpr double kDetailedCell = 10;

// The 45° hatch line that starts `offset` pixels right of the bottom-left corner of `cell`,
// cut to the cell.
QLineF hatchLine(const QRectF &cell, double offset)
{
    // Along the line x = left + offset + t·h, y = bottom − t·h for t in [0, 1]; the cell's
    // sides bound t.
    const double h = cell.height();
    const double from = std::max(0.0, -offset / h), to = std::min(1.0, (cell.width() - offset) / h);
    return QLineF(cell.left() + offset + from * h, cell.bottom() - from * h, cell.left() + offset + to * h,
        cell.bottom() - to * h);
}
} // namespace

HeatmapLayer::HeatmapLayer(QCustomPlot *plot, const QString &layer, Part part)
    : QCPLayerable(plot, layer)
    , m_part(part)
    , m_colors(themeColors(Theme::Light))
{
}

void HeatmapLayer::setCells(const core::Matrix *values, const core::MaskMatrix &hidden, const QString &hiddenText,
    const QString &hiddenShortText)
{
    m_valuesPtr = values;
    m_hidden = hidden;
    // The widest value decides the decimals; found once here, not on every frame.
    m_widest = 0;
    m_negative = false;
    const core::Matrix &m = this->values();
    for (Eigen::Index i = 0; i < m.size(); ++i) {
        const double v = double(m.data()[i]);
        if (std::isfinite(v)) {
            m_widest = std::max(m_widest, std::abs(v));
            m_negative = m_negative || v < 0;
        }
    }
    m_hiddenText = hiddenText;
    m_hiddenShortText = hiddenShortText;
}

void HeatmapLayer::setFlaggedRows(const std::vector<int> &rows)
{
    m_flaggedRows = rows;
}

void HeatmapLayer::setColoring(const QCPColorGradient &gradient, const QCPRange &range)
{
    m_gradient = gradient;
    m_range = range;
}

void HeatmapLayer::setColors(const ThemeColors &colors)
{
    m_colors = colors;
}

void HeatmapLayer::setValueFont(const QFont &font)
{
    m_font = font;
}

void HeatmapLayer::setFillCells(bool fill)
{
    m_fill = fill;
}

void HeatmapLayer::setShowValues(bool show)
{
    m_showValues = show;
}

void HeatmapLayer::setSelection(int row, int column)
{
    m_selectedRow = row;
    m_selectedColumn = column;
}

const core::Matrix &HeatmapLayer::values() const
{
    static const core::Matrix none;
    return m_valuesPtr ? *m_valuesPtr : none;
}

bool HeatmapLayer::isHidden(int row, int column) const
{
    return m_hidden.size() && row >= 0 && column >= 0 && row < m_hidden.rows() && column < m_hidden.cols()
        && m_hidden(row, column) != 0;
}

void HeatmapLayer::applyDefaultAntialiasingHint(QCPPainter *painter) const
{
    applyAntialiasingHint(painter, mAntialiased, QCP::aeOther);
}

QRect HeatmapLayer::clipRect() const
{
    return mParentPlot->axisRect()->rect();
}

QRectF HeatmapLayer::cellRect(int row, int column) const
{
    QCPAxis *x = mParentPlot->xAxis;
    QCPAxis *y = mParentPlot->yAxis;
    const double x0 = x->coordToPixel(column - 0.5), x1 = x->coordToPixel(column + 0.5);
    const double y0 = y->coordToPixel(row - 0.5), y1 = y->coordToPixel(row + 0.5);
    return QRectF(QPointF(std::min(x0, x1), std::min(y0, y1)), QPointF(std::max(x0, x1), std::max(y0, y1)));
}

HeatmapLayer::CellRange HeatmapLayer::visibleCells() const
{
    // The cells under the axis rect (all of them unless the axes were zoomed or panned).
    const QRect rect = clipRect();
    QCPAxis *x = mParentPlot->xAxis;
    QCPAxis *y = mParentPlot->yAxis;
    const auto span = [](QCPAxis *axis, double from, double to, Eigen::Index count) {
        const double a = axis->pixelToCoord(from), b = axis->pixelToCoord(to);
        const int first = int(std::floor(std::min(a, b) + 0.5)), last = int(std::floor(std::max(a, b) + 0.5));
        return std::make_pair(std::clamp(first, 0, int(count)), std::clamp(last + 1, 0, int(count)));
    };
    CellRange r;
    std::tie(r.firstColumn, r.endColumn) = span(x, rect.left(), rect.right(), values().cols());
    std::tie(r.firstRow, r.endRow) = span(y, rect.top(), rect.bottom(), values().rows());
    return r;
}

int HeatmapLayer::decimalsThatFit(double cellWidth, double cellHeight)
{
    if (!m_showValues || values().size() == 0)
        return 0;
    const double widest = m_widest;
    const bool negative = m_negative;
    // The largest type at which the widest value fits, three decimals before two at one size.
    const int largest = std::max(m_font.pixelSize(), kSmallestValuePixels);
    for (int px = largest; px >= kSmallestValuePixels; --px) {
        QFont font = m_font;
        font.setPixelSize(px);
        const QFontMetricsF fm(font);
        if (cellHeight < fm.height() + 2)
            continue;
        for (int decimals : {3, 2}) {
            const QString sample = formatCellValue(negative ? -widest : widest, decimals);
            if (fm.horizontalAdvance(sample) + 4 <= cellWidth) {
                m_shownFont = font;
                return decimals;
            }
        }
    }
    return 0;
}

void HeatmapLayer::draw(QCPPainter *painter)
{
    if (values().size() == 0)
        return;
    const QRectF first = cellRect(0, 0);
    const double cellW = first.width(), cellH = first.height();
    if (m_part == Part::Selection) {
        drawSelection(painter);
        return;
    }
    m_drawnCells = 0;
    if (m_fill)
        drawFills(painter, cellW, cellH);
    drawHidden(painter, cellW, cellH);
    m_shownDecimals = decimalsThatFit(cellW, cellH);
    if (m_shownDecimals > 0)
        drawValues(painter, m_shownDecimals, cellW);
    drawFlags(painter);
}

void HeatmapLayer::drawFills(QCPPainter *painter, double cellW, double cellH)
{
    painter->setPen(Qt::NoPen);
    const CellRange shown = visibleCells();
    for (int r = shown.firstRow; r < shown.endRow; ++r) {
        for (int c = shown.firstColumn; c < shown.endColumn; ++c) {
            const double v = double(values()(r, c));
            ++m_drawnCells;
            if (isHidden(r, c) || !std::isfinite(v))
                continue;
            painter->setBrush(QColor::fromRgba(m_gradient.color(v, m_range)));
            // Half a pixel of overlap hides the hairline seams vector renderers leave.
            painter->drawRect(cellRect(r, c).adjusted(0, 0, cellW > 4 ? 0.5 : 0, cellH > 4 ? 0.5 : 0));
        }
    }
    if (cellW >= kDetailedCell * 2 && cellH >= kDetailedCell * 2) {
        // Thin separators in the card colour, like the chapters' diagrams.
        painter->setPen(QPen(m_colors.card, 1));
        const QRectF all = cellRect(0, 0).united(cellRect(int(values().rows()) - 1, int(values().cols()) - 1));
        for (int c = 1; c < values().cols(); ++c) {
            const double x = cellRect(0, c).left();
            painter->drawLine(QLineF(x, all.top(), x, all.bottom()));
        }
        for (int r = 1; r < values().rows(); ++r) {
            const double y = cellRect(r, 0).top();
            painter->drawLine(QLineF(all.left(), y, all.right(), y));
        }
    }
}

void HeatmapLayer::drawHidden(QCPPainter *painter, double cellW, double cellH)
{
    // Small cells need nothing here: the colour map paints masked cells in the masked colour.
    if (m_hidden.size() == 0 || cellW < kDetailedCell || cellH < kDetailedCell)
        return;
    const double spacing = std::max(5.0, std::min(cellW, cellH) / 5);
    const CellRange shown = visibleCells();
    for (int r = shown.firstRow; r < std::min<int>(shown.endRow, m_hidden.rows()); ++r) {
        for (int c = shown.firstColumn; c < std::min<int>(shown.endColumn, m_hidden.cols()); ++c) {
            if (!m_hidden(r, c))
                continue;
            ++m_drawnCells;
            const QRectF rect = cellRect(r, c);
            painter->setPen(Qt::NoPen);
            painter->setBrush(m_colors.maskedFill);
            painter->drawRect(rect.adjusted(0, 0, 0.5, 0.5));
            // Hatching drawn as lines rather than a pattern brush, so that SVG and PDF keep it,
            // and cut to the cell here: Qt 6.4's SVG generator writes no clip paths.
            painter->setPen(QPen(m_colors.maskedHatch, 1));
            for (double d = -rect.height(); d < rect.width(); d += spacing)
                painter->drawLine(hatchLine(rect, d));
        }
    }
}

void HeatmapLayer::drawValues(QCPPainter *painter, int decimals, double cellW)
{
    painter->setFont(m_shownFont);
    const QFontMetricsF fm(m_shownFont);
    const bool hiddenFits = fm.horizontalAdvance(m_hiddenText) + 6 <= cellW;
    const QString hiddenText = hiddenFits ? m_hiddenText : m_hiddenShortText;
    const CellRange shown = visibleCells();
    for (int r = shown.firstRow; r < shown.endRow; ++r) {
        for (int c = shown.firstColumn; c < shown.endColumn; ++c) {
            ++m_drawnCells;
            const QRectF rect = cellRect(r, c);
            if (isHidden(r, c)) {
                const QString &text = hiddenText;
                // A light plate keeps the text readable over the hatching.
                QRectF plate = fm.boundingRect(rect, Qt::AlignCenter, text).adjusted(-2, 0, 2, 0);
                painter->setPen(Qt::NoPen);
                painter->setBrush(m_colors.maskedFill);
                painter->drawRect(plate.intersected(rect));
                painter->setPen(m_colors.maskedText);
                painter->drawText(rect, Qt::AlignCenter, text);
                continue;
            }
            const double v = double(values()(r, c));
            if (!std::isfinite(v))
                continue;
            const QColor fill = QColor::fromRgba(m_gradient.color(v, m_range));
            painter->setPen(contrastingText(fill));
            painter->drawText(rect, Qt::AlignCenter, formatCellValue(v, decimals));
        }
    }
}

void HeatmapLayer::drawFlags(QCPPainter *painter)
{
    if (m_flaggedRows.empty())
        return;
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(m_colors.warning, 2, Qt::DashLine));
    for (int r : m_flaggedRows) {
        if (r < 0 || r >= values().rows())
            continue;
        const QRectF row = cellRect(r, 0).united(cellRect(r, int(values().cols()) - 1));
        painter->drawRect(row.adjusted(1, 1, -1, -1));
    }
}

void HeatmapLayer::drawSelection(QCPPainter *painter)
{
    const int rows = int(values().rows()), cols = int(values().cols());
    const bool hasRow = m_selectedRow >= 0 && m_selectedRow < rows;
    const bool hasColumn = m_selectedColumn >= 0 && m_selectedColumn < cols;
    if (!hasRow && !hasColumn)
        return;
    // Outlines only: a tint would change the colours the values are read from.
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(m_colors.selection, 2));
    if (hasRow)
        painter->drawRect(cellRect(m_selectedRow, 0).united(cellRect(m_selectedRow, cols - 1)).adjusted(1, 1, -1, -1));
    if (hasColumn)
        painter->drawRect(
            cellRect(0, m_selectedColumn).united(cellRect(rows - 1, m_selectedColumn)).adjusted(1, 1, -1, -1));
    if (hasRow && hasColumn) {
        painter->setBrush(Qt::NoBrush);
        painter->setPen(QPen(m_colors.selection, 4));
        painter->drawRect(cellRect(m_selectedRow, m_selectedColumn).adjusted(2, 2, -2, -2));
    }
}

} // namespace attnlab::ui
