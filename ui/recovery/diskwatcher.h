#pragma once
// Notices when the document's file changes under the app (another program, another attnlab on
// a network share, a `git checkout`). Atomic saves replace the file, which drops it from
// QFileSystemWatcher, so the path is watched again after every change. The app's own saves
// are recognised by the file's size and time and do not count.

#include <QDateTime>
#include <QFileSystemWatcher>
#include <QObject>
#include <QTimer>

namespace attnlab::ui {

class Document;

class DiskWatcher : public QObject {
    Q_OBJECT
public:
    explicit DiskWatcher(Document *document);

    // Call right after the app wrote or read the file itself.
    void noteOwnWrite();

Q_SIGNALS:
    // The file now differs from what the app last read or wrote.
    void changedOnDisk(const QString &path);

private:
    void watch(const QString &path);
    void onChanged();
    bool isOwnState() const;

    Document *m_document;
    QFileSystemWatcher m_watcher;
    QTimer m_settle;
    QString m_path;
    qint64 m_size = -1;
    QDateTime m_modified;
};

} // namespace attnlab::ui
