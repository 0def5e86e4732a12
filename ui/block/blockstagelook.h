#pragma once
// The block board's stages as the interface shows them, one row per stage of the core's table
// (core/model/lens/blockstagetable.h): its title, its letter in formulas and the names of its
// matrices, its explanation, the inspector's words for its products, where its card sits and how
// its heatmap reads. The card, the board and the inspector ask the row; what a stage computes in
// a given family comes from the core as a BlockStageForm, whose properties (a norm that centres
// or not, a gated MLP, a bias) choose the words — nothing here asks which family a model is.
// A new stage is one row here and one in the core's table.

#include "core/model/lens/blockstagetable.h"
#include "ui/plot/matrixplot.h"

#include <QString>

#include <vector>

namespace attnlab::ui {

struct BlockStageLook {
    core::model::BlockStage stage;
    // The card's title before its key ("Attention input"), untranslated (context BlockStageText).
    const char *title;
    // The stage's letter in formulas and in the inspector's sums ("x", "a", "attn_out").
    const char *symbol;
    // The names of the matrix and the bias it multiplies by ("W_O", "b_O"), and in a gated MLP of
    // its matrix and its gate ("W_up", "W_gate"); nullptr where it has none.
    const char *matrix, *bias, *gatedMatrix, *gate;
    // The explanation in our own words (the card's tooltip, the inspector's heading) of the stage
    // as `form` computes it.
    QString (*explanation)(const core::model::BlockStageForm &form);
    // A projection's products in the inspector ("concat's row (%1 numbers) times this column of
    // W_O, summed: %2"), untranslated (context BlockDerivationText); nullptr for other stages.
    const char *products;
    // The card's place on the board: row 0 attention, row 1 the MLP, as the block runs.
    int boardRow, boardColumn;
    // The heatmap's colours, and whether it shows weights over [0, 1] (the heads' pictures)
    // rather than numbers signed around zero.
    MatrixPlot::Palette palette;
    bool probability;
    // The lesson pages on what the stage computes (ui/lessons: "norms"; several separated by
    // spaces), linked from the inspector when the stage is explained; nullptr for none.
    const char *lesson;
};

// Every stage, in the core's order.
const std::vector<BlockStageLook> &blockStageLooks();
const BlockStageLook &blockStageLook(core::model::BlockStage stage);

// "attn_in": the core's key, the same in every language.
QString blockStageKey(core::model::BlockStage stage);
// "Attention input (attn_in)" in the current language.
QString blockStageTitle(core::model::BlockStage stage);
// The card's formula of the stage as `form` computes it, in the family's own order and norm
// ("a = RMSNorm₁(x) = x / √(mean(x²) + ε) · γ").
QString blockStageFormula(const core::model::BlockStageForm &form);
// The explanation in the current language.
QString blockStageExplanation(const core::model::BlockStageForm &form);

// An activation function as the board writes it: its name ("GELU (tanh)") and its formula with
// the pre-activation put in for %1 and the result for %2.
struct ActivationLook {
    core::model::Activation activation;
    const char *name;
    const char *formula;
};
const ActivationLook &activationLook(core::model::Activation activation);

} // namespace attnlab::ui
