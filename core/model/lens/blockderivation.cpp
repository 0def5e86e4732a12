#include "core/model/lens/blockderivation.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace attnlab::core::model {

namespace {

double activated(Activation f, double x)
{
    switch (f) {
    case Activation::GeluErf:
        return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0)));
    case Activation::GeluTanh: {
        const double k = std::sqrt(2.0 / M_PI);
        return 0.5 * x * (1.0 + std::tanh(k * (x + 0.044715 * x * x * x)));
    }
    case Activation::Relu:
        return x > 0 ? x : 0.0;
    case Activation::QuickGelu:
        return x / (1.0 + std::exp(-1.702 * x));
    case Activation::Silu:
        return x / (1.0 + std::exp(-x));
    }
    return x;
}

// The norm a stage applies and the weights it reads: under pre-norm attn_in and mlp_in; under
// post-norm after_attn (the first norm) and output (the second).
const LayerNormWeights &stageNorm(const LayerWeights &L, BlockStage stage)
{
    return stage == BlockStage::AttnIn || stage == BlockStage::AfterAttn ? L.attnNorm : L.mlpNorm;
}

double at(const TensorView &t, int i)
{
    return double(vectorSegment(t, i, 1)(0));
}

NormStep normOf(const ForwardRunner &runner, const LayerWeights &L, BlockStage stage,
    const Eigen::Ref<const RowVector> &row, int col)
{
    const ModelConfig &c = runner.config();
    const LayerNormWeights &w = stageNorm(L, stage);
    std::optional<double> bias;
    if (c.family->norm == NormKind::LayerNorm && !w.bias.empty())
        bias = at(w.bias, col);
    return deriveNorm(c.family->norm, row, col, at(w.weight, col), bias, double(c.layerNormEps));
}

// One column of a projection of one row (x·W + b at `col`).
double projectedCell(const Eigen::Ref<const Matrix> &x, int row, const TensorView &w, const TensorView &bias, int col)
{
    Matrix out;
    projectSlice(x.row(row), w, bias, col, 1, out);
    return double(out(0, 0));
}

ProjectionStep projectionOf(
    const Eigen::Ref<const Matrix> &x, int row, const TensorView &w, const TensorView &bias, int col)
{
    ProjectionStep p;
    p.terms = int(x.cols());
    p.products = projectedCell(x, row, w, TensorView {}, col);
    p.hasBias = !bias.empty();
    p.bias = p.hasBias ? at(bias, col) : 0.0;
    p.value = p.products + p.bias;
    return p;
}

} // namespace

BlockOperation blockOperation(BlockStage stage, NormPlacement placement, MlpKind mlp)
{
    const bool pre = placement == NormPlacement::PreLn;
    switch (stage) {
    case BlockStage::Input:
        return BlockOperation::Stream;
    case BlockStage::AttnIn:
    case BlockStage::MlpIn:
        return pre ? BlockOperation::Norm : BlockOperation::Identity;
    case BlockStage::Heads:
        return BlockOperation::Attention;
    case BlockStage::Concat:
        return BlockOperation::Concat;
    case BlockStage::AttnOut:
    case BlockStage::MlpOut:
        return BlockOperation::Projection;
    case BlockStage::AfterAttn:
    case BlockStage::Output:
        return pre ? BlockOperation::Residual : BlockOperation::ResidualNorm;
    case BlockStage::MlpAct:
        return mlp == MlpKind::GatedSilu ? BlockOperation::GatedActivation : BlockOperation::Activation;
    }
    return BlockOperation::Stream;
}

const Matrix *blockStageMatrix(const BlockStages &s, BlockStage stage)
{
    switch (stage) {
    case BlockStage::Input:
        return &s.input;
    case BlockStage::AttnIn:
        return &s.attnIn;
    case BlockStage::Heads:
        return nullptr;
    case BlockStage::Concat:
        return &s.concat;
    case BlockStage::AttnOut:
        return &s.attnOut;
    case BlockStage::AfterAttn:
        return &s.afterAttn;
    case BlockStage::MlpIn:
        return &s.mlpIn;
    case BlockStage::MlpAct:
        return &s.mlpAct;
    case BlockStage::MlpOut:
        return &s.mlpOut;
    case BlockStage::Output:
        return &s.output;
    }
    return nullptr;
}

NormStep deriveNorm(NormKind kind, const Eigen::Ref<const RowVector> &row, int col, double weight,
    std::optional<double> bias, double eps)
{
    if (col < 0 || col >= row.size())
        throw std::out_of_range("column " + std::to_string(col) + " is outside the row");
    NormStep s;
    s.kind = kind;
    s.width = int(row.size());
    s.x = double(row(col));
    s.eps = eps;
    if (kind == NormKind::LayerNorm) {
        double sum = 0;
        for (Eigen::Index i = 0; i < row.size(); ++i)
            sum += double(row(i));
        s.mean = sum / double(row.size());
        double squares = 0;
        for (Eigen::Index i = 0; i < row.size(); ++i)
            squares += (double(row(i)) - s.mean) * (double(row(i)) - s.mean);
        s.variance = squares / double(row.size());
    } else {
        double squares = 0;
        for (Eigen::Index i = 0; i < row.size(); ++i)
            squares += double(row(i)) * double(row(i));
        s.variance = squares / double(row.size());
    }
    s.denominator = std::sqrt(s.variance + eps);
    s.normalized = (s.x - s.mean) / s.denominator;
    s.weight = weight;
    s.hasBias = bias.has_value();
    s.bias = bias.value_or(0.0);
    s.value = s.normalized * s.weight + s.bias;
    return s;
}

ActivationStep deriveActivation(Activation function, double x)
{
    ActivationStep s;
    s.function = function;
    s.x = x;
    s.activated = activated(function, x);
    s.value = s.activated;
    return s;
}

ActivationStep deriveGatedActivation(Activation function, double gate, double up)
{
    ActivationStep s = deriveActivation(function, gate);
    s.gated = true;
    s.up = up;
    s.value = s.activated * up;
    return s;
}

CellDerivation deriveBlockCell(
    const ForwardRunner &runner, int layer, const BlockStages &stages, BlockStage stage, int row, int col)
{
    const Matrix *m = blockStageMatrix(stages, stage);
    if (!m)
        throw std::out_of_range("the heads have no single matrix to derive a cell of");
    if (row < 0 || row >= m->rows() || col < 0 || col >= m->cols())
        throw std::out_of_range("cell (" + std::to_string(row) + ", " + std::to_string(col) + ") is outside the stage");
    if (layer < 0 || layer >= runner.layersDone())
        throw std::out_of_range("layer " + std::to_string(layer) + " has not been computed");
    const ModelConfig &c = runner.config();
    const LayerWeights &L = runner.layerWeights(layer);
    CellDerivation d;
    d.stage = stage;
    d.operation = blockOperation(stage, c.family->placement, c.family->mlp);
    d.row = row;
    d.col = col;
    d.value = double((*m)(row, col));
    switch (d.operation) {
    case BlockOperation::Norm: {
        const Matrix &in = stage == BlockStage::AttnIn ? stages.input : stages.afterAttn;
        d.norm = normOf(runner, L, stage, in.row(row), col);
        break;
    }
    case BlockOperation::Residual:
    case BlockOperation::ResidualNorm: {
        const Matrix &first = stage == BlockStage::AfterAttn ? stages.input : stages.afterAttn;
        const Matrix &second = stage == BlockStage::AfterAttn ? stages.attnOut : stages.mlpOut;
        ResidualStep r;
        r.first = double(first(row, col));
        r.second = double(second(row, col));
        r.sum = r.first + r.second;
        d.residual = r;
        if (d.operation == BlockOperation::ResidualNorm) {
            const RowVector sum = first.row(row) + second.row(row);
            d.norm = normOf(runner, L, stage, sum, col);
        }
        break;
    }
    case BlockOperation::Activation: {
        d.activation = deriveActivation(modelActivation(c), projectedCell(stages.mlpIn, row, L.fcIn, L.fcInBias, col));
        break;
    }
    case BlockOperation::GatedActivation: {
        const double gate = projectedCell(stages.mlpIn, row, L.mlpGate, L.mlpGateBias, col);
        const double up = projectedCell(stages.mlpIn, row, L.fcIn, L.fcInBias, col);
        d.activation = deriveGatedActivation(modelActivation(c), gate, up);
        break;
    }
    case BlockOperation::Projection:
        d.projection = stage == BlockStage::AttnOut ? projectionOf(stages.concat, row, L.attnOut, L.attnOutBias, col)
                                                    : projectionOf(stages.mlpAct, row, L.fcOut, L.fcOutBias, col);
        break;
    case BlockOperation::Concat:
        d.head = col / c.headDim();
        d.headColumn = col % c.headDim();
        break;
    case BlockOperation::Stream:
    case BlockOperation::Identity:
    case BlockOperation::Attention:
        break;
    }
    return d;
}

} // namespace attnlab::core::model
