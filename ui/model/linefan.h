#pragma once
// Many thin lines of one colour, drawn by adding up how much of each pixel every line covers.
// The head view's lines (issue 36, classroom item 5): at ~100 tokens a head has ~5,000 lines
// over 0.01, most of them crossing the view's whole height, and QPainter strokes each
// antialiased line as a path and fills it: 150–350 ms a paint, longer than the model's pass for
// the token being generated. Here a line costs a multiplication per pixel it covers.
//
// Lines of one colour drawn over each other (source-over) leave that colour at an opacity of
// 1 − ∏(1 − aᵢ) whatever their order, where aᵢ is a line's opacity times the share of the pixel
// it covers; the fan keeps that product for each pixel and hands back one image of the colour
// at the resulting opacity, to be drawn over what lies beneath. Lines have butt ends; within a
// column (or a row, for a line steeper than 45°) a line covers the band its width spans at the
// column's centre.

#include <QColor>
#include <QImage>
#include <QPointF>
#include <QRect>

#include <vector>

namespace attnlab::ui {

class LineFan {
public:
    // Starts a drawing of `area` (logical pixels) on a device of this pixel ratio, every pixel
    // clear. The drawing covers the whole device pixels the area touches (at a ratio of 1.5 an
    // odd edge falls inside one), so that its pixels are the device's. The buffers are kept
    // between drawings of the same size.
    void begin(const QRect &area, qreal ratio);
    // Where to draw image(), in logical pixels: the area's top left, moved to a device pixel's.
    QPointF origin() const;
    // Adds a line between two points in logical pixels, `width` logical pixels wide, of this
    // opacity (0–1). The parts outside the area are left out.
    void addLine(const QPointF &from, const QPointF &to, double width, double opacity);
    // The opacity added up so far at a device pixel of the drawing, (0, 0) at origin().
    double opacityAt(int x, int y) const;
    // The lines in this colour: an image of the drawing at the device's pixel ratio
    // (premultiplied, transparent where no line passed), to be drawn at origin().
    QImage image(const QColor &color);

private:
    qreal m_ratio = 1;
    int m_left = 0; // the drawing's top left, in device pixels
    int m_top = 0;
    int m_width = 0; // in device pixels
    int m_height = 0;
    // For each device pixel, column by column: what the lines let through, ∏(1 − aᵢ).
    std::vector<float> m_clear;
    QImage m_image;
};

} // namespace attnlab::ui
