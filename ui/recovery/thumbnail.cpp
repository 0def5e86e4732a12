#include "ui/recovery/thumbnail.h"

#include <QColor>

#include <algorithm>
#include <array>
#include <cmath>

namespace attnlab::ui {

namespace {

// viridis at 0, 1/8 … 1 (the house style's stops); weights lie in [0, 1].
QRgb viridis(double t)
{
    static const std::array<QRgb, 9> stops
        = {0x440154, 0x472d7b, 0x3b528b, 0x2c728e, 0x21918c, 0x28ae80, 0x5ec962, 0xaddc30, 0xfde725};
    if (!std::isfinite(t))
        return qRgb(160, 160, 160);
    t = std::clamp(t, 0.0, 1.0) * 8.0;
    const int i = std::min(int(t), 7);
    const double f = t - i;
    const QColor a(stops[i]), b(stops[i + 1]);
    return qRgb(int(a.red() + f * (b.red() - a.red())), int(a.green() + f * (b.green() - a.green())),
        int(a.blue() + f * (b.blue() - a.blue())));
}

} // namespace

QImage weightsThumbnail(const core::Stages &stages, int head, int size)
{
    if (stages.heads.empty())
        return QImage();
    head = std::clamp(head, 0, int(stages.heads.size()) - 1);
    const core::Matrix &w = stages.heads[head].weights;
    if (w.rows() == 0 || w.cols() == 0)
        return QImage();
    const int rows = int(std::min<Eigen::Index>(w.rows(), size));
    const int cols = int(std::min<Eigen::Index>(w.cols(), size));
    QImage image(cols, rows, QImage::Format_RGB32);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            image.setPixel(c, r, viridis(double(w(r * w.rows() / rows, c * w.cols() / cols))));
    return image.scaled(size, size, Qt::KeepAspectRatio, Qt::FastTransformation);
}

} // namespace attnlab::ui
