#pragma once
// The file name a chart suggests when it is exported. A chart with a name is exportable: the
// export service (ui/export/chartexport.h) gives it a context menu; plot/ knows nothing of how.

#include <QString>

class QCustomPlot;

namespace attnlab::ui {

void setChartExportName(QCustomPlot *plot, const QString &name);
// Empty when the chart has none.
QString chartExportName(const QCustomPlot *plot);

} // namespace attnlab::ui
