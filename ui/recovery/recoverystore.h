#pragma once
// Recovery copies of unsaved scenes, one set of files per running document in
// AppDataLocation/recovery: ID.attn.json (the scene), ID.json (what the offer shows), ID.png
// (a thumbnail of the weights) and ID.lock, a QLockFile the writing instance holds while it
// runs. A copy whose lock can be taken belongs to an instance that is gone (crash, kill -9,
// SIGTERM): that is what the next start offers. A running instance's copy is never offered.

#include <QDateTime>
#include <QImage>
#include <QString>

#include <memory>
#include <vector>

class QLockFile;

namespace attnlab::ui {

struct RecoveryEntry {
    QString id;
    QString title;
    QString originalPath; // "" for an untitled scene
    QDateTime time;
    qint64 pid = 0;
    QString scenePath;
    QString thumbnailPath;
};

class RecoveryStore {
public:
    // `directory` empty = defaultDirectory().
    explicit RecoveryStore(const QString &directory = QString());
    ~RecoveryStore();

    // AppDataLocation/recovery, or $ATTNLAB_RECOVERY_DIR when set.
    static QString defaultDirectory();
    QString directory() const { return m_directory; }

    // The copies left behind by instances that no longer run, newest first.
    std::vector<RecoveryEntry> orphans() const;
    // Removes the entry `id` (its lock file goes with its owner).
    void remove(const QString &id) const;

    // Writes the copy of one live document: the scene text through QSaveFile, then the
    // metadata. Safe to call from a worker thread (touches no GUI object).
    static bool write(const QString &directory, const RecoveryEntry &entry, const std::string &sceneText,
        const QImage &thumbnail, QString *error = nullptr);

private:
    QString m_directory;
};

// Marks this instance's copies as alive: holds ID.lock for as long as it exists.
class RecoveryOwner {
public:
    RecoveryOwner(const QString &directory, const QString &id);
    ~RecoveryOwner();
    RecoveryOwner(const RecoveryOwner &) = delete;
    RecoveryOwner &operator=(const RecoveryOwner &) = delete;

private:
    std::unique_ptr<QLockFile> m_lock;
};

} // namespace attnlab::ui
