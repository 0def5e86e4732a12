#pragma once
// The model room, the main window's "Model" workspace: the sentence, the layers × heads grid,
// the selected head's view and the prediction, with the buttons for interventions (switch a
// head off, undo, redo) and for the boards (open the selected head on the scene board, linked to
// the model by a BoardLink; open its layer on the block board). A line under the buttons says
// when the panels show an older result than the sentence asks for, and why.

#include "ui/i18n/retranslating.h"

#include <QKeySequence>
#include <QWidget>

#include <functional>
#include <vector>

class QAction;
class QLabel;
class QScrollArea;
class QSplitter;
class QTabWidget;
class QToolBar;
class QUndoStack;

namespace attnlab::ui {

class BoardLink;
class Document;
class HeadView;
class ModelGridView;
class ModelSentence;
class ModelSession;
class PredictionPanel;

class ModelRoom : public Retranslating<QWidget> {
    Q_OBJECT
public:
    ModelRoom(ModelSession *session, Document *document, QWidget *parent = nullptr);

    ModelSentence *sentence() const { return m_sentence; }
    ModelGridView *grid() const { return m_grid; }
    HeadView *headView() const { return m_headView; }
    PredictionPanel *prediction() const { return m_prediction; }
    QAction *ablateAction() const { return m_ablate; }
    // The tool bar's Undo and Redo of the model's history.
    QAction *undoAction() const { return m_undo; }
    QAction *redoAction() const { return m_redo; }
    QAction *openOnBoardAction() const { return m_openOnBoard; }
    // Model → Open Layer on Board (Ctrl+Shift+L): asks for the selected head's layer as a block.
    QAction *openLayerOnBoardAction() const { return m_openLayer; }
    // The scroll area around the head view, and the line that says why the panels are stale.
    QScrollArea *headScroll() const { return m_headScroll; }
    QLabel *staleLabel() const { return m_stale; }

    // Puts `panel` under the grid, the head view and the prediction, as a tab named `title()`
    // in the language of the moment (the panel's window title when `title` is empty); `key`, when
    // given, brings the tab to the front. The window adds the Generate, Logit Lens and Attribution
    // panels this way, so ui/model depends on none of them.
    void addPanel(QWidget *panel, std::function<QString()> title = {}, const QKeySequence &key = {});
    QTabWidget *panelTabs() const { return m_tabs; }
    // Puts `action` at the end of the room's tool bar (ModelActions adds the classroom example).
    void addToolBarAction(QAction *action);

    // Loads the selected head onto the scene board, linked to the model (BoardLink::open): its
    // weight edits there are the model's.
    bool openOnBoard();
    BoardLink *boardLink() const { return m_link; }
    // The head the board shows, linked, 0-based; −1 when the board shows something else.
    int boardLayer() const;
    int boardHead() const;

Q_SIGNALS:
    // openOnBoard() put a head on the board: the board is where to look now.
    void openedOnBoard();
    // The user asked to see the whole block of `layer` (0-based); the window shows the block
    // board (ui/block), which this folder does not know.
    void openLayerOnBoardRequested(int layer);

private:
    void retranslate() override;
    // The panel of tab `index` (each sits in a scroll area of its own).
    QWidget *tabPanel(int index) const;
    void refreshActions();
    void refreshUndoTexts();
    void refreshStale();
    // Scrolls the head view so that the token the prediction is read from is in sight.
    void showPredictionToken();

    ModelSession *m_session;
    QUndoStack *m_undoStack = nullptr; // the session's
    BoardLink *m_link;
    ModelSentence *m_sentence;
    ModelGridView *m_grid;
    HeadView *m_headView;
    PredictionPanel *m_prediction;
    QToolBar *m_toolBar;
    QLabel *m_stale;
    QScrollArea *m_headScroll;
    QSplitter *m_panels;
    QTabWidget *m_tabs = nullptr; // the panels added, created with the first
    std::vector<std::function<QString()>> m_tabTitles;
    std::vector<QAction *> m_tabActions; // per tab: the action that shows it (or nullptr)
    QAction *m_ablate;
    QAction *m_undo;
    QAction *m_redo;
    QAction *m_openOnBoard;
    QAction *m_openLayer;
};

} // namespace attnlab::ui
