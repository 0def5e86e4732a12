#include "ui/experiments/tilegrid.h"

#include "ui/plot/colormaps.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace attnlab::ui {

namespace {

constexpr int kLabelRoom = 72; // pixels for the token labels left and above
constexpr int kMargin = 6;

} // namespace

TileGrid::TileGrid(QWidget *parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void TileGrid::setScores(const core::Matrix &masked, const QStringList &tokens)
{
    m_scores = masked;
    m_tokens = tokens;
    m_range = 1e-6;
    for (Eigen::Index i = 0; i < masked.size(); ++i)
        if (std::isfinite(masked.data()[i]))
            m_range = std::max(m_range, std::abs(double(masked.data()[i])));
    update();
}

void TileGrid::setTiles(int rows, int cols, const std::set<std::pair<int, int>> &skipped)
{
    m_tileRows = std::max(1, rows);
    m_tileCols = std::max(1, cols);
    m_skipped = skipped;
    update();
}

void TileGrid::setCurrent(int rowTile, int colTile)
{
    m_rowTile = rowTile;
    m_colTile = colTile;
    update();
}

bool TileGrid::visited(int rowTile, int colTile) const
{
    if (m_rowTile < 0)
        return false;
    return std::make_pair(rowTile, colTile) <= std::make_pair(m_rowTile, m_colTile);
}

bool TileGrid::hidden(int row, int col) const
{
    return !std::isfinite(m_scores(row, col));
}

QColor TileGrid::cellColour(int row, int col) const
{
    if (hidden(row, col))
        return QColor(0xc8, 0xc8, 0xc8);
    QColor c = QColor::fromRgb(divergingGradient().color(m_scores(row, col), QCPRange(-m_range, m_range)));
    if (!visited(row / m_tileRows, col / m_tileCols))
        c = QColor::fromRgbF(c.redF() * 0.3 + 0.7, c.greenF() * 0.3 + 0.7, c.blueF() * 0.3 + 0.7);
    return c;
}

QSize TileGrid::sizeHint() const
{
    return {520, 480};
}

QSize TileGrid::minimumSizeHint() const
{
    return {240, 220};
}

void TileGrid::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    const int n = int(m_scores.rows());
    if (n == 0)
        return;
    const double side
        = std::max(4.0, std::min(double(width() - kLabelRoom - kMargin), double(height() - kLabelRoom - kMargin)) / n);
    const QPointF origin(kLabelRoom, kLabelRoom);
    const auto cell = [&](int r, int c) { return QRectF(origin.x() + c * side, origin.y() + r * side, side, side); };

    QFont small = font();
    small.setPixelSize(int(std::clamp(side * 0.28, 8.0, 14.0)));
    p.setFont(small);
    const bool numbers = side >= 34;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            const QRectF box = cell(r, c);
            const QColor colour = cellColour(r, c);
            p.fillRect(box, colour);
            if (hidden(r, c)) {
                p.setPen(QPen(QColor(0x99, 0x99, 0x99), 1));
                p.drawLine(box.bottomLeft(), box.topRight());
                if (numbers) {
                    p.setPen(QColor(0x55, 0x55, 0x55));
                    p.drawText(box, Qt::AlignCenter, QStringLiteral("−∞"));
                }
            } else if (numbers) {
                p.setPen(contrastingText(colour));
                p.drawText(box, Qt::AlignCenter, QLocale().toString(double(m_scores(r, c)), 'f', 2));
            }
        }

    // Skipped tiles: crossed out.
    const int tileRowCount = (n + m_tileRows - 1) / m_tileRows, tileColCount = (n + m_tileCols - 1) / m_tileCols;
    const auto tileRect = [&](int tr, int tc) {
        const int r0 = tr * m_tileRows, c0 = tc * m_tileCols;
        const int r1 = std::min(n, r0 + m_tileRows), c1 = std::min(n, c0 + m_tileCols);
        return QRectF(cell(r0, c0).topLeft(), cell(r1 - 1, c1 - 1).bottomRight());
    };
    for (const auto &[tr, tc] : m_skipped) {
        const QRectF box = tileRect(tr, tc);
        p.fillRect(box, QColor(0xee, 0xee, 0xee));
        p.setPen(QPen(QColor(0xaa, 0xaa, 0xaa), 1.5));
        p.drawLine(box.topLeft(), box.bottomRight());
        p.drawLine(box.bottomLeft(), box.topRight());
    }
    // Tile borders, then the current tile on top.
    p.setPen(QPen(palette().text().color(), 2));
    p.setBrush(Qt::NoBrush);
    for (int tr = 0; tr < tileRowCount; ++tr)
        for (int tc = 0; tc < tileColCount; ++tc)
            p.drawRect(tileRect(tr, tc));
    if (m_rowTile >= 0) {
        p.setPen(QPen(QColor(0xe6, 0x7e, 0x22), 4));
        p.drawRect(tileRect(m_rowTile, m_colTile).adjusted(-1, -1, 1, 1));
    }

    // Token labels: queries on the left, keys above (rotated).
    p.setPen(palette().text().color());
    const int every = std::max(1, int(std::ceil(14.0 / side)));
    for (int i = 0; i < n; i += every) {
        const QString label = p.fontMetrics().elidedText(m_tokens.value(i), Qt::ElideRight, kLabelRoom - 8);
        const QRectF row = cell(i, 0);
        p.drawText(QRectF(0, row.top(), kLabelRoom - 6, side), Qt::AlignRight | Qt::AlignVCenter, label);
        const QRectF col = cell(0, i);
        p.save();
        p.translate(col.center().x(), kLabelRoom - 6);
        p.rotate(-60);
        p.drawText(QRectF(0, -side / 2, kLabelRoom, side), Qt::AlignLeft | Qt::AlignVCenter, label);
        p.restore();
    }
}

} // namespace attnlab::ui
