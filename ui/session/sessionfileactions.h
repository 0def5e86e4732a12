#pragma once
// File → Save Model Session… and Open Model Session…: what a learner did to an opened model (heads
// switched off, weight cells edited, the text, the cache policy, the head in view) written to an
// .attnmodel.json file (core/session/modelsessionfile.h) and brought back: the checkpoint opens
// again and the edits are made once more, as one history entry, so the room is where it was and
// Undo still takes the model back to its checkpoint. Also the question asked before edits would be
// lost (another model opened, the window closed): save them, discard them, or stay.

#include "core/session/modelsessionfile.h"

#include <QMessageBox>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>

class QAction;
class QWidget;

namespace attnlab::ui {

class ModelActions;
class ModelSession;

// The session as a file would hold it: the checkpoint, the text, the head mask (empty when every
// head runs), every cell edit on the history up to its current step in the order made, the cache
// policy and the selected head.
core::session::ModelSessionFile captureModelSession(const ModelSession &session);

class SessionFileActions : public QObject {
    Q_OBJECT
public:
    SessionFileActions(ModelActions *model, QWidget *window);

    QAction *saveAction() const { return m_save; }
    QAction *openAction() const { return m_open; }

    // Writes the session to `path` (whole or not at all); false with lastError() set when it cannot.
    bool saveTo(const QString &path);
    // Reads `path` and opens its checkpoint; once loaded its edits are made again (sessionRestored
    // follows). False, changing nothing, with lastError() set for a file that does not read.
    bool openFile(const QString &path);

    // Asks whether the model's unsaved edits may go (Save Session…, Discard, Cancel) when it has
    // any; true when they may (saved, discarded, or none).
    bool maybeKeepEdits();

    QString lastError() const { return m_lastError ? m_lastError() : QString(); }
    // Tests: no dialogs; errors are only recorded, and maybeKeepEdits() takes this answer.
    void setQuiet(bool quiet) { m_quiet = quiet; }
    void setAnswerForTesting(QMessageBox::StandardButton answer) { m_testAnswer = answer; }
    void retranslate();

Q_SIGNALS:
    // A session file's edits were made again on its model (`problem` empty), or could not be
    // (`problem` says why; the model stays open without them).
    void sessionRestored(const QString &problem);
    void statusMessage(const QString &text);

private:
    void saveInteractive();
    void openInteractive();
    void restorePending();
    void showError(std::function<QString()> text);

    ModelActions *m_model;
    ModelSession *m_session;
    QWidget *m_window;
    QAction *m_save;
    QAction *m_open;
    std::optional<core::session::ModelSessionFile> m_pending;
    QString m_pendingPath;
    std::function<QString()> m_lastError;
    bool m_quiet = false;
    std::optional<QMessageBox::StandardButton> m_testAnswer;
};

} // namespace attnlab::ui
