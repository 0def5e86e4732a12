#pragma once
// One card of the block board: a stage's title, formula and shape, and its heatmap (one row per
// token). The heads' card holds one small attention picture per head instead; clicking one asks
// to open that head on the pipeline board.

#include "core/model/lens/blockderivation.h"
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
    // Shows `matrix` (rows = tokens) with its formula and explanation for a model of `config`.
    void setMatrix(const core::Matrix &matrix, const QStringList &tokens, const core::model::ModelConfig &config);
    // The heads' card: one attention picture per head (the runner's thumbnails of `tokens` tokens),
    // switched-off heads framed.
    void setHeads(const std::vector<core::Matrix> &pictures, const std::vector<bool> &ablated, int tokens,
        const core::model::ModelConfig &config);
    // Outlines the selected row (−1: none).
    void setSelectedRow(int row);

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

private:
    void retranslate() override;
    void refreshTexts();

    core::model::BlockStage m_stage;
    std::optional<core::model::ModelConfig> m_config; // a copy: the session may load another model
    QLabel *m_title;
    QLabel *m_formula;
    QLabel *m_shape;
    MatrixPlot *m_plot = nullptr;
    QWidget *m_headArea = nullptr;
    QGridLayout *m_headGrid = nullptr;
    QList<MatrixPlot *> m_headPlots;
    std::vector<bool> m_ablated;
    QString m_explanation;
    int m_rows = 0, m_cols = 0;
};

} // namespace attnlab::ui
