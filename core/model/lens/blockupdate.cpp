#include "core/model/lens/blockupdate.h"

#include <algorithm>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>

namespace attnlab::core::model {

namespace {

// The layer's weights with the edited cell, when it lies in a vector (a norm's weight or bias, a
// projection's bias): the runner may hold the weights before the edit. The matrices stay the
// runner's: the update reads an edited matrix only through its edited column (activationColumn)
// or the edit's rank-one term, never through the block's dense products.
struct EditedLayer {
    LayerWeights weights;
    Matrix vector; // the edited vector, which `weights` views
};

void editLayer(const ForwardRunner &runner, int layer, const BlockCellEdit &edit, EditedLayer &out)
{
    out.weights = runner.layerWeights(layer);
    if (blockTensorSpec(edit.tensor).matrix)
        return;
    out.vector = runner.blockTensor(layer, edit.tensor);
    out.vector(0, edit.col) = edit.after;
    blockTensorView(out.weights, edit.tensor) = TensorView {out.vector.data(), 1, int(out.vector.cols())};
}

// Output `col` of the projection `matrix` (inputs × outputs on the board) and of its bias `bias`
// (`biasView`: the layer's, empty when it has none), with the edit, as a projection of one output
// into `w` and `b`, which the returned views read.
std::pair<TensorView, TensorView> editedOutput(const ForwardRunner &runner, int layer, BlockTensor matrix,
    BlockTensor bias, const TensorView &biasView, const BlockCellEdit &edit, Matrix &w, Matrix &b)
{
    // The board's column `col` is the logical row `col` (outputs × inputs).
    w = runner.blockTensorCells(layer, matrix, 0, edit.col, runner.config().dModel, 1).transpose();
    if (edit.tensor == matrix)
        w(0, edit.row) = edit.after;
    if (biasView.empty())
        return {TensorView {w.data(), 1, int(w.cols())}, TensorView {}};
    b = vectorSegment(biasView, edit.col, 1);
    if (edit.tensor == bias)
        b(0, 0) = edit.after;
    return {TensorView {w.data(), 1, int(w.cols())}, TensorView {b.data(), 1, 1}};
}

// The new column edit.col of mlp_act for an edit of the MLP's first projections (in, or up and
// gate) or their biases: the block's own inner activation (mlpActivation) of a layer whose MLP
// has that one output.
Matrix activationColumn(const ForwardRunner &runner, int layer, const Matrix &mlpIn, const BlockCellEdit &edit)
{
    const LayerWeights &L = runner.layerWeights(layer);
    LayerWeights one;
    Matrix in, inBias, gate, gateBias;
    std::tie(one.fcIn, one.fcInBias)
        = editedOutput(runner, layer, BlockTensor::MlpIn, BlockTensor::MlpInBias, L.fcInBias, edit, in, inBias);
    if (!L.mlpGate.empty())
        std::tie(one.mlpGate, one.mlpGateBias) = editedOutput(
            runner, layer, BlockTensor::MlpGate, BlockTensor::MlpGateBias, L.mlpGateBias, edit, gate, gateBias);
    Matrix act, up;
    mlpActivation(runner.blockSpec(), one, mlpIn, act, up);
    return act;
}

// The rows `rows` of `m`.
Matrix gatherRows(const Matrix &m, const std::vector<int> &rows)
{
    Matrix out(Eigen::Index(rows.size()), m.cols());
    for (size_t r = 0; r < rows.size(); ++r)
        out.row(Eigen::Index(r)) = m.row(rows[r]);
    return out;
}

// Writes the rows of `part` back to rows `rows` of `m`.
void scatterRows(const Matrix &part, const std::vector<int> &rows, Matrix &m)
{
    for (size_t r = 0; r < rows.size(); ++r)
        m.row(rows[r]) = part.row(Eigen::Index(r));
}

void setState(BlockUpdate &u, std::initializer_list<BlockStage> stages, BlockRowState state)
{
    for (const BlockStage stage : stages)
        u.state[size_t(stage)] = state;
}

// Exact when the rows are every row, else Rows.
BlockRowState rowsState(const BlockUpdate &u, const BlockStages &s)
{
    return int(u.rows.size()) == s.input.rows() ? BlockRowState::Exact : BlockRowState::Rows;
}

// after_attn (every row) from input and attn_out, and mlp_in from it, as the block computes them.
void afterAttention(const BlockSpec &spec, const LayerWeights &L, BlockStages &s, BlockScratch &scratch)
{
    addAttention(spec, L, s.input, s.attnOut, scratch, s.afterAttn);
    mlpInput(spec, L, s.afterAttn, s.mlpIn);
}

// The MLP and the output at `rows` only, from mlp_in (which holds the edit at every row).
void mlpAtRows(const BlockSpec &spec, const LayerWeights &L, BlockStages &s, BlockUpdate &u, BlockScratch &scratch)
{
    setState(u, {BlockStage::MlpAct, BlockStage::MlpOut, BlockStage::Output}, rowsState(u, s));
    if (u.rows.empty())
        return;
    const Matrix in = gatherRows(s.mlpIn, u.rows);
    Matrix act, out(in.rows(), spec.dModel), sum(in.rows(), spec.dModel);
    mlp(spec, L, in, true, scratch, out, &act);
    addMlp(spec, L, gatherRows(s.afterAttn, u.rows), out, scratch, sum);
    scatterRows(act, u.rows, s.mlpAct);
    scatterRows(out, u.rows, s.mlpOut);
    scatterRows(sum, u.rows, s.output);
}

// What one unit of input k adds to each output of a projection weight (outputs × inputs).
RowVector inputRow(const TensorView &w, int k)
{
    return tensorBlock(w, 0, k, w.rows, 1).transpose();
}

// The first norm of a pre-norm block changes column k of attn_in (already in s.attnIn) at every
// row, so every key and value moves by a rank-one term, Δattn_in[:, k] ⊗ (row k of W_K or W_V),
// the keys' rotated at each position under rotary positions: the pass's KV cache plus that term is
// the cache after the edit (under QK-norm the keys are no longer linear and are computed anew). The rows asked for then
// attend over it, and the block after attention (finishLayer) follows at those rows. Returns false when the model keeps
// no KV cache (not causal) or no rows are asked for: the heads and what follows wait for the full recompute.
bool attentionAtRows(const ForwardRunner &runner, int layer, const BlockCellEdit &edit, const LayerWeights &edited,
    BlockStages &s, BlockUpdate &u, BlockScratch &scratch)
{
    const Eigen::Ref<const Matrix> cachedKeys = runner.cachedKeys(layer);
    if (cachedKeys.size() == 0 || u.rows.empty())
        return false;
    const BlockSpec &spec = runner.blockSpec(layer);
    const LayerWeights &L = runner.layerWeights(layer);
    const int n = int(s.input.rows()), k = edit.col;
    // The cache holds what the runner's own weights give, with or without the edit.
    Matrix held;
    attentionInput(spec, L, s.input, held);
    const Matrix change = s.attnIn.col(k) - held.col(k);
    Matrix cos, sin;
    spec.rotaryTables(0, n, cos, sin);
    Matrix keys(n, spec.keyValueWidth());
    if (spec.keysLinear()) {
        keys = change * inputRow(L.key, k);
        spec.rotateKeys(keys, cos, sin);
        keys += cachedKeys;
    } else {
        // Under QK-norm each key is normalised: the keys of the edited input, computed anew.
        projectSlice(s.attnIn, L.key, L.keyBias, 0, spec.keyValueWidth(), keys);
        spec.prepareKeys(L, keys, cos, sin);
    }
    Matrix values = change * inputRow(L.value, k);
    values += runner.cachedValues(layer);

    const Matrix contexts = causalContextRows(runner, layer, gatherRows(s.attnIn, u.rows), u.rows, keys, values);
    const Matrix input = gatherRows(s.input, u.rows);
    Matrix attnOut, after, mlpIn, act, mlpOut, out(input.rows(), spec.dModel);
    finishLayer(spec, edited, input, contexts, scratch, out, {&attnOut, &after, &mlpIn, &act, &mlpOut});
    scatterRows(contexts, u.rows, s.concat);
    scatterRows(attnOut, u.rows, s.attnOut);
    scatterRows(after, u.rows, s.afterAttn);
    scatterRows(mlpIn, u.rows, s.mlpIn);
    scatterRows(act, u.rows, s.mlpAct);
    scatterRows(mlpOut, u.rows, s.mlpOut);
    scatterRows(out, u.rows, s.output);
    setState(u,
        {BlockStage::Concat, BlockStage::AttnOut, BlockStage::AfterAttn, BlockStage::MlpIn, BlockStage::MlpAct,
            BlockStage::MlpOut, BlockStage::Output},
        rowsState(u, s));
    // The heads' weights of every row changed: their pictures wait for the full recompute.
    u.state[size_t(BlockStage::Heads)] = BlockRowState::Stale;
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
    const BlockSpec &spec = runner.blockSpec();
    const bool preNorm = spec.preNorm;
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
    // The stages are recomputed by the block's own functions (layerblock.h), on the layer's weights
    // with the edited cell.
    EditedLayer edited;
    editLayer(runner, layer, edit, edited);
    const LayerWeights &W = edited.weights;
    BlockScratch scratch;

    switch (edit.tensor) {
    case BlockTensor::Query:
    case BlockTensor::QueryBias:
    case BlockTensor::Key:
    case BlockTensor::KeyBias:
    case BlockTensor::Value:
    case BlockTensor::ValueBias:
    case BlockTensor::QueryNormWeight:
    case BlockTensor::KeyNormWeight:
    case BlockTensor::Router:
    case BlockTensor::ExpertGate:
    case BlockTensor::ExpertUp:
    case BlockTensor::ExpertDown:
        // Not on the block board: a head's W_Q, W_K, W_V are edited on the scene board, whose edits
        // the session re-runs without announcing them cell by cell (ui/model/boardlink.h).
        throw std::invalid_argument(std::string(blockTensorSpec(edit.tensor).key) + " is edited as a head's scene");
    case BlockTensor::CrossQuery:
    case BlockTensor::CrossQueryBias:
    case BlockTensor::CrossKey:
    case BlockTensor::CrossKeyBias:
    case BlockTensor::CrossValue:
    case BlockTensor::CrossValueBias:
    case BlockTensor::CrossOut:
    case BlockTensor::CrossOutBias:
    case BlockTensor::CrossNormWeight:
    case BlockTensor::CrossNormBias:
        // The board runs the decoder-only passes, which never hold a cross-attention layer.
        throw std::invalid_argument(std::string(blockTensorSpec(edit.tensor).key) + " is not on the block board");
    case BlockTensor::MlpGate:
    case BlockTensor::MlpGateBias:
    case BlockTensor::MlpIn:
    case BlockTensor::MlpInBias: {
        // One column of mlp_act, and mlp_out moves by (its change) ⊗ (W_out's row of that column).
        const Matrix act = activationColumn(runner, layer, s.mlpIn, edit);
        const Matrix change = act - s.mlpAct.col(edit.col);
        s.mlpAct.col(edit.col) = act;
        oneColumn({BlockStage::MlpAct});
        s.mlpOut.noalias() += change * runner.blockTensorCells(layer, BlockTensor::MlpOut, edit.col, 0, 1, spec.dModel);
        addMlp(spec, W, s.afterAttn, s.mlpOut, scratch, s.output);
        break;
    }
    case BlockTensor::MlpOut:
    case BlockTensor::MlpOutBias:
        if (edit.tensor == BlockTensor::MlpOut)
            s.mlpOut.col(edit.col) += delta * s.mlpAct.col(edit.row);
        else
            s.mlpOut.col(edit.col).array() += delta;
        addMlp(spec, W, s.afterAttn, s.mlpOut, scratch, s.output);
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
        afterAttention(spec, W, s, scratch);
        oneColumn({BlockStage::AttnOut});
        if (preNorm)
            oneColumn({BlockStage::AfterAttn});
        mlpAtRows(spec, W, s, u, scratch);
        break;
    case BlockTensor::AttnPostNormWeight:
        // Gemma's norm of the attention's output: the residual after attention and what follows.
        afterAttention(spec, W, s, scratch);
        mlpAtRows(spec, W, s, u, scratch);
        break;
    case BlockTensor::MlpPostNormWeight:
        addMlp(spec, W, s.afterAttn, s.mlpOut, scratch, s.output);
        break;
    case BlockTensor::MlpNormWeight:
    case BlockTensor::MlpNormBias:
        if (preNorm) {
            afterAttention(spec, W, s, scratch);
            mlpAtRows(spec, W, s, u, scratch);
            oneColumn({BlockStage::MlpIn});
        } else {
            addMlp(spec, W, s.afterAttn, s.mlpOut, scratch, s.output);
            oneColumn({BlockStage::Output});
        }
        break;
    case BlockTensor::AttnNormWeight:
    case BlockTensor::AttnNormBias:
        if (preNorm) {
            attentionInput(spec, W, s.input, s.attnIn);
            oneColumn({BlockStage::AttnIn});
            if (!attentionAtRows(runner, layer, edit, W, s, u, scratch))
                for (int k = int(BlockStage::Heads); k < kBlockStageCount; ++k)
                    u.state[size_t(k)] = BlockRowState::Stale;
        } else {
            afterAttention(spec, W, s, scratch);
            mlpAtRows(spec, W, s, u, scratch);
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
    case BlockTensor::AttnPostNormWeight:
        first = BlockStage::AfterAttn;
        break;
    case BlockTensor::MlpPostNormWeight:
        first = BlockStage::Output;
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
    case BlockTensor::QueryNormWeight:
    case BlockTensor::KeyNormWeight:
    case BlockTensor::CrossQuery:
    case BlockTensor::CrossQueryBias:
    case BlockTensor::CrossKey:
    case BlockTensor::CrossKeyBias:
    case BlockTensor::CrossValue:
    case BlockTensor::CrossValueBias:
    case BlockTensor::CrossOut:
    case BlockTensor::CrossOutBias:
    case BlockTensor::CrossNormWeight:
    case BlockTensor::CrossNormBias:
    case BlockTensor::Router:
    case BlockTensor::ExpertGate:
    case BlockTensor::ExpertUp:
    case BlockTensor::ExpertDown:
        break;
    }
    for (int k = int(first); k < kBlockStageCount; ++k)
        u.changed[size_t(k)] = true;
    return u;
}

} // namespace attnlab::core::model
