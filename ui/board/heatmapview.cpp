#include "ui/board/heatmapview.h"

#include "ui/document/document.h"
#include "ui/plot/heatmapplot.h"
#include "ui/plot/stageinfo.h"

#include <QMouseEvent>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>

namespace attnlab::ui {

HeatmapView::HeatmapView(Document *document, core::Stage stage, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_document(document)
    , m_stage(stage)
    , m_plot(new QCustomPlot(this))
    , m_heatmap(new HeatmapPlot(m_plot, stage, this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setMouseTracking(true);
    m_plot->setToolTip(tr("Hover a cell for its exact value; click a cell, a row label or a key label to "
                          "highlight it in every heatmap."));

    connect(m_document, &Document::stagesChanged, this, &HeatmapView::onStagesChanged);
    connect(m_document, &Document::sceneReset, this, &HeatmapView::refresh);
    connect(m_document, &Document::currentHeadChanged, this, [this] {
        if (m_head < 0)
            refresh();
    });
    connect(m_document, &Document::selectionChanged, this, &HeatmapView::showSelection);
    connect(m_plot, &QCustomPlot::mousePress, this, &HeatmapView::onMousePress);
    connect(m_plot, &QCustomPlot::mouseMove, this, &HeatmapView::onMouseMove);
    refresh();
}

int HeatmapView::shownHead() const
{
    const int heads = m_document->scene().headCount();
    const int head = m_head < 0 ? m_document->currentHead() : m_head;
    return std::clamp(head, 0, std::max(0, heads - 1));
}

int HeatmapView::shownRows() const
{
    return m_heatmap->rows();
}

void HeatmapView::setHead(int head)
{
    if (head == m_head)
        return;
    m_head = head;
    refresh();
}

void HeatmapView::setTheme(Theme theme)
{
    m_theme = theme;
    m_heatmap->setTheme(theme);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::setZoom(double factor)
{
    m_zoom = factor;
    m_heatmap->setZoom(factor);
    updateGeometry();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::setSequentialMap(const QString &name)
{
    m_heatmap->setSequentialMap(name);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QSize HeatmapView::sizeHint() const
{
    return QSize(int(320 * m_zoom), int(240 * m_zoom));
}

QSize HeatmapView::minimumSizeHint() const
{
    return QSize(int(160 * m_zoom), int(120 * m_zoom));
}

void HeatmapView::onStagesChanged(const core::Update &update)
{
    if (!update.touches(m_stage))
        return;
    if (core::isPerHead(m_stage)) {
        const int head = shownHead();
        if (head < int(update.heads.size()) && !update.heads[size_t(head)])
            return;
    }
    refresh();
}

void HeatmapView::refresh()
{
    m_heatmap->setContent(m_document->scene(), m_document->stages(), shownHead());
    showSelection(m_document->selection());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::showSelection(const Selection &selection)
{
    // Rows are tokens everywhere. Key columns match across the n×n stages; a feature column
    // means something only in its own stage.
    int column = -1;
    if (selection.column >= 0
        && (selection.stage == m_stage || (isSquareStage(selection.stage) && isSquareStage(m_stage))))
        column = selection.column;
    m_heatmap->setSelection(selection.row, column);
    m_heatmap->selectionLayer()->replot();
}

void HeatmapView::onMousePress(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return;
    int row = -1, column = -1;
    const HeatmapPlot::Region region = m_heatmap->hitTest(event->position(), &row, &column);
    Selection s;
    s.stage = m_stage;
    switch (region) {
    case HeatmapPlot::Region::Cell:
        s.row = row;
        s.column = column;
        break;
    case HeatmapPlot::Region::RowLabel:
        s.row = row;
        break;
    case HeatmapPlot::Region::ColumnLabel:
        s.column = column;
        break;
    case HeatmapPlot::Region::None:
        break;
    }
    m_document->setSelection(s);
}

void HeatmapView::onMouseMove(QMouseEvent *event)
{
    int row = -1, column = -1;
    const HeatmapPlot::Region region = m_heatmap->hitTest(event->position(), &row, &column);
    if (region != HeatmapPlot::Region::Cell) {
        if (m_hoverRow >= 0)
            QToolTip::hideText();
        m_hoverRow = m_hoverColumn = -1;
        return;
    }
    if (row == m_hoverRow && column == m_hoverColumn)
        return;
    m_hoverRow = row;
    m_hoverColumn = column;
    QToolTip::showText(event->globalPosition().toPoint(), m_heatmap->toolTip(row, column), m_plot);
}

} // namespace attnlab::ui
