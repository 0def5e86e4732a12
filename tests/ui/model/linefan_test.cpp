// The head view's many thin lines, added up in a LineFan (issue 36, classroom item 5): each
// pixel gets the opacity that drawing the lines one over another would give it, the ink of a
// line is its length times its width, and the picture matches QPainter's antialiased lines.
#include "ui/model/linefan.h"

#include <QImage>
#include <QPainter>
#include <QRandomGenerator>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using attnlab::ui::LineFan;

namespace {

double inkOf(const LineFan &fan, int width, int height)
{
    double ink = 0;
    for (int x = 0; x < width; ++x)
        for (int y = 0; y < height; ++y)
            ink += fan.opacityAt(x, y);
    return ink;
}

} // namespace

TEST(LineFan, LinesOfOneColourAddUpAsIfDrawnOneOverAnother)
{
    LineFan fan;
    fan.begin(QRect(0, 0, 20, 10), 1.0);
    // A line one pixel wide along the middle of row 5.
    fan.addLine(QPointF(2, 5.5), QPointF(12, 5.5), 1.0, 0.5);
    for (int x = 2; x < 12; ++x) {
        EXPECT_NEAR(fan.opacityAt(x, 5), 0.5, 1e-6) << x;
        EXPECT_NEAR(fan.opacityAt(x, 4), 0.0, 1e-6) << x;
        EXPECT_NEAR(fan.opacityAt(x, 6), 0.0, 1e-6) << x;
    }
    EXPECT_EQ(fan.opacityAt(1, 5), 0.0);
    EXPECT_EQ(fan.opacityAt(12, 5), 0.0);
    // A second one over it: source-over twice leaves 1 − 0.5 × 0.5 of the colour.
    fan.addLine(QPointF(12, 5.5), QPointF(2, 5.5), 1.0, 0.5);
    EXPECT_NEAR(fan.opacityAt(7, 5), 0.75, 1e-6);
    // Half a pixel each on rows 5 and 6.
    fan.addLine(QPointF(2, 6.0), QPointF(12, 6.0), 1.0, 1.0);
    EXPECT_NEAR(fan.opacityAt(7, 5), 1 - 0.25 * 0.5, 1e-6);
    EXPECT_NEAR(fan.opacityAt(7, 6), 0.5, 1e-6);
    // The image: the colour at that opacity, premultiplied.
    const QImage image = fan.image(QColor(40, 80, 200));
    ASSERT_EQ(image.size(), QSize(20, 10));
    const QRgb pixel = image.pixel(7, 6);
    EXPECT_EQ(qAlpha(pixel), 128);
    EXPECT_EQ(qBlue(pixel), 100);
    EXPECT_EQ(qRed(pixel), 20);
    EXPECT_EQ(image.pixel(0, 0), 0u);
}

TEST(LineFan, ALinesInkIsItsLengthTimesItsWidthAtAnySlope)
{
    for (const double rise : {0.0, 3.0, 17.0, 40.0, 60.0, 150.0, -90.0}) {
        LineFan fan;
        fan.begin(QRect(0, 0, 200, 200), 1.0);
        const QPointF from(30, 100 - rise / 2), to(90, 100 + rise / 2);
        const double width = 0.7, opacity = 0.02; // faint: the opacities add up nearly linearly
        fan.addLine(from, to, width, opacity);
        const double length = std::hypot(to.x() - from.x(), to.y() - from.y());
        EXPECT_NEAR(inkOf(fan, 200, 200), length * width * opacity, 0.02 * length * width * opacity) << rise;
    }
}

TEST(LineFan, OnlyThePartsInsideTheAreaAreDrawn)
{
    LineFan fan;
    fan.begin(QRect(100, 50, 40, 30), 1.0);
    // Wholly above, and wholly left of the area.
    fan.addLine(QPointF(0, 10), QPointF(300, 20), 2.0, 1.0);
    fan.addLine(QPointF(0, 60), QPointF(90, 70), 2.0, 1.0);
    EXPECT_EQ(inkOf(fan, 40, 30), 0.0);
    // Across it: the ink of the 40 pixels inside.
    fan.addLine(QPointF(0, 65.5), QPointF(1000, 65.5), 1.0, 0.1);
    EXPECT_NEAR(inkOf(fan, 40, 30), 40 * 0.1, 1e-4);
    EXPECT_NEAR(fan.opacityAt(0, 15), 0.1, 1e-6);
    // Steep, through the area from far above to far below.
    fan.begin(QRect(100, 50, 40, 30), 1.0);
    fan.addLine(QPointF(110, -1000), QPointF(130, 1000), 1.0, 0.01);
    const double shareInside = 30.0 / 2000.0;
    EXPECT_NEAR(inkOf(fan, 40, 30), std::hypot(20.0, 2000.0) * shareInside * 0.01, 1e-4);
    // Nothing from lines that are not lines.
    fan.begin(QRect(0, 0, 10, 10), 1.0);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    fan.addLine(QPointF(nan, 1), QPointF(5, 5), 1.0, 1.0);
    fan.addLine(QPointF(1, 1), QPointF(5, inf), 1.0, 1.0);
    fan.addLine(QPointF(1, 1), QPointF(5, 5), nan, 1.0);
    fan.addLine(QPointF(1, 1), QPointF(5, 5), 0.0, 1.0);
    fan.addLine(QPointF(1, 1), QPointF(5, 5), 1.0, 0.0);
    fan.addLine(QPointF(3, 3), QPointF(3, 3), 1.0, 1.0);
    EXPECT_EQ(inkOf(fan, 10, 10), 0.0);
    // A line wider than any int of pixels covers the whole area, once.
    fan.addLine(QPointF(-1e12, 5), QPointF(1e12, 5 + 1e9), 1e300, 0.5);
    EXPECT_NEAR(inkOf(fan, 10, 10), 100 * 0.5, 1e-6);
    EXPECT_EQ(fan.opacityAt(-1, 0), 0.0);
    EXPECT_EQ(fan.opacityAt(0, 10), 0.0);
}

TEST(LineFan, AHighDensityScreenGetsDevicePixels)
{
    LineFan fan;
    fan.begin(QRect(10, 10, 30, 20), 2.0);
    fan.addLine(QPointF(10, 15.25), QPointF(40, 15.25), 0.5, 1.0); // device row 10.5 ± 0.5
    const QImage image = fan.image(Qt::black);
    EXPECT_EQ(image.size(), QSize(60, 40));
    EXPECT_EQ(image.devicePixelRatio(), 2.0);
    EXPECT_NEAR(fan.opacityAt(30, 10), 1.0, 1e-6);
    EXPECT_NEAR(fan.opacityAt(30, 9), 0.0, 1e-6);
    EXPECT_NEAR(fan.opacityAt(30, 11), 0.0, 1e-6);
}

// At a ratio of 1.5 an odd logical edge falls inside a device pixel: the drawing starts at the
// whole device pixel, so a line lands on the device's own pixels where it is drawn.
TEST(LineFan, AFractionalRatioKeepsTheDevicesPixels)
{
    LineFan fan;
    fan.begin(QRect(10, 37, 40, 30), 1.5); // device x 15–75, y 55.5–100.5
    EXPECT_EQ(fan.origin(), QPointF(10, 55 / 1.5));
    // One device pixel wide, centred on the boundary of device rows 74 and 75.
    fan.addLine(QPointF(12, 50), QPointF(48, 50), 1 / 1.5, 1.0);
    EXPECT_NEAR(fan.opacityAt(30, 19), 0.5, 1e-6);
    EXPECT_NEAR(fan.opacityAt(30, 20), 0.5, 1e-6);
    EXPECT_NEAR(fan.opacityAt(30, 18), 0.0, 1e-6);
    EXPECT_NEAR(fan.opacityAt(30, 21), 0.0, 1e-6);
    const QImage image = fan.image(Qt::black);
    EXPECT_EQ(image.size(), QSize(60, 46));
    // Drawn on a device of that ratio, where begin() said.
    QImage device(90, 150, QImage::Format_ARGB32_Premultiplied);
    device.setDevicePixelRatio(1.5);
    device.fill(Qt::transparent);
    QPainter p(&device);
    p.drawImage(fan.origin(), image);
    p.end();
    EXPECT_EQ(qAlpha(device.pixel(45, 74)), 128);
    EXPECT_EQ(qAlpha(device.pixel(45, 75)), 128);
    EXPECT_EQ(qAlpha(device.pixel(45, 73)), 0);
    EXPECT_EQ(qAlpha(device.pixel(45, 76)), 0);
}

// The head view's picture: lines from one column to another at every slope, faint and thin.
// Against QPainter's antialiased lines with flat ends, the same ink, and the same opacity at a
// pixel give or take a few levels. (Over a pixel wide: QPainter draws thinner lines with their
// width measured up and down rather than across, so a steep one gets up to a third less ink;
// the fan keeps the width across the line at every slope.)
TEST(LineFan, MatchesQPaintersAntialiasedLines)
{
    const QRect area(0, 0, 300, 400);
    const QColor color(40, 80, 200);
    QImage painted(area.size(), QImage::Format_ARGB32_Premultiplied);
    painted.fill(Qt::transparent);
    QPainter p(&painted);
    p.setRenderHint(QPainter::Antialiasing);
    LineFan fan;
    fan.begin(area, 1.0);
    QRandomGenerator random(7);
    for (int i = 0; i < 600; ++i) {
        const QPointF from(20, 10 + random.bounded(380.0));
        const QPointF to(280, 10 + random.bounded(380.0));
        const double width = 1.05 + random.bounded(0.45);
        const double opacity = 0.05 + random.bounded(0.3);
        QColor c = color;
        c.setAlphaF(float(opacity));
        p.setPen(QPen(c, width, Qt::SolidLine, Qt::FlatCap));
        p.drawLine(from, to);
        fan.addLine(from, to, width, opacity);
    }
    p.end();
    const QImage fanned = fan.image(color);
    double paintedInk = 0, fannedInk = 0, difference = 0;
    for (int y = 0; y < area.height(); ++y)
        for (int x = 0; x < area.width(); ++x) {
            const int a = qAlpha(painted.pixel(x, y)), b = qAlpha(fanned.pixel(x, y));
            paintedInk += a;
            fannedInk += b;
            difference += std::abs(a - b);
        }
    EXPECT_NEAR(fannedInk, paintedInk, 0.03 * paintedInk);
    EXPECT_LT(difference / (area.width() * area.height()), 4.0); // levels of 255, per pixel
}
