#include "ui/plot/colormaps.h"

#include <initializer_list>

namespace attnlab::ui {

namespace {

QCPColorGradient evenlySpaced(std::initializer_list<QRgb> stops)
{
    QCPColorGradient g;
    g.clearColorStops();
    const int n = int(stops.size());
    int i = 0;
    for (QRgb rgb : stops)
        g.setColorStopAt(double(i++) / (n - 1), QColor(rgb));
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    g.setNanHandling(QCPColorGradient::nhTransparent);
    g.setLevelCount(256);
    return g;
}

} // namespace

QStringList sequentialMapNames()
{
    return {QStringLiteral("viridis"), QStringLiteral("cividis"), QStringLiteral("grayscale")};
}

bool isSequentialMap(const QString &name)
{
    return sequentialMapNames().contains(name);
}

QCPColorGradient sequentialGradient(const QString &name)
{
    if (name == QLatin1String("cividis"))
        return evenlySpaced({0x00224e, 0x1a386f, 0x434e6c, 0x61656f, 0x7d7c78, 0x9b9476, 0xbcae6c, 0xdec958, 0xfee838});
    if (name == QLatin1String("grayscale"))
        return evenlySpaced({0xffffff, 0x000000});
    return evenlySpaced({0x440154, 0x472d7b, 0x3b528b, 0x2c728e, 0x21918c, 0x28ae80, 0x5ec962, 0xaddc30, 0xfde725});
}

QCPColorGradient divergingGradient()
{
    return evenlySpaced({0x2166ac, 0x4393c3, 0x92c5de, 0xd1e5f0, 0xf7f7f7, 0xfddbc7, 0xf4a582, 0xd6604d, 0xb2182b});
}

QColor contrastingText(const QColor &background)
{
    // Relative luminance (sRGB, linearised) against the crossover where black and white have
    // the same contrast ratio.
    auto lin = [](double c) { return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
    const double l
        = 0.2126 * lin(background.redF()) + 0.7152 * lin(background.greenF()) + 0.0722 * lin(background.blueF());
    return l > 0.179 ? QColor(Qt::black) : QColor(Qt::white);
}

} // namespace attnlab::ui
