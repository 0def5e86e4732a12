#include "ui/model/linefan.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace attnlab::ui {

void LineFan::begin(const QRect &area, qreal ratio)
{
    m_ratio = ratio > 0 ? ratio : 1;
    m_left = int(std::floor(area.left() * m_ratio));
    m_top = int(std::floor(area.top() * m_ratio));
    m_width = std::max(0, int(std::ceil((area.left() + area.width()) * m_ratio)) - m_left);
    m_height = std::max(0, int(std::ceil((area.top() + area.height()) * m_ratio)) - m_top);
    m_clear.assign(size_t(m_width) * size_t(m_height), 1.0f);
}

void LineFan::addLine(const QPointF &from, const QPointF &to, double width, double opacity)
{
    if (m_clear.empty() || !(width > 0) || !(opacity > 0) || !std::isfinite(width)
        || !std::isfinite(from.x() + from.y() + to.x() + to.y()))
        return;
    opacity = std::min(opacity, 1.0);
    // In device pixels from the drawing's top left; u runs along the line's longer side, v across.
    double u0 = from.x() * m_ratio - m_left;
    double v0 = from.y() * m_ratio - m_top;
    double u1 = to.x() * m_ratio - m_left;
    double v1 = to.y() * m_ratio - m_top;
    const bool steep = std::abs(v1 - v0) > std::abs(u1 - u0);
    if (steep) {
        std::swap(u0, v0);
        std::swap(u1, v1);
    }
    if (u0 > u1) {
        std::swap(u0, u1);
        std::swap(v0, v1);
    }
    const double length = u1 - u0;
    if (!(length > 0))
        return;
    const int uSize = steep ? m_height : m_width;
    const int vSize = steep ? m_width : m_height;
    const double slope = (v1 - v0) / length; // at most 1 either way
    const double half = 0.5 * width * m_ratio * std::sqrt(1 + slope * slope);
    // Only the stretch of the line whose band can touch the area.
    double first = std::max(u0, 0.0);
    double last = std::min(u1, double(uSize));
    if (slope != 0) {
        double enter = u0 + (-half - 1 - v0) / slope;
        double leave = u0 + (vSize + half + 1 - v0) / slope;
        if (enter > leave)
            std::swap(enter, leave);
        first = std::max(first, enter);
        last = std::min(last, leave);
    } else if (v0 + half < 0 || v0 - half > vSize) {
        return;
    }
    if (!(first < last))
        return;
    const float a = float(opacity);
    for (int u = int(std::floor(first)); u < int(std::ceil(last)); ++u) {
        const double lo = std::max(double(u), u0);
        const double hi = std::min(u + 1.0, u1);
        const double span = hi - lo; // of this pixel's width, the share the line runs through
        if (span <= 0)
            continue;
        const double centre = v0 + slope * (0.5 * (lo + hi) - u0);
        const double top = centre - half;
        const double bottom = centre + half;
        // Clamped before the conversion: a very wide line's band reaches past any int.
        const int vFirst = int(std::max(0.0, std::floor(top)));
        const int vLast = int(std::min(double(vSize - 1), std::ceil(bottom) - 1));
        for (int v = vFirst; v <= vLast; ++v) {
            const double cover = (std::min(bottom, v + 1.0) - std::max(top, double(v))) * span;
            float &clear = steep ? m_clear[size_t(v) * size_t(m_height) + size_t(u)]
                                 : m_clear[size_t(u) * size_t(m_height) + size_t(v)];
            clear *= 1.0f - a * float(cover);
        }
    }
}

QPointF LineFan::origin() const
{
    return QPointF(m_left / m_ratio, m_top / m_ratio);
}

double LineFan::opacityAt(int x, int y) const
{
    if (x < 0 || y < 0 || x >= m_width || y >= m_height)
        return 0;
    return 1.0 - m_clear[size_t(x) * size_t(m_height) + size_t(y)];
}

QImage LineFan::image(const QColor &color)
{
    if (m_image.width() != m_width || m_image.height() != m_height)
        m_image = QImage(m_width, m_height, QImage::Format_ARGB32_Premultiplied);
    m_image.setDevicePixelRatio(m_ratio);
    if (m_image.isNull())
        return m_image;
    QRgb shades[256]; // the colour at each opacity, premultiplied
    for (int alpha = 0; alpha < 256; ++alpha)
        shades[alpha] = qRgba((color.red() * alpha + 127) / 255, (color.green() * alpha + 127) / 255,
            (color.blue() * alpha + 127) / 255, alpha);
    uchar *bits = m_image.bits();
    const qsizetype stride = m_image.bytesPerLine();
    for (int x = 0; x < m_width; ++x) {
        const float *column = m_clear.data() + size_t(x) * size_t(m_height);
        for (int y = 0; y < m_height; ++y) {
            const int alpha = std::clamp(int(std::lround((1.0f - column[y]) * 255.0f)), 0, 255);
            reinterpret_cast<QRgb *>(bits + y * stride)[x] = shades[alpha];
        }
    }
    return m_image;
}

} // namespace attnlab::ui
