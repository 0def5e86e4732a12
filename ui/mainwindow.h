#pragma once
// The main window only composes: the token bar and the pipeline board in the middle, the
// editor docks around them, and the menus built from the action classes (FileActions,
// StepController, PresentationMode) that hold the logic.

#include <QMainWindow>

class QLabel;
class QMenu;
class QStackedWidget;

namespace attnlab::ui {

class Document;
class FileActions;
class PipelineBoard;
class PresentationMode;
class PresentationView;
class StepController;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(Document *document, QWidget *parent = nullptr);
    ~MainWindow() override;

    FileActions *fileActions() const { return m_fileActions; }
    StepController *steps() const { return m_steps; }
    PipelineBoard *board() const { return m_board; }
    PresentationMode *presentation() const { return m_presentation; }
    PresentationView *presentationView() const { return m_presentationView; }
    // The View menu, where dock toggles live (other components add theirs here).
    QMenu *viewMenu() const { return m_viewMenu; }
    // The status bar text that lists the pipeline's warnings ("" when there are none).
    QString warningText() const;

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void createMenus();
    void createDocks();
    void retranslate();
    void refreshTitle();
    void refreshWarnings();
    void readSettings();
    void writeSettings() const;

    Document *m_document;
    StepController *m_steps;
    FileActions *m_fileActions;
    QStackedWidget *m_stack;
    QWidget *m_normalPage;
    PipelineBoard *m_board;
    PresentationView *m_presentationView;
    PresentationMode *m_presentation;
    QLabel *m_warnings;
    QMenu *m_fileMenu = nullptr;
    QMenu *m_editMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_stepMenu = nullptr;
    QMenu *m_helpMenu = nullptr;
    QAction *m_undo = nullptr;
    QAction *m_redo = nullptr;
    QAction *m_quit = nullptr;
    QAction *m_about = nullptr;
};

} // namespace attnlab::ui
