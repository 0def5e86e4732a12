#include "ui/export/chartexport.h"

#include "ui/export/exportdialog.h"
#include "ui/plot/chartname.h"
#include "ui/plot/qcp.h"

#include <QContextMenuEvent>
#include <QCoreApplication>
#include <QMenu>

namespace attnlab::ui {

namespace {

QString tr(const char *text)
{
    // lupdate files a tr() call in a namespace-level function under the namespace's name.
    return QCoreApplication::translate("attnlab::ui", text);
}

} // namespace

bool exportChart(QCustomPlot *plot, const QString &path, QString *error, int width, int height)
{
    if (!exportFormatFor(path, ExportContent::Picture)) {
        *error = unknownFormatMessage(path, ExportContent::Picture);
        return false;
    }
    const int w = width > 0 ? width : plot->width();
    const int h = height > 0 ? height : plot->height();
    if (w < 1 || h < 1) {
        *error = tr("the chart has no size");
        return false;
    }
    Picture picture;
    picture.size = QSize(w, h);
    picture.paint = [plot, w, h](QCPPainter *painter) { plot->toPainter(painter, w, h); };
    picture.scale = 2;
    // A pixel of the chart is a point on paper, as QCustomPlot's own PDFs have it.
    picture.dotsPerInch = 72;
    picture.pngDotsPerInch = 96;
    picture.modes = QCPPainter::pmNoCaching;
    picture.title = QStringLiteral("Attention Lab");
    return writeExport(picture, path, error);
}

void exportChartInteractively(QCustomPlot *plot, QWidget *parent, const QString &suggestedName)
{
    const QString path = ExportDialog::savePath(parent, suggestedName, ExportContent::Picture);
    if (path.isEmpty())
        return;
    QString error;
    if (!exportChart(plot, path, &error))
        ExportDialog::showFailure(parent, error);
}

bool ChartExportMenus::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::ContextMenu)
        return false;
    auto *plot = qobject_cast<QCustomPlot *>(watched);
    const QString name = plot ? chartExportName(plot) : QString();
    if (name.isEmpty())
        return false;
    QMenu menu(plot);
    QAction *exportAction = menu.addAction(tr("Export chart…"));
    exportAction->setToolTip(tr("Save this chart as a %1 file").arg(exportFormatList(ExportContent::Picture)));
    menu.setToolTipsVisible(true);
    if (menu.exec(static_cast<QContextMenuEvent *>(event)->globalPos()) == exportAction)
        exportChartInteractively(plot, plot->window(), name);
    return true;
}

} // namespace attnlab::ui
