#include "ui/export/exportwriters.h"

#include "core/json/matrixfile.h"
#include "ui/export/pdfunicode.h"
#include "ui/plot/svgfonts.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QTextDocument>

#include <charconv>
#include <cmath>

namespace attnlab::ui {

namespace {

QString tr(const char *text)
{
    // lupdate files a tr() call in a namespace-level function under the namespace's name.
    return QCoreApplication::translate("attnlab::ui", text);
}

bool saveWhole(const QString &path, const QByteArray &bytes, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        *error = tr("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

// The one PDF set-up of every export: the page, the resolution and the metadata; `draw` paints
// the pages. Chinese copies out as written (pdfunicode.h).
bool writePdf(const QString &title, const QPageLayout &page, int dotsPerInch,
    const std::function<void(QPdfWriter *)> &draw, const QString &path, QString *error)
{
    QByteArray bytes;
    {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        QPdfWriter pdf(&buffer);
        pdf.setTitle(title);
        pdf.setCreator(QStringLiteral("Attention Lab"));
        pdf.setResolution(dotsPerInch);
        pdf.setPageLayout(page);
        draw(&pdf);
    }
    return saveWhole(path, withIdeographsForRadicals(std::move(bytes)), error);
}

void paintVectors(const Picture &picture, QPaintDevice *device)
{
    QCPPainter painter(device);
    // The picture fills the device, whatever its resolution.
    painter.setWindow(QRect(QPoint(0, 0), picture.size));
    painter.setMode(QCPPainter::pmVectorized);
    painter.setModes(painter.modes() | picture.modes);
    picture.paint(&painter);
}

} // namespace

QImage renderPicture(const Picture &picture)
{
    const double scale = picture.scale;
    const QSize pixels(int(std::ceil(picture.size.width() * scale)), int(std::ceil(picture.size.height() * scale)));
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    const double dotsPerInch = picture.pngDotsPerInch > 0 ? picture.pngDotsPerInch : picture.dotsPerInch * scale;
    const int dotsPerMeter = int(std::lround(dotsPerInch / 0.0254));
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    image.fill(Qt::white);
    QCPPainter painter(&image);
    painter.setModes(picture.modes);
    // Thin lines scale with the picture rather than staying one device pixel wide.
    if (scale > 1)
        painter.setMode(QCPPainter::pmNonCosmetic);
    painter.scale(scale, scale);
    picture.paint(&painter);
    return image;
}

bool writePngPicture(const Picture &picture, const QString &path, QString *error)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!renderPicture(picture).save(&buffer, "PNG")) {
        *error = tr("cannot write %1: the PNG encoder failed").arg(path);
        return false;
    }
    return saveWhole(path, bytes, error);
}

bool writeSvgPicture(const Picture &picture, const QString &path, QString *error)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(picture.size);
    svg.setViewBox(QRect(QPoint(0, 0), picture.size));
    svg.setResolution(picture.dotsPerInch);
    svg.setTitle(picture.title);
    if (!picture.description.isEmpty())
        svg.setDescription(picture.description);
    paintVectors(picture, &svg);
    return saveWhole(path, withFontFallbacks(bytes), error);
}

bool writePdfPicture(const Picture &picture, const QString &path, QString *error)
{
    // One page exactly the size of the picture.
    const double pointsPerPixel = 72.0 / picture.dotsPerInch;
    const QSizeF points(picture.size.width() * pointsPerPixel, picture.size.height() * pointsPerPixel);
    const QPageLayout page(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch), QPageLayout::Portrait,
        QMarginsF(0, 0, 0, 0), QPageLayout::Point);
    // Laid out at the screen's 96 dots per inch, so that fonts given in points (a chart's) keep
    // their size against the picture, as on screen.
    return writePdf(
        picture.title, page, 96, [&](QPdfWriter *pdf) { paintVectors(picture, pdf); }, path, error);
}

QPageLayout printedPageLayout()
{
    return QPageLayout(
        QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
}

bool writePdfText(const PrintedText &text, const QString &path, QString *error)
{
    return writePdf(
        text.title, printedPageLayout(), kPrintedDotsPerInch, [&](QPdfWriter *pdf) { text.document->print(pdf); }, path,
        error);
}

bool writeCsvTable(const MatrixTable &table, const QString &path, QString *error)
{
    auto field = [](QString text) {
        if (text.contains(QLatin1Char(',')) || text.contains(QLatin1Char('"')) || text.contains(QLatin1Char('\n'))
            || text.contains(QLatin1Char('\r'))) {
            text.replace(QLatin1String("\""), QLatin1String("\"\""));
            text = QLatin1Char('"') + text + QLatin1Char('"');
        }
        return text;
    };
    // The shortest text that reads back as the same float (0.2, not 0.200000003): std::to_chars
    // of the float itself, as Python's repr does for a double.
    auto number = [](core::Scalar v) {
        if (std::isinf(v))
            return v < 0 ? QStringLiteral("-inf") : QStringLiteral("inf");
        char text[32];
        const auto end = std::to_chars(text, text + sizeof text, v).ptr;
        return QString::fromLatin1(text, int(end - text));
    };
    const core::Matrix &m = table.values;
    QStringList header {field(table.corner)};
    for (const QString &column : table.columns)
        header << field(column);
    QString out = header.join(QLatin1Char(',')) + QLatin1String("\r\n");
    for (int r = 0; r < m.rows(); ++r) {
        QStringList line {field(table.rows.value(r))};
        for (int c = 0; c < m.cols(); ++c)
            line << number(m(r, c));
        out += line.join(QLatin1Char(',')) + QLatin1String("\r\n");
    }
    // A byte-order mark so that spreadsheet programs read the tokens as UTF-8.
    return saveWhole(path, QByteArray("\xEF\xBB\xBF") + out.toUtf8(), error);
}

bool writeNpyTable(const MatrixTable &table, const QString &path, QString *error)
{
    const std::string bytes = core::matrixToNpy(table.values);
    return saveWhole(path, QByteArray(bytes.data(), qsizetype(bytes.size())), error);
}

} // namespace attnlab::ui
