#pragma once
// The main window only composes: the token bar and the pipeline board in the middle, the
// editor docks around them, and the menus built from the action classes (FileActions,
// StepController, PresentationMode, WeightColourActions …) that hold the logic.

#include "ui/i18n/retranslating.h"

#include <QMainWindow>

class QDockWidget;
class QLabel;
class QMenu;
class QStackedWidget;

namespace attnlab::ui {

class BlockBoard;
class Document;
class EditActions;
class ExperimentsWindow;
class ExplanationPanel;
class ExportActions;
class FileActions;
class HeadsDock;
class InspectorDock;
class MatrixEditorDock;
class LanguageMenu;
class ModelActions;
class PipelineBoard;
class PresentationMode;
class PresentationView;
class SceneWarnings;
class SessionFileActions;
class StepController;
class WeightColourActions;
class Workspaces;

class MainWindow : public Retranslating<QMainWindow> {
    Q_OBJECT
public:
    explicit MainWindow(Document *document, QWidget *parent = nullptr);
    // Shows the window as the app starts it: at its saved geometry, else at 1280 × 720 (a
    // classroom projector's size) — maximised instead when the screen has no room for that and a
    // window frame, so that nothing reaches past the screen's edge.
    void showOnScreen();
    ~MainWindow() override;

    FileActions *fileActions() const { return m_fileActions; }
    ExportActions *exportActions() const { return m_exportActions; }
    SessionFileActions *sessionFileActions() const { return m_sessionFile; }
    StepController *steps() const { return m_steps; }
    PipelineBoard *board() const { return m_board; }
    PresentationMode *presentation() const { return m_presentation; }
    PresentationView *presentationView() const { return m_presentationView; }
    InspectorDock *inspector() const { return m_inspector; }
    ExplanationPanel *explanation() const { return m_explanation; }
    HeadsDock *headsDock() const { return m_headsDock; }
    LanguageMenu *languageMenu() const { return m_languageMenu; }
    // Tools → Experiments: opens the one experiments window, or raises it when already open.
    QAction *experimentsAction() const { return m_experimentsAction; }
    ExperimentsWindow *experimentsWindow() const { return m_experiments; }
    void showExperiments();
    // The View menu, where dock toggles live (other components add theirs here).
    QMenu *viewMenu() const { return m_viewMenu; }
    // Docks `dock` in `area` (movable, floatable, closable, its layout remembered) and lists
    // it in the View menu. For the panels other components contribute.
    void addDock(QDockWidget *dock, Qt::DockWidgetArea area);
    // The status bar text that lists the pipeline's warnings ("" when there are none).
    QString warningText() const;
    // The colour map of the weights on every card, in presentation mode and in exports
    // (View → Colours of the Weights, WeightColourActions).
    QString sequentialMap() const;
    void setSequentialMap(const QString &name);
    // The weights' colours over [0, largest weight] rather than [0, 1], everywhere; remembered.
    bool autoWeightsRange() const;
    void setAutoWeightsRange(bool autoRange);
    // File → Open Model…, the model dock and its session.
    ModelActions *modelActions() const { return m_model; }
    // The block board, a window of its own (hidden until Open Layer on Board).
    BlockBoard *blockBoard() const { return m_blockBoard; }
    // The Scene / Model switch.
    Workspaces *workspaces() const { return m_workspaces; }

public Q_SLOTS:
    // Opens the GPT-2 or BERT checkpoint folder `dir` in the model dock, in the background, and
    // runs it on `text` once loaded (`attnlab --model DIR [--text TEXT]`). Errors are shown.
    void openModel(const QString &dir, const QString &text = QString());

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createMenus();
    void createDocks();
    void showShortcuts();
    void followStep();
    void retranslate() override;
    void refreshTitle();
    void readSettings();
    void writeSettings() const;

    Document *m_document;
    StepController *m_steps;
    FileActions *m_fileActions;
    ExportActions *m_exportActions;
    QStackedWidget *m_stack;
    QWidget *m_normalPage;
    PipelineBoard *m_board;
    PresentationView *m_presentationView;
    PresentationMode *m_presentation;
    SceneWarnings *m_warnings;
    QLabel *m_readOnly; // shown while another attnlab holds the open file
    MatrixEditorDock *m_matrixEditor = nullptr;
    InspectorDock *m_inspector = nullptr;
    ExplanationPanel *m_explanation = nullptr;
    HeadsDock *m_headsDock = nullptr;
    LanguageMenu *m_languageMenu = nullptr;
    ExperimentsWindow *m_experiments = nullptr;
    ModelActions *m_model = nullptr;
    SessionFileActions *m_sessionFile = nullptr;
    BlockBoard *m_blockBoard = nullptr;
    Workspaces *m_workspaces = nullptr;
    QAction *m_experimentsAction = nullptr;
    QMenu *m_toolsMenu = nullptr;
    QList<QDockWidget *> m_docks;
    QMenu *m_fileMenu = nullptr;
    QMenu *m_editMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_stepMenu = nullptr;
    QMenu *m_helpMenu = nullptr;
    WeightColourActions *m_weightColours = nullptr;
    bool m_geometryRestored = false;
    EditActions *m_editActions = nullptr;
    QAction *m_undo = nullptr;
    QAction *m_redo = nullptr;
    QAction *m_quit = nullptr;
    QAction *m_about = nullptr;
    QAction *m_shortcuts = nullptr;
};

} // namespace attnlab::ui
