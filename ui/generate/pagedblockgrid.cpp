#include "ui/generate/pagedblockgrid.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <array>

namespace attnlab::ui {

PagedBlockGrid::PagedBlockGrid(QWidget *parent)
    : QWidget(parent)
    , m_cache(16, 0)
{
    setObjectName(QStringLiteral("PagedBlockGrid"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    setMouseTracking(true);
}

void PagedBlockGrid::setCache(const core::engine::PagedCache &cache)
{
    m_cache = cache;
    updateGeometry();
    update();
}

QColor PagedBlockGrid::sequenceColor(int sequence)
{
    static const std::array<QColor, 7> colors {QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9),
        QColor(0x00, 0x9E, 0x73), QColor(0xF0, 0xE4, 0x42), QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00),
        QColor(0xCC, 0x79, 0xA7)};
    return colors[size_t(sequence) % colors.size()];
}

QColor PagedBlockGrid::sharedColor()
{
    return QColor(0x80, 0x80, 0x80);
}

QColor PagedBlockGrid::blockColor(int block) const
{
    const int refs = m_cache.refCount(block);
    if (refs == 0)
        return Qt::transparent;
    if (refs > 1)
        return sharedColor();
    return sequenceColor(m_cache.owners(block).front());
}

QString PagedBlockGrid::blockToolTip(int block) const
{
    if (block < 0 || block >= m_cache.blockCapacity())
        return QString();
    const int filled = m_cache.filledSlots(block);
    if (m_cache.refCount(block) == 0)
        return tr("Block %1: free").arg(block);
    QStringList owners;
    for (int s : m_cache.owners(block))
        owners << QString::number(s + 1);
    const QString slots = tr("%1 of %2 slots filled").arg(filled).arg(m_cache.blockSize());
    if (owners.size() > 1)
        return tr("Block %1: shared by sequences %2 (%3 references); %4")
            .arg(block)
            .arg(owners.join(QStringLiteral(", ")))
            .arg(owners.size())
            .arg(slots);
    return tr("Block %1: sequence %2; %3").arg(block).arg(owners.front()).arg(slots);
}

int PagedBlockGrid::columns(int width) const
{
    return std::max(1, (width - kGap) / (kCell + kGap));
}

int PagedBlockGrid::heightForWidth(int width) const
{
    const int n = std::max(1, m_cache.blockCapacity());
    const int rows = (n + columns(width) - 1) / columns(width);
    return kGap + rows * (kCell + kGap);
}

QSize PagedBlockGrid::sizeHint() const
{
    return {8 * (kCell + kGap) + kGap, heightForWidth(width() > 0 ? width() : 8 * (kCell + kGap) + kGap)};
}

QSize PagedBlockGrid::minimumSizeHint() const
{
    return {kCell + 2 * kGap, kCell + 2 * kGap};
}

QRect PagedBlockGrid::cellRect(int block) const
{
    const int c = columns(width());
    return {kGap + (block % c) * (kCell + kGap), kGap + (block / c) * (kCell + kGap), kCell, kCell};
}

int PagedBlockGrid::blockAt(QPoint point) const
{
    for (int block = 0; block < m_cache.blockCapacity(); ++block)
        if (cellRect(block).contains(point))
            return block;
    return -1;
}

void PagedBlockGrid::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    QFont font = painter.font();
    font.setPointSizeF(font.pointSizeF() * 0.8);
    painter.setFont(font);
    for (int block = 0; block < m_cache.blockCapacity(); ++block) {
        const QRect r = cellRect(block);
        const int refs = m_cache.refCount(block);
        if (refs == 0) {
            painter.setPen(QPen(palette().color(QPalette::Mid), 1, Qt::DashLine));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(r.adjusted(0, 0, -1, -1));
            continue;
        }
        // Filled slots solid from the left, empty ones pale: the wasted tail of the block.
        const QColor color = blockColor(block);
        QColor pale = color;
        pale.setAlpha(60);
        painter.fillRect(r, pale);
        const int filledWidth = r.width() * m_cache.filledSlots(block) / m_cache.blockSize();
        painter.fillRect(QRect(r.left(), r.top(), filledWidth, r.height()), color);
        painter.setPen(QPen(refs > 1 ? Qt::black : color.darker(150), refs > 1 ? 2 : 1));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(r.adjusted(0, 0, -1, -1));
        painter.setPen(refs > 1 ? Qt::white : Qt::black);
        painter.drawText(r, Qt::AlignCenter, refs > 1 ? QStringLiteral("×%1").arg(refs) : QString::number(block));
    }
}

bool PagedBlockGrid::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = blockToolTip(blockAt(help->pos()));
        if (text.isEmpty())
            QToolTip::showText(help->globalPos(), toolTip(), this);
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace attnlab::ui
