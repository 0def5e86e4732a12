// The SVG export, drawn by another program (librsvg's rsvg-convert), looks like the PNG export:
// masked cells' hatching stays inside its own cells.
#include "core/scene/scene.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/export/exporter.h"
#include "ui/plot/colormaps.h"

#include <QImage>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

using namespace attnlab;
using namespace attnlab::ui;

namespace {

int channelDistance(QRgb a, QRgb b)
{
    return std::max({std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)), std::abs(qBlue(a) - qBlue(b))});
}

} // namespace

TEST(SvgExport, MaskedHatchingStaysInsideItsCellsAsRsvgDrawsIt)
{
    const QString rsvg = QStandardPaths::findExecutable(QStringLiteral("rsvg-convert"));
    if (rsvg.isEmpty())
        GTEST_SKIP() << "rsvg-convert (librsvg2-bin) is not installed";
    const core::LoadResult r = loadExample(QStringLiteral("causal-vs-full"));
    ASSERT_TRUE(r.ok());
    Document doc;
    doc.load(*r.scene);
    ASSERT_EQ(doc.scene().mask, core::MaskKind::Causal);

    QTemporaryDir dir;
    ExportOptions o;
    o.scale = 1.0;
    QString error;
    const QString png = dir.filePath(QStringLiteral("weights.png"));
    const QString svg = dir.filePath(QStringLiteral("weights.svg"));
    const QString drawn = dir.filePath(QStringLiteral("weights-rsvg.png"));
    ASSERT_TRUE(exportStages(doc, {core::StageWeights}, 0, o, png, &error)) << error.toStdString();
    ASSERT_TRUE(exportStages(doc, {core::StageWeights}, 0, o, svg, &error)) << error.toStdString();
    QProcess convert;
    convert.start(rsvg, {QStringLiteral("-o"), drawn, svg});
    ASSERT_TRUE(convert.waitForFinished(30000));
    ASSERT_EQ(convert.exitCode(), 0) << convert.readAllStandardError().toStdString();

    const QImage reference = QImage(png).convertToFormat(QImage::Format_RGB32);
    const QImage other = QImage(drawn).convertToFormat(QImage::Format_RGB32);
    ASSERT_FALSE(reference.isNull());
    // The SVG states its size in physical units: rsvg may round it to one more pixel.
    ASSERT_LE(std::abs(other.width() - reference.width()), 1);
    ASSERT_LE(std::abs(other.height() - reference.height()), 1);

    // The pixels of the PNG well inside a cell's fill (the exact colour of an unmasked weight
    // all around, so away from the text and the edges, which the two renderers draw a little
    // differently): the SVG must show the same colour there.
    const core::Matrix &weights = doc.stages().heads[0].weights;
    const core::MaskMatrix visible = core::effectiveMask(doc.scene());
    QCPColorGradient gradient = sequentialGradient(QStringLiteral("viridis"));
    QList<QRgb> fills;
    for (int i = 0; i < weights.rows(); ++i)
        for (int j = 0; j < weights.cols(); ++j)
            if (visible(i, j))
                fills << (gradient.color(double(weights(i, j)), QCPRange(0, 1)) | 0xff000000u);
    ASSERT_EQ(fills.size(), 10);
    const int w = std::min(reference.width(), other.width()), h = std::min(reference.height(), other.height());
    const auto inside = [&](int x, int y) {
        const QRgb p = reference.pixel(x, y);
        if (!fills.contains(p))
            return false;
        for (int dy = -2; dy <= 2; ++dy)
            for (int dx = -2; dx <= 2; ++dx)
                if (reference.pixel(x + dx, y + dy) != p)
                    return false;
        return true;
    };
    int cellPixels = 0, spoiled = 0;
    for (int y = 2; y < h - 2; ++y)
        for (int x = 2; x < w - 2; ++x) {
            if (!inside(x, y))
                continue;
            ++cellPixels;
            spoiled += channelDistance(reference.pixel(x, y), other.pixel(x, y)) > 48;
        }
    ASSERT_GT(cellPixels, 10 * 100);
    // Hatching spilt over a cell crosses it every few pixels.
    EXPECT_LT(spoiled, cellPixels / 200) << spoiled << " of " << cellPixels << " cell pixels differ";
}
