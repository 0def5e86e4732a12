#pragma once
// The weights of a real transformer checkpoint (a family of core/model/family), as the readers
// in core/model hand them to the forward passes. Plain value types: no file handling here.
//
// Every view points into the memory-mapped safetensors file where it can: F32 tensors as floats,
// F16 and BF16 matrices as their 16-bit elements (TensorView::bits), so a BF16 checkpoint takes
// its file size in memory and no float copy. Vectors (norms, biases) of F16/BF16 and tensors
// whose bytes are not aligned for their type are converted to float once, into storage the
// owner keeps. A ModelWeights therefore owns (through `owner`) whatever keeps the views
// alive, and must not outlive nothing: keep it by value or shared_ptr, never copy the views
// out of it.
//
// Orientation follows the checkpoint, as Hugging Face transformers uses it (the family's
// ProjectionKind):
// - Conv1D (GPT-2): weight is in × out, y = x·W + b.
// - nn.Linear (BERT): weight is out × in, y = x·Wᵀ + b.
// Both are stored row-major in the file, so a 2-D view is simply rows × cols of the shape.

#include "core/model/family/modelfamily.h"
#include "core/types.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace attnlab::core::model {

// config.json's rope_scaling, as transformers' modeling_rope_utils reads it: absent or null is
// "default" (plain rotary frequencies); "llama3" adjusts them (_compute_llama3_parameters). The
// config reader refuses every other type by name.
struct RopeScaling {
    std::string type = "default"; // "rope_type", or the older key "type"
    double factor = 1; // llama3: how much longer the context became (8 in Llama 3.1)
    double lowFreqFactor = 1, highFreqFactor = 4;
    int originalMaxPositions = 8192; // original_max_position_embeddings
};

// What config.json says, with the family's defaults (those of transformers' GPT2Config,
// BertConfig, …) for keys that are absent.
struct ModelConfig {
    // The family config.json's model_type names (never null in a config the readers made).
    const ModelFamily *family = nullptr;
    std::string modelType; // as written in config.json: "gpt2", "bert"
    int layers = 0; // n_layer / num_hidden_layers
    int heads = 0; // n_head / num_attention_heads
    int kvHeads = 0; // key/value heads (grouped-query attention); 0: as many as heads
    int dModel = 0; // n_embd / hidden_size
    int dInner = 0; // n_inner (null → 4·n_embd) / intermediate_size
    int maxPositions = 0; // n_positions / max_position_embeddings
    int vocabSize = 0; // vocab_size
    int typeVocabSize = 0; // BERT type_vocab_size; 0 for GPT-2
    float layerNormEps = 0; // layer_norm_epsilon (GPT-2, 1e-5) / layer_norm_eps (BERT, 1e-12)
    std::string activation; // activation_function (GPT-2, "gelu_new") / hidden_act (BERT, "gelu")
    std::vector<int> eosTokenIds; // eos_token_id (an id or a list; empty when absent or null)
    int headDimension = 0; // head_dim when config.json gives one; 0: dModel / heads
    // Rotary positions (PositionKind::Rotary): rope_theta and rope_scaling.
    double ropeTheta = 10000;
    RopeScaling ropeScaling;
    // Which projections have biases (q, k and v; the attention output; the MLP), and whether the
    // output head is the token embeddings (tie_word_embeddings) or a tensor of its own.
    bool qkvBias = true, outBias = true, mlpBias = true;
    bool tiedOutputHead = true;

    // The width of one head.
    int headDim() const { return headDimension > 0 ? headDimension : heads > 0 ? dModel / heads : 0; }
    int keyValueHeads() const { return kvHeads > 0 ? kvHeads : heads; }
    // The key/value head query head `head` reads: head / (heads / kv_heads), as transformers'
    // repeat_kv lays them out.
    int kvHeadOf(int head) const { return head / (heads / keyValueHeads()); }
};

// How a TensorView's elements are stored: floats, or the checkpoint's own 16-bit floats.
enum class ElementType { F32, F16, BF16 };

// A read-only tensor of rank 1 or 2 (row-major). F32 elements are `data`; a matrix a checkpoint
// holds in F16 or BF16 stays in those 16 bits where the file lies (`bits`, little-endian as
// safetensors stores them) and is widened to float inside core/model/blockmath's functions,
// which are the only readers of either. matrix() and vector() are for F32 views only.
struct TensorView {
    const Scalar *data = nullptr; // F32 elements; null for F16/BF16
    int rows = 0; // rank 1: 1
    int cols = 0; // rank 1: the length
    const std::uint16_t *bits = nullptr; // F16/BF16 elements; null for F32
    ElementType type = ElementType::F32;

    Eigen::Map<const Matrix> matrix() const { return Eigen::Map<const Matrix>(data, rows, cols); }
    Eigen::Map<const RowVector> vector() const { return Eigen::Map<const RowVector>(data, rows * cols); }
    bool empty() const { return data == nullptr && bits == nullptr; }
    bool isHalf() const { return type != ElementType::F32; }
};

struct LayerNormWeights {
    TensorView weight, bias; // length dModel each (HF names: weight/bias or gamma/beta)
};

// One transformer block, named as the family's TensorNames say. Fields the family's kinds do
// not use stay empty.
struct LayerWeights {
    // The block's two norms: before attention and MLP (pre-LN: GPT-2 ln_1, ln_2) or after each
    // residual sum (post-LN: BERT attention.output.LayerNorm, output.LayerNorm).
    LayerNormWeights attnNorm, mlpNorm;
    // ProjectionKind::Conv1DFused: q, k, v side by side, d × 3d, bias 3d (GPT-2 attn.c_attn).
    TensorView attnWeight, attnBias;
    // ProjectionKind::Linear: query (heads·d_head × d, out × in), key and value (kv_heads·d_head × d),
    // biases as long as their outputs (empty when the config has none).
    TensorView query, queryBias, key, keyBias, value, valueBias;
    // The attention output projection. GPT-2 attn.c_proj (in × out); BERT
    // attention.output.dense (out × in).
    TensorView attnOut, attnOutBias;
    // The MLP. GPT-2: mlp.c_fc (d × inner), mlp.c_proj (inner × d). BERT:
    // intermediate.dense (inner × d), output.dense (d × inner). Gated (Llama, Qwen2): fcIn is
    // up_proj and mlpGate gate_proj (inner × d each), fcOut down_proj (d × inner).
    TensorView fcIn, fcInBias, fcOut, fcOutBias;
    TensorView mlpGate, mlpGateBias;
};

struct ModelWeights {
    ModelConfig config;
    // GPT-2: wte (vocab × d), wpe (positions × d). BERT: embeddings.word_embeddings,
    // embeddings.position_embeddings, embeddings.token_type_embeddings.
    TensorView tokenEmbeddings, positionEmbeddings, tokenTypeEmbeddings;
    // BERT: embeddings.LayerNorm. GPT-2: ln_f (applied after the last layer).
    LayerNormWeights embeddingNorm, finalNorm;
    std::vector<LayerWeights> layers;
    // A masked-LM head (BERT cls.predictions): transform.dense (d × d, out × in), its bias,
    // transform.LayerNorm, and the output bias (vocab). The decoder weight is tied to the word
    // embeddings. Empty when the checkpoint has no MLM head (then the model cannot predict).
    TensorView mlmDense, mlmDenseBias, mlmBias;
    LayerNormWeights mlmNorm;

    // The output head when it is not tied to the token embeddings (lm_head, vocab × d).
    TensorView outputHead;

    // Keeps the views valid: the mapped file and any converted storage.
    std::shared_ptr<const void> owner;
};

} // namespace attnlab::core::model
