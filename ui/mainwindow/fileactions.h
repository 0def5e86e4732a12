#pragma once
// The File menu's logic: new, open, save, save as, recent files, the built-in examples and
// opening dropped files. Saves are atomic; a file that fails to load is reported with the
// same messages as `attnlab --validate` and leaves the current scene untouched.

#include <QObject>
#include <QStringList>

#include <functional>

class QAction;
class QMenu;
class QMimeData;
class QWidget;

namespace attnlab::ui {

class Document;

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

    // With dialogs: ask about unsaved changes first, report failures in a message box.
    bool maybeSave();
    void open();
    bool openInteractive(const QString &path);
    bool save();
    bool saveAs();

    QStringList recentFiles() const;
    void clearRecentFiles();
    // The first scene file among dropped URLs, empty when there is none.
    static QString sceneFileFromMimeData(const QMimeData *mime);

    // Replace the dialogs (for tests, and for scripted use). The prompt answers
    // "save changes?" with Save, Discard or Cancel; the chooser returns a path or "".
    enum class Answer { Save, Discard, Cancel };
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

private:
    void addRecentFile(const QString &path);
    void fillRecentMenu();
    void fillExamplesMenu();
    Answer askToSave() const;
    QString chooseFile(bool forSaving) const;
    void reportError(const QString &title, const QString &text) const;

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
};

} // namespace attnlab::ui
