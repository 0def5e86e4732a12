#include "ui/plot/heatmapplot.h"

#include "core/scene/stagetable.h"
#include "core/scene/variants/variants.h"
#include "ui/plot/blockcolormap.h"
#include "ui/plot/colormaps.h"
#include "ui/plot/heatmaplayer.h"
#include "ui/plot/stageinfo.h"

#include <QApplication>
#include <QCoreApplication>
#include <QFontInfo>
#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <limits>

namespace attnlab::ui {

namespace {

// The colour scale's numbers with the true minus sign (U+2212) that the cells and the
// inspector use, so "−0.5" on the scale reads like "−0.480" in a cell.
class MinusSignTicker : public QCPAxisTicker {
protected:
    QString getTickLabel(double tick, const QLocale &locale, QChar formatChar, int precision) override
    {
        QString label = QCPAxisTicker::getTickLabel(tick, locale, formatChar, precision);
        label.replace(QLatin1Char('-'), QChar(0x2212));
        return label;
    }
};

const QString kSelectionLayer = QStringLiteral("attnlab-selection");
const QString kCellsLayer = QStringLiteral("attnlab-cells");
// Tick labels shrink to this size before any is left out.
constexpr int kSmallestLabelPixels = 7;
// The size a card asks room for (times the zoom), so that the board scrolls rather than
// shrinking labels below comfortable reading.
constexpr double kReadableLabelPixels = 9;
// Below this size (either side) a plot has not been laid out for real.
constexpr int kLaidOut = 60;

// A font in pixels, so that layout and drawing agree on every paint device (screen, image,
// SVG, PDF) whatever its resolution.
QFont pixelFont(double zoom, double relative)
{
    const int base = std::max(11, QFontInfo(QApplication::font()).pixelSize());
    return heatmapFont(base * relative * zoom);
}

// The largest finite magnitude in `m`.
double largestMagnitude(const core::Matrix &m)
{
    double largest = 0;
    for (Eigen::Index i = 0; i < m.size(); ++i) {
        const double v = double(m.data()[i]);
        if (std::isfinite(v))
            largest = std::max(largest, std::abs(v));
    }
    return largest;
}

} // namespace

HeatmapPlot::HeatmapPlot(QCustomPlot *plot, core::Stage stage, QObject *parent)
    : QObject(parent)
    , m_plot(plot)
    , m_stage(stage)
    , m_rowTicker(new QCPAxisTickerText)
    , m_columnTicker(new QCPAxisTickerText)
{
    m_plot->setInteractions({});
    m_plot->setNoAntialiasingOnDrag(true);
    m_plot->setPlottingHint(QCP::phCacheLabels, true);

    m_plot->addLayer(kCellsLayer, m_plot->layer(QStringLiteral("main")), QCustomPlot::limAbove);
    m_plot->addLayer(kSelectionLayer, m_plot->layer(kCellsLayer), QCustomPlot::limAbove);
    // Its own buffer, so that a selection change repaints only the highlight.
    m_plot->layer(kSelectionLayer)->setMode(QCPLayer::lmBuffered);

    m_map = new BlockColorMap(m_plot->xAxis, m_plot->yAxis);
    // Nothing draws on the overlay layer: its buffer (as large as the plot) would be memory
    // for nothing.
    m_plot->layer(QStringLiteral("overlay"))->setMode(QCPLayer::lmLogical);
    m_cells = new HeatmapLayer(m_plot, kCellsLayer, HeatmapLayer::Part::Cells);
    m_selection = new HeatmapLayer(m_plot, kSelectionLayer, HeatmapLayer::Part::Selection);

    m_scale = new QCPColorScale(m_plot);
    m_plot->plotLayout()->addElement(0, 1, m_scale);
    m_scale->setType(QCPAxis::atRight);
    m_map->setColorScale(m_scale);
    m_scale->axis()->setTicker(QSharedPointer<MinusSignTicker>::create());
    m_scale->axis()->setSubTicks(false);
    m_scale->axis()->ticker()->setTickCount(4);
    auto *group = new QCPMarginGroup(m_plot);
    m_plot->axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, group);
    m_scale->setMarginGroup(QCP::msTop | QCP::msBottom, group);

    for (QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->grid()->setVisible(false);
        axis->setSubTicks(false);
        axis->setTickLength(0, 4);
    }
    m_plot->xAxis->setTicker(m_columnTicker);
    m_plot->yAxis->setTicker(m_rowTicker);
    // Row 0 (the first token) on top, as in the chapters' matrices.
    m_plot->yAxis->setRangeReversed(true);

    // QCPColorScale reports its current margin as the margin it needs, so in a margin group
    // the shared bottom margin could only ever grow: larger labels once would keep it large.
    connect(m_plot, &QCustomPlot::beforeReplot, this, [this] { m_scale->setMargins(QMargins()); });
    // The fit depends on the axis rect's outer size only, which the labels do not change, so
    // one more layout settles it.
    connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
        const LabelFit::Result before = m_fit;
        updateTickDensity();
        if (m_fit != before)
            m_plot->replot(QCustomPlot::rpQueuedReplot);
    });
    applyStyle();
}

QCPColorMap *HeatmapPlot::colorMap() const
{
    return m_map;
}

QCPLayer *HeatmapPlot::selectionLayer() const
{
    return m_plot->layer(kSelectionLayer);
}

void HeatmapPlot::setTheme(Theme theme)
{
    m_theme = theme;
    applyStyle();
}

void HeatmapPlot::setZoom(double factor)
{
    m_zoom = std::clamp(factor, 0.25, 8.0);
    applyStyle();
}

void HeatmapPlot::setSequentialMap(const QString &name)
{
    m_sequentialMap = isSequentialMap(name) ? name : QStringLiteral("viridis");
    applyColoring();
}

void HeatmapPlot::setFillCells(bool fill)
{
    m_fillRequested = fill;
    // QCPColorMap draws nothing along a dimension of size 1. Past ~16k cells, one rectangle
    // per cell makes files huge and slow, and the cells are too small to look blurred anyway.
    constexpr int kMostFilledCells = 128 * 128;
    m_cells->setFillCells((fill && m_rows * m_columns <= kMostFilledCells) || m_rows == 1 || m_columns == 1);
}

void HeatmapPlot::applyStyle()
{
    const ThemeColors c = themeColors(m_theme);
    m_plot->setBackground(c.card);
    m_plot->axisRect()->setBackground(c.card);
    const QFont titleFont = pixelFont(m_zoom, 0.95);
    for (QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis, m_scale->axis()}) {
        axis->setBasePen(QPen(c.frame, 1));
        axis->setTickPen(QPen(c.frame, 1));
        axis->setTickLabelColor(c.text);
        axis->setLabelColor(c.mutedText);
        axis->setLabelFont(titleFont);
        axis->setLabelPadding(int(4 * m_zoom));
        axis->setTickLabelPadding(int(4 * m_zoom));
    }
    m_scale->axis()->setTickLabelFont(pixelFont(m_zoom, 0.85));
    m_scale->setBarWidth(int(std::lround(12 * m_zoom)));
    m_cells->setColors(c);
    applyColoring();
    m_selection->setColors(c);
    m_cells->setValueFont(pixelFont(m_zoom, 0.9));
    // Start from the largest size; the next layout fits it.
    m_fit = LabelFit::Result();
    m_fit.pixels = pixelFont(m_zoom, 1.0).pixelSize();
    applyLabelFont();
    rebuildTicks();
}

void HeatmapPlot::applyLabelFont()
{
    const QFont font = heatmapFont(m_fit.pixels);
    m_plot->xAxis->setTickLabelFont(font);
    m_plot->yAxis->setTickLabelFont(font);
    m_plot->xAxis->setTickLabelRotation(m_fit.rotated ? -90 : 0);
}

void HeatmapPlot::setAutoWeightsRange(bool autoRange)
{
    if (autoRange == m_autoRange)
        return;
    m_autoRange = autoRange;
    if (isProbabilityStage(m_stage) && !isEmpty()) {
        updateRange();
        applyColoring();
    }
}

void HeatmapPlot::applyColoring()
{
    const bool probability = isProbabilityStage(m_stage);
    QCPColorGradient gradient = probability ? sequentialGradient(m_sequentialMap) : divergingGradient();
    m_scale->setGradient(gradient);
    // Masked cells are NaN in the colour map, which paints them in the masked colour; large
    // cells get the hatching and the text on top.
    QCPColorGradient mapGradient = gradient;
    mapGradient.setNanHandling(QCPColorGradient::nhNanColor);
    mapGradient.setNanColor(themeColors(m_theme).maskedFill);
    m_map->setGradient(mapGradient);
    m_scale->axis()->setLabel(!probability ? QString() : m_autoRange ? tr("0–max auto") : tr("0–1 fixed"));
    m_scale->setDataRange(m_range);
    m_cells->setColoring(gradient, m_range);
}

void HeatmapPlot::setContent(const core::Scene &scene, const core::Stages &stages, int head)
{
    const int heads = int(stages.heads.size());
    head = std::clamp(head, 0, std::max(0, heads - 1));
    static const core::Matrix none;
    const core::Matrix &m = heads > 0 ? core::stageMatrix(stages, m_stage, head) : none;
    m_values = m;
    const bool reshaped = m_rows != int(m.rows()) || m_columns != int(m.cols());
    m_rows = int(m.rows());
    m_columns = int(m.cols());

    std::vector<int> flagged;
    if (flagsRowsWithoutKeys(m_stage))
        flagged = stages.rowsWithoutKeys;
    // Labels are rebuilt only when what they show changed: a cell edit keeps them.
    const bool tokensChanged = scene.tokens != m_tokens;
    if (tokensChanged)
        m_tokens = scene.tokens;
    if (reshaped || tokensChanged || flagged != m_flagged)
        rebuildLabels(scene, flagged);
    m_plot->yAxis->setLabel(rowAxisTitle(m_stage));
    m_plot->xAxis->setLabel(isEmpty() ? tr("not part of this scene") : columnAxisTitle(scene, m_stage));

    m_hidden.resize(0, 0);
    // Hidden cells are the pipeline's: the scene's mask and, under a sliding window, everything
    // outside its band.
    if (showsMask(m_stage) && (scene.mask != core::MaskKind::None || scene.variants.slidingWindow > 0)
        && m_rows == scene.tokenCount() && m_columns == scene.keyCount()) {
        const core::MaskMatrix visible = core::visibleKeys(scene);
        if ((visible.array() == 0).any())
            m_hidden = (visible.array() == 0).cast<unsigned char>();
    }
    const QString minusInfinity = formatCellValue(-INFINITY, 0);
    const bool weights = m_stage == core::StageWeights;
    m_cells->setCells(
        &m_values, m_hidden, weights ? tr("0 (masked)") : minusInfinity, weights ? QStringLiteral("0") : minusInfinity);
    m_cells->setFlaggedRows(flagged);
    m_flagged = flagged;
    m_selection->setCells(&m_values, core::MaskMatrix(), QString(), QString());
    setFillCells(m_fillRequested);

    if (reshaped) {
        m_plot->xAxis->setRange(-0.5, m_columns - 0.5);
        m_plot->yAxis->setRange(-0.5, m_rows - 0.5);
    }
    // Before the first layout the plot's size means nothing: until then, the largest a card
    // asks for.
    const QSize cells = m_plot->axisRect()->size();
    m_map->setSource(&m_values, &m_hidden,
        cells.width() >= kLaidOut && cells.height() >= kLaidOut ? cells : QSize(kLargestSide, kLargestSide));
    m_largest = largestMagnitude(m_values);
    updateRange();
    applyColoring();
    m_map->setVisible(!isEmpty());
    m_scale->setVisible(!isEmpty());
}

void HeatmapPlot::updateRange()
{
    // Set explicitly: −∞ would make rescaleDataRange collapse.
    if (isProbabilityStage(m_stage))
        m_range = QCPRange(0, m_autoRange && m_largest > 0 ? m_largest : 1);
    else
        m_range = m_largest > 0 ? QCPRange(-m_largest, m_largest) : QCPRange(-1, 1);
}

void HeatmapPlot::rebuildLabels(const core::Scene &scene, const std::vector<int> &flagged)
{
    QStringList rowLabels, columnLabels;
    m_rowTokens.clear();
    // Cross-attention: K and V have a row per key token (the source), and the key columns of
    // the n × s stages are the source tokens too.
    const std::vector<std::string> &rowTokens = core::rowTokens(scene, m_stage);
    const std::vector<std::string> &keyTokens = scene.keyTokens();
    for (int i = 0; i < m_rows && i < int(rowTokens.size()); ++i) {
        const QString token = QString::fromStdString(rowTokens[size_t(i)]);
        const bool flag = std::find(flagged.begin(), flagged.end(), i) != flagged.end();
        rowLabels << (flag ? QStringLiteral("\u26A0 ") + token : token);
        m_rowTokens << token;
    }
    for (int j = 0; j < m_columns; ++j)
        columnLabels << (isSquareStage(m_stage) && j < int(keyTokens.size())
                ? QString::fromStdString(keyTokens[size_t(j)])
                : QString::number(j));
    if (rowLabels != m_rowLabels || columnLabels != m_columnLabels) {
        m_rowLabels = rowLabels;
        m_columnLabels = columnLabels;
        m_labelFit.setLabels(m_rowLabels, m_columnLabels);
        rebuildTicks();
        updateTickDensity();
    }
}

void HeatmapPlot::setSelection(int row, int column)
{
    m_selection->setSelection(row, column);
}

int HeatmapPlot::selectedRow() const
{
    return m_selection->selectedRow();
}

int HeatmapPlot::selectedColumn() const
{
    return m_selection->selectedColumn();
}

void HeatmapPlot::rebuildTicks()
{
    QMap<double, QString> rows, columns;
    const QStringList &rowLabels = m_labelFit.shownRows();
    const QStringList &columnLabels = m_labelFit.shownColumns();
    for (int i = 0; i < rowLabels.size(); i += m_fit.rowStep)
        rows.insert(i, rowLabels[i]);
    for (int j = 0; j < columnLabels.size(); j += m_fit.columnStep)
        columns.insert(j, columnLabels[j]);
    m_rowTicker->setTicks(rows);
    m_columnTicker->setTicks(columns);
}

LabelFit::Area HeatmapPlot::labelArea() const
{
    QCPAxisRect *rect = m_plot->axisRect();
    LabelFit::Area area;
    area.outer = rect->outerRect().size();
    area.top = rect->margins().top();
    area.right = rect->margins().right();
    const QCPAxis *axis = m_plot->xAxis;
    area.padding = axis->padding() + axis->tickLengthOut() + axis->tickLabelPadding();
    area.title = axis->labelPadding() + QFontMetricsF(axis->labelFont()).height();
    return area;
}

int HeatmapPlot::readableLabelPixels() const
{
    return std::min(pixelFont(m_zoom, 1.0).pixelSize(), int(std::lround(kReadableLabelPixels * m_zoom)));
}

QSize HeatmapPlot::readableSize() const
{
    if (isEmpty())
        return QSize();
    LabelFit::Area area = labelArea();
    // Before the first layout the margins are not known yet: a few pixels.
    if (area.outer.isEmpty())
        area.top = area.right = 5;
    const QSizeF labelled = m_labelFit.sizeFor(area, readableLabelPixels());
    int scale = m_scale->outerRect().width();
    if (scale <= 0)
        scale = m_scale->barWidth() + int(std::lround(50 * m_zoom));
    return QSize(std::min(kLargestSide, int(std::ceil(labelled.width())) + scale),
        std::min(kLargestSide, int(std::ceil(labelled.height()))));
}

void HeatmapPlot::updateTickDensity()
{
    if (isEmpty())
        return;
    const LabelFit::Area area = labelArea();
    const int largest = pixelFont(m_zoom, 1.0).pixelSize();
    LabelFit::Result fit;
    fit.pixels = largest;
    // A plot that was never given a real size (hidden, not laid out yet) keeps every label at
    // full size rather than thinning them for a layout that means nothing.
    if (area.outer.width() >= kLaidOut && area.outer.height() >= kLaidOut)
        fit = m_labelFit.fit(area, largest, std::min(largest, kSmallestLabelPixels));
    if (fit == m_fit)
        return;
    m_fit = fit;
    applyLabelFont();
    rebuildTicks();
}

HeatmapPlot::Region HeatmapPlot::hitTest(const QPointF &pos, int *row, int *column) const
{
    if (isEmpty())
        return Region::None;
    const QRect rect = m_plot->axisRect()->rect();
    const int r = int(std::lround(m_plot->yAxis->pixelToCoord(pos.y())));
    const int c = int(std::lround(m_plot->xAxis->pixelToCoord(pos.x())));
    const bool rowInside = pos.y() >= rect.top() && pos.y() <= rect.bottom() && r >= 0 && r < m_rows;
    const bool columnInside = pos.x() >= rect.left() && pos.x() <= rect.right() && c >= 0 && c < m_columns;
    *row = rowInside ? r : -1;
    *column = columnInside ? c : -1;
    if (rowInside && columnInside)
        return Region::Cell;
    if (rowInside && pos.x() < rect.left())
        return Region::RowLabel;
    if (columnInside && pos.y() > rect.bottom())
        return Region::ColumnLabel;
    return Region::None;
}

QString HeatmapPlot::toolTip(int row, int column) const
{
    if (row < 0 || row >= m_rows || column < 0 || column >= m_columns)
        return QString();
    const QString rowToken = m_rowTokens.value(row, QString::number(row));
    const double v = double(m_values(row, column));
    QString value = formatExactValue(v);
    QString note;
    if (m_cells->isHidden(row, column)) {
        value = m_stage == core::StageWeights ? QStringLiteral("0") : formatCellValue(-INFINITY, 0);
        note = tr("masked: this query may not look at this key");
    }
    if (std::find(m_flagged.begin(), m_flagged.end(), row) != m_flagged.end())
        note += (note.isEmpty() ? QString() : QStringLiteral("\n"))
            + tr("This query sees no key: its weights and context are all 0.");
    QString text;
    if (isSquareStage(m_stage))
        text = tr("%1 → %2: %3\n%4, row %5 (query), column %6 (key)")
                   .arg(rowToken, m_columnLabels.value(column), value, stageDisplayName(m_stage))
                   .arg(row)
                   .arg(column);
    else
        text = tr("%1, feature %2: %3\n%4, row %5")
                   .arg(rowToken)
                   .arg(column)
                   .arg(value, stageDisplayName(m_stage))
                   .arg(row);
    return note.isEmpty() ? text : text + QLatin1Char('\n') + note;
}

QString HeatmapPlot::labelToolTip(Region region, int index) const
{
    if (region == Region::RowLabel && index >= 0 && index < m_rows)
        return tr("%1 (row %2)").arg(m_rowTokens.value(index, QString::number(index))).arg(index);
    if (region == Region::ColumnLabel && index >= 0 && index < m_columns)
        return isSquareStage(m_stage) ? tr("%1 (column %2, key)").arg(m_columnLabels.value(index)).arg(index)
                                      : tr("feature %1").arg(index);
    return QString();
}

} // namespace attnlab::ui
