#pragma once
// QFileDialog's static functions, with the file list in the interface language. Qt's own
// dialog writes the "Date Modified" column with QLocale::system(), which follows the desktop's
// locale, not the language chosen in View → Language or with --lang: under an English desktop the
// Chinese dialog showed English dates. A proxy model writes them with QLocale() instead, which
// Language sets. (A desktop's native dialog ignores the proxy; it follows the desktop anyway.)

#include <QString>

class QAbstractProxyModel;
class QFileDialog;
class QObject;
class QWidget;

namespace attnlab::ui {

class LocalizedFileDialog {
public:
    static QString getOpenFileName(QWidget *parent, const QString &caption, const QString &dir, const QString &filter,
        QString *selectedFilter = nullptr);
    static QString getSaveFileName(QWidget *parent, const QString &caption, const QString &dir, const QString &filter,
        QString *selectedFilter = nullptr);
    static QString getExistingDirectory(QWidget *parent, const QString &caption, const QString &dir);

    // Gives `dialog` the file list in the interface language (what the functions above do).
    static void localize(QFileDialog *dialog);
    // The proxy localize() installs, for a QFileSystemModel source.
    static QAbstractProxyModel *createProxy(QObject *parent);
};

} // namespace attnlab::ui
