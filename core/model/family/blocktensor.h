#pragma once
// The tensors of one block that the block board edits cell by cell, as a table: the two norms'
// weight and bias, the attention output projection W_O and its bias, and the MLP's matrices and
// biases (GPT-2 mlp.c_fc / mlp.c_proj, BERT intermediate.dense / output.dense, Llama and Qwen2
// mlp.gate_proj / up_proj / down_proj). The per-head projections W_Q, W_K, W_V are edited as a
// head's scene instead (ForwardRunner::setHeadWeights). Each row says which LayerWeights field
// holds the tensor and what the family calls it; nothing here asks which family a model is.
//
// Orientation: the board shows, reads and writes a matrix as inputs × outputs (y = x·W + b),
// whatever the checkpoint stores: a Conv1D weight (GPT-2) as it is, an nn.Linear weight (BERT,
// Llama, Qwen2: out × in) transposed. A vector (a norm's weight or bias, a projection's bias) is
// one row. A family's first norm is the one that comes first in the block: GPT-2's ln_1 before
// attention, BERT's attention.output.LayerNorm after the attention's residual sum.

#include "core/model/modelweights.h"

#include <string>
#include <vector>

namespace attnlab::core::model {

enum class BlockTensor {
    AttnNormWeight,
    AttnNormBias,
    AttnOut,
    AttnOutBias,
    MlpNormWeight,
    MlpNormBias,
    MlpGate, // gated MLPs only: gate_proj
    MlpGateBias,
    MlpIn, // c_fc, intermediate.dense, up_proj
    MlpInBias,
    MlpOut, // c_proj, output.dense, down_proj
    MlpOutBias,
};

struct BlockTensorSpec {
    BlockTensor tensor;
    // A stable name for files and tests: "attn_norm.weight", "mlp_in.bias", …
    const char *key;
    // The module's name in the family's TensorNames, and ".weight" or ".bias" after it.
    std::string TensorNames::*module;
    const char *suffix;
    bool matrix; // a projection's weight (else a vector)
    // The LayerWeights field that holds it.
    TensorView &(*field)(LayerWeights &);
};

// Every row, in the order of the block.
const std::vector<BlockTensorSpec> &blockTensorSpecs();
const BlockTensorSpec &blockTensorSpec(BlockTensor tensor);

// The field of `L` that holds the tensor.
TensorView &blockTensorView(LayerWeights &L, BlockTensor tensor);
const TensorView &blockTensorView(const LayerWeights &L, BlockTensor tensor);

// The tensors that layer `L` of a model holds, in table order: a family without the module has
// none (only gated MLPs have a gate), and an RMSNorm or a projection without bias in the
// checkpoint leaves that bias out.
std::vector<BlockTensor> blockTensorsOf(const ModelFamily &family, const LayerWeights &L);

// The family's name of the tensor within a layer: "mlp.c_fc.weight" (GPT-2),
// "attention.output.LayerNorm.bias" (BERT), "mlp.gate_proj.weight" (Llama, Qwen2).
std::string blockTensorName(const ModelFamily &family, BlockTensor tensor);

// The board shows the checkpoint's tensor transposed: an nn.Linear weight.
bool blockTensorTransposed(const ModelFamily &family, BlockTensor tensor);

// Rows × columns as the board shows `view`, the tensor's current storage.
struct BlockShape {
    int rows = 0, cols = 0;
};
BlockShape blockTensorShape(const ModelFamily &family, BlockTensor tensor, const TensorView &view);

} // namespace attnlab::core::model
