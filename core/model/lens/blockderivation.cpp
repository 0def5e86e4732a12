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

double at(const TensorView &t, int i)
{
    return double(vectorSegment(t, i, 1)(0));
}

// The tensor `tensor` of layer `L`, or an empty view for none.
const TensorView &tensorOf(const LayerWeights &L, const std::optional<BlockTensor> &tensor)
{
    static const TensorView none;
    return tensor ? blockTensorView(L, *tensor) : none;
}

// The norm the stage's row names (its weight γ and bias β; under sandwich norms the weight of the
// norm of the sub-layer's output, which has no bias), of `row` at `col`.
NormStep normOf(const ForwardRunner &runner, const LayerWeights &L, const BlockStageEntry &e,
    const Eigen::Ref<const RowVector> &row, int col, bool sandwich = false)
{
    const BlockSpec &spec = runner.blockSpec();
    const NormDescription &norm = normDescription(spec.norm);
    const TensorView &bias = tensorOf(L, sandwich ? std::nullopt : e.bias);
    std::optional<double> beta;
    if (norm.centred && !bias.empty())
        beta = at(bias, col);
    return deriveNorm(norm, row, col, at(tensorOf(L, sandwich ? e.sandwichWeight : e.weight), col), beta,
        double(runner.config().layerNormEps), double(spec.normOffset));
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

NormStep deriveNorm(const NormDescription &norm, const Eigen::Ref<const RowVector> &row, int col, double weight,
    std::optional<double> bias, double eps, double offset)
{
    if (col < 0 || col >= row.size())
        throw std::out_of_range("column " + std::to_string(col) + " is outside the row");
    NormStep s;
    s.norm = &norm;
    s.width = int(row.size());
    s.x = double(row(col));
    s.eps = eps;
    if (norm.centred) {
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
    s.offset = offset;
    s.hasBias = bias.has_value();
    s.bias = bias.value_or(0.0);
    s.value = s.normalized * (s.offset + s.weight) + s.bias;
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
    const BlockStageEntry &e = blockStageEntry(stage);
    // The stage the row reads, and the sub-layer's output a residual sum adds to it.
    const Matrix *from = e.from ? blockStageMatrix(stages, *e.from) : nullptr;
    const Matrix *added = e.added ? blockStageMatrix(stages, *e.added) : nullptr;
    CellDerivation d;
    d.stage = stage;
    d.operation = blockOperation(stage, runner.blockSpec());
    d.row = row;
    d.col = col;
    d.value = double((*m)(row, col));
    switch (d.operation) {
    case BlockOperation::Norm:
        d.norm = normOf(runner, L, e, from->row(row), col);
        break;
    case BlockOperation::Residual:
    case BlockOperation::ResidualNorm: {
        ResidualStep r;
        r.first = double((*from)(row, col));
        r.second = double((*added)(row, col));
        r.sum = r.first + r.second;
        d.residual = r;
        if (d.operation == BlockOperation::ResidualNorm) {
            const RowVector sum = from->row(row) + added->row(row);
            d.norm = normOf(runner, L, e, sum, col);
        }
        break;
    }
    case BlockOperation::ResidualOfNorm: {
        // The sub-layer's output normalised by its own norm first, then added to the stream.
        d.norm = normOf(runner, L, e, added->row(row), col, true);
        ResidualStep r;
        r.first = double((*from)(row, col));
        r.second = d.norm->value;
        r.sum = r.first + r.second;
        d.residual = r;
        break;
    }
    case BlockOperation::Activation:
        d.activation = deriveActivation(
            runner.blockSpec().activation, projectedCell(*from, row, tensorOf(L, e.weight), tensorOf(L, e.bias), col));
        break;
    case BlockOperation::GatedActivation: {
        const double gate = projectedCell(*from, row, tensorOf(L, e.gate), tensorOf(L, e.gateBias), col);
        const double up = projectedCell(*from, row, tensorOf(L, e.weight), tensorOf(L, e.bias), col);
        d.activation = deriveGatedActivation(runner.blockSpec().activation, gate, up);
        d.activation->biased = !tensorOf(L, e.gateBias).empty();
        break;
    }
    case BlockOperation::Projection:
        d.projection = projectionOf(*from, row, tensorOf(L, e.weight), tensorOf(L, e.bias), col);
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
