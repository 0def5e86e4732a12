#pragma once
// The derivation of any one cell of the block board's stages (blockstagetable.h): how the number
// in row `row`, column `col` of a stage came out of the numbers before it, in the order the
// family computes it. The steps are plain doubles recomputed from float inputs, so a reader (the
// inspector) can print each one and check that they give the cell's value.
//
// Each stage's row says what it computes in the family (its BlockOperation), from which stages
// and with which tensors; the derivation follows the row:
// - a norm cell (attn_in and mlp_in under pre-norm; after_attn and output under post-norm):
//   LayerNorm's mean μ and biased variance σ² of the row, or RMSNorm's mean square, the division
//   by √(σ² + ε) (√(mean(x²) + ε)), the weight γ and the bias β;
// - an activation cell (mlp_act): GELU / SiLU of the pre-activation, or for the gated MLP
//   SiLU(gate)·up with both projections' numbers;
// - a residual cell (after_attn and output under pre-norm): the sum of its two terms; under
//   post-norm the same sum is the norm's input and is given too;
// - a projection cell (attn_out, mlp_out): the sum of the products and the bias;
// - a concat cell: which head's context vector, and which of its columns.
// Row i is token i everywhere.

#include "core/model/lens/blockstagetable.h"

#include <optional>

namespace attnlab::core::model {

// One row's norm, at column `col`.
struct NormStep {
    const NormDescription *norm = nullptr; // the norm applied (normDescription)
    int width = 0; // d, the length of the row averaged over
    double x = 0; // the cell's input
    double mean = 0; // μ (LayerNorm; 0 for RMSNorm)
    double variance = 0; // biased σ² (LayerNorm) or mean(x²) (RMSNorm)
    double eps = 0;
    double denominator = 0; // √(variance + ε)
    double normalized = 0; // (x − μ)/denominator, or x/denominator
    double weight = 0; // γ
    double offset = 0; // what the norm adds to γ before multiplying (Gemma's 1 + γ); 0 elsewhere
    double bias = 0; // β (0 without one)
    bool hasBias = false;
    double value = 0; // normalized·(offset + γ) + β

    // LayerNorm (mean subtracted, the steps above μ) rather than RMSNorm.
    bool centred() const { return norm->centred; }
};
// The norm `norm` of `row` at column `col` with the weight γ and bias β of that column, the
// normalised value multiplied by offset + γ (BlockSpec::normOffset).
NormStep deriveNorm(const NormDescription &norm, const Eigen::Ref<const RowVector> &row, int col, double weight,
    std::optional<double> bias, double eps, double offset = 0);

struct ActivationStep {
    Activation function = Activation::GeluErf;
    double x = 0; // the pre-activation (fc_in(x) + b, or gate(x) for the gated MLP)
    double activated = 0; // f(x)
    bool gated = false;
    double up = 0; // gated: up(x) at the same column
    bool biased = false; // gated: gate and up add their biases (mlp_bias)
    double value = 0; // f(x), or f(gate)·up
};
ActivationStep deriveActivation(Activation function, double x);
ActivationStep deriveGatedActivation(Activation function, double gate, double up);

struct ResidualStep {
    double first = 0; // the stream (input, or after_attn)
    double second = 0; // what the sub-layer adds (attn_out, or mlp_out)
    double sum = 0;
};

// A projection's cell: the row before times one column of the matrix, plus that column's bias.
struct ProjectionStep {
    int terms = 0; // the length of the row (products summed)
    double products = 0; // Σₖ row(k)·W(k, col)
    double bias = 0;
    bool hasBias = false;
    double value = 0; // products + bias
};

struct CellDerivation {
    BlockStage stage = BlockStage::Input;
    BlockOperation operation = BlockOperation::Stream;
    int row = 0, col = 0;
    double value = 0; // the stage's cell as the board shows it
    std::optional<ResidualStep> residual;
    std::optional<NormStep> norm;
    std::optional<ActivationStep> activation;
    std::optional<ProjectionStep> projection;
    // Concat: the head (0-based) whose context the column belongs to, and the column within it.
    int head = -1, headColumn = -1;
};

// The derivation of cell (row, col) of `stage` in block `layer` of the runner's last pass, whose
// stages are `stages` (= blockStages(runner, layer)). Throws std::out_of_range for a cell or
// layer outside them and for BlockStage::Heads.
CellDerivation deriveBlockCell(
    const ForwardRunner &runner, int layer, const BlockStages &stages, BlockStage stage, int row, int col);

} // namespace attnlab::core::model
