#pragma once
// Every file format the app exports, as one table: the suffix, the name the save dialogs show
// (in the interface language) and the writers for the kinds of content it can hold. The board,
// the charts, the handout, the worksheet and the command line all ask this table: a new format
// is one row here plus its writer (exportwriters.h).

#include "ui/export/exportwriters.h"

#include <QList>
#include <QString>

namespace attnlab::ui {

// What is exported; a format offers the contents it has a writer for.
enum class ExportContent { Picture, Matrix, PrintedText };

struct ExportFormat {
    const char *suffix; // lower case, without the dot
    const char *name; // the dialog's name for it, translated in the context "attnlab::ui::ExportFormat"
    // A format made of pixels: the dialogs ask for a scale.
    bool pixels = false;
    bool (*writePicture)(const Picture &, const QString &path, QString *error) = nullptr;
    bool (*writeMatrix)(const MatrixTable &, const QString &path, QString *error) = nullptr;
    bool (*writeText)(const PrintedText &, const QString &path, QString *error) = nullptr;

    bool holds(ExportContent content) const;
    // The name in the interface language ("PNG image").
    QString displayName() const;
    // "PNG image (*.png)", as a file dialog filter.
    QString dialogFilter() const;
};

// Every row, in the order the dialogs offer them.
const QList<ExportFormat> &exportFormats();
// The formats that can hold `content`, in the table's order.
QList<const ExportFormat *> exportFormats(ExportContent content);

// The format for the suffix of `path` (in any case) that can hold `content`, or nullptr.
const ExportFormat *exportFormatFor(const QString &path, ExportContent content);

// The save dialog's filter for `content`: "PNG image (*.png);;SVG image (*.svg);;…".
QString exportDialogFilter(ExportContent content);
// The suffixes for `content` as a sentence would list them: ".png, .svg or .pdf".
QString exportSuffixList(ExportContent content);
// The formats for `content` as a sentence would list them: "PNG, SVG or PDF".
QString exportFormatList(ExportContent content);
// What every export says of a file name whose suffix no format for `content` has.
QString unknownFormatMessage(const QString &path, ExportContent content);

// `path` as a save dialog returned it, with the suffix of the filter the user chose (else the
// first format's) added when it ends in none of the suffixes for `content`.
QString withExportSuffix(const QString &path, const QString &chosenFilter, ExportContent content);

// Write `content` to `path` in the format its suffix names; an unknown suffix is refused with
// unknownFormatMessage(). False with *error set; an existing file is then left as it was.
bool writeExport(const Picture &picture, const QString &path, QString *error);
bool writeExport(const MatrixTable &table, const QString &path, QString *error);
bool writeExport(const PrintedText &text, const QString &path, QString *error);

} // namespace attnlab::ui
