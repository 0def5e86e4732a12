#include "ui/quant/quantheatmap.h"

#include "ui/plot/stageinfo.h"
#include "ui/quant/quantblocktable.h"

#include <QHelpEvent>
#include <QImage>
#include <QLocale>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <vector>

namespace attnlab::ui {

namespace {

// Blue (#2166ac) → white → red (#b2182b), 256 steps.
QRgb divergingColour(float t)
{
    const float s = std::clamp(t, -1.f, 1.f);
    const auto mix = [](int a, int b, float f) { return int(std::lround(a + (b - a) * f)); };
    if (s < 0)
        return qRgb(mix(255, 0x21, -s), mix(255, 0x66, -s), mix(255, 0xac, -s));
    return qRgb(mix(255, 0xb2, s), mix(255, 0x18, s), mix(255, 0x2b, s));
}

// The half-open cell range [first, last) that pixel i of a span of cells `size` pixels each
// covers; at least one cell.
void cellsOfPixel(int i, double size, int cells, int *first, int *last)
{
    *first = std::min(cells - 1, int(std::floor(i / size)));
    *last = std::clamp(int(std::floor((i + 1) / size)), *first + 1, cells);
}

} // namespace

QuantHeatmap::QuantHeatmap(QWidget *parent)
    : QWidget(parent)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(120, 80);
}

void QuantHeatmap::setMatrix(const float *data, int rows, int cols, int blockSize, int groupSize)
{
    m_groupSize = groupSize > 0 && groupSize < blockSize ? groupSize : 0;
    m_data = data;
    m_rows = data ? rows : 0;
    m_cols = data ? cols : 0;
    m_blockSize = std::max(1, blockSize);
    m_selected = -1;
    setRange(0);
    setZoom(m_zoom);
}

void QuantHeatmap::setRange(float range)
{
    if (range <= 0) {
        range = 0;
        const std::size_t n = std::size_t(m_rows) * std::size_t(m_cols);
        for (std::size_t i = 0; i < n; ++i)
            if (std::isfinite(m_data[i]))
                range = std::max(range, std::fabs(m_data[i]));
        if (range <= 0)
            range = 1;
    }
    m_range = range;
    update();
}

void QuantHeatmap::setZoom(int pixelsPerWeight)
{
    m_zoom = std::max(0, pixelsPerWeight);
    if (m_zoom > 0 && m_rows > 0) {
        // QWidget's size limit is 16,777,215 pixels a side.
        const int w = int(std::min<std::int64_t>(std::int64_t(m_cols) * m_zoom, 16'000'000));
        const int h = int(std::min<std::int64_t>(std::int64_t(m_rows) * m_zoom, 16'000'000));
        setFixedSize(w, h);
    } else {
        setMinimumSize(120, 80);
        setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX);
    }
    updateGeometry();
    update();
}

void QuantHeatmap::setSelectedBlock(std::int64_t block)
{
    if (block == m_selected)
        return;
    m_selected = block;
    update();
}

QSize QuantHeatmap::sizeHint() const
{
    if (m_zoom > 0)
        return size();
    return {640, 480};
}

double QuantHeatmap::cellWidth() const
{
    return m_cols > 0 ? double(width()) / m_cols : 1.0;
}

double QuantHeatmap::cellHeight() const
{
    return m_rows > 0 ? double(height()) / m_rows : 1.0;
}

std::int64_t QuantHeatmap::blockAt(QPoint p) const
{
    if (m_rows == 0 || p.x() < 0 || p.y() < 0 || p.x() >= width() || p.y() >= height())
        return -1;
    const int col = std::min(m_cols - 1, int(p.x() / cellWidth()));
    const int row = std::min(m_rows - 1, int(p.y() / cellHeight()));
    return (std::int64_t(row) * m_cols + col) / m_blockSize;
}

QRectF QuantHeatmap::blockRect(std::int64_t block) const
{
    if (block < 0 || m_rows == 0)
        return {};
    const std::int64_t first = block * m_blockSize;
    const auto row = double(first / m_cols), col = double(first % m_cols);
    const double cw = cellWidth(), ch = cellHeight();
    return {col * cw, row * ch, std::min<double>(m_blockSize, m_cols) * cw, ch};
}

QString QuantHeatmap::toolTipAt(QPoint p) const
{
    const std::int64_t block = blockAt(p);
    if (block < 0)
        return toolTip();
    const int col = std::min(m_cols - 1, int(p.x() / cellWidth()));
    const int row = std::min(m_rows - 1, int(p.y() / cellHeight()));
    const float v = m_data[std::size_t(row) * std::size_t(m_cols) + std::size_t(col)];
    // The block table's number format: fixed decimals that keep three significant digits of the
    // block's smallest value.
    const auto first = std::size_t(block) * std::size_t(m_blockSize);
    const std::size_t end = std::min(first + std::size_t(m_blockSize), std::size_t(m_rows) * std::size_t(m_cols));
    const std::vector<double> blockValues(m_data + first, m_data + end);
    const QLocale locale;
    return tr("Row %1, column %2: %3 (block %4)")
               .arg(locale.toString(row), locale.toString(col),
                   formatCellValue(v, QuantBlockTable::sharedDecimals(blockValues)), locale.toString(qint64(block)))
        + QStringLiteral("\n") + toolTip();
}

bool QuantHeatmap::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        QToolTip::showText(help->globalPos(), toolTipAt(help->pos()), this);
        return true;
    }
    return QWidget::event(event);
}

void QuantHeatmap::paintEvent(QPaintEvent *event)
{
    QPainter p(this);
    const QRect area = event->rect() & rect();
    p.fillRect(area, palette().window());
    if (m_rows == 0 || area.isEmpty())
        return;
    const double cw = cellWidth(), ch = cellHeight();
    // Each painted pixel's columns and rows, then the value of largest magnitude among them.
    std::vector<int> c0(std::size_t(area.width())), c1(c0.size());
    for (int x = 0; x < area.width(); ++x)
        cellsOfPixel(area.x() + x, cw, m_cols, &c0[std::size_t(x)], &c1[std::size_t(x)]);
    QImage image(area.size(), QImage::Format_RGB32);
    for (int y = 0; y < area.height(); ++y) {
        int r0, r1;
        cellsOfPixel(area.y() + y, ch, m_rows, &r0, &r1);
        auto *line = reinterpret_cast<QRgb *>(image.scanLine(y));
        for (int x = 0; x < area.width(); ++x) {
            float best = 0;
            for (int r = r0; r < r1; ++r) {
                const float *row = m_data + std::size_t(r) * std::size_t(m_cols);
                for (int c = c0[std::size_t(x)]; c < c1[std::size_t(x)]; ++c)
                    if (std::fabs(row[c]) > std::fabs(best))
                        best = row[c];
            }
            line[x] = divergingColour(best / m_range);
        }
    }
    p.drawImage(area.topLeft(), image);

    // Sub-block boundaries inside the blocks, fainter, then the blocks' between blocks along a row
    // and between rows (each row starts a block).
    if (m_groupSize > 0 && m_groupSize * cw >= 6) {
        p.setPen(QPen(QColor(60, 60, 60, 60), 1, Qt::DotLine));
        for (int c = m_groupSize; c < m_cols; c += m_groupSize) {
            const double x = c * cw;
            if (c % m_blockSize != 0 && x >= area.left() - 1 && x <= area.right() + 1)
                p.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom() + 1));
        }
    }
    p.setPen(QPen(QColor(60, 60, 60, 140), 1));
    const double blockWidth = std::min(m_blockSize, m_cols) * cw;
    if (blockWidth >= 4 && m_blockSize < m_cols) {
        for (int c = m_blockSize; c < m_cols; c += m_blockSize) {
            const double x = c * cw;
            if (x >= area.left() - 1 && x <= area.right() + 1)
                p.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom() + 1));
        }
    }
    if (ch >= 4) {
        const int first = std::max(1, int(area.top() / ch));
        const int last = std::min(m_rows - 1, int(area.bottom() / ch) + 1);
        for (int r = first; r <= last; ++r)
            p.drawLine(QPointF(area.left(), r * ch), QPointF(area.right() + 1, r * ch));
    }
    if (m_selected >= 0) {
        p.setPen(QPen(Qt::black, 2));
        p.setBrush(Qt::NoBrush);
        const QRectF r = blockRect(m_selected).adjusted(-1, -1, 1, 1);
        p.drawRect(r);
        p.setPen(QPen(Qt::yellow, 1));
        p.drawRect(r.adjusted(-2, -2, 2, 2));
    }
}

void QuantHeatmap::mousePressEvent(QMouseEvent *event)
{
    const std::int64_t block = blockAt(event->position().toPoint());
    if (block >= 0 && event->button() == Qt::LeftButton) {
        setSelectedBlock(block);
        Q_EMIT blockClicked(block);
    }
    QWidget::mousePressEvent(event);
}

} // namespace attnlab::ui
