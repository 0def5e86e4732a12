#include "ui/plot/labelfit.h"

#include "ui/plot/theme.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

namespace attnlab::ui {

namespace {
// Large enough that rounding to whole pixels at the reference size is negligible when scaled.
constexpr int kReference = 64;
} // namespace

LabelFit::Measured LabelFit::measure(const QStringList &labels)
{
    Measured m;
    const QFontMetricsF fm(heatmapFont(kReference));
    m.line = fm.height();
    for (const QString &label : labels) {
        const QString shown = fm.elidedText(label, Qt::ElideRight, kMaxLabelEms * kReference);
        m.shown << shown;
        // The plot lays a label out in the line height of the font that draws it: a CJK
        // fallback font's line is taller than the primary font's.
        m.line = std::max(m.line, fm.boundingRect(QRectF(), Qt::TextDontClip, shown).height());
        m.widest = std::max(m.widest, fm.horizontalAdvance(shown));
        const QRectF ink = fm.tightBoundingRect(shown);
        if (!ink.isEmpty()) {
            m.above = std::max(m.above, -ink.top());
            m.below = std::max(m.below, ink.bottom());
        }
    }
    return m;
}

void LabelFit::setLabels(const QStringList &rows, const QStringList &columns)
{
    m_rows = measure(rows);
    m_columns = measure(columns);
    m_rowCount = int(rows.size());
    m_columnCount = int(columns.size());
}

double LabelFit::inkPitch(const Measured &m, int pixels)
{
    // Hinting can round a small glyph a pixel taller than the scaled outline: one pixel of gap
    // plus a little slack keeps neighbours apart at every size.
    const double scale = double(pixels) / kReference;
    return (m.above + m.below) * scale + 1.0 + 0.06 * pixels;
}

double LabelFit::rowPitch(int pixels) const
{
    return inkPitch(m_rows, pixels);
}

double LabelFit::columnPitch(int pixels, bool rotated) const
{
    if (rotated)
        return inkPitch(m_columns, pixels);
    return m_columns.widest * pixels / kReference + 1.0 + 0.15 * pixels;
}

// The plot rounds its margins to whole pixels; two more keep the estimate on the safe side.
constexpr double kMarginSlack = 2;

double LabelFit::leftMargin(const Area &area, int pixels) const
{
    return m_rows.widest * pixels / kReference + area.padding + area.title + kMarginSlack;
}

double LabelFit::bottomMargin(const Area &area, int pixels, bool rotated) const
{
    const double extent = rotated ? m_columns.widest : m_columns.line;
    return extent * pixels / kReference + area.padding + area.title + kMarginSlack;
}

LabelFit::Result LabelFit::fit(const Area &area, int largest, int smallest) const
{
    Result r;
    smallest = std::max(1, std::min(smallest, largest));
    r.pixels = largest;
    if (m_rowCount == 0 || m_columnCount == 0)
        return r;
    const auto cellWidth
        = [&](int px) { return (area.outer.width() - leftMargin(area, px) - area.right) / m_columnCount; };
    const auto cellHeight = [&](int px, bool rotated) {
        return (area.outer.height() - area.top - bottomMargin(area, px, rotated)) / m_rowCount;
    };
    for (int px = largest; px >= smallest; --px) {
        // Level labels read best; they are turned only when side by side they do not fit.
        const bool rotated = cellWidth(px) < columnPitch(px, false);
        if (cellHeight(px, rotated) >= rowPitch(px) && cellWidth(px) >= columnPitch(px, rotated)) {
            r.pixels = px;
            r.rotated = rotated;
            return r;
        }
    }
    // Not even the smallest type fits: show every k-th label, as few k as possible.
    r.pixels = smallest;
    r.rotated = columnPitch(smallest, true) < columnPitch(smallest, false);
    const double w = std::max(1e-6, cellWidth(smallest));
    const double h = std::max(1e-6, cellHeight(smallest, r.rotated));
    r.rowStep = std::max(1, int(std::ceil(rowPitch(smallest) / h - 1e-9)));
    r.columnStep = std::max(1, int(std::ceil(columnPitch(smallest, r.rotated) / w - 1e-9)));
    return r;
}

QSizeF LabelFit::sizeFor(const Area &area, int pixels) const
{
    const auto size = [&](bool rotated) {
        return QSizeF(leftMargin(area, pixels) + area.right + m_columnCount * columnPitch(pixels, rotated),
            area.top + bottomMargin(area, pixels, rotated) + m_rowCount * rowPitch(pixels));
    };
    // Upright labels only when they save real width: a sideways 猫 reads worse than a level one.
    const QSizeF level = size(false), upright = size(true);
    return upright.width() < 0.8 * level.width() ? upright : level;
}

} // namespace attnlab::ui
