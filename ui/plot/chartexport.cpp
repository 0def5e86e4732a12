#include "ui/plot/chartexport.h"
#include "ui/plot/svgfonts.h"

#include "ui/plot/qcp.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSaveFile>
#include <QStandardPaths>
#include <QSvgGenerator>
#include <QTemporaryFile>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace attnlab::ui {

namespace {

QString tr(const char *text)
{
    // lupdate files tr() calls in a namespace-level function under the namespace's name.
    return QCoreApplication::translate("attnlab::ui", text);
}

bool writeWhole(const QString &path, const QByteArray &bytes, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        *error = file.errorString();
        return false;
    }
    return true;
}

bool exportPdf(QCustomPlot *plot, const QString &path, int w, int h, QString *error)
{
    // savePdf() writes straight to its file name: write next to the target, then rename.
    const QFileInfo target(path);
    QTemporaryFile temp(target.absoluteDir().filePath(QStringLiteral(".attnlab-export-XXXXXX.pdf")));
    if (!temp.open()) {
        *error = temp.errorString();
        return false;
    }
    temp.close();
    if (!plot->savePdf(temp.fileName(), w, h)) {
        *error = tr("the PDF could not be written");
        return false;
    }
    // rename(2) replaces the target atomically: the old file stays whole until the new one is in place.
    if (std::rename(QFile::encodeName(temp.fileName()).constData(), QFile::encodeName(path).constData()) != 0) {
        *error = QString::fromLocal8Bit(std::strerror(errno));
        return false;
    }
    temp.setAutoRemove(false);
    // QTemporaryFile made it private to us; an exported chart is an ordinary file.
    QFile::setPermissions(
        path, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther);
    return true;
}

} // namespace

bool isChartSuffix(const QString &suffix)
{
    const QString s = suffix.toLower();
    return s == QLatin1String("png") || s == QLatin1String("svg") || s == QLatin1String("pdf");
}

bool exportChart(QCustomPlot *plot, const QString &path, QString *error, int width, int height)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (!isChartSuffix(suffix)) {
        *error = tr("unknown file type \"%1\": use .png, .svg or .pdf").arg(QFileInfo(path).suffix());
        return false;
    }
    const int w = width > 0 ? width : plot->width();
    const int h = height > 0 ? height : plot->height();
    if (w < 1 || h < 1) {
        *error = tr("the chart has no size");
        return false;
    }
    if (suffix == QLatin1String("pdf"))
        return exportPdf(plot, path, w, h, error);

    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (suffix == QLatin1String("png")) {
        if (!plot->toPixmap(w, h, 2.0).save(&buffer, "PNG")) {
            *error = tr("the image could not be encoded");
            return false;
        }
    } else {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(QSize(w, h));
        svg.setViewBox(QRect(0, 0, w, h));
        svg.setTitle(QStringLiteral("Attention Lab"));
        QCPPainter painter;
        if (!painter.begin(&svg)) {
            *error = tr("the SVG could not be started");
            return false;
        }
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNoCaching);
        plot->toPainter(&painter, w, h);
        painter.end();
        bytes = withFontFallbacks(bytes);
    }
    return writeWhole(path, bytes, error);
}

void exportChartInteractively(QCustomPlot *plot, QWidget *parent, const QString &suggestedName)
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    QString selected;
    const QString path = QFileDialog::getSaveFileName(parent, tr("Export chart"),
        QDir(dir).filePath(suggestedName + QStringLiteral(".png")),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"), &selected);
    if (path.isEmpty())
        return;
    QString target = path;
    if (!isChartSuffix(QFileInfo(path).suffix()))
        target += selected.contains(QLatin1String("*.svg")) ? QStringLiteral(".svg")
            : selected.contains(QLatin1String("*.pdf"))     ? QStringLiteral(".pdf")
                                                            : QStringLiteral(".png");
    QString error;
    if (!exportChart(plot, target, &error))
        QMessageBox::warning(
            parent, tr("Export chart"), tr("Could not export to %1: %2").arg(QDir::toNativeSeparators(target), error));
}

void addExportMenu(QCustomPlot *plot, std::function<QString()> suggestedName)
{
    plot->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(plot, &QWidget::customContextMenuRequested, plot, [plot, suggestedName](const QPoint &pos) {
        QMenu menu(plot);
        QAction *exportAction = menu.addAction(tr("Export chart…"));
        exportAction->setToolTip(tr("Save this chart as a PNG, SVG or PDF file"));
        if (menu.exec(plot->mapToGlobal(pos)) == exportAction)
            exportChartInteractively(plot, plot->window(), suggestedName());
    });
}

} // namespace attnlab::ui
