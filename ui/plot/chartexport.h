#pragma once
// Exporting a chart (any QCustomPlot) as PNG, SVG or PDF, chosen by the file suffix. Files
// are written whole or not at all: a failed export never leaves a half-written file.

#include <QString>

#include <functional>

class QCustomPlot;
class QWidget;

namespace attnlab::ui {

// Writes `plot` to `path` at width × height (0 = the widget's size; PNG is rendered at twice
// that for sharp slides). Returns false with a reason in `error` when the suffix is not png,
// svg or pdf, the size is empty, or the file cannot be written.
bool exportChart(QCustomPlot *plot, const QString &path, QString *error, int width = 0, int height = 0);

// The suffixes exportChart() understands, lower case.
bool isChartSuffix(const QString &suffix);

// Asks for a file name (PNG/SVG/PDF), exports, and reports a failure in a message box.
void exportChartInteractively(QCustomPlot *plot, QWidget *parent, const QString &suggestedName);

// Gives `plot` a context menu with "Export chart…"; `suggestedName` is asked when it opens.
void addExportMenu(QCustomPlot *plot, std::function<QString()> suggestedName);

} // namespace attnlab::ui
