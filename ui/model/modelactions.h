#pragma once
// File → Open Model…: picks a checkpoint folder (the last one is remembered), loads it on the
// session's worker with a progress dialog and Cancel for anything slower than half a second,
// and shows the loaders' one-line errors. Owns the session and the model dock.

#include <QObject>
#include <QString>

class QAction;
class QProgressDialog;
class QWidget;

namespace attnlab::ui {

class Document;
class ModelDock;
class ModelSession;

class ModelActions : public QObject {
    Q_OBJECT
public:
    ModelActions(Document *document, QWidget *window);

    ModelSession *session() const { return m_session; }
    ModelDock *dock() const { return m_dock; }
    QAction *openAction() const { return m_open; }

    // Opens DIR (and, once loaded, runs the model on `text` when it is not empty).
    void open(const QString &dir, const QString &text = QString());
    // The folder dialog, then open().
    void openInteractive();
    // The last error shown ("" when none), for tests; errors appear in a message box unless
    // quiet (tests set it).
    QString lastError() const { return m_lastError; }
    void setQuiet(bool quiet) { m_quiet = quiet; }
    void retranslate();

Q_SIGNALS:
    void statusMessage(const QString &text);

private:
    void showError(const QString &text);

    QWidget *m_window;
    ModelSession *m_session;
    ModelDock *m_dock;
    QAction *m_open;
    QProgressDialog *m_progress = nullptr;
    QString m_lastError;
    bool m_quiet = false;
};

} // namespace attnlab::ui
