#pragma once
// The arithmetic a transformer block is made of, as free functions: norms, activations, score
// scaling, rotary position tables and their rotate-half application, and the projections. The
// block itself (layerblock.h) composes them as its BlockSpec says.
//
// Every product with a checkpoint's weights goes through project() / projectRow(), and every read
// of a weight as values through the embedding, head and copy functions below: code outside this
// file never reads TensorView data itself, so the weights may be stored in another element type
// behind these functions.
//
// Semantics are those of Hugging Face transformers in float32, in the same order of operations
// (modeling_gpt2.py, modeling_bert.py, modeling_llama.py, modeling_qwen2.py, modeling_rope_utils.py).
// Row i of every matrix is token i.

#include "core/model/family/modelfamily.h"
#include "core/model/modelweights.h"
#include "core/types.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace attnlab::core::model {

// ---- Norms ----

// nn.LayerNorm of each row of `in` into the same row of `out` (same shape): biased variance,
// ε inside the square root, (x − mean)·(1/√(var + ε))·γ + β.
void layerNormRows(const Eigen::Ref<const Matrix> &in, const LayerNormWeights &w, Scalar eps, Eigen::Ref<Matrix> out);

// LlamaRMSNorm / Qwen2RMSNorm of each row: γ · (x · rsqrt(mean(x²) + ε)), where rsqrt is 1/√.
// `w.bias` is not read. A `weightOffset` is added to γ first, in float32 (Gemma2RMSNorm /
// Gemma3RMSNorm: x̂·(1 + w), where x̂ is the normalised row).
void rmsNormRows(const Eigen::Ref<const Matrix> &in, const LayerNormWeights &w, Scalar eps, Eigen::Ref<Matrix> out,
    Scalar weightOffset = 0);

// The norm of `kind` (NormKind::LayerNorm or RmsNorm; `weightOffset` as rmsNormRows, RMSNorm only).
void normRows(NormKind kind, const Eigen::Ref<const Matrix> &in, const LayerNormWeights &w, Scalar eps,
    Eigen::Ref<Matrix> out, Scalar weightOffset = 0);

// ---- Activations ----

enum class Activation {
    GeluErf, // GELUActivation: 0.5·x·(1 + erf(x/√2))
    GeluTanh, // NewGELUActivation: 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³)))
    Relu,
    QuickGelu, // x·σ(1.702·x)
    Silu, // nn.SiLU: x·σ(x), computed as x / (1 + e^(−x))
};

// The function transformers' ACT2FN gives `name` ("gelu", "gelu_new", "silu", …), or nothing for a
// name the forward pass does not implement.
std::optional<Activation> activationNamed(const std::string &name);
// The names activationNamed() knows, comma-separated, for messages.
std::string activationNames();

// Applies `f` to every element of `m` in place.
void activate(Activation f, Eigen::Ref<Matrix> m);

// ---- Attention weights ----

// 1/√d_head as a family's transformers code applies it to the scores q·kᵀ (a division by √d_head
// for GPT-2 and BERT, a multiplication by d_head^−½ for Llama and Qwen2: the two round differently).
// Under ScoreScaling::TimesInverseSqrtQueryPreAttnScalar the factor is query_pre_attn_scalar^−½
// (Gemma), and a `softcap` > 0 caps the scaled scores as tanh(s/c)·c before the mask (Gemma's
// attn_logit_softcapping).
class ScoreScale {
public:
    ScoreScale(ScoreScaling scaling, int headDim, double queryPreAttnScalar = 0, Scalar softcap = 0);
    // Row `row` of `w`, the scores of one query over keys 0 … cols − 1, into its attention weights
    // over keys from … visible − 1: scaled, capped, soft-maxed, and the keys before `from` and from
    // `visible` on set to exactly 0 (what softmax of transformers' finfo.min fill underflows to),
    // and so are the keys gapFrom … gapTo − 1 between them (evicted from the cache) when given.
    void softmaxRow(Eigen::Ref<Matrix> w, Eigen::Index row, Eigen::Index visible, Eigen::Index from = 0,
        Eigen::Index gapFrom = 0, Eigen::Index gapTo = 0) const;

private:
    bool m_divide;
    Scalar m_divisor, m_factor, m_softcap;
};

// ---- Rotary positions (rotate-half convention) ----

// The inverse frequencies of rotary embeddings for a head of `headDim` dimensions (even): length
// headDim/2, inv_freq[i] = 1 / θ^(2i/headDim), computed in float32 as transformers does; with
// `scaling` of type "llama3" then adjusted as _compute_llama3_parameters does (wavelengths longer
// than original_max_position_embeddings / low_freq_factor divided by `factor`, shorter than
// … / high_freq_factor kept, those between smoothly interpolated). "default" leaves them as they are.
// Throws std::invalid_argument for another type (the config reader refuses those first).
RowVector rotaryInverseFrequencies(int headDim, double theta, const RopeScaling &scaling);

// cos and sin tables for `count` positions starting at `firstPosition`: count × headDim each,
// row p holding cos/sin of (firstPosition + p)·inv_freq, the half-length angles repeated twice
// (transformers' torch.cat((freqs, freqs))).
void rotaryTables(const RowVector &inverseFrequencies, int firstPosition, int count, Matrix &cos, Matrix &sin);

// Rotates each row of `x` (rows × headDim, one head) by the same row of the tables, in place:
// x·cos + rotate_half(x)·sin, rotate_half(x) = [−x₂, x₁] for x = [x₁, x₂] split in halves.
void applyRotary(Eigen::Ref<Matrix> x, const Eigen::Ref<const Matrix> &cos, const Eigen::Ref<const Matrix> &sin);

// ---- Memory ----

// Resizes `m` to rows × cols (keeping its memory when the shape is unchanged); when that
// allocates a large block, asks Linux to back it with huge pages before it is first touched.
void resizeLarge(Matrix &m, Eigen::Index rows, Eigen::Index cols);

// Grows a KV cache `m` to at least `rows` rows of `cols` keeping its contents: to double its
// capacity (64 rows at first), at most `limit`, so that n appended rows move it O(log n) times.
void growRows(Matrix &m, int rows, int cols, int limit);

// ---- Projections and reading weights ----

// out = x·Wᵀ + b for W outputs × inputs (modelweights.h's one orientation, whatever the view's
// storage: an input-major view is multiplied as the file holds it, x·W_stored), `out` already
// sized rows(x) × outputs. An empty `bias` adds nothing.
void project(const Eigen::Ref<const Matrix> &x, const TensorView &w, const TensorView &bias, Eigen::Ref<Matrix> out);

// Only outputs [first, first + count) of the same projection (e.g. one head's q): W's rows and
// the bias's elements in that range; `out` is resized.
void projectSlice(
    const Eigen::Ref<const Matrix> &x, const TensorView &w, const TensorView &bias, int first, int count, Matrix &out);

// One row through W (outputs × inputs): out = x·Wᵀ, resized to rows(W). The output heads (a tied
// decoder reads the token embeddings this way).
void projectRow(const Eigen::Ref<const RowVector> &x, const TensorView &w, RowVector &out);

// out.row(r) = table.row(ids[from + r]) for every row of `out` (embedding lookup).
void embeddingRows(const TensorView &table, const std::vector<int> &ids, int from, Eigen::Ref<Matrix> out);
// out.row(r) += table.row(firstRow + r) (learned position embeddings).
void addTableRows(const TensorView &table, int firstRow, Eigen::Ref<Matrix> out);
// out.row(r) += table.row(row) for every r (BERT's token type 0).
void addTableRowToEach(const TensorView &table, int row, Eigen::Ref<Matrix> out);
// out += the vector `bias`, broadcast over the rows.
// Adds fixed sinusoidal positions first … first + rows − 1 to `rows` (rows × d), in Marian's
// layout (MarianSinusoidalPositionalEmbedding._init_weight): with angle a(p, j) = p / 10000^(2j/d),
// column j < ⌈d/2⌉ gets sin a(p, j) and column ⌈d/2⌉ + j gets cos a(p, j); the table is computed
// in double and rounded to float, as transformers fills its float32 buffer from numpy.
void addSinusoidalPositions(int first, Eigen::Ref<Matrix> rows);
void addBias(Eigen::Ref<Matrix> out, const TensorView &bias);

// The view of rows [first, first + count) of a rank-2 tensor (no copy): those outputs of a
// projection, e.g. one head's q.
TensorView tensorRows(const TensorView &t, int first, int count);
// The view of columns [first, first + count) of a rank-2 tensor (no copy): those inputs of a
// projection, e.g. the part of W_O that one head's context feeds.
TensorView tensorColumns(const TensorView &t, int first, int count);
// The bytes a tensor's elements take as stored: 4 per element for F32, 2 for F16 and BF16, and
// for a quantized matrix its blocks (rows × cols / block size × block bytes); 0 when empty.
std::int64_t tensorBytes(const TensorView &t);
// A float copy of a tensor (rank 1 as one row) in its logical orientation (outputs × inputs).
Matrix tensorCopy(const TensorView &t);
// A float copy of a tensor as it is stored (storedRows() × storedCols()), for code that keeps an
// edited copy in the view's own layout so its products stay the same physical products.
Matrix storedCopy(const TensorView &t);
// A float copy of the block of a rank-2 tensor at logical (row, col), rows × cols.
Matrix tensorBlock(const TensorView &t, int row, int col, int rows, int cols);
// A float copy of elements [first, first + count) of a rank-1 tensor.
RowVector vectorSegment(const TensorView &t, int first, int count);

} // namespace attnlab::core::model
