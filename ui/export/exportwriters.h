#pragma once
// What the export formats write (exportformat.h names them): a picture that paints itself, a
// matrix table, or printed text. One writer per format and kind of content, each writing its file
// whole or not at all, and one page set-up for every PDF.

#include "core/types.h"
#include "ui/plot/qcp.h"

#include <QImage>
#include <QPageLayout>
#include <QSize>
#include <QString>
#include <QStringList>

#include <functional>

class QTextDocument;

namespace attnlab::ui {

// Anything that paints itself at a logical size: the board's cards, a chart.
struct Picture {
    QSize size; // logical pixels
    std::function<void(QCPPainter *)> paint;
    double scale = 1; // device pixels per logical pixel in a PNG
    // Logical pixels per inch: how large an SVG or PDF prints (QCustomPlot's charts take a pixel
    // for a point, 72).
    int dotsPerInch = 96;
    // A PNG's dots per inch, which also sizes the fonts given in points: 0 makes the image print at
    // its logical size (dotsPerInch × scale; the board, whose fonts are in pixels). A chart, whose
    // fonts are in points, keeps the screen's 96 so that they stay the size they are on screen.
    int pngDotsPerInch = 0;
    // Painter modes besides pmVectorized (which SVG and PDF get): pmNonCosmetic for the board,
    // pmNoCaching for charts.
    QCPPainter::PainterModes modes;
    QString title;
    QString description; // none: QSvgGenerator's own
};

// A matrix with its labels, as the CSV table prints it.
struct MatrixTable {
    core::Matrix values;
    QString corner; // above the row labels
    QStringList columns;
    QStringList rows; // one per row of values
};

// Laid-out text (the handout, the worksheet) for A4 pages.
struct PrintedText {
    const QTextDocument *document = nullptr;
    QString title;
};

// The picture at its scale on white, its dots per inch set so that it prints at its logical size.
QImage renderPicture(const Picture &picture);

// The writers of the format table. Each returns false with *error set; an existing file is then
// left as it was.
bool writePngPicture(const Picture &picture, const QString &path, QString *error);
bool writeSvgPicture(const Picture &picture, const QString &path, QString *error);
bool writePdfPicture(const Picture &picture, const QString &path, QString *error);
bool writePdfText(const PrintedText &text, const QString &path, QString *error);
bool writeCsvTable(const MatrixTable &table, const QString &path, QString *error);
bool writeNpyTable(const MatrixTable &table, const QString &path, QString *error);

// The printed page of the handout and the worksheet: A4 portrait, 15 mm margins, at 150 dots per
// inch (the handout's figures are rendered at twice their printed size).
QPageLayout printedPageLayout();
inline constexpr int kPrintedDotsPerInch = 150;

} // namespace attnlab::ui
