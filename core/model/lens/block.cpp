#include "core/model/lens/block.h"

#include "core/model/block/attention.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

namespace attnlab::core::model {

namespace {

// The values head `head` reads (n × d_head) from what the layer's attention reads: its slice of
// the value projection, under grouped-query attention the slice of the head's group.
Matrix headValues(const ForwardRunner &runner, int layer, int head)
{
    const BlockSpec &spec = runner.blockSpec();
    const int dh = spec.headDim, first = spec.kvHeadOf(head) * dh;
    const LayerWeights &L = runner.layerWeights(layer);
    const Matrix &a = runner.attentionInput(layer);
    Matrix v;
    projectSlice(a, L.value, L.valueBias, first, dh, v);
    return v;
}

std::vector<int> allRows(int n)
{
    std::vector<int> rows(size_t(n), 0);
    std::iota(rows.begin(), rows.end(), 0);
    return rows;
}

} // namespace

Activation modelActivation(const ModelConfig &config)
{
    return BlockSpec::of(config).activation; // ForwardError is an std::invalid_argument
}

Matrix headContext(const ForwardRunner &runner, int layer, int head, const std::vector<int> &rows)
{
    const Matrix weights = runner.attentionWeights(layer, head);
    const Matrix v = headValues(runner, layer, head);
    Matrix context(Eigen::Index(rows.size()), v.cols());
    for (size_t r = 0; r < rows.size(); ++r)
        context.row(Eigen::Index(r)).noalias() = weights.row(rows[r]) * v;
    return context * runner.headMask()(layer, head);
}

Matrix causalContextRows(const ForwardRunner &runner, int layer, const Eigen::Ref<const Matrix> &attnIn,
    const std::vector<int> &rows, const Eigen::Ref<const Matrix> &keys, const Eigen::Ref<const Matrix> &values)
{
    const BlockSpec &spec = runner.blockSpec(layer);
    const int dh = spec.headDim, width = spec.queryWidth();
    const LayerWeights &L = runner.layerWeights(layer);
    Matrix q;
    projectSlice(attnIn, L.query, L.queryBias, 0, width, q);
    const Eigen::Index count = q.rows();
    Matrix cos, sin;
    for (Eigen::Index r = 0; r < count; ++r) {
        spec.rotaryTables(rows[size_t(r)], 1, cos, sin);
        spec.prepareQueries(L, q.middleRows(r, 1), cos, sin);
    }
    // The block's attention of the rows over the keys up to the last of them: each row's softmax
    // runs over its own keys 0…rows[r] and leaves the later ones exactly 0.
    const int seen = count == 0 ? 0 : *std::max_element(rows.begin(), rows.end()) + 1;
    const QueryPositions at {0, &rows};
    Matrix contexts = Matrix::Zero(count, width), w;
    for (int h = 0; h < spec.heads; ++h) {
        const int g = spec.kvHeadOf(h);
        const Scalar keep = runner.headMask()(layer, h);
        if (keep == 0)
            continue;
        headWeights(spec, q.middleCols(h * dh, dh), keys.block(0, g * dh, seen, dh), at, w);
        auto out = contexts.middleCols(h * dh, dh);
        weightedValues(spec, w, values.block(0, g * dh, seen, dh), at, out);
        if (keep != 1)
            out *= keep;
    }
    return contexts;
}

void mlpRows(const ForwardRunner &runner, int layer, const Eigen::Ref<const Matrix> &x, bool withOutputBias,
    Matrix &act, Matrix &out)
{
    BlockScratch scratch;
    out.resize(x.rows(), runner.config().dModel);
    mlp(runner.blockSpec(), runner.layerWeights(layer), x, withOutputBias, scratch, out, &act);
}

BlockStages blockStages(const ForwardRunner &runner, int layer)
{
    if (layer < 0 || layer >= runner.layersDone())
        throw std::out_of_range("layer " + std::to_string(layer) + " has not been computed");
    const BlockSpec &spec = runner.blockSpec(layer);
    const int n = runner.tokenCount(), dh = spec.headDim;

    BlockStages s;
    s.input = runner.layerInput(layer);
    s.attnIn = runner.attentionInput(layer);
    const std::vector<int> rows = allRows(n);
    s.concat.resize(n, spec.queryWidth());
    for (int h = 0; h < spec.heads; ++h)
        s.concat.middleCols(h * dh, dh) = headContext(runner, layer, h, rows);
    // The rest of the block as the pass computes it, every stage kept.
    BlockScratch scratch;
    s.output.resize(n, spec.dModel);
    finishLayer(spec, runner.layerWeights(layer), s.input, s.concat, scratch, s.output,
        {&s.attnOut, &s.afterAttn, &s.mlpIn, &s.mlpAct, &s.mlpOut, &s.routing});
    if (s.routing.logits.size() > 0)
        s.moe = moeParts(spec, runner.layerWeights(layer), s.mlpIn, s.routing);
    return s;
}

} // namespace attnlab::core::model
