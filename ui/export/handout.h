#pragma once
// Printed material for a lesson, in the interface language:
// - the handout: the board of the current scene, then each stage with its explanation and its
//   heatmap, then the glossary;
// - the worksheet: the hand calculation of the current scene as an exercise — the given
//   matrices printed in full, the chosen stages as tables of blank cells — followed by an
//   answer key with the real numbers.
// Both are A4 PDFs written atomically; the HTML they are made from is public for tests.

#include "core/scene/pipeline.h"

#include <QImage>
#include <QList>
#include <QString>

namespace attnlab::ui {

class Document;

// Worksheets are for pencil and paper: larger scenes are refused with a reason.
inline constexpr int kWorksheetMaxTokens = 8;
inline constexpr int kWorksheetMaxWidth = 8; // d_k and d_v

// The stages a worksheet leaves blank by default: scores, scaled, (masked when there is a
// mask,) weights and context.
QList<core::Stage> defaultWorksheetStages(const Document &doc);

// The width of the handout's text on A4 (which is narrower than Letter's), in CSS pixels
// (1/96 inch): 210 mm less the PDF's 15 mm margins and the 20 mm that QTextDocument::print adds
// inside them, on each side.
inline constexpr double kHandoutTextWidth = (210.0 - 2 * 15.0 - 2 * 20.0) / 25.4 * 96.0;

// Page 1's board: one figure per stage, in pipeline order, flowing in rows across the page (as
// many side by side as fit), each printed at its own size unless it is wider than the page.
struct HandoutFigure {
    core::Stage stage = core::StageX;
    QImage image;
    double width = 0; // printed, in CSS pixels
    double valuePoints = 0; // printed type size of the cell values; 0 when the card shows none
};
QList<HandoutFigure> handoutBoard(const Document &doc, int head);

QString handoutHtml(const Document &doc, int head);
// An explanation page without the text it marks as for the screen only (class "screen": what to
// click, what the Inspector shows), for paper.
QString withoutScreenOnlyText(const QString &html);
// Empty with *why set when the scene is too large for a worksheet.
QString worksheetHtml(const Document &doc, int head, const QList<core::Stage> &blanks, bool answers, QString *why);

// The worksheet as exportWorksheet() prints it: the exercise, then the answer key on a page of its
// own. Empty with *why set when the scene is too large.
QString printedWorksheetHtml(const Document &doc, int head, const QList<core::Stage> &blanks, QString *why);

bool exportHandout(const Document &doc, int head, const QString &path, QString *error);
bool exportWorksheet(
    const Document &doc, int head, const QList<core::Stage> &blanks, const QString &path, QString *error);

} // namespace attnlab::ui
