#pragma once
// The block board's stages as data, as core/scene/stagetable.h has the pipeline's: one row per
// stage says what the program asks about it that is not arithmetic — its name, where its matrix
// is kept and how wide it is, which stages it is computed from, what it computes under each of
// the family's choices, which of those choices change it, and which block tensors it reads. The
// derivation of a cell (blockderivation.h), the board and its texts (ui/block/) ask the row,
// and a stage resolved for one model (blockStageForm) says everything its texts depend on;
// nothing outside the block and the loader asks which norm, placement or MLP a family has.
//
// Rows are in the block's order, top to bottom: a stage is computed only from stages above it.

#include "core/model/family/blocktensor.h"
#include "core/model/lens/block.h"

#include <optional>
#include <vector>

namespace attnlab::core::model {

// The cards of the block board, top to bottom.
enum class BlockStage { Input, AttnIn, Heads, Concat, AttnOut, AfterAttn, MlpIn, MlpAct, MlpOut, Output };
inline constexpr int kBlockStageCount = 10;

// What a stage computes in a family of given choices.
enum class BlockOperation {
    Stream, // the residual stream as it enters (no derivation of its own inside the block)
    Identity, // equal to the stage before it (post-norm's attn_in and mlp_in)
    Norm, // a LayerNorm / RMSNorm of one row
    Attention, // the heads: each head's own board derives them
    Concat, // the heads' context vectors side by side
    Projection, // a matrix product plus bias (attn_out, mlp_out)
    Residual, // the sum of two stages
    ResidualNorm, // the norm of a residual sum (post-norm)
    ResidualOfNorm, // a stage plus the norm of a sub-layer's output (Gemma's sandwich norms)
    Activation, // GELU / SiLU of one pre-activation
    GatedActivation, // SiLU(gate)·up
};

// The choices of a family (and of its config) that change what a stage computes or how it is
// written, one bit each.
using BlockChoices = unsigned;
namespace BlockChoice {
inline constexpr BlockChoices NormPlacement = 1u << 0; // pre- or post-norm
inline constexpr BlockChoices NormKind = 1u << 1; // LayerNorm or RMSNorm
inline constexpr BlockChoices MlpKind = 1u << 2; // plain or gated MLP
inline constexpr BlockChoices Activation = 1u << 3; // the config's activation function
inline constexpr BlockChoices OutputBias = 1u << 4; // the attention output projection has a bias
inline constexpr BlockChoices MlpBias = 1u << 5; // the MLP's projections have biases
inline constexpr BlockChoices SandwichNorms = 1u << 6; // the sub-layers' outputs are normalised (Gemma)
} // namespace BlockChoice

// How many columns a stage's matrix has (a stage's width; family/blocktensor.h's BlockWidth is a tensor's).
enum class StageWidth {
    Model, // d_model
    HeadsTimesHeadDim, // heads·d_head
    Inner, // d_inner, the MLP's width
    PerHead, // one n × n matrix of attention weights per head
};

struct BlockStageEntry {
    BlockStage id;
    // The stage's name: --dump --block's key, the card's object name, the export's file name.
    const char *key;
    // Where the matrix is kept (n × width, row i = token i); nullptr for one matrix per head.
    Matrix BlockStages::*matrix;
    StageWidth width;
    // The stage it is computed from, and for a residual sum the sub-layer's output added to it;
    // none for the stream entering the block.
    std::optional<BlockStage> from, added;
    // What it computes in a pre-norm and in a post-norm block, in a block with the gated MLP
    // when the MLP's kind changes it, and in a block with sandwich norms when they change it
    // (Gemma 2 and 3: post_attention_layernorm and post_feedforward_layernorm on the sub-layers'
    // outputs before their residual sums).
    BlockOperation preNorm, postNorm, gatedMlp, sandwich;
    // The choices that change what it computes or how its formula reads.
    BlockChoices changedBy;
    // Which of the block's norms it applies when it applies one: 1 around attention, 2 around
    // the MLP; 0 none.
    int norm;
    // The tensors it reads: a norm's weight γ and bias β, a projection's matrix and bias, the
    // MLP's up (or only) matrix and bias; and the gated MLP's gate and its bias. Under sandwich
    // norms, the weight of the norm of the sub-layer's output it adds.
    std::optional<BlockTensor> weight, bias, gate, gateBias, sandwichWeight;
};

// Every stage, in the block's order (row k is BlockStage(k)).
const std::vector<BlockStageEntry> &blockStageTable();
const BlockStageEntry &blockStageEntry(BlockStage stage);

// What `stage` computes in a block of description `spec` (its norms' placement, its MLP's kind,
// its sandwich norms).
BlockOperation blockOperation(BlockStage stage, const BlockSpec &spec);

// The stage's matrix in `stages` (n × d, n × heads·d_head for Concat, n × d_inner for MlpAct);
// nullptr for Heads, which has one matrix per head.
const Matrix *blockStageMatrix(const BlockStages &stages, BlockStage stage);

// One stage as a model of a given config computes it: its row resolved by the family's choices.
// Its texts depend on nothing else (and on the model's sizes).
struct BlockStageForm {
    const BlockStageEntry *entry = nullptr;
    BlockOperation operation = BlockOperation::Stream;
    // Norm and ResidualNorm: the norm applied (its number is entry->norm); else nullptr.
    const NormDescription *norm = nullptr;
    // Norm and ResidualNorm: what the norm adds to its weight γ before multiplying (Gemma's
    // (1 + γ), BlockSpec::normOffset); 0 elsewhere.
    double normOffset = 0;
    // The stage belongs to a gated MLP (SiLU(gate)·up, then down).
    bool gated = false;
    // The stage's own matrix adds a bias (b_O, the MLP's b₁ and b₂).
    bool bias = false;
    // Activation and GatedActivation: the function.
    Activation activation = Activation::GeluErf;
    // Columns of the stage's matrix in this model (0 for one matrix per head).
    int columns = 0;
    // The block's shape, for texts that differ with it: norms before each sub-layer (else after
    // the residual sum); a causal mask; rotary positions; and query heads per key/value head
    // (1 without grouped-query attention).
    bool preNorm = true;
    bool causal = false;
    bool rotary = false;
    int queriesPerKv = 1;
    // The attention's variants (issue 31): q and k normalised per head before the rotation
    // (Qwen3, Gemma 3); the divisor's square root, query_pre_attn_scalar (Gemma; 0: d_head); the
    // scores' cap c in c·tanh(s/c) before the mask (Gemma 2; 0: none); the widest sliding window
    // (0: none) and whether every layer has it (Mistral) or only some (Gemma).
    bool qkNorm = false;
    double queryPreAttnScalar = 0;
    double softcap = 0;
    int window = 0;
    bool everyLayerWindowed = false;
};
BlockStageForm blockStageForm(BlockStage stage, const ModelConfig &config);

} // namespace attnlab::core::model
