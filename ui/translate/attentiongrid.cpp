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
        for (int h = 0; h < m_heads; ++h) {
            const core::Matrix &w = h < int(layer.size()) ? layer[size_t(h)] : core::Matrix();
            QImage image;
            if (w.size() > 0) {
                image = QImage(int(w.cols()), int(w.rows()), QImage::Format_RGB32);
                for (int q = 0; q < int(w.rows()); ++q) {
                    auto *line = reinterpret_cast<QRgb *>(image.scanLine(q));
                    for (int k = 0; k < int(w.cols()); ++k)
                        line[k] = ModelGridView::colorFor(double(w(q, k))).rgb();
                }
            }
            m_images.push_back(image);
        }
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
    for (int l = 0; l < m_layers; ++l)
        for (int h = 0; h < m_heads; ++h)
            if (cellRect(l, h).contains(pos)) {
                *layer = l;
                *head = h;
                return true;
            }
    return false;
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
        for (int h = 0; h < m_heads; ++h) {
            const QRect r = cellRect(l, h);
            const QImage image = thumbnail(l, h);
            if (image.isNull())
                p.fillRect(r, palette().color(QPalette::AlternateBase));
            else
                p.drawImage(r, image);
            if (l == m_selectedLayer && h == m_selectedHead) {
                p.setPen(QPen(QColor(230, 120, 0), 3));
                p.drawRect(r.adjusted(-1, -1, 1, 1));
            } else {
                p.setPen(QPen(palette().color(QPalette::Mid), 1));
                p.drawRect(r.adjusted(0, 0, -1, -1));
            }
        }
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
