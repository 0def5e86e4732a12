#include "core/model/family/blocktensor.h"

#include <stdexcept>

namespace attnlab::core::model {

const std::vector<BlockTensorSpec> &blockTensorSpecs()
{
    using T = BlockTensor;
    using W = BlockWidth;
    using P = BlockPart;
    using E = BlockPresence;
    using Ls = BlockLayers;
    static const std::vector<BlockTensorSpec> specs = {
        {T::AttnNormWeight, "attn_norm.weight", &TensorNames::attnNorm, ".weight", false, W::Model, W::Model,
            P::AttnNorm, E::Always, true, [](LayerWeights &L) -> TensorView & { return L.attnNorm.weight; }},
        {T::AttnNormBias, "attn_norm.bias", &TensorNames::attnNorm, ".bias", false, W::Model, W::Model, P::AttnNorm,
            E::NormBias, true, [](LayerWeights &L) -> TensorView & { return L.attnNorm.bias; }},
        {T::Query, "query.weight", &TensorNames::query, ".weight", true, W::QueryHeads, W::Model, P::Attention,
            E::Always, false, [](LayerWeights &L) -> TensorView & { return L.query; }},
        {T::QueryBias, "query.bias", &TensorNames::query, ".bias", false, W::QueryHeads, W::Model, P::Attention,
            E::QkvBias, false, [](LayerWeights &L) -> TensorView & { return L.queryBias; }},
        {T::Key, "key.weight", &TensorNames::key, ".weight", true, W::KeyValueHeads, W::Model, P::Attention, E::Always,
            false, [](LayerWeights &L) -> TensorView & { return L.key; }},
        {T::KeyBias, "key.bias", &TensorNames::key, ".bias", false, W::KeyValueHeads, W::Model, P::Attention,
            E::QkvBias, false, [](LayerWeights &L) -> TensorView & { return L.keyBias; }},
        {T::Value, "value.weight", &TensorNames::value, ".weight", true, W::KeyValueHeads, W::Model, P::Attention,
            E::Always, false, [](LayerWeights &L) -> TensorView & { return L.value; }},
        {T::ValueBias, "value.bias", &TensorNames::value, ".bias", false, W::KeyValueHeads, W::Model, P::Attention,
            E::QkvBias, false, [](LayerWeights &L) -> TensorView & { return L.valueBias; }},
        {T::QueryNormWeight, "query_norm.weight", &TensorNames::queryNorm, ".weight", false, W::Head, W::Head,
            P::Attention, E::QkNorm, false, [](LayerWeights &L) -> TensorView & { return L.queryNorm.weight; }},
        {T::KeyNormWeight, "key_norm.weight", &TensorNames::keyNorm, ".weight", false, W::Head, W::Head, P::Attention,
            E::QkNorm, false, [](LayerWeights &L) -> TensorView & { return L.keyNorm.weight; }},
        {T::AttnOut, "attn_out.weight", &TensorNames::attnOut, ".weight", true, W::Model, W::QueryHeads, P::Attention,
            E::Always, true, [](LayerWeights &L) -> TensorView & { return L.attnOut; }},
        {T::AttnOutBias, "attn_out.bias", &TensorNames::attnOut, ".bias", false, W::Model, W::QueryHeads, P::Attention,
            E::OutBias, true, [](LayerWeights &L) -> TensorView & { return L.attnOutBias; }},
        {T::MlpNormWeight, "mlp_norm.weight", &TensorNames::mlpNorm, ".weight", false, W::Model, W::Model, P::MlpNorm,
            E::Always, true, [](LayerWeights &L) -> TensorView & { return L.mlpNorm.weight; }},
        {T::MlpNormBias, "mlp_norm.bias", &TensorNames::mlpNorm, ".bias", false, W::Model, W::Model, P::MlpNorm,
            E::NormBias, true, [](LayerWeights &L) -> TensorView & { return L.mlpNorm.bias; }},
        {T::MlpGate, "mlp_gate.weight", &TensorNames::mlpGate, ".weight", true, W::Inner, W::Model, P::Mlp, E::Always,
            true, [](LayerWeights &L) -> TensorView & { return L.mlpGate; }, Ls::DenseMlp},
        {T::MlpGateBias, "mlp_gate.bias", &TensorNames::mlpGate, ".bias", false, W::Inner, W::Model, P::Mlp, E::MlpBias,
            true, [](LayerWeights &L) -> TensorView & { return L.mlpGateBias; }, Ls::DenseMlp},
        {T::MlpIn, "mlp_in.weight", &TensorNames::mlpIn, ".weight", true, W::Inner, W::Model, P::Mlp, E::Always, true,
            [](LayerWeights &L) -> TensorView & { return L.fcIn; }, Ls::DenseMlp},
        {T::MlpInBias, "mlp_in.bias", &TensorNames::mlpIn, ".bias", false, W::Inner, W::Model, P::Mlp, E::MlpBias, true,
            [](LayerWeights &L) -> TensorView & { return L.fcInBias; }, Ls::DenseMlp},
        {T::MlpOut, "mlp_out.weight", &TensorNames::mlpOut, ".weight", true, W::Model, W::Inner, P::Mlp, E::Always,
            true, [](LayerWeights &L) -> TensorView & { return L.fcOut; }, Ls::DenseMlp},
        {T::MlpOutBias, "mlp_out.bias", &TensorNames::mlpOut, ".bias", false, W::Model, W::Inner, P::Mlp, E::MlpBias,
            true, [](LayerWeights &L) -> TensorView & { return L.fcOutBias; }, Ls::DenseMlp},
        // Gemma's sandwich norms; not edited on the block board.
        {T::AttnPostNormWeight, "attn_post_norm.weight", &TensorNames::attnPostNorm, ".weight", false, W::Model,
            W::Model, P::AttnPostNorm, E::Always, false,
            [](LayerWeights &L) -> TensorView & { return L.attnPostNorm.weight; }},
        {T::MlpPostNormWeight, "mlp_post_norm.weight", &TensorNames::mlpPostNorm, ".weight", false, W::Model, W::Model,
            P::MlpPostNorm, E::Always, false, [](LayerWeights &L) -> TensorView & { return L.mlpPostNorm.weight; }},
        {T::Router, "router.weight", &TensorNames::router, ".weight", true, W::Experts, W::Model, P::Mlp, E::Always,
            false, [](LayerWeights &L) -> TensorView & { return L.router; }, Ls::SparseMlp},
        {T::ExpertGate, "expert_gate.weight", &TensorNames::expertGate, ".weight", true, W::ExpertInner, W::Model,
            P::Mlp, E::Always, false, nullptr, Ls::SparseMlp, [](ExpertWeights &e) -> TensorView & { return e.gate; }},
        {T::ExpertUp, "expert_up.weight", &TensorNames::expertUp, ".weight", true, W::ExpertInner, W::Model, P::Mlp,
            E::Always, false, nullptr, Ls::SparseMlp, [](ExpertWeights &e) -> TensorView & { return e.up; }},
        {T::ExpertDown, "expert_down.weight", &TensorNames::expertDown, ".weight", true, W::Model, W::ExpertInner,
            P::Mlp, E::Always, false, nullptr, Ls::SparseMlp, [](ExpertWeights &e) -> TensorView & { return e.down; }},
        // An encoder-decoder's cross-attention: k and v read the encoder's output, of width d_model.
        {T::CrossQuery, "cross_query.weight", &TensorNames::crossQuery, ".weight", true, W::QueryHeads, W::Model,
            P::CrossAttention, E::Always, false, [](LayerWeights &L) -> TensorView & { return L.crossQuery; }},
        {T::CrossQueryBias, "cross_query.bias", &TensorNames::crossQuery, ".bias", false, W::QueryHeads, W::Model,
            P::CrossAttention, E::QkvBias, false, [](LayerWeights &L) -> TensorView & { return L.crossQueryBias; }},
        {T::CrossKey, "cross_key.weight", &TensorNames::crossKey, ".weight", true, W::QueryHeads, W::Model,
            P::CrossAttention, E::Always, false, [](LayerWeights &L) -> TensorView & { return L.crossKey; }},
        {T::CrossKeyBias, "cross_key.bias", &TensorNames::crossKey, ".bias", false, W::QueryHeads, W::Model,
            P::CrossAttention, E::QkvBias, false, [](LayerWeights &L) -> TensorView & { return L.crossKeyBias; }},
        {T::CrossValue, "cross_value.weight", &TensorNames::crossValue, ".weight", true, W::QueryHeads, W::Model,
            P::CrossAttention, E::Always, false, [](LayerWeights &L) -> TensorView & { return L.crossValue; }},
        {T::CrossValueBias, "cross_value.bias", &TensorNames::crossValue, ".bias", false, W::QueryHeads, W::Model,
            P::CrossAttention, E::QkvBias, false, [](LayerWeights &L) -> TensorView & { return L.crossValueBias; }},
        {T::CrossOut, "cross_out.weight", &TensorNames::crossOut, ".weight", true, W::Model, W::QueryHeads,
            P::CrossAttention, E::Always, false, [](LayerWeights &L) -> TensorView & { return L.crossOut; }},
        {T::CrossOutBias, "cross_out.bias", &TensorNames::crossOut, ".bias", false, W::Model, W::QueryHeads,
            P::CrossAttention, E::OutBias, false, [](LayerWeights &L) -> TensorView & { return L.crossOutBias; }},
        {T::CrossNormWeight, "cross_norm.weight", &TensorNames::crossNorm, ".weight", false, W::Model, W::Model,
            P::CrossNorm, E::Always, false, [](LayerWeights &L) -> TensorView & { return L.crossNorm.weight; }},
        {T::CrossNormBias, "cross_norm.bias", &TensorNames::crossNorm, ".bias", false, W::Model, W::Model, P::CrossNorm,
            E::NormBias, false, [](LayerWeights &L) -> TensorView & { return L.crossNorm.bias; }},
    };
    return specs;
}

const BlockTensorSpec &blockTensorSpec(BlockTensor tensor)
{
    for (const BlockTensorSpec &s : blockTensorSpecs())
        if (s.tensor == tensor)
            return s;
    throw std::invalid_argument("not a block tensor");
}

int blockWidth(const ModelConfig &c, BlockWidth w)
{
    switch (w) {
    case BlockWidth::Model:
        return c.dModel;
    case BlockWidth::Inner:
        return c.dInner;
    case BlockWidth::QueryHeads:
        return c.heads * c.headDim();
    case BlockWidth::KeyValueHeads:
        return c.keyValueHeads() * c.headDim();
    case BlockWidth::Head:
        return c.headDim();
    case BlockWidth::Experts:
        return c.experts;
    case BlockWidth::ExpertInner:
        return c.expertInner;
    }
    return 0;
}

namespace {

// Whether layer `layer` (−1: some layer) runs the MLP the tensor belongs to.
bool layerHas(const ModelConfig &c, BlockLayers layers, int layer)
{
    if (layers == BlockLayers::Every)
        return true;
    const bool sparse = layers == BlockLayers::SparseMlp;
    if (layer >= 0)
        return c.sparseLayer(layer) == sparse;
    for (int l = 0; l < c.layers; ++l)
        if (c.sparseLayer(l) == sparse)
            return true;
    return false;
}

} // namespace

bool blockTensorExists(const ModelConfig &c, BlockTensor tensor, int layer)
{
    const BlockTensorSpec &s = blockTensorSpec(tensor);
    if ((c.family->tensors.*s.module).empty() || !layerHas(c, s.layers, layer))
        return false;
    switch (s.presence) {
    case BlockPresence::Always:
        return true;
    case BlockPresence::NormBias:
        return c.family->norm == NormKind::LayerNorm;
    case BlockPresence::QkvBias:
        return c.qkvBias;
    case BlockPresence::OutBias:
        return c.outBias;
    case BlockPresence::MlpBias:
        return c.mlpBias;
    case BlockPresence::QkNorm:
        return c.family->qkNorm == QkNorm::PerHead;
    }
    return false;
}

std::vector<BlockTensor> blockTensorsInOrder(const ModelConfig &c, int layer)
{
    const bool pre = c.family->placement == NormPlacement::PreLn;
    // Pre-norm: each norm before its sublayer (the table's order); post-norm: after it. Gemma's
    // norms of the sub-layers' outputs follow their sub-layer either way. An encoder-decoder's
    // cross-attention sits between the self-attention and the MLP.
    const BlockPart order[2][8]
        = {{BlockPart::Attention, BlockPart::AttnPostNorm, BlockPart::AttnNorm, BlockPart::CrossAttention,
               BlockPart::CrossNorm, BlockPart::Mlp, BlockPart::MlpPostNorm, BlockPart::MlpNorm},
            {BlockPart::AttnNorm, BlockPart::Attention, BlockPart::AttnPostNorm, BlockPart::CrossNorm,
                BlockPart::CrossAttention, BlockPart::MlpNorm, BlockPart::Mlp, BlockPart::MlpPostNorm}};
    std::vector<BlockTensor> tensors;
    for (const BlockPart part : order[pre ? 1 : 0])
        for (const BlockTensorSpec &s : blockTensorSpecs())
            if (s.part == part && blockTensorExists(c, s.tensor, layer))
                tensors.push_back(s.tensor);
    return tensors;
}

TensorView &blockTensorView(LayerWeights &L, BlockTensor tensor)
{
    const BlockTensorSpec &s = blockTensorSpec(tensor);
    if (!s.field)
        throw std::invalid_argument(std::string(s.key) + " is one expert's tensor");
    return s.field(L);
}

const TensorView &blockTensorView(const LayerWeights &L, BlockTensor tensor)
{
    // The accessors take a mutable layer to serve both overloads; this one only reads.
    return blockTensorView(const_cast<LayerWeights &>(L), tensor);
}

std::string expertTensorName(const ModelFamily &family, BlockTensor tensor, int expert)
{
    std::string name = blockTensorName(family, tensor);
    const size_t at = name.find("{e}");
    if (at != std::string::npos)
        name.replace(at, 3, std::to_string(expert));
    return name;
}

std::vector<BlockTensor> blockTensorsOf(const ModelFamily &family, const LayerWeights &L)
{
    std::vector<BlockTensor> present;
    for (const BlockTensorSpec &s : blockTensorSpecs())
        if (s.board && !(family.tensors.*s.module).empty() && !blockTensorView(L, s.tensor).empty())
            present.push_back(s.tensor);
    return present;
}

std::string blockTensorName(const ModelFamily &family, BlockTensor tensor)
{
    const BlockTensorSpec &s = blockTensorSpec(tensor);
    return family.tensors.*s.module + s.suffix;
}

bool blockTensorTransposed(const ModelFamily &family, BlockTensor tensor)
{
    return blockTensorSpec(tensor).matrix && family.projection == ProjectionKind::Linear;
}

BlockShape blockTensorShape(BlockTensor tensor, const TensorView &view)
{
    if (!blockTensorSpec(tensor).matrix)
        return {1, view.rows * view.cols};
    return {view.cols, view.rows};
}

} // namespace attnlab::core::model
