#include "ui/board/heatmapview.h"

#include "ui/document/document.h"
#include "ui/plot/heatmapplot.h"
#include "ui/plot/stageinfo.h"

#include <QAbstractScrollArea>
#include <QCoreApplication>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QToolTip>
#include <QVBoxLayout>
#include <QWheelEvent>

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
    // No tooltip on the whole plot: it would cover the value of the cell under the mouse.
    m_plot->installEventFilter(this);

    connect(m_document, &Document::stagesChanged, this, &HeatmapView::onStagesChanged);
    connect(m_document, &Document::sceneReset, this, &HeatmapView::refresh);
    connect(m_document, &Document::currentHeadChanged, this, [this] {
        if (m_head < 0)
            refresh();
    });
    connect(m_document, &Document::selectionChanged, this, &HeatmapView::showSelection);
    connect(m_plot, &QCustomPlot::mousePress, this, &HeatmapView::onMousePress);
    connect(m_plot, &QCustomPlot::mouseMove, this, &HeatmapView::onMouseMove);
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent *event) {
        if (event->button() == Qt::LeftButton)
            Q_EMIT doubleClicked();
    });
    // The colour scale's width is known only after a layout.
    connect(m_plot, &QCustomPlot::afterLayout, this, &HeatmapView::updateReadableSize);
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
    updateReadableSize();
    updateGeometry();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::setSequentialMap(const QString &name)
{
    m_heatmap->setSequentialMap(name);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::setAutoWeightsRange(bool autoRange)
{
    m_heatmap->setAutoWeightsRange(autoRange);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QSize HeatmapView::sizeHint() const
{
    return QSize(int(320 * m_zoom), int(240 * m_zoom)).expandedTo(m_readable);
}

QSize HeatmapView::minimumSizeHint() const
{
    return QSize(120, 90).expandedTo(m_readable);
}

void HeatmapView::updateReadableSize()
{
    // In steps of 16 pixels, so that the colour scale's numbers changing width while a cell is
    // scrubbed do not make the whole board lay out again.
    const QSize exact = m_heatmap->readableSize();
    const auto up = [](int v) { return (v + 15) / 16 * 16; };
    const QSize readable = exact.isValid() ? QSize(up(exact.width()), up(exact.height())) : QSize();
    if (readable != m_readable) {
        m_readable = readable;
        updateGeometry();
    }
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
    updateReadableSize();
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

QString HeatmapView::hoverText(const QPointF &pos) const
{
    int row = -1, column = -1;
    const HeatmapPlot::Region region = m_heatmap->hitTest(pos, &row, &column);
    switch (region) {
    case HeatmapPlot::Region::Cell:
        return m_heatmap->toolTip(row, column);
    case HeatmapPlot::Region::RowLabel:
        return m_heatmap->labelToolTip(region, row);
    case HeatmapPlot::Region::ColumnLabel:
        return m_heatmap->labelToolTip(region, column);
    case HeatmapPlot::Region::None:
        break;
    }
    return QString();
}

void HeatmapView::onMouseMove(QMouseEvent *event)
{
    // Shown at once, and replaced as the mouse moves from cell to cell.
    const QString text = hoverText(event->position());
    if (text == m_hoverText)
        return;
    m_hoverText = text;
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, m_plot);
}

bool HeatmapView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_plot && event->type() == QEvent::ToolTip) {
        // A mouse resting after the tip timed out asks again.
        auto *help = static_cast<QHelpEvent *>(event);
        m_hoverText = hoverText(help->pos());
        if (m_hoverText.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), m_hoverText, m_plot);
        return true;
    }
    if (watched == m_plot && event->type() == QEvent::Leave)
        m_hoverText.clear();
    // The plot has no use for the wheel, but an ignored turn would still stop at it: QCustomPlot
    // sets WA_NoMousePropagation. So the turn is handed to the board around it, which scrolls;
    // the tooltip is left as it is.
    if (watched == m_plot && event->type() == QEvent::Wheel) {
        auto *wheel = static_cast<QWheelEvent *>(event);
        for (QWidget *w = parentWidget(); w; w = w->parentWidget())
            if (auto *area = qobject_cast<QAbstractScrollArea *>(w)) {
                QWidget *viewport = area->viewport();
                QWheelEvent board(viewport->mapFromGlobal(wheel->globalPosition()), wheel->globalPosition(),
                    wheel->pixelDelta(), wheel->angleDelta(), wheel->buttons(), wheel->modifiers(), wheel->phase(),
                    wheel->inverted(), wheel->source(), wheel->pointingDevice());
                QCoreApplication::sendEvent(viewport, &board);
                event->setAccepted(board.isAccepted());
                return true;
            }
        event->ignore();
        return true;
    }
    return Retranslating<QWidget>::eventFilter(watched, event);
}

} // namespace attnlab::ui
