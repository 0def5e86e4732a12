#include "ui/i18n/localizedfiledialog.h"

#include <QFileDialog>
#include <QFileSystemModel>
#include <QIdentityProxyModel>
#include <QLocale>

namespace attnlab::ui {

namespace {

// QFileSystemModel's column of modification times.
constexpr int kDateColumn = 3;

class LocalizedFileModel : public QIdentityProxyModel {
public:
    using QIdentityProxyModel::QIdentityProxyModel;

    QVariant data(const QModelIndex &index, int role) const override
    {
        if (index.column() == kDateColumn && role == Qt::DisplayRole)
            if (const auto *files = qobject_cast<const QFileSystemModel *>(sourceModel()))
                return QLocale().toString(files->lastModified(mapToSource(index)), QLocale::ShortFormat);
        return QIdentityProxyModel::data(index, role);
    }
};

QString run(QFileDialog &dialog, QString *selectedFilter)
{
    if (selectedFilter && !selectedFilter->isEmpty())
        dialog.selectNameFilter(*selectedFilter);
    LocalizedFileDialog::localize(&dialog);
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return {};
    if (selectedFilter)
        *selectedFilter = dialog.selectedNameFilter();
    return dialog.selectedFiles().constFirst();
}

} // namespace

QAbstractProxyModel *LocalizedFileDialog::createProxy(QObject *parent)
{
    return new LocalizedFileModel(parent);
}

void LocalizedFileDialog::localize(QFileDialog *dialog)
{
    dialog->setProxyModel(createProxy(dialog));
}

QString LocalizedFileDialog::getOpenFileName(
    QWidget *parent, const QString &caption, const QString &dir, const QString &filter, QString *selectedFilter)
{
    QFileDialog dialog(parent, caption, dir, filter);
    dialog.setFileMode(QFileDialog::ExistingFile);
    return run(dialog, selectedFilter);
}

QString LocalizedFileDialog::getSaveFileName(
    QWidget *parent, const QString &caption, const QString &dir, const QString &filter, QString *selectedFilter)
{
    QFileDialog dialog(parent, caption, dir, filter);
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    return run(dialog, selectedFilter);
}

QString LocalizedFileDialog::getExistingDirectory(QWidget *parent, const QString &caption, const QString &dir)
{
    QFileDialog dialog(parent, caption, dir);
    dialog.setFileMode(QFileDialog::Directory);
    dialog.setOption(QFileDialog::ShowDirsOnly);
    return run(dialog, nullptr);
}

} // namespace attnlab::ui
