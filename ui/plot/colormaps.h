#pragma once
// The colour maps of the heatmaps: a diverging map centred on 0 for signed stages and a
// sequential map over [0, 1] for the attention weights.

#include "ui/plot/qcp.h"

#include <QColor>
#include <QString>
#include <QStringList>

namespace attnlab::ui {

// "viridis", "cividis", "grayscale".
QStringList sequentialMapNames();
bool isSequentialMap(const QString &name);
// The sequential map called `name` (viridis when unknown). NaN cells are transparent: the
// heatmap draws hidden cells itself.
QCPColorGradient sequentialGradient(const QString &name);
// Blue below zero, white at zero, red above (ColorBrewer's RdBu, reversed).
QCPColorGradient divergingGradient();

// Black or white, whichever reads better on `background`.
QColor contrastingText(const QColor &background);

} // namespace attnlab::ui
