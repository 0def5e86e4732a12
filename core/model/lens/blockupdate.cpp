#include "core/model/lens/blockupdate.h"

#include <algorithm>
#include <initializer_list>
#include <stdexcept>
#include <string>

namespace attnlab::core::model {

namespace {

bool hasTensor(const ForwardRunner &runner, int layer, BlockTensor tensor)
{
    const std::vector<BlockTensor> present = blockTensorsOf(*runner.config().family, runner.layerWeights(layer));
    return std::find(present.begin(), present.end(), tensor) != present.end();
}

// A vector tensor of the layer (a norm's weight or bias) with the edited cell, kept in `keep`.
TensorView editedVector(
    const ForwardRunner &runner, int layer, BlockTensor tensor, const BlockCellEdit &edit, Matrix &keep)
{
    keep = runner.blockTensor(layer, tensor);
    if (edit.tensor == tensor)
        keep(0, edit.col) = edit.after;
    return TensorView {keep.data(), 1, int(keep.cols())};
}

// The first (attention's) or second (the MLP's) norm of the layer with the edit.
struct EditedNorm {
    LayerNormWeights weights;
    Matrix weight, bias;
};

void editNorm(const ForwardRunner &runner, int layer, bool first, const BlockCellEdit &edit, EditedNorm &norm)
{
    const LayerWeights &L = runner.layerWeights(layer);
    norm.weights = first ? L.attnNorm : L.mlpNorm;
    const BlockTensor weight = first ? BlockTensor::AttnNormWeight : BlockTensor::MlpNormWeight;
    const BlockTensor bias = first ? BlockTensor::AttnNormBias : BlockTensor::MlpNormBias;
    if (edit.tensor == weight)
        norm.weights.weight = editedVector(runner, layer, weight, edit, norm.weight);
    if (edit.tensor == bias)
        norm.weights.bias = editedVector(runner, layer, bias, edit, norm.bias);
}

// Column `col` of a projection of `x` by the block tensor `matrix` (inputs × outputs) plus the
// element `col` of `bias` when the layer has it, both with the edit: x·W[:, col] + b[col].
Matrix projectedColumn(const ForwardRunner &runner, int layer, const Eigen::Ref<const Matrix> &x, BlockTensor matrix,
    BlockTensor bias, int col, const BlockCellEdit &edit)
{
    Matrix w = runner.blockTensorCells(layer, matrix, 0, col, int(x.cols()), 1);
    if (edit.tensor == matrix && edit.col == col)
        w(edit.row, 0) = edit.after;
    Matrix out = x * w;
    if (hasTensor(runner, layer, bias)) {
        const Scalar b = edit.tensor == bias ? edit.after : runner.blockTensorCells(layer, bias, 0, col, 1, 1)(0, 0);
        out.array() += b;
    }
    return out;
}

// The new column `col` of mlp_act: act(x·W_in + b) or act(x·W_gate + b)·(x·W_up + b).
Matrix activationColumn(const ForwardRunner &runner, int layer, const Matrix &mlpIn, int col, const BlockCellEdit &edit)
{
    const ModelConfig &c = runner.config();
    if (runner.blockSpec().gatedMlp) {
        Matrix gate = projectedColumn(runner, layer, mlpIn, BlockTensor::MlpGate, BlockTensor::MlpGateBias, col, edit);
        activate(modelActivation(c), gate);
        const Matrix up = projectedColumn(runner, layer, mlpIn, BlockTensor::MlpIn, BlockTensor::MlpInBias, col, edit);
        gate.array() *= up.array();
        return gate;
    }
    Matrix act = projectedColumn(runner, layer, mlpIn, BlockTensor::MlpIn, BlockTensor::MlpInBias, col, edit);
    activate(modelActivation(c), act);
    return act;
}

// output from after_attn and mlp_out, every row: their sum, normed after it in a post-norm block.
void sumOutput(const ForwardRunner &runner, int layer, const BlockCellEdit &edit, BlockStages &s)
{
    const ModelConfig &c = runner.config();
    s.output = s.afterAttn + s.mlpOut;
    if (!runner.blockSpec().preNorm) {
        EditedNorm norm;
        editNorm(runner, layer, false, edit, norm);
        normRows(runner.blockSpec().norm, s.output, norm.weights, c.layerNormEps, s.output);
    }
}

// after_attn (every row) from input and attn_out, and mlp_in from it.
void afterAttention(const ForwardRunner &runner, int layer, const BlockCellEdit &edit, BlockStages &s)
{
    const ModelConfig &c = runner.config();
    const bool preNorm = runner.blockSpec().preNorm;
    s.afterAttn = s.input + s.attnOut;
    EditedNorm norm;
    editNorm(runner, layer, !preNorm, edit, norm);
    if (preNorm) {
        normRows(runner.blockSpec().norm, s.afterAttn, norm.weights, c.layerNormEps, s.mlpIn);
    } else {
        normRows(runner.blockSpec().norm, s.afterAttn, norm.weights, c.layerNormEps, s.afterAttn);
        s.mlpIn = s.afterAttn;
    }
}

// The MLP and the output at `rows` only, from mlp_in (which holds the edit at every row).
void mlpAtRows(const ForwardRunner &runner, int layer, const BlockCellEdit &edit, BlockStages &s, BlockUpdate &u)
{
    const ModelConfig &c = runner.config();
    const BlockRowState state = int(u.rows.size()) == s.input.rows() ? BlockRowState::Exact : BlockRowState::Rows;
    for (const BlockStage stage : {BlockStage::MlpAct, BlockStage::MlpOut, BlockStage::Output})
        u.state[size_t(stage)] = state;
    if (u.rows.empty())
        return;
    Matrix in(Eigen::Index(u.rows.size()), s.mlpIn.cols());
    for (size_t r = 0; r < u.rows.size(); ++r)
        in.row(Eigen::Index(r)) = s.mlpIn.row(u.rows[r]);
    Matrix act, out;
    mlpRows(runner, layer, in, true, act, out);
    Matrix sum(in.rows(), in.cols());
    for (size_t r = 0; r < u.rows.size(); ++r) {
        s.mlpAct.row(u.rows[r]) = act.row(Eigen::Index(r));
        s.mlpOut.row(u.rows[r]) = out.row(Eigen::Index(r));
        sum.row(Eigen::Index(r)) = s.afterAttn.row(u.rows[r]) + out.row(Eigen::Index(r));
    }
    if (!runner.blockSpec().preNorm) {
        EditedNorm norm;
        editNorm(runner, layer, false, edit, norm);
        normRows(runner.blockSpec().norm, sum, norm.weights, c.layerNormEps, sum);
    }
    for (size_t r = 0; r < u.rows.size(); ++r)
        s.output.row(u.rows[r]) = sum.row(Eigen::Index(r));
}

// What one unit of input k adds to each output of a projection weight (outputs × inputs).
RowVector inputRow(const TensorView &w, int k)
{
    return tensorBlock(w, 0, k, w.rows, 1).transpose();
}

// The first norm of a pre-norm block changes column k of attn_in (already in s.attnIn) at every
// row, so every key and value moves by a rank-one term, Δattn_in[:, k] ⊗ (row k of W_K or W_V),
// the keys' rotated at each position under rotary positions: the pass's KV cache plus that term is
// the cache after the edit. The rows asked for then attend over it, and the stages after the heads
// follow at those rows. Returns false when the model keeps no KV cache (not causal) or no rows are
// asked for: the heads and what follows wait for the full recompute.
bool attentionAtRows(const ForwardRunner &runner, int layer, const BlockCellEdit &edit, BlockStages &s, BlockUpdate &u)
{
    const Eigen::Ref<const Matrix> cachedKeys = runner.cachedKeys(layer);
    if (cachedKeys.size() == 0 || u.rows.empty())
        return false;
    const ModelConfig &c = runner.config();
    const LayerWeights &L = runner.layerWeights(layer);
    const int n = int(s.input.rows()), k = edit.col, dh = c.headDim();
    // The cache holds what the runner's own weights give, with or without the edit.
    Matrix held(n, c.dModel);
    normRows(runner.blockSpec().norm, s.input, L.attnNorm, c.layerNormEps, held);
    const Matrix change = s.attnIn.col(k) - held.col(k);
    Matrix keys = change * inputRow(L.key, k);
    if (runner.blockSpec().rotary) {
        Matrix cos, sin;
        rotaryTables(runner.rotaryFrequencies(), 0, n, cos, sin);
        for (int g = 0; g < c.keyValueHeads(); ++g)
            applyRotary(keys.middleCols(g * dh, dh), cos, sin);
    }
    keys += cachedKeys;
    Matrix values = change * inputRow(L.value, k);
    values += runner.cachedValues(layer);

    const auto count = Eigen::Index(u.rows.size());
    Matrix in(count, c.dModel);
    for (Eigen::Index r = 0; r < count; ++r)
        in.row(r) = s.attnIn.row(u.rows[size_t(r)]);
    const Matrix contexts = causalContextRows(runner, layer, in, u.rows, keys, values);
    Matrix out(count, c.dModel);
    project(contexts, L.attnOut, L.attnOutBias, out);
    Matrix after(count, c.dModel), mlpIn(count, c.dModel);
    for (Eigen::Index r = 0; r < count; ++r)
        after.row(r) = s.input.row(u.rows[size_t(r)]) + out.row(r);
    normRows(runner.blockSpec().norm, after, L.mlpNorm, c.layerNormEps, mlpIn);
    for (Eigen::Index r = 0; r < count; ++r) {
        const int row = u.rows[size_t(r)];
        s.concat.row(row) = contexts.row(r);
        s.attnOut.row(row) = out.row(r);
        s.afterAttn.row(row) = after.row(r);
        s.mlpIn.row(row) = mlpIn.row(r);
    }
    const BlockRowState state = count == n ? BlockRowState::Exact : BlockRowState::Rows;
    for (const BlockStage stage : {BlockStage::Concat, BlockStage::AttnOut, BlockStage::AfterAttn, BlockStage::MlpIn})
        u.state[size_t(stage)] = state;
    // The heads' weights of every row changed: their pictures wait for the full recompute.
    u.state[size_t(BlockStage::Heads)] = BlockRowState::Stale;
    mlpAtRows(runner, layer, edit, s, u);
    return true;
}

} // namespace

bool BlockUpdate::complete() const
{
    return std::all_of(state.begin(), state.end(), [](BlockRowState r) { return r == BlockRowState::Exact; });
}

BlockUpdate updateBlockStages(const ForwardRunner &runner, int layer, BlockStages &stages, const BlockCellEdit &edit,
    const std::vector<int> &rows)
{
    if (layer < 0 || layer >= runner.layersDone())
        throw std::out_of_range("layer " + std::to_string(layer) + " has not been computed");
    // Checks that the layer has the tensor and the cell lies in it.
    runner.blockTensorCells(layer, edit.tensor, edit.row, edit.col, 1, 1);
    const ModelConfig &c = runner.config();
    const bool preNorm = runner.blockSpec().preNorm;
    const Scalar delta = edit.after - edit.before;

    BlockUpdate u;
    u.state.fill(BlockRowState::Exact);
    u.column.fill(-1);
    const auto oneColumn = [&u, &edit](std::initializer_list<BlockStage> stages) {
        for (const BlockStage stage : stages)
            u.column[size_t(stage)] = edit.col;
    };
    BlockStages &s = stages;
    for (const int r : rows)
        if (r >= 0 && r < s.input.rows())
            u.rows.push_back(r);
    std::sort(u.rows.begin(), u.rows.end());
    u.rows.erase(std::unique(u.rows.begin(), u.rows.end()), u.rows.end());

    switch (edit.tensor) {
    case BlockTensor::Query:
    case BlockTensor::QueryBias:
    case BlockTensor::Key:
    case BlockTensor::KeyBias:
    case BlockTensor::Value:
    case BlockTensor::ValueBias:
        // Not on the block board: a head's W_Q, W_K, W_V are edited on the scene board, whose edits
        // the session re-runs without announcing them cell by cell (ui/model/boardlink.h).
        throw std::invalid_argument(std::string(blockTensorSpec(edit.tensor).key) + " is edited as a head's scene");
    case BlockTensor::MlpGate:
    case BlockTensor::MlpGateBias:
    case BlockTensor::MlpIn:
    case BlockTensor::MlpInBias: {
        // One column of mlp_act, and mlp_out moves by (its change) ⊗ (W_out's row of that column).
        const Matrix act = activationColumn(runner, layer, s.mlpIn, edit.col, edit);
        const Matrix change = act - s.mlpAct.col(edit.col);
        s.mlpAct.col(edit.col) = act;
        oneColumn({BlockStage::MlpAct});
        s.mlpOut.noalias() += change * runner.blockTensorCells(layer, BlockTensor::MlpOut, edit.col, 0, 1, c.dModel);
        sumOutput(runner, layer, edit, s);
        break;
    }
    case BlockTensor::MlpOut:
    case BlockTensor::MlpOutBias:
        if (edit.tensor == BlockTensor::MlpOut)
            s.mlpOut.col(edit.col) += delta * s.mlpAct.col(edit.row);
        else
            s.mlpOut.col(edit.col).array() += delta;
        sumOutput(runner, layer, edit, s);
        oneColumn({BlockStage::MlpOut});
        if (preNorm)
            oneColumn({BlockStage::Output});
        break;
    case BlockTensor::AttnOut:
    case BlockTensor::AttnOutBias:
        if (edit.tensor == BlockTensor::AttnOut)
            s.attnOut.col(edit.col) += delta * s.concat.col(edit.row);
        else
            s.attnOut.col(edit.col).array() += delta;
        afterAttention(runner, layer, edit, s);
        oneColumn({BlockStage::AttnOut});
        if (preNorm)
            oneColumn({BlockStage::AfterAttn});
        mlpAtRows(runner, layer, edit, s, u);
        break;
    case BlockTensor::MlpNormWeight:
    case BlockTensor::MlpNormBias:
        if (preNorm) {
            afterAttention(runner, layer, edit, s);
            mlpAtRows(runner, layer, edit, s, u);
            oneColumn({BlockStage::MlpIn});
        } else {
            sumOutput(runner, layer, edit, s);
            oneColumn({BlockStage::Output});
        }
        break;
    case BlockTensor::AttnNormWeight:
    case BlockTensor::AttnNormBias:
        if (preNorm) {
            EditedNorm norm;
            editNorm(runner, layer, true, edit, norm);
            normRows(runner.blockSpec().norm, s.input, norm.weights, c.layerNormEps, s.attnIn);
            oneColumn({BlockStage::AttnIn});
            if (!attentionAtRows(runner, layer, edit, s, u))
                for (int k = int(BlockStage::Heads); k < kBlockStageCount; ++k)
                    u.state[size_t(k)] = BlockRowState::Stale;
        } else {
            afterAttention(runner, layer, edit, s);
            mlpAtRows(runner, layer, edit, s, u);
            oneColumn({BlockStage::AfterAttn, BlockStage::MlpIn});
        }
        break;
    }
    // What the edit reaches first, then everything downstream of it.
    BlockStage first = BlockStage::MlpOut;
    switch (edit.tensor) {
    case BlockTensor::AttnNormWeight:
    case BlockTensor::AttnNormBias:
        first = preNorm ? BlockStage::AttnIn : BlockStage::AfterAttn;
        break;
    case BlockTensor::AttnOut:
    case BlockTensor::AttnOutBias:
        first = BlockStage::AttnOut;
        break;
    case BlockTensor::MlpNormWeight:
    case BlockTensor::MlpNormBias:
        first = preNorm ? BlockStage::MlpIn : BlockStage::Output;
        break;
    case BlockTensor::MlpGate:
    case BlockTensor::MlpGateBias:
    case BlockTensor::MlpIn:
    case BlockTensor::MlpInBias:
        first = BlockStage::MlpAct;
        break;
    case BlockTensor::MlpOut:
    case BlockTensor::MlpOutBias:
    case BlockTensor::Query:
    case BlockTensor::QueryBias:
    case BlockTensor::Key:
    case BlockTensor::KeyBias:
    case BlockTensor::Value:
    case BlockTensor::ValueBias:
        break;
    }
    for (int k = int(first); k < kBlockStageCount; ++k)
        u.changed[size_t(k)] = true;
    return u;
}

} // namespace attnlab::core::model
