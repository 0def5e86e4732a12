#include "ui/translate/attentiongrid.h"

#include "ui/model/modelgridview.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace attnlab::ui {

namespace {
constexpr int kLabel = 28; // the layer numbers on the left, the head numbers on top
constexpr int kGap = 3;
} // namespace

AttentionGrid::AttentionGrid(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("AttentionGrid"));
    setMouseTracking(true);
}

void AttentionGrid::setMaps(const std::vector<std::vector<core::Matrix>> &maps)
{
    m_images.clear();
    m_layers = int(maps.size());
    m_heads = maps.empty() ? 0 : int(maps.front().size());
    for (const auto &layer : maps)
        for (int h = 0; h < m_heads; ++h)
            m_images.push_back(ModelGridView::weightsImage(h < int(layer.size()) ? layer[size_t(h)] : core::Matrix()));
    updateGeometry();
    update();
}

void AttentionGrid::setSelected(int layer, int head)
{
    m_selectedLayer = layer;
    m_selectedHead = head;
    update();
}

void AttentionGrid::setPlaceholder(const QString &text)
{
    m_placeholder = text;
    update();
}

QImage AttentionGrid::thumbnail(int layer, int head) const
{
    if (layer < 0 || head < 0 || layer >= m_layers || head >= m_heads)
        return {};
    return m_images[size_t(layer * m_heads + head)];
}

int AttentionGrid::cellSize() const
{
    if (m_layers == 0 || m_heads == 0)
        return 0;
    const int byWidth = (width() - kLabel) / m_heads - kGap;
    const int byHeight = (height() - kLabel) / m_layers - kGap;
    return std::clamp(std::min(byWidth, byHeight), 12, 96);
}

QRect AttentionGrid::cellRect(int layer, int head) const
{
    const int s = cellSize();
    return {kLabel + head * (s + kGap), kLabel + layer * (s + kGap), s, s};
}

QSize AttentionGrid::sizeHint() const
{
    return {kLabel + std::max(m_heads, 1) * 48, kLabel + std::max(m_layers, 1) * 48};
}

QSize AttentionGrid::minimumSizeHint() const
{
    return {kLabel + std::max(m_heads, 1) * (12 + kGap), kLabel + std::max(m_layers, 1) * (12 + kGap)};
}

bool AttentionGrid::headAt(const QPoint &pos, int *layer, int *head) const
{
    const int step = cellSize() + kGap;
    if (step <= kGap || pos.x() < kLabel || pos.y() < kLabel)
        return false;
    const int l = (pos.y() - kLabel) / step, h = (pos.x() - kLabel) / step;
    if (l >= m_layers || h >= m_heads || !cellRect(l, h).contains(pos))
        return false; // past the grid, or in the gap between two cells
    *layer = l;
    *head = h;
    return true;
}

void AttentionGrid::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    if (m_layers == 0 || m_heads == 0) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect().adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap, m_placeholder);
        return;
    }
    const int s = cellSize();
    QFont small = font();
    small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.8));
    p.setFont(small);
    p.setPen(palette().color(QPalette::Text));
    for (int h = 0; h < m_heads; ++h)
        p.drawText(QRect(cellRect(0, h).left(), 0, s, kLabel), Qt::AlignCenter, QString::number(h + 1));
    for (int l = 0; l < m_layers; ++l)
        p.drawText(
            QRect(0, cellRect(l, 0).top(), kLabel - 4, s), Qt::AlignRight | Qt::AlignVCenter, QString::number(l + 1));
    for (int l = 0; l < m_layers; ++l)
        for (int h = 0; h < m_heads; ++h)
            ModelGridView::drawThumbnail(
                p, cellRect(l, h), thumbnail(l, h), l == m_selectedLayer && h == m_selectedHead, false, palette());
}

void AttentionGrid::mousePressEvent(QMouseEvent *event)
{
    int layer = 0, head = 0;
    if (event->button() != Qt::LeftButton || !headAt(event->position().toPoint(), &layer, &head))
        return QWidget::mousePressEvent(event);
    Q_EMIT headClicked(layer, head);
}

bool AttentionGrid::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        int layer = 0, head = 0;
        if (headAt(help->pos(), &layer, &head))
            QToolTip::showText(
                help->globalPos(), tr("Layer %1, head %2: click to show it").arg(layer + 1).arg(head + 1), this);
        else
            QToolTip::showText(help->globalPos(), toolTip(), this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace attnlab::ui
