#pragma once
// One transformer block for every family, parameterised by its BlockSpec: the ForwardRunner's
// pass, each Decoder step, the block board's stages (core/model/lens/block.h), the logit lens's
// and the attribution's rows, and the board's update after a cell edit
// (core/model/lens/blockupdate.cpp) all run these functions, so a family is a description, not
// code. Attention is the block's too (attention.h, one head at a time), called by each caller
// for what it keeps of it (the runner every head's thumbnail, the decoder the last row's
// weights); it reads q, k, v as projectQkv() makes them and hands its context to finishLayer().
//
// Shapes: row i is token i; rows × d for the residual stream, rows × heads·d_head for q and the
// context, rows × kv_heads·d_head for k and v. Semantics and the order of the float operations
// are those of transformers (modeling_gpt2.py, modeling_bert.py, modeling_llama.py).

#include "core/model/block/blockspec.h"
#include "core/model/block/moe.h"

namespace attnlab::core::model {

// Buffers the block reuses between calls (their memory stays, so a pass allocates once).
struct BlockScratch {
    Matrix attnOut, normed, mlpOut, inner, up, sum;
    Matrix crossIn, crossContext, crossOut, crossWeights;
};

// An encoder's output as one decoder layer's cross-attention reads it: its keys and values
// (source rows × heads·d_head), projected once (crossKeysValues) and read by every target row.
struct CrossMemory {
    Matrix keys, values;
};

// Where finishLayer() also leaves the stages after attention (the block board's); null: not kept.
struct BlockCapture {
    Matrix *attnOut = nullptr; // merge(context)·W_O + b_O
    Matrix *afterAttn = nullptr; // the residual after attention (post-norm: normalised)
    Matrix *mlpIn = nullptr; // what the MLP reads
    Matrix *mlpAct = nullptr; // the MLP's inner activation (rows × d_inner)
    Matrix *mlpOut = nullptr; // its output projection, with bias
    MoeRouting *routing = nullptr; // a sparse MLP's routing (left empty on a dense layer)
    // Cross-attention (BlockSpec::crossAttention): its q before any scaling (rows × heads·d_head),
    // each head's weights over the source rows (rows × source rows), the heads' context.
    Matrix *crossQuery = nullptr;
    std::vector<Matrix> *crossWeights = nullptr;
    Matrix *crossContext = nullptr;
    // The rows its q is projected from (post-norm: the normalised residual after self-attention;
    // pre-norm: that residual through the cross-attention's norm).
    Matrix *crossInput = nullptr;
};

// What attention reads for rows `h` of the residual stream, into `out` (resized): norm₁(h) under
// pre-norm, h itself under post-norm.
void attentionInput(const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &h, Matrix &out);

// The token embeddings `rows` times BlockSpec::embeddingScale (Gemma's √d_model) in place;
// nothing when the family does not scale them.
void scaleEmbeddings(const BlockSpec &s, Eigen::Ref<Matrix> rows);

// q, k and v of rows `a` (what attention reads) into `q`, `k`, `v` (sized by the caller), q and k
// as they meet in the dot product (BlockSpec::prepareQueries, prepareKeys): each head normalised
// under QK-norm, then rotated by the rows' positions under rotary positions (`cos`, `sin`:
// BlockSpec::rotaryTables of those positions; ignored otherwise).
void projectQkv(const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &a,
    const Eigen::Ref<const Matrix> &cos, const Eigen::Ref<const Matrix> &sin, Eigen::Ref<Matrix> q,
    Eigen::Ref<Matrix> k, Eigen::Ref<Matrix> v);

// The MLP's inner activation of rows `x` (already normalised where the family norms before it)
// into `act` (resized to rows × the outputs of L.fcIn, d_inner for a whole layer): act(in(x)), or
// act(gate(x)) ⊙ up(x) with up(x) in `up`. A layer whose MLP views only some outputs of the
// model's (an edited column, core/model/lens/blockupdate.cpp) gives those columns.
void mlpActivation(
    const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &x, Matrix &act, Matrix &up);

// The MLP of rows `x` (already normalised where the family norms before it) into `out` (rows × d),
// with the output bias when `withOutputBias`: out(act(in(x))), or down(act(gate(x)) ⊙ up(x)). In
// blocks of 256 rows, so the inner activations (4–5 × d wide) never take a long text at once;
// when `act` is given, the inner activation of every row goes there instead (rows × d_inner).
// A layer with a router runs the sparse MLP instead (moe.h): `act` is then rows × 0 (each expert
// has its own), and the routing goes to `routing` when given.
void mlp(const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &x, bool withOutputBias,
    BlockScratch &scratch, Eigen::Ref<Matrix> out, Matrix *act = nullptr, MoeRouting *routing = nullptr);

// The residual sum after attention of rows `h` whose attention output is `attnOut`, into `after`
// (rows × d, sized by the caller; it may be `h` itself): h + attn_out, normalised by the first
// norm under post-norm; h + norm(attn_out) under sandwich norms (Gemma).
void addAttention(const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &h,
    const Eigen::Ref<const Matrix> &attnOut, BlockScratch &scratch, Eigen::Ref<Matrix> after);

// What the MLP reads of rows `after` (the residual after attention), into `out` (sized by the
// caller): norm₂(after) under pre-norm, `after` itself under post-norm.
void mlpInput(const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &after, Eigen::Ref<Matrix> out);

// The layer's output of rows `after` whose MLP output is `mlpOut`, into `out` (sized by the
// caller; it may be `after` itself): after + mlp_out, normalised by the second norm under post-norm;
// after + norm(mlp_out) under sandwich norms (Gemma).
void addMlp(const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &after,
    const Eigen::Ref<const Matrix> &mlpOut, BlockScratch &scratch, Eigen::Ref<Matrix> out);

// The block after attention for rows whose input is `h` and whose heads' context is `context`:
// attn_out = context·W_O + b_O, then the residual sums, the norms and the MLP as the placement of
// the norms says, into `out` (rows × d, sized by the caller; it may be `h` itself): attn_out,
// addAttention(), mlpInput(), mlp() and addMlp() in turn.
//
// A block with cross-attention (BlockSpec::crossAttention) runs it between the two: after the
// self-attention's residual sum, addCrossAttention() over `cross`, which it then requires.
void finishLayer(const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &h,
    const Eigen::Ref<const Matrix> &context, BlockScratch &scratch, Eigen::Ref<Matrix> out,
    const BlockCapture &capture = {}, const CrossMemory *cross = nullptr);

// The keys and values of the encoder's output `encoderOut` (source rows × d) for layer L's
// cross-attention: encoderOut·W_kᵀ + b_k and encoderOut·W_vᵀ + b_v, into `memory`.
void crossKeysValues(
    const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &encoderOut, CrossMemory &memory);

// The cross-attention of rows `x` over `memory`: q = x·W_qᵀ + b_q, each head's weights over every
// source row (scaled and normalised as the block's self-attention, no mask), the heads' context
// (rows × heads·d_head) into `context`; q and the weights also go where `capture` says.
void crossAttend(const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &x,
    const CrossMemory &memory, BlockScratch &scratch, Matrix &context, const BlockCapture &capture = {});

// The cross-attention stage of rows `h` (the residual after self-attention), in place:
// post-norm h = norm_x(h + cross(h)) (Marian's encoder_attn, then encoder_attn_layer_norm),
// pre-norm h = h + cross(norm_x(h)).
void addCrossAttention(const BlockSpec &s, const LayerWeights &L, Eigen::Ref<Matrix> h, const CrossMemory &memory,
    BlockScratch &scratch, const BlockCapture &capture = {});

} // namespace attnlab::core::model
