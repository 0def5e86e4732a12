#include "ui/translate/crossattentionlines.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPalette>

#include <algorithm>

namespace attnlab::ui {

namespace {

constexpr double kRowHeight = 28;
constexpr double kMargin = 8;

} // namespace

CrossAttentionLines::CrossAttentionLines(QWidget *parent)
    : QWidget(parent)
{
    setAttribute(Qt::WA_OpaquePaintEvent, false);
    setMouseTracking(false);
}

void CrossAttentionLines::setContent(const QStringList &source, const QStringList &target, const core::Matrix &weights)
{
    m_source = source;
    m_target = target;
    m_weights = weights;
    if (m_selected >= int(m_target.size()))
        m_selected = int(m_target.size()) - 1;
    update();
}

void CrossAttentionLines::setSelectedTarget(int index)
{
    m_selected = index >= 0 && index < int(m_target.size()) ? index : -1;
    update();
}

std::vector<double> CrossAttentionLines::lineWeights() const
{
    std::vector<double> out;
    if (m_selected < 0 || m_selected >= int(m_weights.rows()) || m_weights.cols() != Eigen::Index(m_source.size()))
        return out;
    for (Eigen::Index c = 0; c < m_weights.cols(); ++c)
        out.push_back(double(m_weights(m_selected, c)));
    return out;
}

QSize CrossAttentionLines::sizeHint() const
{
    return {420, 220};
}

QSize CrossAttentionLines::minimumSizeHint() const
{
    return {200, 140};
}

QRectF CrossAttentionLines::tokenRect(int index, int count, bool top) const
{
    const double width = (double(this->width()) - 2 * kMargin) / std::max(count, 1);
    const double y = top ? kMargin : double(height()) - kMargin - kRowHeight;
    return {kMargin + index * width + 2, y, std::max(width - 4, 4.0), kRowHeight};
}

void CrossAttentionLines::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.base());
    const std::vector<double> weights = lineWeights();
    const QColor line(0x1f, 0x77, 0xb4);
    for (size_t c = 0; c < weights.size(); ++c) {
        const QRectF from = tokenRect(m_selected, int(m_target.size()), false);
        const QRectF to = tokenRect(int(c), int(m_source.size()), true);
        QColor colour = line;
        colour.setAlphaF(std::clamp(weights[c], 0.0, 1.0) * 0.9 + 0.05);
        p.setPen(QPen(colour, 1 + 7 * std::clamp(weights[c], 0.0, 1.0)));
        p.drawLine(QPointF(from.center().x(), from.top()), QPointF(to.center().x(), to.bottom()));
    }
    const auto drawRow = [&](const QStringList &tokens, bool top) {
        for (int i = 0; i < int(tokens.size()); ++i) {
            const QRectF r = tokenRect(i, int(tokens.size()), top);
            const bool selected = !top && i == m_selected;
            double weight = 0;
            if (top && size_t(i) < weights.size())
                weight = weights[size_t(i)];
            QColor fill = selected ? QColor(0xff, 0xd5, 0x80) : pal.color(QPalette::AlternateBase);
            if (top && weight > 0)
                fill = QColor::fromRgbF(1 - 0.75 * weight, 1 - 0.45 * weight, 1 - 0.2 * weight);
            p.setPen(pal.color(QPalette::Mid));
            p.setBrush(fill);
            p.drawRoundedRect(r, 4, 4);
            p.setPen(top && weight > 0.6 ? QColor(Qt::white) : QColor(Qt::black));
            p.drawText(r, Qt::AlignCenter, p.fontMetrics().elidedText(tokens[i], Qt::ElideRight, int(r.width()) - 2));
        }
    };
    drawRow(m_source, true);
    drawRow(m_target, false);
}

void CrossAttentionLines::mousePressEvent(QMouseEvent *event)
{
    for (int i = 0; i < int(m_target.size()); ++i)
        if (tokenRect(i, int(m_target.size()), false).contains(event->position())) {
            setSelectedTarget(i);
            Q_EMIT targetClicked(i);
            return;
        }
    QWidget::mousePressEvent(event);
}

} // namespace attnlab::ui
