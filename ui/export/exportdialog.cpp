#include "ui/export/exportdialog.h"

#include "ui/i18n/localizedfiledialog.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>

namespace attnlab::ui {

namespace {

const QString kDirectoryKey = QStringLiteral("export/lastDirectory");
// The scene file the last export was made from, so that another scene starts in its own folder.
const QString kDirectorySceneKey = QStringLiteral("export/lastDirectoryScene");

ExportDialog::Chooser &chooser()
{
    static ExportDialog::Chooser instance;
    return instance;
}

QString tr(const char *text)
{
    return QCoreApplication::translate("attnlab::ui::ExportDialog", text);
}

} // namespace

void ExportDialog::setChooser(Chooser replacement)
{
    chooser() = std::move(replacement);
}

QString ExportDialog::startDirectory(const QString &sceneFile)
{
    const QSettings settings;
    const bool onDisk = !sceneFile.isEmpty() && !sceneFile.startsWith(QLatin1Char(':'));
    const QString last = settings.value(kDirectoryKey).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir()
        && (!onDisk || settings.value(kDirectorySceneKey).toString() == sceneFile))
        return last;
    if (onDisk && QFileInfo(QFileInfo(sceneFile).absolutePath()).isDir())
        return QFileInfo(sceneFile).absolutePath();
    return QDir::homePath();
}

QString ExportDialog::savePath(
    QWidget *parent, const QString &baseName, ExportContent content, const QString &sceneFile)
{
    const QString suggested
        = QDir(startDirectory(sceneFile))
              .filePath(baseName + QLatin1Char('.') + QLatin1String(exportFormats(content).constFirst()->suffix));
    const QString filter = exportDialogFilter(content);
    QString chosenFilter;
    const QString path = chooser()
        ? chooser()(suggested, filter)
        : LocalizedFileDialog::getSaveFileName(parent, tr("Export"), suggested, filter, &chosenFilter);
    if (path.isEmpty())
        return path;
    QSettings settings;
    settings.setValue(kDirectoryKey, QFileInfo(path).absolutePath());
    settings.setValue(kDirectorySceneKey, sceneFile);
    return withExportSuffix(path, chosenFilter, content);
}

void ExportDialog::showFailure(QWidget *parent, const QString &error)
{
    QMessageBox::warning(parent, tr("Export failed"), error);
}

} // namespace attnlab::ui
