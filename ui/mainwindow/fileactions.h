#pragma once
// The File menu's logic: new, open, save, save as, recent files, the built-in examples and
// opening dropped files. Saves are atomic; a file that fails to load is reported with the
// same messages as `attnlab --validate` and leaves the current scene untouched.
// It also keeps the work safe (ui/recovery/): an autosaved recovery copy while the scene has
// unsaved changes, a lock on the open file (a file another attnlab holds opens read-only),
// a watch on the file for changes made by others, and the recovery offer at start-up.

#include "ui/recovery/recoverystore.h"
#include "ui/recovery/scenelock.h"

#include <QObject>
#include <QStringList>

#include <functional>

class QAction;
class QMenu;
class QMimeData;
class QWidget;

namespace attnlab::ui {

class Autosaver;
class Document;
class DiskWatcher;

class FileActions : public QObject {
    Q_OBJECT
public:
    // `window` parents the dialogs.
    FileActions(Document *document, QWidget *window);

    QAction *newAction() const { return m_new; }
    QAction *openAction() const { return m_open; }
    QAction *saveAction() const { return m_save; }
    QAction *saveAsAction() const { return m_saveAs; }
    QMenu *recentMenu() const { return m_recentMenu; }
    QMenu *examplesMenu() const { return m_examplesMenu; }

    // Without dialogs. openPath() replaces the scene only when the file is valid; otherwise
    // `problems` receives one "file: path: message" line per problem, as --validate prints.
    bool openPath(const QString &path, QStringList *problems = nullptr);
    bool openExample(const QString &name);
    // Writes the scene atomically and makes it the document's file.
    bool saveTo(const QString &path, QString *error = nullptr);
    // A fresh untitled scene (the default example's matrices, no file).
    void newScene();

    // True when the open file is held by another attnlab: Save refuses and offers Save As.
    bool isReadOnly() const { return m_readOnly; }
    // The file the window started with (`attnlab FILE`, a double-click) is held by another
    // attnlab: asks as File → Open does; Cancel leaves a new untitled scene instead. Runs by
    // itself once the event loop starts.
    void confirmStartFile();
    Autosaver *autosaver() const { return m_autosaver; }
    DiskWatcher *diskWatcher() const { return m_diskWatcher; }
    // Opens a recovery copy as an unsaved document of its original file (undo starts there)
    // and removes the copy from `store`.
    bool restore(const RecoveryEntry &entry, const RecoveryStore &store);
    // At start-up: offers the copies that crashed or killed instances left (a dialog).
    void offerRecovery(const RecoveryStore &store = RecoveryStore());
    // The open file changed on disk: reload quietly when unmodified, else ask.
    void handleChangedOnDisk(const QString &path);

    // With dialogs: ask about unsaved changes first, report failures in a message box.
    bool maybeSave();
    void open();
    bool openInteractive(const QString &path);
    bool save();
    bool saveAs();

    // The question before unsaved changes are dropped: it names the file, else the scene's title.
    QString unsavedChangesQuestion() const;
    // The name Save As suggests: the file's own, else one made of the scene's title (an example
    // opened from the menu has no file of its own), else "untitled".
    QString suggestedFileName() const;

    QStringList recentFiles() const;
    void clearRecentFiles();
    // The first scene file among dropped URLs, empty when there is none.
    static QString sceneFileFromMimeData(const QMimeData *mime);

    // Replace the dialogs (for tests, and for scripted use). The prompt answers
    // "save changes?" with Save, Discard or Cancel; the chooser returns a path or "".
    enum class Answer { Save, Discard, Cancel };
    // Another attnlab holds the file (process `pid`): true opens it read-only.
    void setLockPrompt(std::function<bool(const QString &path, qint64 pid)> prompt)
    {
        m_lockPrompt = std::move(prompt);
    }
    // The file changed on disk while there are unsaved edits: true reloads, false keeps mine.
    void setReloadPrompt(std::function<bool(const QString &path)> prompt) { m_reloadPrompt = std::move(prompt); }
    void setSavePrompt(std::function<Answer()> prompt) { m_savePrompt = std::move(prompt); }
    void setFileChooser(std::function<QString(bool forSaving)> chooser) { m_fileChooser = std::move(chooser); }
    void setErrorReporter(std::function<void(const QString &title, const QString &text)> reporter)
    {
        m_errorReporter = std::move(reporter);
    }

    void retranslate();

Q_SIGNALS:
    // A built-in example was opened (its description deserves a moment on screen).
    void exampleOpened(const QString &name);
    void statusMessage(const QString &text);
    void readOnlyChanged(bool readOnly);

private:
    void addRecentFile(const QString &path);
    void fillRecentMenu();
    void fillExamplesMenu();
    Answer askToSave() const;
    QString chooseFile(bool forSaving) const;
    void reportError(const QString &title, const QString &text) const;
    bool askOpenReadOnly(const QString &path, qint64 pid) const;
    bool askReload(const QString &path) const;
    // Takes the lock of the document's file; read-only when another instance holds it.
    void lockCurrentFile();

    Document *m_document;
    QWidget *m_window;
    QAction *m_new;
    QAction *m_open;
    QAction *m_save;
    QAction *m_saveAs;
    QMenu *m_recentMenu;
    QMenu *m_examplesMenu;
    std::function<Answer()> m_savePrompt;
    std::function<QString(bool)> m_fileChooser;
    std::function<void(const QString &, const QString &)> m_errorReporter;
    std::function<bool(const QString &, qint64)> m_lockPrompt;
    std::function<bool(const QString &)> m_reloadPrompt;
    Autosaver *m_autosaver;
    DiskWatcher *m_diskWatcher;
    SceneLock m_lock;
    bool m_readOnly = false;
};

} // namespace attnlab::ui
