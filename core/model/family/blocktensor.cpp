#include "core/model/family/blocktensor.h"

#include <stdexcept>

namespace attnlab::core::model {

const std::vector<BlockTensorSpec> &blockTensorSpecs()
{
    using T = BlockTensor;
    static const std::vector<BlockTensorSpec> specs = {
        {T::AttnNormWeight, "attn_norm.weight", &TensorNames::attnNorm, ".weight", false,
            [](LayerWeights &L) -> TensorView & { return L.attnNorm.weight; }},
        {T::AttnNormBias, "attn_norm.bias", &TensorNames::attnNorm, ".bias", false,
            [](LayerWeights &L) -> TensorView & { return L.attnNorm.bias; }},
        {T::AttnOut, "attn_out.weight", &TensorNames::attnOut, ".weight", true,
            [](LayerWeights &L) -> TensorView & { return L.attnOut; }},
        {T::AttnOutBias, "attn_out.bias", &TensorNames::attnOut, ".bias", false,
            [](LayerWeights &L) -> TensorView & { return L.attnOutBias; }},
        {T::MlpNormWeight, "mlp_norm.weight", &TensorNames::mlpNorm, ".weight", false,
            [](LayerWeights &L) -> TensorView & { return L.mlpNorm.weight; }},
        {T::MlpNormBias, "mlp_norm.bias", &TensorNames::mlpNorm, ".bias", false,
            [](LayerWeights &L) -> TensorView & { return L.mlpNorm.bias; }},
        {T::MlpGate, "mlp_gate.weight", &TensorNames::mlpGate, ".weight", true,
            [](LayerWeights &L) -> TensorView & { return L.mlpGate; }},
        {T::MlpGateBias, "mlp_gate.bias", &TensorNames::mlpGate, ".bias", false,
            [](LayerWeights &L) -> TensorView & { return L.mlpGateBias; }},
        {T::MlpIn, "mlp_in.weight", &TensorNames::mlpIn, ".weight", true,
            [](LayerWeights &L) -> TensorView & { return L.fcIn; }},
        {T::MlpInBias, "mlp_in.bias", &TensorNames::mlpIn, ".bias", false,
            [](LayerWeights &L) -> TensorView & { return L.fcInBias; }},
        {T::MlpOut, "mlp_out.weight", &TensorNames::mlpOut, ".weight", true,
            [](LayerWeights &L) -> TensorView & { return L.fcOut; }},
        {T::MlpOutBias, "mlp_out.bias", &TensorNames::mlpOut, ".bias", false,
            [](LayerWeights &L) -> TensorView & { return L.fcOutBias; }},
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

TensorView &blockTensorView(LayerWeights &L, BlockTensor tensor)
{
    return blockTensorSpec(tensor).field(L);
}

const TensorView &blockTensorView(const LayerWeights &L, BlockTensor tensor)
{
    // The accessors take a mutable layer to serve both overloads; this one only reads.
    return blockTensorSpec(tensor).field(const_cast<LayerWeights &>(L));
}

std::vector<BlockTensor> blockTensorsOf(const ModelFamily &family, const LayerWeights &L)
{
    std::vector<BlockTensor> present;
    for (const BlockTensorSpec &s : blockTensorSpecs())
        if (!(family.tensors.*s.module).empty() && !blockTensorView(L, s.tensor).empty())
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

BlockShape blockTensorShape(const ModelFamily &family, BlockTensor tensor, const TensorView &view)
{
    if (!blockTensorSpec(tensor).matrix)
        return {1, view.rows * view.cols};
    if (blockTensorTransposed(family, tensor))
        return {view.cols, view.rows};
    return {view.rows, view.cols};
}

} // namespace attnlab::core::model
