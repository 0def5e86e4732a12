#pragma once
// The router of a sparse MLP layer on the block board (Qwen3-MoE, issue 31): the router's logits
// (tokens × experts), their softmax, and the experts each token went to with their renormalised
// weights — the layer's heatmap of which token went to which expert, every other cell 0 — as the
// core's routing of the block's stages holds them (core/model/block/moe.h, moeparts.h: the numbers of
// --dump --block's "router"). Below, for the token picked (a click on any of the three), each
// chosen expert's output row before its weight and their weighted sum, the MLP's output (the
// board's mlp_out). Hidden on a dense layer.

#include "core/model/block/moeparts.h"
#include "ui/i18n/retranslating.h"

#include <QFrame>
#include <QStringList>

class QLabel;

namespace attnlab::ui {

class MatrixPlot;

class RouterPanel : public Retranslating<QFrame> {
    Q_OBJECT
public:
    explicit RouterPanel(QWidget *parent = nullptr);

    // Shows `routing` with its `parts` (empty: a dense layer, the panel hides) of tokens `tokens`,
    // whose MLP output rows are `mlpOut`.
    void setRouting(const core::model::MoeRouting &routing, const core::model::MoeParts &parts,
        const core::Matrix &mlpOut, const QStringList &tokens);
    bool hasRouting() const { return m_routing.logits.size() > 0; }
    // Shows the chosen experts' outputs and their sum for token `row` (0-based); false outside.
    bool selectToken(int row);
    int selectedToken() const { return m_token; }

    // tokens × experts: the logits, the softmax, the renormalised weight of each chosen expert (0
    // where the token did not go).
    MatrixPlot *logits() const { return m_logits; }
    MatrixPlot *probabilities() const { return m_probabilities; }
    MatrixPlot *dispatch() const { return m_dispatch; }
    // (k + 1) × d: the selected token's chosen experts' outputs by descending weight, then their
    // weighted sum.
    MatrixPlot *outputs() const { return m_outputs; }
    // The k + 1 row labels of outputs() ("E3 · 0.62", …, "Σ = mlp_out").
    QStringList outputLabels() const;
    QString title() const;
    QString explanation() const;
    QString tokenLine() const;

private:
    void retranslate() override;

    QLabel *m_title;
    QLabel *m_text;
    QLabel *m_tokenLine;
    MatrixPlot *m_logits;
    MatrixPlot *m_probabilities;
    MatrixPlot *m_dispatch;
    MatrixPlot *m_outputs;
    core::model::MoeRouting m_routing;
    core::model::MoeParts m_parts;
    core::Matrix m_mlpOut;
    QStringList m_tokens;
    int m_token = -1;
};

} // namespace attnlab::ui
