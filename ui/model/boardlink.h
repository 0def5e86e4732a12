#pragma once
// The model head the scene board shows, kept one with the model: ModelRoom::openOnBoard() loads
// head (layer, head) of the session's last pass onto the board's Document and links it
// (ui/document/scenelink.h). From then on an edit of the head's W_Q, W_K, W_V, W_O or biases on
// the board is one BlockCellsCommand on the session's undo stack (the steps of a drag merge into
// one), applied once to the model and computed once, on the session's worker. After every pass the
// session finishes, the head's scene and stages are read from that pass on the worker and shown on
// the board (Document::showLinked), so the board, the grid, the head view and the prediction show
// one computation, and Undo (the Edit menu, Ctrl+Z, the room's buttons) moves them together. An
// edit the model cannot take (X, the tokens, the mask, the scale, the dimensions) unlinks the
// board first, which becomes an ordinary scene; so do loading another scene and opening a model.

#include "ui/document/scenelink.h"

#include <QObject>

namespace attnlab::ui {

class Document;
class ModelSession;

class BoardLink : public QObject, public SceneLink {
    Q_OBJECT
public:
    BoardLink(ModelSession *session, Document *document, QObject *parent = nullptr);
    ~BoardLink() override;

    // Loads head `head` of `layer` (0-based) from the session's last pass onto the board and links
    // it. False, changing nothing, unless the session is idle with a computed pass.
    bool open(int layer, int head);
    bool isLinked() const;
    // The linked head, 0-based; −1 when the board is not linked.
    int layer() const { return isLinked() ? m_layer : -1; }
    int head() const { return isLinked() ? m_head : -1; }
    // The other heads of the layer that read the linked head's key/value head (grouped-query
    // attention), as "2.1, 2.2"; empty when it has its own or nothing is linked.
    QString sharedKeyValueHeads() const;

    bool takes(MatrixId matrix) const override;
    bool edit(const std::vector<SceneCells> &cells, const HistoryText &text, int gesture) override;
    int startGesture() override;
    DocumentBase *document() const override;
    QString description() const override;

Q_SIGNALS:
    // The board was linked or unlinked.
    void linkChanged();
    // The board shows the head as the session's last pass computed it.
    void shown();

private:
    // Reads the head's scene and stages from the session's finished pass on the worker, then
    // shows them on the board.
    void refresh();

    ModelSession *m_session;
    Document *m_document;
    int m_layer = -1;
    int m_head = -1;
};

} // namespace attnlab::ui
