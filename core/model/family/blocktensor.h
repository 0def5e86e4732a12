#pragma once
// The tensors of one block as a table, TransformerLens' weight conversions and llama.cpp's
// LLM_TENSOR_NAMES as data: for each tensor, the LayerWeights field that holds it, what the
// family calls it, its logical shape (a projection's weight is outputs × inputs) and when a model
// has it. One table drives the loader (core/model/modelloader.cpp: which tensors to find, in what
// shape, how many), the checks (forwardcheck), the block board (which tensors it edits cell by
// cell) and the names shown for them; nothing here asks which family a model is.
//
// Fused tensors: rows whose module the family names alike (GPT-2's q, k and v are all
// "attn.c_attn") are one tensor in the file, their outputs stacked in table order; the loader
// makes each row a window of it.
//
// The board shows, reads and writes a matrix as inputs × outputs (y = x·W + b), the transpose of
// the logical orientation, whatever the checkpoint stores. A vector (a norm's weight or bias, a
// projection's bias) is one row. The per-head projections W_Q, W_K, W_V are edited on a head
// opened on the scene board instead (linked to the model: ForwardRunner::setBlockCells writes that
// head's rows), so the block board lists only the rows marked `board`.
// A family's first norm is the one that comes first in the block: GPT-2's ln_1 before attention,
// BERT's attention.output.LayerNorm after the attention's residual sum.

#include "core/model/modelweights.h"

#include <string>
#include <vector>

namespace attnlab::core::model {

enum class BlockTensor {
    AttnNormWeight,
    AttnNormBias,
    Query,
    QueryBias,
    Key,
    KeyBias,
    Value,
    ValueBias,
    QueryNormWeight, // QK-norm: the norm of each head's q, then of each key/value head's k
    KeyNormWeight,
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
    // Gemma's norms of the sub-layers' outputs (TensorNames::attnPostNorm, mlpPostNorm): RMSNorms,
    // weights only.
    AttnPostNormWeight,
    MlpPostNormWeight,
    Router, // a sparse MLP's router (experts × d)
    ExpertGate, // each expert's gate_proj, up_proj and down_proj (one row for all experts)
    ExpertUp,
    ExpertDown,
    // An encoder-decoder's decoder: attention over the encoder's output and the norm after it
    // (TensorNames::crossQuery, …, crossNorm); not edited on the block board.
    CrossQuery,
    CrossQueryBias,
    CrossKey,
    CrossKeyBias,
    CrossValue,
    CrossValueBias,
    CrossOut,
    CrossOutBias,
    CrossNormWeight,
    CrossNormBias,
};

// A width of the block, read from the config.
enum class BlockWidth {
    Model, // d_model
    Inner, // the MLP's width
    QueryHeads, // heads · d_head
    KeyValueHeads, // kv_heads · d_head
    Head, // d_head
    Experts, // a sparse MLP's number of experts
    ExpertInner, // one expert's width (moe_intermediate_size)
};

// Which layers have a tensor: every layer, those with the dense MLP, or those with the sparse one
// (ModelConfig::sparseLayer).
enum class BlockLayers { Every, DenseMlp, SparseMlp };

// Which part of the block a tensor belongs to, and what decides whether a model has it.
enum class BlockPart { AttnNorm, Attention, MlpNorm, Mlp, AttnPostNorm, MlpPostNorm, CrossAttention, CrossNorm };
enum class BlockPresence {
    Always,
    NormBias, // a LayerNorm's bias (an RMSNorm has none)
    QkvBias, // ModelConfig::qkvBias
    OutBias, // ModelConfig::outBias
    MlpBias, // ModelConfig::mlpBias
    QkNorm, // the family norms each head's q and k (QkNorm::PerHead)
};

struct BlockTensorSpec {
    BlockTensor tensor;
    // A stable name for files and tests: "attn_norm.weight", "mlp_in.bias", …
    const char *key;
    // The module's name in the family's TensorNames, and ".weight" or ".bias" after it.
    std::string TensorNames::*module;
    const char *suffix;
    bool matrix; // a projection's weight (else a vector)
    // The logical shape: outputs × inputs for a matrix; a vector's length is `outputs`.
    BlockWidth outputs, inputs;
    BlockPart part;
    BlockPresence presence;
    bool board; // edited cell by cell on the block board
    // The LayerWeights field that holds it; null for an expert's tensor, which `expertField` holds
    // in each of LayerWeights::experts (the family's name has "{e}" for the expert's index).
    TensorView &(*field)(LayerWeights &);
    BlockLayers layers = BlockLayers::Every;
    TensorView &(*expertField)(ExpertWeights &) = nullptr;
};

// Every row, in the order of a pre-norm block.
const std::vector<BlockTensorSpec> &blockTensorSpecs();
const BlockTensorSpec &blockTensorSpec(BlockTensor tensor);

// The width `w` has in a model of config `c`.
int blockWidth(const ModelConfig &c, BlockWidth w);

// Whether layer `layer` of a model of config `c` (family c.family) has the tensor: the family names
// its module, the config gives it (a bias the config turns off, an RMSNorm's bias, do not exist),
// and the layer's MLP is the kind the tensor belongs to. Layer −1: whether some layer has it.
bool blockTensorExists(const ModelConfig &c, BlockTensor tensor, int layer = -1);

// The tensors layer `layer` of a model of config `c` has (−1: the tensors some layer has), in the
// order of its block: a post-norm family's norms after the sublayer whose sum they normalise.
std::vector<BlockTensor> blockTensorsInOrder(const ModelConfig &c, int layer = -1);

// The name of expert `expert`'s tensor within a layer: the family's name with "{e}" replaced.
std::string expertTensorName(const ModelFamily &family, BlockTensor tensor, int expert);

// The field of `L` that holds the tensor (not an expert's: std::invalid_argument).
TensorView &blockTensorView(LayerWeights &L, BlockTensor tensor);
const TensorView &blockTensorView(const LayerWeights &L, BlockTensor tensor);

// The tensors the block board edits in layer `L` of a model, in table order: a family without the
// module has none (only gated MLPs have a gate), and an RMSNorm or a projection without bias in
// the checkpoint leaves that bias out.
std::vector<BlockTensor> blockTensorsOf(const ModelFamily &family, const LayerWeights &L);

// The family's name of the tensor within a layer: "mlp.c_fc.weight" (GPT-2),
// "attention.output.LayerNorm.bias" (BERT), "mlp.gate_proj.weight" (Llama, Qwen2).
std::string blockTensorName(const ModelFamily &family, BlockTensor tensor);

// The checkpoint stores the tensor as the board does not (an nn.Linear weight, out × in); a
// Conv1D weight (GPT-2, in × out) is stored as the board shows it. For weight export.
bool blockTensorTransposed(const ModelFamily &family, BlockTensor tensor);

// Rows × columns as the board shows `view`: a matrix inputs × outputs, a vector one row.
struct BlockShape {
    int rows = 0, cols = 0;
};
BlockShape blockTensorShape(BlockTensor tensor, const TensorView &view);

} // namespace attnlab::core::model
