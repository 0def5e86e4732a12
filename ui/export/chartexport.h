#pragma once
// Exporting a chart (any QCustomPlot) in the picture formats of the format table, chosen by
// the file suffix. Files are written whole or not at all.

#include <QObject>
#include <QString>

class QCustomPlot;
class QWidget;

namespace attnlab::ui {

// Writes `plot` to `path` at width × height (0 = the widget's size; PNG is rendered at twice
// that for sharp slides). Returns false with a reason in `error` when the suffix names no
// picture format, the size is empty, or the file cannot be written.
bool exportChart(QCustomPlot *plot, const QString &path, QString *error, int width = 0, int height = 0);

// Asks for a file name (ExportDialog), exports, and reports a failure in a message box.
void exportChartInteractively(QCustomPlot *plot, QWidget *parent, const QString &suggestedName);

// Gives every chart that has an export name (ui/plot/chartname.h) a context menu with
// "Export chart…". Installed once on the application.
class ChartExportMenus : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
};

} // namespace attnlab::ui
