#pragma once
// Writes a recovery copy of the document while it has unsaved changes: at most every 30 s
// (ATTNLAB_AUTOSAVE_INTERVAL_MS overrides, for tests), and right after an edit that changes
// tokens or dimensions. The writing runs on a worker thread (a large scene's text takes
// noticeable time); the scene is copied on the GUI thread first. A clean save, a discard or
// another scene loaded removes the copy.

#include "ui/recovery/recoverystore.h"

#include <QObject>
#include <QThreadPool>
#include <QTimer>

#include <memory>

namespace attnlab::core {
struct Edit;
}

namespace attnlab::ui {

class Document;

class Autosaver : public QObject {
    Q_OBJECT
public:
    // `directory` empty = RecoveryStore::defaultDirectory().
    explicit Autosaver(Document *document, const QString &directory = QString());
    ~Autosaver() override;

    static int defaultInterval();
    int interval() const { return m_interval; }
    void setInterval(int ms) { m_interval = ms; }
    QString id() const { return m_id; }
    QString directory() const { return m_directory; }

    // Writes the copy now when the document is modified; `wait` blocks until it is on disk
    // (SIGTERM, before the process ends).
    void saveNow(bool wait = false);
    // Removes this document's copy (after a clean save or a discard).
    void discard();
    bool hasCopy() const { return m_hasCopy; }

Q_SIGNALS:
    void saved();

private:
    void onEdit(const core::Edit &edit);
    void schedule(int delay);

    Document *m_document;
    QString m_directory;
    QString m_id;
    std::unique_ptr<RecoveryOwner> m_owner;
    QTimer m_timer;
    QThreadPool m_pool;
    int m_interval;
    bool m_hasCopy = false;
};

} // namespace attnlab::ui
