#include "core/scene/derivation.h"

#include "core/scene/positional.h"
#include "core/scene/stagetable.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

namespace attnlab::core {

namespace {

// exp overflows double a little above 709; well below that the plain e^x is shown.
constexpr double kLargestPlainExponent = 80;

const core::Matrix &weightsFor(const core::Scene &scene, core::Stage stage)
{
    return stage == core::StageQ ? scene.wq : stage == core::StageK ? scene.wk : scene.wv;
}

const core::RowVector &biasFor(const core::Scene &scene, core::Stage stage)
{
    return stage == core::StageQ ? scene.bq : stage == core::StageK ? scene.bk : scene.bv;
}

const core::HeadStages &headOf(const core::Stages &stages, int head)
{
    return stages.heads.at(size_t(head));
}

} // namespace

DotTerms dotTerms(const core::Scalar *left, const core::Scalar *right, int count, int rightStride)
{
    DotTerms t;
    t.left.reserve(size_t(count));
    t.right.reserve(size_t(count));
    t.products.reserve(size_t(count));
    for (int i = 0; i < count; ++i) {
        const double a = left[i];
        const double b = right[i * rightStride];
        t.left.push_back(a);
        t.right.push_back(b);
        t.products.push_back(a * b);
        t.sum += a * b;
    }
    return t;
}

EmbeddingDerivation deriveEmbedding(const core::Scene &scene, const core::Stages &stages, int row, int column)
{
    EmbeddingDerivation d;
    d.row = row;
    d.column = column;
    d.value = stages.x(row, column);
    if (scene.hasInputX()) {
        d.given = true;
        d.vocabularyRow = -1;
        d.embedding = d.value;
        return d;
    }
    d.vocabularyRow = core::embeddingRows(scene).at(size_t(row));
    d.embedding = scene.embeddings(d.vocabularyRow, column);
    d.hasPositional = scene.positional == core::PositionalEncoding::Sinusoidal;
    if (d.hasPositional)
        d.positional = core::sinusoidalEncoding(scene.tokenCount(), scene.dModel)(row, column);
    return d;
}

ProjectionDerivation deriveProjection(
    const core::Scene &scene, const core::Stages &stages, core::Stage stage, int head, int row, int column)
{
    ProjectionDerivation d;
    d.stage = stage;
    d.head = head;
    d.row = row;
    d.column = column;
    const core::Matrix &result = core::stageMatrix(stages, stage, head);
    d.value = result(row, column);
    if (scene.direct) {
        d.given = true;
        d.terms.sum = d.value;
        return d;
    }
    d.weightColumn = head * scene.dK + column;
    const core::Matrix &w = weightsFor(scene, stage);
    // Cross-attention's K and V are projected from the memory's rows (the stage table says which).
    const core::Matrix &input = core::readsMemory(scene, stage) ? scene.memory.x : stages.x;
    d.terms = dotTerms(input.row(row).data(), w.data() + d.weightColumn, int(input.cols()), int(w.cols()));
    const core::RowVector &b = biasFor(scene, stage);
    d.hasBias = b.size() > d.weightColumn;
    if (d.hasBias)
        d.bias = b(d.weightColumn);
    return d;
}

RotationDerivation deriveRotation(
    const core::Scene &scene, const core::Stages &stages, core::Stage stage, int head, int row, int column)
{
    RotationDerivation d;
    d.stage = stage;
    d.head = head;
    d.row = row;
    d.column = column;
    const int dims = scene.keyDim();
    d.convention = scene.ropeConvention;
    d.pair = core::ropePairOf(d.convention, column, dims);
    std::tie(d.first, d.second) = core::ropePairColumns(d.convention, d.pair, dims);
    d.tabled = scene.ropeFrequencies.size() > 0;
    d.base = d.tabled ? 0 : double(scene.ropeBase);
    d.theta = core::ropeFrequencies(scene).at(size_t(d.pair));
    d.angle = double(row) * d.theta;
    const core::HeadStages &h = headOf(stages, head);
    const core::Matrix &plain = stage == core::StageQRotated ? h.q : h.k;
    const core::Matrix &rotated = stage == core::StageQRotated ? h.qRotated : h.kRotated;
    d.firstValue = plain(row, d.first);
    d.secondValue = plain(row, d.second);
    d.value = rotated(row, column);
    return d;
}

ScoreDerivation deriveScore(const core::Scene &scene, const core::Stages &stages, int head, int row, int column)
{
    ScoreDerivation d;
    d.head = head;
    d.row = row;
    d.column = column;
    const core::HeadStages &h = headOf(stages, head);
    d.rotated = h.qRotated.size() > 0;
    const core::Matrix &q = h.queries();
    const core::Matrix &k = h.keys();
    d.terms = dotTerms(q.row(row).data(), k.row(column).data(), int(q.cols()));
    d.divisor = core::divisor(scene);
    d.scaled = d.terms.sum / d.divisor;
    d.visible = std::isfinite(h.masked(row, column));
    return d;
}

SoftmaxDerivation deriveSoftmax(const core::Stages &stages, int head, int row)
{
    SoftmaxDerivation d;
    d.head = head;
    d.row = row;
    const core::HeadStages &h = headOf(stages, head);
    const int n = int(h.scaled.cols());
    double largest = -std::numeric_limits<double>::infinity();
    for (int j = 0; j < n; ++j) {
        d.scaled.push_back(h.scaled(row, j));
        d.visible.push_back(std::isfinite(h.masked(row, j)));
        if (d.visible.back())
            largest = std::max(largest, d.scaled.back());
    }
    d.anyVisible = std::isfinite(largest);
    d.shift = d.anyVisible && largest > kLargestPlainExponent ? largest : 0;
    for (int j = 0; j < n; ++j) {
        const double e = d.visible[size_t(j)] ? std::exp(d.scaled[size_t(j)] - d.shift) : 0;
        d.exps.push_back(e);
        d.sum += e;
    }
    for (int j = 0; j < n; ++j)
        d.weights.push_back(d.anyVisible ? d.exps[size_t(j)] / d.sum : 0);
    return d;
}

MixDerivation deriveMix(const core::Stages &stages, int head, int row)
{
    MixDerivation d;
    d.head = head;
    d.row = row;
    const core::HeadStages &h = headOf(stages, head);
    const int n = int(h.weights.cols());
    const int dv = int(h.v.cols());
    d.sum.assign(size_t(dv), 0.0);
    for (int j = 0; j < n; ++j) {
        const double w = h.weights(row, j);
        d.weights.push_back(w);
        std::vector<double> v(static_cast<size_t>(dv)), s(static_cast<size_t>(dv));
        for (int c = 0; c < dv; ++c) {
            v[size_t(c)] = h.v(j, c);
            s[size_t(c)] = w * v[size_t(c)];
            d.sum[size_t(c)] += s[size_t(c)];
        }
        d.values.push_back(std::move(v));
        d.scaled.push_back(std::move(s));
    }
    return d;
}

std::vector<ConcatSpan> concatSpans(const core::Scene &scene)
{
    std::vector<ConcatSpan> spans;
    const int width = scene.valueDim();
    for (int h = 0; h < scene.headCount(); ++h)
        spans.push_back({h, h * width, width});
    return spans;
}

OutputDerivation deriveOutput(const core::Scene &scene, const core::Stages &stages, int row, int column)
{
    OutputDerivation d;
    d.row = row;
    d.column = column;
    d.value = stages.output(row, column);
    d.hasWeights = scene.hasOutputWeights();
    if (!d.hasWeights) {
        d.terms.sum = stages.concat(row, column);
        return d;
    }
    d.terms = dotTerms(
        stages.concat.row(row).data(), scene.wo.data() + column, int(stages.concat.cols()), int(scene.wo.cols()));
    d.hasBias = scene.bo.size() > column;
    if (d.hasBias)
        d.bias = scene.bo(column);
    return d;
}

} // namespace attnlab::core
