#pragma once
// A QLockFile on an open scene file, so that two attnlab windows cannot both edit it.
//
// The lock lives in the runtime directory (XDG_RUNTIME_DIR/attnlab-locks), named after a hash of
// the file's canonical path, not next to the file: a scene in a read-only folder (an examples
// share, a USB stick, /usr/share) can still be locked, and no "~.NAME.lock" litters the user's
// folders. The price: the runtime directory is per user and per machine, so the lock guards
// against the same user's second window — the case that loses work in a classroom — and not
// against another user on a network share; the changed-on-disk watcher covers that case.

#include <QString>

#include <memory>

class QLockFile;

namespace attnlab::ui {

class SceneLock {
public:
    SceneLock();
    ~SceneLock();

    // The lock file that guards `scenePath`.
    static QString lockPathFor(const QString &scenePath);
    // The pid of another live attnlab holding `scenePath`, or 0 when nobody (else) holds it.
    static qint64 holder(const QString &scenePath);

    // Releases the current lock and tries to take the one for `scenePath` ("" = hold none).
    // False when another instance holds it (then nothing is held).
    bool lock(const QString &scenePath);
    void unlock();
    QString path() const { return m_path; }
    bool isLocked() const;

private:
    std::unique_ptr<QLockFile> m_lock;
    QString m_path;
};

} // namespace attnlab::ui
