#include "ui/plot/chartname.h"

#include "ui/plot/qcp.h"

namespace attnlab::ui {

namespace {
const char *const kProperty = "attnlabExportName";
} // namespace

void setChartExportName(QCustomPlot *plot, const QString &name)
{
    plot->setProperty(kProperty, name);
}

QString chartExportName(const QCustomPlot *plot)
{
    return plot->property(kProperty).toString();
}

} // namespace attnlab::ui
