#include "core/model/lens/block.h"

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
    const ModelConfig &c = runner.config();
    const int dh = c.headDim();
    const int kvHeads = c.kvHeads > 0 ? c.kvHeads : c.heads;
    const int first = head / (c.heads / kvHeads) * dh;
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
    const std::string name = config.activation.empty() ? config.family->config.activationFallback : config.activation;
    const std::optional<Activation> f = activationNamed(name);
    if (!f)
        throw std::invalid_argument("unsupported activation \"" + name + "\"");
    return *f;
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
    const ModelConfig &c = runner.config();
    const int dh = c.headDim(), width = c.heads * dh;
    const LayerWeights &L = runner.layerWeights(layer);
    Matrix q;
    projectSlice(attnIn, L.query, L.queryBias, 0, width, q);
    const ScoreScale scale(c.family->scoreScaling, dh);
    const Eigen::Index count = q.rows();
    if (c.family->position == PositionKind::Rotary)
        for (Eigen::Index r = 0; r < count; ++r) {
            Matrix cos, sin;
            rotaryTables(runner.rotaryFrequencies(), rows[size_t(r)], 1, cos, sin);
            for (int h = 0; h < c.heads; ++h)
                applyRotary(q.block(r, h * dh, 1, dh), cos, sin);
        }
    // One product per head for all the rows, over the keys up to the last of them; each row's
    // softmax then runs over its own keys 0…rows[r] and leaves the later ones exactly 0.
    const int last = count == 0 ? -1 : *std::max_element(rows.begin(), rows.end());
    Matrix contexts(count, width);
    Matrix w(count, last + 1);
    for (int h = 0; h < c.heads; ++h) {
        const int g = c.kvHeadOf(h);
        w.noalias() = q.middleCols(h * dh, dh) * keys.block(0, g * dh, last + 1, dh).transpose();
        for (Eigen::Index r = 0; r < count; ++r)
            scale.softmaxRow(w, r, rows[size_t(r)] + 1);
        contexts.middleCols(h * dh, dh).noalias() = w * values.block(0, g * dh, last + 1, dh);
        contexts.middleCols(h * dh, dh) *= runner.headMask()(layer, h);
    }
    return contexts;
}

void mlpRows(const ForwardRunner &runner, int layer, const Eigen::Ref<const Matrix> &x, bool withOutputBias,
    Matrix &act, Matrix &out)
{
    const ModelConfig &c = runner.config();
    const LayerWeights &L = runner.layerWeights(layer);
    act.resize(x.rows(), c.dInner);
    if (c.family->mlp == MlpKind::GatedSilu) {
        // down(act(gate(x)) ⊙ up(x)): mlp_act is the product that enters down_proj.
        project(x, L.mlpGate, L.mlpGateBias, act);
        activate(modelActivation(c), act);
        Matrix up(x.rows(), c.dInner);
        project(x, L.fcIn, L.fcInBias, up);
        act.array() *= up.array();
    } else {
        project(x, L.fcIn, L.fcInBias, act);
        activate(modelActivation(c), act);
    }
    out.resize(x.rows(), c.dModel);
    project(act, L.fcOut, withOutputBias ? L.fcOutBias : TensorView {}, out);
}

BlockStages blockStages(const ForwardRunner &runner, int layer)
{
    if (layer < 0 || layer >= runner.layersDone())
        throw std::out_of_range("layer " + std::to_string(layer) + " has not been computed");
    const ModelConfig &c = runner.config();
    const LayerWeights &L = runner.layerWeights(layer);
    const NormKind norm = c.family->norm;
    const bool preNorm = c.family->placement == NormPlacement::PreLn;
    const int n = runner.tokenCount(), dh = c.headDim();

    BlockStages s;
    s.input = runner.layerInput(layer);
    s.attnIn = runner.attentionInput(layer);
    const std::vector<int> rows = allRows(n);
    s.concat.resize(n, c.heads * dh);
    for (int h = 0; h < c.heads; ++h)
        s.concat.middleCols(h * dh, dh) = headContext(runner, layer, h, rows);
    s.attnOut.resize(n, c.dModel);
    project(s.concat, L.attnOut, L.attnOutBias, s.attnOut);

    s.afterAttn = s.input + s.attnOut;
    if (preNorm) {
        s.mlpIn.resize(n, c.dModel);
        normRows(norm, s.afterAttn, L.mlpNorm, c.layerNormEps, s.mlpIn);
    } else {
        normRows(norm, s.afterAttn, L.attnNorm, c.layerNormEps, s.afterAttn);
        s.mlpIn = s.afterAttn;
    }
    mlpRows(runner, layer, s.mlpIn, true, s.mlpAct, s.mlpOut);
    s.output = s.afterAttn + s.mlpOut;
    if (!preNorm)
        normRows(norm, s.output, L.mlpNorm, c.layerNormEps, s.output);
    return s;
}

} // namespace attnlab::core::model
