#include "core/model/lens/blockstagetable.h"

#include <algorithm>
#include <stdexcept>

namespace attnlab::core::model {

const std::vector<BlockStageEntry> &blockStageTable()
{
    using S = BlockStage;
    using O = BlockOperation;
    using T = BlockTensor;
    using W = StageWidth;
    namespace C = BlockChoice;
    constexpr BlockChoices norm = C::NormPlacement | C::NormKind;
    constexpr BlockChoices sandwich = norm | C::SandwichNorms;
    // clang-format off
    static const std::vector<BlockStageEntry> table = {
        // {id, key, matrix, width, from, added,
        //     pre-norm, post-norm, gated MLP, sandwich norms, changed by, norm,
        //     weight, bias, gate, gate bias, sandwich norm's weight}
        {S::Input, "input", &BlockStages::input, W::Model, {}, {},
            O::Stream, O::Stream, O::Stream, O::Stream, C::NormPlacement, 0,
            {}, {}, {}, {}, {}},
        {S::AttnIn, "attn_in", &BlockStages::attnIn, W::Model, S::Input, {},
            O::Norm, O::Identity, O::Norm, O::Norm, norm, 1,
            T::AttnNormWeight, T::AttnNormBias, {}, {}, {}},
        {S::Heads, "heads", nullptr, W::PerHead, S::AttnIn, {},
            O::Attention, O::Attention, O::Attention, O::Attention, 0, 0,
            {}, {}, {}, {}, {}},
        {S::Concat, "concat", &BlockStages::concat, W::HeadsTimesHeadDim, S::Heads, {},
            O::Concat, O::Concat, O::Concat, O::Concat, 0, 0,
            {}, {}, {}, {}, {}},
        {S::AttnOut, "attn_out", &BlockStages::attnOut, W::Model, S::Concat, {},
            O::Projection, O::Projection, O::Projection, O::Projection, C::OutputBias, 0,
            T::AttnOut, T::AttnOutBias, {}, {}, {}},
        {S::AfterAttn, "after_attn", &BlockStages::afterAttn, W::Model, S::Input, S::AttnOut,
            O::Residual, O::ResidualNorm, O::Residual, O::ResidualOfNorm, sandwich, 1,
            T::AttnNormWeight, T::AttnNormBias, {}, {}, T::AttnPostNormWeight},
        {S::MlpIn, "mlp_in", &BlockStages::mlpIn, W::Model, S::AfterAttn, {},
            O::Norm, O::Identity, O::Norm, O::Norm, norm, 2,
            T::MlpNormWeight, T::MlpNormBias, {}, {}, {}},
        {S::MlpAct, "mlp_act", &BlockStages::mlpAct, W::Inner, S::MlpIn, {},
            O::Activation, O::Activation, O::GatedActivation, O::Activation, C::MlpKind | C::Activation | C::MlpBias, 0,
            T::MlpIn, T::MlpInBias, T::MlpGate, T::MlpGateBias, {}},
        {S::MlpOut, "mlp_out", &BlockStages::mlpOut, W::Model, S::MlpAct, {},
            O::Projection, O::Projection, O::Projection, O::Projection, C::MlpKind | C::MlpBias, 0,
            T::MlpOut, T::MlpOutBias, {}, {}, {}},
        {S::Output, "output", &BlockStages::output, W::Model, S::AfterAttn, S::MlpOut,
            O::Residual, O::ResidualNorm, O::Residual, O::ResidualOfNorm, sandwich, 2,
            T::MlpNormWeight, T::MlpNormBias, {}, {}, T::MlpPostNormWeight},
    };
    // clang-format on
    return table;
}

const BlockStageEntry &blockStageEntry(BlockStage stage)
{
    const std::vector<BlockStageEntry> &table = blockStageTable();
    const auto k = size_t(stage);
    if (k >= table.size() || table[k].id != stage)
        throw std::invalid_argument("not a block stage");
    return table[k];
}

BlockOperation blockOperation(BlockStage stage, const BlockSpec &spec)
{
    const BlockStageEntry &e = blockStageEntry(stage);
    if (spec.sandwichNorms && (e.changedBy & BlockChoice::SandwichNorms))
        return e.sandwich;
    if (spec.gatedMlp && (e.changedBy & BlockChoice::MlpKind))
        return e.gatedMlp;
    return spec.preNorm ? e.preNorm : e.postNorm;
}

const Matrix *blockStageMatrix(const BlockStages &stages, BlockStage stage)
{
    const BlockStageEntry &e = blockStageEntry(stage);
    return e.matrix ? &(stages.*e.matrix) : nullptr;
}

BlockStageForm blockStageForm(BlockStage stage, const ModelConfig &config)
{
    const BlockSpec spec = BlockSpec::of(config);
    BlockStageForm f;
    f.entry = &blockStageEntry(stage);
    f.operation = blockOperation(stage, spec);
    if (f.operation == BlockOperation::Norm || f.operation == BlockOperation::ResidualNorm
        || f.operation == BlockOperation::ResidualOfNorm) {
        f.norm = &normDescription(spec.norm);
        f.normOffset = double(spec.normOffset);
    }
    const BlockChoices by = f.entry->changedBy;
    f.gated = (by & BlockChoice::MlpKind) && spec.gatedMlp;
    f.bias = ((by & BlockChoice::OutputBias) && config.outBias) || ((by & BlockChoice::MlpBias) && config.mlpBias);
    if (by & BlockChoice::Activation)
        f.activation = spec.activation;
    f.preNorm = spec.preNorm;
    f.causal = spec.causal;
    f.rotary = spec.rotary;
    f.queriesPerKv = spec.kvHeads > 0 ? spec.heads / spec.kvHeads : 1;
    f.qkNorm = spec.qkNorm;
    f.queryPreAttnScalar = spec.scoreScalar();
    f.softcap = double(spec.attnSoftcap);
    f.everyLayerWindowed = !spec.layerWindows.empty();
    for (int w : spec.layerWindows) {
        f.window = std::max(f.window, w);
        f.everyLayerWindowed = f.everyLayerWindowed && w > 0;
    }
    switch (f.entry->width) {
    case StageWidth::Model:
        f.columns = config.dModel;
        break;
    case StageWidth::HeadsTimesHeadDim:
        f.columns = config.heads * config.headDim();
        break;
    case StageWidth::Inner:
        f.columns = config.dInner;
        break;
    case StageWidth::PerHead:
        f.columns = 0;
        break;
    }
    return f;
}

} // namespace attnlab::core::model
