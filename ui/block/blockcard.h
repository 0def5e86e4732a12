#pragma once
// One card of the block board: a stage's title, formula and shape, and its heatmap (one row per
// token). The heads' card holds one small attention picture per head instead; clicking one asks
// to open that head on the pipeline board.

#include "core/model/lens/blockderivation.h"
#include "core/model/lens/blockupdate.h"
#include "ui/i18n/retranslating.h"

#include <QFrame>
#include <QList>
#include <QStringList>

#include <optional>

class QGridLayout;
class QLabel;

namespace attnlab::ui {

class MatrixPlot;

class BlockCard : public Retranslating<QFrame> {
    Q_OBJECT
public:
    explicit BlockCard(core::model::BlockStage stage, QWidget *parent = nullptr);

    core::model::BlockStage stage() const { return m_stage; }
    // The stage has one matrix per head (the heads' pictures, setHeads()) rather than one
    // heatmap (setMatrix()).
    bool perHead() const;
    // Shows `matrix` (rows = tokens) with its formula and explanation for a model of `config`.
    void setMatrix(const core::Matrix &matrix, const QStringList &tokens, const core::model::ModelConfig &config);
    // Only rows `rows` (sorted) and column `column` (none when −1) of `matrix` changed since
    // setMatrix(): redraws those (MatrixPlot::setCells). False when the shape differs.
    bool setCells(const core::Matrix &matrix, const std::vector<int> &rows, int column);
    // The heads' card: one attention picture per head (the runner's thumbnails of `tokens` tokens),
    // switched-off heads framed.
    void setHeads(const std::vector<core::Matrix> &pictures, const std::vector<bool> &ablated, int tokens,
        const core::model::ModelConfig &config);
    // Outlines the selected row (−1: none).
    void setSelectedRow(int row);
    // How far the numbers shown hold the last edit: a card that is not Exact says it is updating
    // (only `rows`, 0-based, hold it, or none) until the layer's full recompute arrives.
    void setUpdating(core::model::BlockRowState state, const std::vector<int> &rows = {});
    bool isUpdating() const { return m_updating != core::model::BlockRowState::Exact; }
    // What the edit has reached, in a sentence (the notice's tooltip), and in short on the card's
    // shape line ("Updating: rows 0–2 done", rows from 0; empty when the card holds the edit everywhere).
    QString updatingText() const;
    QString updatingLine() const;

    QString title() const;
    QString formula() const;
    // "rows×columns", or "heads × n×n" for the heads' card.
    QString shape() const;
    QString explanation() const { return m_explanation; }
    // The stage's heatmap (nullptr on the heads' card), and the heads' pictures.
    MatrixPlot *plot() const { return m_plot; }
    const QList<MatrixPlot *> &headPlots() const { return m_headPlots; }

Q_SIGNALS:
    void cellClicked(int row, int col);
    void headClicked(int head);
    // The card itself was clicked (the inspector explains the stage).
    void activated();

protected:
    void mousePressEvent(QMouseEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void retranslate() override;
    void refreshTexts();
    void refreshUpdatingLine();

    core::model::BlockStage m_stage;
    std::optional<core::model::ModelConfig> m_config; // a copy: the session may load another model
    QLabel *m_title;
    QLabel *m_formula;
    QLabel *m_shape;
    QLabel *m_updatingLabel;
    core::model::BlockRowState m_updating = core::model::BlockRowState::Exact;
    std::vector<int> m_updatedRows;
    MatrixPlot *m_plot = nullptr;
    QWidget *m_headArea = nullptr;
    QGridLayout *m_headGrid = nullptr;
    QList<MatrixPlot *> m_headPlots;
    std::vector<bool> m_ablated;
    QString m_explanation;
    int m_rows = 0, m_cols = 0;
};

} // namespace attnlab::ui
