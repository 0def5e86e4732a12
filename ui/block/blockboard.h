#pragma once
// The block board: one whole transformer block of the model room's model as stage cards —
// the residual stream in, what attention reads, the heads, their context side by side, the
// attention output, the stream after it, the MLP's input, activation and output, and the stream
// out — each with heatmap, formula, shape and explanation, in the family's order (pre-norm,
// BERT's post-norm, RMSNorm and the gated SiLU). Clicking a cell derives it in the inspector;
// clicking a head asks to open it on the pipeline board. The board re-reads the session after
// every finished pass, so an intervention on the model shows here. A single-cell edit of the
// shown layer's tensors updates the cards at once on the GUI thread
// (core/model/lens/blockupdate.h); cards that only part of the update reaches say they are
// updating until the worker's recompute of the layer arrives.

#include "core/model/lens/blockderivation.h"
#include "ui/i18n/retranslating.h"

#include <QPointer>
#include <QUndoStack>
#include <QWidget>

#include <array>
#include <optional>
#include <vector>

class QAction;
class QLabel;
class QSpinBox;
class QSplitter;
class QTextBrowser;
class QVBoxLayout;

namespace attnlab::ui {

class BlockCard;
class ModelRoom;
class ModelSession;
class PredictionPanel;
class RouterPanel;

class BlockBoard : public Retranslating<QWidget> {
    Q_OBJECT
public:
    explicit BlockBoard(ModelSession *session, QWidget *parent = nullptr);

    ModelSession *session() const { return m_session; }
    // Shows block `layer` (0-based) of the session's last pass: its stages are computed on the
    // session's worker and shown when they arrive (stagesShown()). False, leaving the board as it
    // was, when no pass has finished or the layer is out of range.
    bool openLayer(int layer);
    // The stages are being computed on the worker.
    bool isLoading() const { return m_loading; }
    // The layer shown, −1 before the first.
    int layer() const { return m_layer; }
    // The stages shown (those of layer() once stagesShown() came).
    const core::model::BlockStages &stages() const { return m_stages; }
    BlockCard *card(core::model::BlockStage stage) const { return m_cards[size_t(stage)]; }
    // On a sparse MLP layer, below the cards: the router's logits, softmax, choices and the chosen
    // experts' outputs (hidden on a dense layer).
    RouterPanel *router() const { return m_router; }
    // Ctrl+Page Up / Ctrl+Page Down: the layer below or above.
    QAction *previousLayerAction() const { return m_previousLayer; }
    QAction *nextLayerAction() const { return m_nextLayer; }
    // Ctrl+Z / Ctrl+Shift+Z in the board's window: the session's undo stack, as the room's buttons.
    QAction *undoAction() const { return m_undo; }
    QAction *redoAction() const { return m_redo; }
    // The prediction, before and after the last edit, beside the weights edited here.
    PredictionPanel *prediction() const { return m_prediction; }

    // Derives cell (row, col) of `stage` in the inspector and outlines its row. False for a cell
    // outside the stage or the heads' card.
    bool selectCell(core::model::BlockStage stage, int row, int col);
    // Some card shows numbers from before the last edit (the worker's recompute has not come yet).
    bool isUpdating() const { return m_updating; }
    // The token rows a quick update recomputes where an edit changes every number: the selected
    // row and the prediction row, each with two neighbours on either side.
    std::vector<int> rowsToUpdate() const;
    // The cell derived last, if any.
    const std::optional<core::model::CellDerivation> &derivation() const { return m_derivation; }
    // The inspector's text (the derivation, or the explanation of the stage clicked last).
    QString inspectorText() const;
    // Follows the model room: its Open Layer on Board opens the layer here and shows the board (a
    // window of its own, defaultWindowSize() of the screen's free area, centred on it), and a head's
    // picture opens that head on the pipeline board as the room's Open on Board does.
    void followRoom(ModelRoom *room);
    // The size the board's window opens at on a screen whose free area is `available`: as large as
    // is useful (at most 1500 × 940) and within the area with room for the window's frame.
    static QSize defaultWindowSize(const QRect &available);
    // The cards' scroll area above, the router below (the splitter's two parts).
    QSplitter *boardSplitter() const { return m_board; }

Q_SIGNALS:
    void layerOpened(int layer);
    // The stages of `layer` arrived from the worker and are on the cards.
    void stagesShown(int layer);
    void cellSelected(core::model::BlockStage stage, int row, int col);
    // A head's picture was clicked: open that head (0-based) on the pipeline board.
    void openHeadRequested(int layer, int head);

protected:
    void showEvent(QShowEvent *event) override;

private:
    // What a read on the worker brings back.
    struct Read {
        int layer = -1;
        core::model::BlockStages stages;
        std::vector<core::Matrix> pictures;
        bool done = false;
    };
    void retranslate() override;
    void refreshUndo();
    void reload();
    void showRead(const Read &read);
    void updateForCell(int layer, core::model::BlockTensor tensor, int row, int col, float before, float after);
    void clearUpdating();
    void explainStage(core::model::BlockStage stage);
    void refreshInspector();
    // Gives the router its share of the board's height when it appears.
    void shareWithRouter();

    ModelSession *m_session;
    QLabel *m_heading;
    QLabel *m_layerLabel;
    QSpinBox *m_layerBox;
    QAction *m_previousLayer;
    QAction *m_nextLayer;
    QAction *m_undo;
    QAction *m_redo;
    // The session's stack, held here: the session's destruction deletes it, and clearing it then
    // emits indexChanged() while the session is no longer a whole object to ask for it.
    QPointer<QUndoStack> m_stack;
    PredictionPanel *m_prediction;
    QTextBrowser *m_inspector;
    QVBoxLayout *m_side;
    std::array<BlockCard *, core::model::kBlockStageCount> m_cards {};
    RouterPanel *m_router;
    QSplitter *m_board;
    int m_layer = -1;
    bool m_dirty = false; // a pass finished while the board was hidden or the session busy
    bool m_loading = false;
    bool m_reloadAgain = false; // asked to reload while a read was running
    bool m_updating = false; // an edit's quick update left cards waiting for the worker
    core::model::BlockStages m_stages;
    std::optional<core::model::CellDerivation> m_derivation;
    std::optional<core::model::BlockStage> m_explained;
    QStringList m_tokens;
};

} // namespace attnlab::ui
