#include "ui/i18n/modelpathdialog.h"

#include "ui/i18n/localizedfiledialog.h"

#include <QDir>
#include <QFileInfo>

namespace attnlab::ui {

ModelPathDialog::ModelPathDialog(QWidget *parent, const QString &caption, const QString &dir, const QString &filter)
    : QFileDialog(parent, caption, dir, filter)
{
    setFileMode(QFileDialog::ExistingFile);
    // Only Qt's own dialog calls accept(); a desktop's native one would pick files only.
    setOption(QFileDialog::DontUseNativeDialog);
    LocalizedFileDialog::localize(this);
}

bool ModelPathDialog::isModelFolder(const QString &path)
{
    const QFileInfo info(path);
    return info.isDir() && QFileInfo(QDir(path).filePath(QStringLiteral("config.json"))).isFile();
}

void ModelPathDialog::accept()
{
    const QStringList selected = selectedFiles();
    // Nothing selected inside a model folder: the folder shown is the answer.
    const QString path = selected.isEmpty() ? directory().absolutePath() : selected.constFirst();
    if (isModelFolder(path)) {
        m_chosen = QFileInfo(path).absoluteFilePath();
        QDialog::accept();
        return;
    }
    if (selected.isEmpty())
        return;
    // A checkpoint's own file (config.json, model.safetensors) stands for its folder.
    const QFileInfo info(path);
    if (info.isFile() && info.suffix().compare(QStringLiteral("gguf"), Qt::CaseInsensitive) != 0
        && isModelFolder(info.absolutePath())) {
        m_chosen = info.absolutePath();
        QDialog::accept();
        return;
    }
    // A file is chosen by QFileDialog itself; any other folder is entered.
    QFileDialog::accept();
    if (result() == QDialog::Accepted)
        m_chosen = info.absoluteFilePath();
}

QString ModelPathDialog::getModelPath(
    QWidget *parent, const QString &caption, const QString &dir, const QString &filter)
{
    ModelPathDialog dialog(parent, caption, dir, filter);
    return dialog.exec() == QDialog::Accepted ? dialog.chosenPath() : QString();
}

} // namespace attnlab::ui
