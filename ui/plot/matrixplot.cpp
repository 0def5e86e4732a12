#include "ui/plot/matrixplot.h"

#include "ui/plot/chartname.h"
#include "ui/plot/colormaps.h"
#include "ui/plot/labelfit.h"

#include <QFontInfo>
#include <QFontMetrics>
#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>
#include <QTextLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace attnlab::ui {

namespace {

// Tick labels shown along an axis at most.
constexpr int kMostLabels = 48;
// The plot's side before its first layout.
constexpr int kFirstSide = 400;
// A title takes at most this many lines.
constexpr int kMostTitleLines = 2;

// The app's colour maps, with undefined (NaN) cells grey: here they mean "hidden" or "no
// difference defined", and the cell must not vanish.
QCPColorGradient withGreyNan(QCPColorGradient g)
{
    g.setNanHandling(QCPColorGradient::nhNanColor);
    g.setNanColor(QColor(190, 190, 190));
    return g;
}

} // namespace

MatrixPlot::MatrixPlot(QWidget *parent)
    : QCustomPlot(parent)
    , m_map(new BlockColorMap(xAxis, yAxis))
    , m_scale(new QCPColorScale(this))
    , m_title(new QCPTextElement(this, QString(), QFont(font().family(), 10, QFont::Bold)))
    , m_highlight(new QCPItemRect(this))
{
    m_map->setColorScale(m_scale);
    m_map->setGradient(withGreyNan(sequentialGradient(QStringLiteral("viridis"))));
    yAxis->setRangeReversed(true);
    xAxis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
    yAxis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
    for (QCPAxis *axis : {xAxis, yAxis}) {
        axis->grid()->setVisible(false);
        axis->setSubTicks(false);
        axis->setTickLength(0, 3);
    }
    plotLayout()->insertRow(0);
    plotLayout()->addElement(0, 0, m_title);
    m_title->setVisible(false);
    plotLayout()->addElement(1, 1, m_scale);
    m_scale->setBarWidth(10);
    auto *group = new QCPMarginGroup(this);
    axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, group);
    m_scale->setMarginGroup(QCP::msTop | QCP::msBottom, group);
    m_highlight->setPen(QPen(QColor(255, 120, 0), 2.5));
    m_highlight->setBrush(Qt::NoBrush);
    m_highlight->setVisible(false);
    setChartExportName(this, QStringLiteral("heatmap"));
    setMinimumSize(80, 80);
    // The numbers come and go with the cells' size: decided once the plot is laid out, before
    // anything is drawn in the same replot.
    connect(this, &QCustomPlot::afterLayout, this, [this] {
        if (valuesFit() != m_valuesFit)
            updateLabels();
        // The axes' ticks and the title's line breaks were read before this layout: new ones are
        // drawn by the next replot.
        const bool ticks = updateTicks(false);
        if (fitTitle() || ticks)
            replot(QCustomPlot::rpQueuedReplot);
    });
    refresh();
}

QString MatrixPlot::exportName() const
{
    return chartExportName(this);
}

void MatrixPlot::setExportName(const QString &name)
{
    setChartExportName(this, name);
}

void MatrixPlot::setMatrix(const core::Matrix &matrix, const QStringList &rowLabels, const QStringList &columnLabels)
{
    const bool reshaped = matrix.rows() != m_matrix.rows() || matrix.cols() != m_matrix.cols();
    m_matrix = matrix;
    const int rows = int(matrix.rows()), cols = int(matrix.cols());
    if (reshaped) {
        xAxis->setRange(-0.5, cols - 0.5);
        yAxis->setRange(-0.5, rows - 0.5);
    }
    // At screen resolution: a long sentence makes millions of cells.
    const QSize cells = axisRect()->size();
    m_map->setSource(
        &m_matrix, nullptr, cells.width() > 1 && cells.height() > 1 ? cells : QSize(kFirstSide, kFirstSide));
    // A long token is elided, as the board's labels are (LabelFit::kMaxLabelEms): at its full
    // length a 200-character token took the plot's width from its cells. What a label needs
    // from its neighbour is measured here once; which labels fit is decided after each layout.
    const auto elide = [](QCPAxis *axis, const QStringList &labels, int count, double *widest, double *tallest) {
        const QFontMetricsF metrics(axis->tickLabelFont());
        const double most = LabelFit::kMaxLabelEms * QFontInfo(axis->tickLabelFont()).pixelSize();
        QStringList shown;
        *widest = 0;
        *tallest = metrics.height();
        for (int i = 0; i < count; ++i) {
            const QString label
                = metrics.elidedText(i < labels.size() ? labels.at(i) : QString::number(i + 1), Qt::ElideRight, most);
            *widest = std::max(*widest, metrics.horizontalAdvance(label));
            shown << label;
        }
        // A CJK fallback font's line is taller than the primary font's.
        if (!shown.isEmpty())
            *tallest = std::max(*tallest, metrics.boundingRect(shown.join(QString())).height());
        return shown;
    };
    double widest = 0, tallest = 0;
    m_columnTicks = elide(xAxis, columnLabels, cols, &widest, &tallest);
    // Level column labels: the wider one's half on each side, and some space between.
    m_columnPitch = widest + 0.5 * QFontInfo(xAxis->tickLabelFont()).pixelSize();
    m_rowTicks = elide(yAxis, rowLabels, rows, &widest, &tallest);
    m_rowPitch = tallest + 1;
    updateTicks(true);
    if (reshaped) {
        for (QCPItemText *label : m_labels)
            removeItem(label);
        m_labels.clear();
    }
    // The colour map's refill has just read every cell: its extremes are the range (updateRange()
    // would read 786,432 cells of a 1,024-token card a second time).
    if (!m_fixed) {
        const BlockColorMap::CellRange &range = m_map->cellRange();
        m_lowest = range.any ? range.lowest : 0;
        m_highest = range.any ? range.highest : 0;
    }
    applyRange();
    redraw();
}

int MatrixPlot::roundStep(int step)
{
    for (int decade = 1;; decade *= 10)
        for (const int k : {1, 2, 5})
            if (k * decade >= step || decade > std::numeric_limits<int>::max() / 100)
                return k * decade;
}

int MatrixPlot::labelStep(double cell, double pitch)
{
    if (!(cell > 0))
        return roundStep(std::numeric_limits<int>::max() / 1000);
    const double needed = std::ceil(pitch / cell - 1e-9);
    return roundStep(int(std::clamp(needed, 1.0, 1e6)));
}

bool MatrixPlot::updateTicks(bool force)
{
    const int rows = int(m_rowTicks.size()), cols = int(m_columnTicks.size());
    QSize cells = axisRect()->size();
    if (cells.width() <= 1 || cells.height() <= 1)
        cells = QSize(kFirstSide, kFirstSide);
    // Never more than kMostLabels along an axis: thousands cost time even when they fit.
    const auto step = [](int count, double side, double pitch) {
        return count == 0
            ? 1
            : std::max(labelStep(side / count, pitch), roundStep((count + kMostLabels - 1) / kMostLabels));
    };
    const int rowStep = step(rows, cells.height(), m_rowPitch);
    const int columnStep = step(cols, cells.width(), m_columnPitch);
    if (!force && rowStep == m_rowStep && columnStep == m_columnStep)
        return false;
    m_rowStep = rowStep;
    m_columnStep = columnStep;
    const auto ticks = [](QCPAxis *axis, const QStringList &labels, int every) {
        QMap<double, QString> map;
        for (int i = 0; i < labels.size(); i += every)
            map.insert(i, labels.at(i));
        axis->ticker().staticCast<QCPAxisTickerText>()->setTicks(map);
    };
    ticks(xAxis, m_columnTicks, columnStep);
    ticks(yAxis, m_rowTicks, rowStep);
    return true;
}

void MatrixPlot::setPalette(Palette palette)
{
    m_palette = palette;
    m_map->setGradient(withGreyNan(
        palette == Palette::Sequential ? sequentialGradient(QStringLiteral("viridis")) : divergingGradient()));
    refresh();
}

void MatrixPlot::setFixedRange(double lo, double hi)
{
    m_fixed = true;
    m_lo = lo;
    m_hi = hi;
    refresh();
}

void MatrixPlot::clearFixedRange()
{
    m_fixed = false;
    refresh();
}

void MatrixPlot::setTitle(const QString &title)
{
    m_fullTitle = title;
    m_title->setText(m_titleRoom > 0 ? wrappedTitle(title, m_title->font(), m_titleRoom) : title);
    m_title->setVisible(!title.isEmpty());
    refresh();
}

QString MatrixPlot::title() const
{
    return m_fullTitle;
}

QString MatrixPlot::shownTitle() const
{
    return m_title->text();
}

QFont MatrixPlot::titleFont() const
{
    return m_title->font();
}

QString MatrixPlot::wrappedTitle(const QString &title, const QFont &font, double width)
{
    const QFontMetricsF metrics(font);
    if (title.isEmpty() || width <= 0 || metrics.horizontalAdvance(title) <= width)
        return title;
    QTextLayout layout(title, font);
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(option);
    QStringList lines;
    int secondStart = -1;
    layout.beginLayout();
    for (QTextLine line = layout.createLine(); line.isValid() && lines.size() < kMostTitleLines;
         line = layout.createLine()) {
        line.setLineWidth(width);
        if (lines.size() == kMostTitleLines - 1)
            secondStart = line.textStart();
        lines << title.mid(line.textStart(), line.textLength()).trimmed();
    }
    layout.endLayout();
    // What does not fit on the last line is elided there (the full title is the tooltip's and the
    // export's).
    if (secondStart >= 0)
        lines.back() = metrics.elidedText(title.mid(secondStart).trimmed(), Qt::ElideRight, width);
    return lines.join(QLatin1Char('\n'));
}

bool MatrixPlot::fitTitle()
{
    // The title sits over the heatmap's column of the layout: the plot's width without the colour
    // scale's column and the title's own margins.
    const QMargins margins = m_title->margins();
    double room = viewport().width() - margins.left() - margins.right();
    if (m_scale->visible() && plotLayout()->hasElement(1, 1))
        room -= m_scale->outerRect().width() + plotLayout()->columnSpacing();
    if (room <= 0 || room == m_titleRoom)
        return false;
    m_titleRoom = room;
    const QString shown = wrappedTitle(m_fullTitle, m_title->font(), room);
    if (shown == m_title->text())
        return false;
    m_title->setText(shown);
    return true;
}

void MatrixPlot::setShowValues(bool show)
{
    m_showValues = show;
    refresh();
}

void MatrixPlot::setShowLabels(bool show)
{
    m_showLabels = show;
    xAxis->setTickLabels(show);
    yAxis->setTickLabels(show);
    refresh();
}

void MatrixPlot::setShowColorScale(bool show)
{
    m_scale->setVisible(show);
    if (!show && plotLayout()->hasElement(1, 1))
        plotLayout()->take(m_scale);
    else if (show && !plotLayout()->hasElement(1, 1))
        plotLayout()->addElement(1, 1, m_scale);
    plotLayout()->simplify();
    refresh();
}

void MatrixPlot::setHighlightedRow(int row)
{
    m_highlightedRow = row;
    refresh();
}

void MatrixPlot::setFramed(bool framed)
{
    m_framed = framed;
    update();
}

double MatrixPlot::cellValue(int row, int column) const
{
    if (row < 0 || column < 0 || row >= rowCount() || column >= columnCount())
        return 0;
    const double v = double(m_matrix(row, column));
    return std::isfinite(v) ? v : std::nan("");
}

void MatrixPlot::updateRange()
{
    if (!m_fixed) {
        double lo = std::numeric_limits<double>::infinity();
        double hi = -lo;
        for (Eigen::Index i = 0; i < m_matrix.size(); ++i) {
            const double v = m_matrix.data()[i];
            if (std::isfinite(v)) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
        }
        if (!(lo <= hi))
            lo = hi = 0;
        m_lowest = lo;
        m_highest = hi;
    }
    applyRange();
}

void MatrixPlot::applyRange()
{
    double lo = m_lo, hi = m_hi;
    if (!m_fixed) {
        lo = m_lowest;
        hi = m_highest;
        if (m_palette == Palette::Diverging) {
            hi = std::max(std::abs(lo), std::abs(hi));
            lo = -hi;
        }
        if (hi - lo < 1e-9) {
            lo -= 0.5;
            hi += 0.5;
        }
    }
    m_map->setDataRange(QCPRange(lo, hi));
}

bool MatrixPlot::setCells(const core::Matrix &matrix, const std::vector<int> &rows, int column)
{
    if (matrix.rows() != m_matrix.rows() || matrix.cols() != m_matrix.cols())
        return false;
    // The extremes follow the new cells, unless an old one held an extreme: then all are read again.
    bool rescan = false;
    double lo = m_lowest, hi = m_highest;
    const auto copy = [&](Eigen::Index r, Eigen::Index c) {
        const double before = m_matrix(r, c), after = matrix(r, c);
        rescan = rescan || before == m_lowest || before == m_highest;
        if (std::isfinite(after)) {
            lo = std::min(lo, after);
            hi = std::max(hi, after);
        }
        m_matrix(r, c) = matrix(r, c);
    };
    if (column >= 0)
        for (Eigen::Index r = 0; r < m_matrix.rows(); ++r)
            copy(r, column);
    for (const int r : rows)
        if (r >= 0 && r < m_matrix.rows())
            for (Eigen::Index c = 0; c < m_matrix.cols(); ++c)
                copy(r, c);
    m_map->refillCells(rows, column);
    if (m_fixed) {
        applyRange();
    } else if (rescan) {
        updateRange();
    } else {
        m_lowest = lo;
        m_highest = hi;
        applyRange();
    }
    redraw();
    return true;
}

void MatrixPlot::updateLabels()
{
    const int rows = rowCount(), cols = columnCount();
    m_valuesFit = valuesFit();
    const bool show = m_showValues && rows <= kMaxLabelledCells && cols <= kMaxLabelledCells && m_valuesFit;
    if (!show) {
        for (QCPItemText *label : m_labels)
            label->setVisible(false);
        return;
    }
    while (m_labels.size() < rows * cols) {
        auto *label = new QCPItemText(this);
        label->position->setType(QCPItemPosition::ptPlotCoords);
        label->setClipToAxisRect(true);
        m_labels.append(label);
    }
    const QCPRange range = m_map->dataRange();
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            QCPItemText *label = m_labels[r * cols + c];
            const double v = m_matrix(r, c);
            label->position->setCoords(c, r);
            label->setText(valueText(v));
            label->setFont(valueFont());
            label->setColor(std::isfinite(v) ? contrastingText(m_map->gradient().color(v, range)) : QColor(Qt::black));
            label->setVisible(true);
        }
}

bool MatrixPlot::valuesFit() const
{
    const int rows = rowCount(), cols = columnCount();
    const QRect area = axisRect()->rect();
    if (rows == 0 || cols == 0 || area.width() <= 0 || area.height() <= 0)
        return true;
    // Measured in the font the numbers are drawn in, at the widest number the cells hold, with
    // half an em of space between neighbours.
    const QFontMetricsF metrics(valueFont());
    double widest = metrics.horizontalAdvance(QStringLiteral("0.00"));
    if (rows <= kMaxLabelledCells && cols <= kMaxLabelledCells)
        for (Eigen::Index i = 0; i < m_matrix.size(); ++i)
            widest = std::max(widest, metrics.horizontalAdvance(valueText(m_matrix.data()[i])));
    return double(area.width()) / cols >= widest + 0.5 * metrics.height()
        && double(area.height()) / rows >= metrics.height() + 2;
}

QFont MatrixPlot::valueFont() const
{
    return font();
}

QString MatrixPlot::valueText(double v)
{
    return std::isnan(v) ? QStringLiteral("–")
        : std::isinf(v)  ? (v < 0 ? QStringLiteral("−∞") : QStringLiteral("∞"))
                         : QLocale().toString(v, 'f', 2);
}

bool MatrixPlot::valuesShown() const
{
    for (const QCPItemText *label : m_labels)
        if (label->visible())
            return true;
    return false;
}

void MatrixPlot::refresh()
{
    updateRange();
    redraw();
}

void MatrixPlot::redraw()
{
    updateLabels();
    const int rows = rowCount(), cols = columnCount();
    m_highlight->setVisible(m_highlightedRow >= 0 && m_highlightedRow < rows && cols > 0);
    if (m_highlight->visible()) {
        m_highlight->topLeft->setCoords(-0.5, m_highlightedRow - 0.5);
        m_highlight->bottomRight->setCoords(cols - 0.5, m_highlightedRow + 0.5);
    }
    replot(QCustomPlot::rpQueuedReplot);
}

void MatrixPlot::mousePressEvent(QMouseEvent *event)
{
    QCustomPlot::mousePressEvent(event);
    if (event->button() != Qt::LeftButton)
        return;
    Q_EMIT clicked();
    const QPointF p = event->position();
    const int c = int(std::lround(xAxis->pixelToCoord(p.x())));
    const int r = int(std::lround(yAxis->pixelToCoord(p.y())));
    if (axisRect()->rect().contains(p.toPoint()) && r >= 0 && r < rowCount() && c >= 0 && c < columnCount())
        Q_EMIT cellClicked(r, c);
}

void MatrixPlot::paintEvent(QPaintEvent *event)
{
    QCustomPlot::paintEvent(event);
    if (!m_framed)
        return;
    QPainter painter(this);
    painter.setPen(QPen(palette().highlight().color(), 4));
    painter.drawRect(rect().adjusted(2, 2, -2, -2));
}

} // namespace attnlab::ui
