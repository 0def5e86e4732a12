#pragma once
// File → Open Model…: picks a checkpoint folder, File → Open GGUF Model File… a *.gguf file (the
// last place is remembered for each), loads it on the
// session's worker with a progress dialog and Cancel for anything slower than half a second,
// and shows the loaders' one-line errors and, once, what the user should know about the model
// opened. Owns the session and the model room.

#include "ui/model/modelsession.h"

#include <QObject>
#include <QString>

#include <functional>

class QAction;
class QMenu;
class QProgressDialog;
class QWidget;

namespace attnlab::ui {

class Document;
class ModelRoom;

class ModelActions : public QObject {
    Q_OBJECT
public:
    ModelActions(Document *document, QWidget *window);

    ModelSession *session() const { return m_session; }
    ModelRoom *room() const { return m_room; }
    QAction *openAction() const { return m_open; }
    // File → Open GGUF Model File…: the same for one *.gguf file (llama.cpp's, Ollama's, LM Studio's).
    QAction *openFileAction() const { return m_openFile; }
    // File → Open from Hugging Face Cache: the models already downloaded to the local hub cache
    // (never a download), listed anew each time the menu opens.
    QMenu *cacheMenu() const { return m_cacheMenu; }

    // The classroom's headline example: 猫吃鱼 as a user's chat turn to Qwen2.5-0.5B-Instruct,
    // offered in the model room when the hub cache holds that model (checked when the window
    // starts, when a model opens and when the cache menu opens).
    static constexpr const char *kClassroomModel = "Qwen/Qwen2.5-0.5B-Instruct";
    QAction *classroomAction() const { return m_classroom; }
    // The cached snapshot folder of kClassroomModel, "" when it is not there.
    QString classroomSnapshot() const;
    void refreshClassroom();
    // Opens the snapshot and runs it on the prompt its chat template makes of the turn 猫吃鱼
    // (core/chat's chatPromptForUserTurn, add_generation_prompt on): the model answers next.
    void openClassroomExample();

    // Opens DIR (and, once loaded, runs the model on `text` when it is not empty). With
    // `askFirst`, the check set by setBeforeOpen() may stop it first (unsaved changes to the model).
    void open(const QString &dir, const QString &text = QString(),
        ModelSession::TextKind kind = ModelSession::TextKind::Sentence, bool askFirst = true);
    // Asked before any model opens in place of this one; false keeps the open model.
    void setBeforeOpen(std::function<bool()> check) { m_beforeOpen = std::move(check); }
    // The folder dialog, then open().
    void openInteractive();
    // The file dialog (GGUF files), then open().
    void openFileInteractive();
    // The last error shown ("" when none) in the current language, for tests; errors appear in a
    // message box unless quiet (tests set it).
    QString lastError() const { return m_lastError ? m_lastError() : QString(); }
    // The last notice shown about an opened model ("" when none), for tests.
    QString lastNotice() const { return m_lastNotice; }
    void setQuiet(bool quiet) { m_quiet = quiet; }
    void retranslate();

Q_SIGNALS:
    void statusMessage(const QString &text);
    // A model was opened: the room is where to look now.
    void modelOpened();

private:
    // `text` writes the message in the language of the moment.
    void showError(std::function<QString()> text);
    void fillCacheMenu();

    QWidget *m_window;
    ModelSession *m_session;
    ModelRoom *m_room;
    QAction *m_open;
    QAction *m_openFile;
    QMenu *m_cacheMenu;
    QAction *m_classroom;
    QProgressDialog *m_progress = nullptr;
    std::function<QString()> m_lastError;
    QString m_lastNotice;
    bool m_quiet = false;
    std::function<bool()> m_beforeOpen;
};

} // namespace attnlab::ui
