#include "ui/plot/heatmapplot.h"

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
constexpr int kMaxLabelChars = 12;

// A font in pixels, so that layout and drawing agree on every paint device (screen, image,
// SVG, PDF) whatever its resolution.
QFont pixelFont(double zoom, double relative)
{
    const int base = std::max(11, QFontInfo(QApplication::font()).pixelSize());
    return heatmapFont(base * relative * zoom);
}

// Colour-map data filled in one pass: QCPColorMapData::setCell costs a call and bounds checks
// per cell, which shows at a million cells.
class HeatmapData : public QCPColorMapData {
public:
    HeatmapData()
        : QCPColorMapData(0, 0, QCPRange(0, 0), QCPRange(0, 0))
    {
    }

    // Copies `m` (its shape must match) with −∞ (masked) as NaN, which the gradient draws
    // transparent under the hatching. Returns the largest finite magnitude.
    double assign(const core::Matrix &m)
    {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        double largest = 0;
        const Eigen::Index n = std::min<Eigen::Index>(m.size(), Eigen::Index(mKeySize) * mValueSize);
        // Row-major Matrix and QCPColorMapData share the layout: index = row·columns + column.
        for (Eigen::Index i = 0; i < n; ++i) {
            const double v = double(m.data()[i]);
            const bool finite = std::isfinite(v);
            mData[i] = finite ? v : nan;
            if (finite)
                largest = std::max(largest, std::abs(v));
        }
        mDataBounds = QCPRange(-largest, largest);
        mDataModified = true;
        return largest;
    }
};

QString elided(const QString &text)
{
    return text.size() > kMaxLabelChars ? text.left(kMaxLabelChars - 1) + QChar(0x2026) : text;
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

    m_map = new QCPColorMap(m_plot->xAxis, m_plot->yAxis);
    m_map->setData(new HeatmapData);
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
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

    connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
        const int rowStep = m_rowStep, columnStep = m_columnStep;
        updateTickDensity();
        if (rowStep != m_rowStep || columnStep != m_columnStep)
            m_plot->replot(QCustomPlot::rpQueuedReplot);
    });
    applyStyle();
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
    const QFont tickFont = pixelFont(m_zoom, 1.0);
    const QFont titleFont = pixelFont(m_zoom, 0.95);
    for (QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis, m_scale->axis()}) {
        axis->setBasePen(QPen(c.frame, 1));
        axis->setTickPen(QPen(c.frame, 1));
        axis->setTickLabelColor(c.text);
        axis->setLabelColor(c.mutedText);
        axis->setTickLabelFont(tickFont);
        axis->setLabelFont(titleFont);
        axis->setLabelPadding(int(4 * m_zoom));
        axis->setTickLabelPadding(int(4 * m_zoom));
    }
    m_scale->axis()->setTickLabelFont(pixelFont(m_zoom, 0.85));
    m_scale->setBarWidth(int(std::lround(12 * m_zoom)));
    m_cells->setColors(c);
    m_selection->setColors(c);
    m_cells->setValueFont(pixelFont(m_zoom, 0.9));
    m_widestColumnLabel = -1;
    rebuildTicks();
}

void HeatmapPlot::applyColoring()
{
    QCPColorGradient gradient = isProbabilityStage(m_stage) ? sequentialGradient(m_sequentialMap) : divergingGradient();
    m_scale->setGradient(gradient);
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
    m_stageName = QString::fromLatin1(core::stageName(m_stage));
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
    if (showsMask(m_stage) && scene.mask != core::MaskKind::None && m_rows == scene.tokenCount()
        && m_columns == scene.tokenCount()) {
        const core::MaskMatrix visible = core::effectiveMask(scene);
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

    QCPColorMapData *data = m_map->data();
    if (reshaped || data->keySize() != m_columns || data->valueSize() != m_rows) {
        data->setSize(m_columns, m_rows);
        data->setRange(QCPRange(0, std::max(0, m_columns - 1)), QCPRange(0, std::max(0, m_rows - 1)));
        m_plot->xAxis->setRange(-0.5, m_columns - 0.5);
        m_plot->yAxis->setRange(-0.5, m_rows - 0.5);
    }
    const double largest = static_cast<HeatmapData *>(data)->assign(m_values);
    // The colour range is set explicitly: −∞ would make rescaleDataRange collapse.
    if (isProbabilityStage(m_stage))
        m_range = QCPRange(0, 1);
    else
        m_range = largest > 0 ? QCPRange(-largest, largest) : QCPRange(-1, 1);
    applyColoring();
    m_map->setVisible(!isEmpty());
    m_scale->setVisible(!isEmpty());
}

void HeatmapPlot::rebuildLabels(const core::Scene &scene, const std::vector<int> &flagged)
{
    QStringList rowLabels, columnLabels;
    for (int i = 0; i < m_rows && i < scene.tokenCount(); ++i) {
        const QString token = elided(QString::fromStdString(scene.tokens[size_t(i)]));
        const bool flag = std::find(flagged.begin(), flagged.end(), i) != flagged.end();
        rowLabels << (flag ? QStringLiteral("\u26A0 ") + token : token);
    }
    for (int j = 0; j < m_columns; ++j)
        columnLabels << (isSquareStage(m_stage) && j < scene.tokenCount()
                ? elided(QString::fromStdString(scene.tokens[size_t(j)]))
                : QString::number(j));
    if (rowLabels != m_rowLabels || columnLabels != m_columnLabels) {
        m_rowLabels = rowLabels;
        m_columnLabels = columnLabels;
        m_widestColumnLabel = -1;
        rebuildTicks();
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
    for (int i = 0; i < m_rowLabels.size(); i += m_rowStep)
        rows.insert(i, m_rowLabels[i]);
    for (int j = 0; j < m_columnLabels.size(); j += m_columnStep)
        columns.insert(j, m_columnLabels[j]);
    m_rowTicker->setTicks(rows);
    m_columnTicker->setTicks(columns);
}

void HeatmapPlot::updateTickDensity()
{
    const QRect rect = m_plot->axisRect()->rect();
    if (rect.width() <= 0 || rect.height() <= 0 || isEmpty())
        return;
    const QFontMetricsF fm(m_plot->xAxis->tickLabelFont());
    if (m_widestColumnLabel < 0) {
        m_widestColumnLabel = 0;
        for (const QString &label : m_columnLabels)
            m_widestColumnLabel = std::max(m_widestColumnLabel, fm.horizontalAdvance(label));
    }
    const double widest = m_widestColumnLabel;
    const int rowStep = std::max(1, int(std::ceil(m_rows * (fm.height() + 1) / rect.height())));
    const int columnStep = std::max(1, int(std::ceil(m_columns * (widest + fm.height() * 0.6) / rect.width())));
    if (rowStep != m_rowStep || columnStep != m_columnStep) {
        m_rowStep = rowStep;
        m_columnStep = columnStep;
        rebuildTicks();
    }
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
    const QString rowToken = m_rowLabels.value(row);
    const double v = double(m_values(row, column));
    QString value = formatExactValue(v);
    if (m_cells->isHidden(row, column))
        value = m_stage == core::StageWeights ? tr("0 (masked: this query may not look at this key)")
                                              : tr("−∞ (masked: this query may not look at this key)");
    if (std::find(m_flagged.begin(), m_flagged.end(), row) != m_flagged.end())
        value += QLatin1Char('\n') + tr("This query sees no key: its weights and context are all 0.");
    if (isSquareStage(m_stage))
        return tr("query %1 (row %2) → key %3 (column %4)\n%5 = %6")
            .arg(rowToken)
            .arg(row)
            .arg(m_columnLabels.value(column))
            .arg(column)
            .arg(m_stageName, value);
    return tr("token %1 (row %2), feature %3\n%4 = %5").arg(rowToken).arg(row).arg(column).arg(m_stageName, value);
}

} // namespace attnlab::ui
