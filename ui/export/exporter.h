#pragma once
// Images of the heatmaps for slides and handouts: stages side by side, one finished card
// each (title, token labels, axis titles, colour scale), as PNG, SVG (text stays text) or
// PDF, and a stage's matrix as CSV. Files are written atomically.

#include "core/scene/pipeline.h"
#include "ui/plot/theme.h"

#include <QImage>
#include <QList>
#include <QSize>
#include <QString>

class QPainter;

namespace attnlab::ui {

class Document;

struct ExportOptions {
    double scale = 2.0;
    Theme theme = Theme::Light;
    QString colorMap = QStringLiteral("viridis");
    // The scene's title and tokens above the cards, and a wide margin around them. A handout,
    // which prints them once, leaves them out of each figure (a thin white frame remains).
    bool header = true;
    // The largest side of a cell, in logical pixels: the values are printed in type that fits it.
    int largestCell = 52;
};

// The stages of `doc` for `head` (0-based; ignored by X, concat and output) side by side,
// at `o.scale` pixels per logical pixel. Stages the scene does not have are left out; a null
// image when none is left.
// `valuePixels`, when given, receives the type size of the cell values, in logical pixels (the
// smallest over the cards; 0 when a card shows no values).
QImage renderStagesImage(const Document &doc, const QList<core::Stage> &stages, int head, const ExportOptions &o,
    int *valuePixels = nullptr);

// Writes the picture format (exportformat.h) that the suffix of `path` names. False with *error set on failure;
// an existing file is then left as it was.
bool exportStages(const Document &doc, const QList<core::Stage> &stages, int head, const ExportOptions &o,
    const QString &path, QString *error);

// One stage's matrix as CSV (UTF-8): a header of key tokens or feature indices, then one
// line per token, values at full float precision, hidden cells of `masked` as -inf. A path
// ending in .npy gets a NumPy float32 array instead (np.load reads it; −∞ stays −∞).
bool exportCsv(const Document &doc, core::Stage stage, int head, const QString &path, QString *error);

// The stages the scene has, in pipeline order (what "board" exports).
QList<core::Stage> availableStages(const Document &doc);

// Logical size of the image renderStagesImage() would produce at scale 1.
QSize stagesImageSize(const Document &doc, const QList<core::Stage> &stages, int head, const ExportOptions &o);

} // namespace attnlab::ui
