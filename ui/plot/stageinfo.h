#pragma once
// What the heatmaps say about each stage: its title with the formula, its axis titles, and
// whether it is n×n (query × key), signed, or a probability.

#include "core/scene/pipeline.h"
#include "core/scene/scene.h"

#include <QString>
#include <QStringList>

namespace attnlab::ui {

// scores, scaled, masked, weights: rows are queries, columns keys.
bool isSquareStage(core::Stage stage);
// weights: shown with a sequential map over [0, 1]; everything else is signed.
bool isProbabilityStage(core::Stage stage);
// Stages whose hidden cells are drawn as masked (masked: −∞, weights: 0).
bool showsMask(core::Stage stage);
// Stages in which a query row that sees no key is flagged.
bool flagsRowsWithoutKeys(core::Stage stage);

// The scene's tokens as labels for rows and key columns.
QStringList tokenLabels(const core::Scene &scene);
// A short name for menus and messages ("weights", "缩放分数"), in the current language.
QString stageDisplayName(core::Stage stage);
// "weights = softmax(masked)", in the current language.
QString stageTitle(const core::Scene &scene, core::Stage stage);
// The number of rows × columns as "3×8".
QString shapeText(int rows, int columns);
QString rowAxisTitle(core::Stage stage);
QString columnAxisTitle(const core::Scene &scene, core::Stage stage);

// Formats a value for a cell with `decimals` decimals and a true minus sign.
QString formatCellValue(double value, int decimals);
// The full-precision value for tooltips ("−∞" for minus infinity).
QString formatExactValue(double value);

} // namespace attnlab::ui
