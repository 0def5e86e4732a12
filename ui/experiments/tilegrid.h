#pragma once
// The scaled scores of one head drawn as FlashAttention cuts them: a grid of cells (row = query,
// column = key) coloured by score on the diverging map, masked cells hatched with "−∞", tile
// borders drawn thick, the tiles already visited at full colour, the current one outlined, the
// ones still to come faded, and the tiles the mask hides entirely crossed out as skipped.

#include "core/types.h"

#include <QStringList>
#include <QWidget>

#include <set>
#include <utility>

namespace attnlab::ui {

class TileGrid : public QWidget {
    Q_OBJECT
public:
    explicit TileGrid(QWidget *parent = nullptr);

    // The scaled, masked scores (n × n, −∞ where hidden) and the tokens that label them.
    void setScores(const core::Matrix &masked, const QStringList &tokens);
    // Tiles of `rows` × `cols` cells; `skipped` are the (row tile, column tile) pairs with no step.
    void setTiles(int rows, int cols, const std::set<std::pair<int, int>> &skipped);
    // The tile being worked on, and how many steps have been taken (the tiles visited so far are
    // the steps before it, in row-tile then column-tile order). (−1, −1): none yet.
    void setCurrent(int rowTile, int colTile);

    std::pair<int, int> current() const { return {m_rowTile, m_colTile}; }
    // The colour a cell is drawn in (for tests): faded unless its tile has been visited.
    QColor cellColour(int row, int col) const;
    // Whether tile (rowTile, colTile) is crossed out: the mask (and any sliding window) hides all of it.
    bool isSkipped(int rowTile, int colTile) const { return m_skipped.count({rowTile, colTile}) > 0; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    bool visited(int rowTile, int colTile) const;
    bool hidden(int row, int col) const;

    core::Matrix m_scores;
    QStringList m_tokens;
    int m_tileRows = 1, m_tileCols = 1;
    std::set<std::pair<int, int>> m_skipped;
    int m_rowTile = -1, m_colTile = -1;
    double m_range = 1;
};

} // namespace attnlab::ui
