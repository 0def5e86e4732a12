#pragma once
// The "FlashAttention" tab: the current head of the document (a scene's, or a model's head opened
// on the board) computed as FlashAttention computes it (core/engine/flashtrace.h). The learner
// sets the tile size and steps through the tiles; the grid lights the tile being read, and the
// table shows, for the tile's query rows, the running maximum before and after, the rescaling
// factor exp(m_old − m_new), the running sum and the unnormalised accumulator. After the last
// tile, O / l is set beside the textbook's softmax · V, with their largest difference and the
// memory the n × n matrix would have taken.

#include "core/engine/flashtrace.h"
#include "ui/i18n/retranslating.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTextBrowser;
class QToolButton;

namespace attnlab::ui {

class Document;
class TileGrid;

class FlashExperiment : public Retranslating<QWidget> {
    Q_OBJECT
public:
    // The tile size grows with the text so that no side has more tiles than this.
    static constexpr int kMaxTilesPerSide = 64;
    explicit FlashExperiment(Document *document, QWidget *parent = nullptr);

    const core::engine::FlashTrace &trace() const { return m_trace; }
    // The step shown, 0 … steps − 1 (−1 before the first).
    int step() const { return m_step; }
    void setStep(int step);
    void setTileSize(int rows, int cols);

    TileGrid *grid() const { return m_grid; }
    QTableWidget *table() const { return m_table; }
    QLabel *stepLabel() const { return m_stepLabel; }
    // The line above the grid: whose scores, and how the mask falls on the tiles.
    QLabel *axesLabel() const { return m_axes; }
    // How many tiles the mask hides whole (crossed out, skipped), in part (read) or not at all.
    const core::engine::FlashTiles &tiles() const { return m_tiles; }
    // The sentence on those counts.
    QString tilesText() const;
    QLabel *resultLabel() const { return m_result; }
    QTextBrowser *page() const { return m_page; }

private:
    void recompute();
    void showStep();
    void retranslate() override;

    Document *m_document;
    QLabel *m_tileLabel;
    QSpinBox *m_tileRows, *m_tileCols;
    QPushButton *m_first, *m_previous, *m_next, *m_last;
    QLabel *m_stepLabel;
    QLabel *m_axes;
    TileGrid *m_grid;
    QTableWidget *m_table;
    QLabel *m_result;
    QToolButton *m_explain;
    QTextBrowser *m_page;
    core::engine::FlashTrace m_trace;
    core::engine::FlashTiles m_tiles;
    int m_head = 0;
    int m_step = -1;
};

} // namespace attnlab::ui
