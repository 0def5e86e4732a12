#pragma once
// The model dock: the sentence, the layers × heads grid, the selected head's view and the
// prediction, with the buttons for interventions (switch a head off, undo, redo) and for the
// board (open the selected head there; apply the board's edited weights back to the model).

#include "ui/i18n/retranslating.h"

#include <QDockWidget>

class QAction;
class QToolBar;

namespace attnlab::ui {

class Document;
class HeadView;
class ModelGridView;
class ModelSentence;
class ModelSession;
class PredictionPanel;

class ModelDock : public Retranslating<QDockWidget> {
    Q_OBJECT
public:
    ModelDock(ModelSession *session, Document *document, QWidget *parent = nullptr);

    ModelSentence *sentence() const { return m_sentence; }
    ModelGridView *grid() const { return m_grid; }
    HeadView *headView() const { return m_headView; }
    PredictionPanel *prediction() const { return m_prediction; }
    QAction *ablateAction() const { return m_ablate; }
    QAction *openOnBoardAction() const { return m_openOnBoard; }
    QAction *applyToModelAction() const { return m_apply; }

    // Loads the selected head onto the board as an ordinary scene (Document::load).
    bool openOnBoard();
    // Makes the board's weights that head's weights in the model (one undo step).
    bool applyToModel();
    // The head the board shows, 0-based; −1 when the board shows something else.
    int boardLayer() const { return m_boardLayer; }
    int boardHead() const { return m_boardHead; }

private:
    void retranslate() override;
    void refreshActions();

    ModelSession *m_session;
    Document *m_document;
    ModelSentence *m_sentence;
    ModelGridView *m_grid;
    HeadView *m_headView;
    PredictionPanel *m_prediction;
    QToolBar *m_toolBar;
    QAction *m_ablate;
    QAction *m_undo;
    QAction *m_redo;
    QAction *m_openOnBoard;
    QAction *m_apply;
    int m_boardLayer = -1;
    int m_boardHead = -1;
    bool m_loadingBoard = false;
};

} // namespace attnlab::ui
