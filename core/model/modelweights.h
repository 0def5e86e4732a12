#pragma once
// The weights of a real transformer checkpoint (a family of core/model/family), as the readers
// in core/model hand them to the forward passes. Plain value types: no file handling here.
//
// Every view points into the memory-mapped safetensors file where it can: F32 tensors as floats,
// F16 and BF16 matrices as their 16-bit elements (TensorView::bits), so a BF16 checkpoint takes
// its file size in memory and no float copy; a GGUF file's quantized matrices as their blocks
// (TensorView::quant), so a 4-bit file takes about 4 bits per weight. Vectors (norms, biases) of F16/BF16 and tensors
// whose bytes are not aligned for their type are converted to float once, into storage the
// owner keeps. A ModelWeights therefore owns (through `owner`) whatever keeps the views
// alive, and must not outlive nothing: keep it by value or shared_ptr, never copy the views
// out of it.
//
// Orientation is one for every family, whatever the file holds: a projection's weight is, logically,
// outputs × inputs (nn.Linear's orientation: y = x·Wᵀ + b). Each view says how its elements lie
// (TensorView::inputMajor, stride), so a GPT-2 Conv1D weight (in × out in the file) and the three
// column windows q, k, v of its fused attn.c_attn are views into the mapped file, not copies.
// Only the loader (core/model/modelloader.cpp) knows which checkpoint layout a view came from.

#include "core/model/family/modelfamily.h"
#include "core/types.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace attnlab::core::model {

// config.json's rope_scaling, as transformers' modeling_rope_utils reads it: absent or null is
// "default" (plain rotary frequencies); "linear" divides every frequency by `factor`
// (_compute_linear_scaling_rope_parameters: position interpolation, Gemma 3's global layers);
// "llama3" adjusts them by band (_compute_llama3_parameters). The config reader refuses every
// other type by name.
struct RopeScaling {
    std::string type = "default"; // "rope_type", or the older key "type"
    double factor = 1; // linear and llama3: how much longer the context became (8 in Llama 3.1, Gemma 3 4B)
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
    // Rotary positions (a family whose positions are rotary): rope_theta and rope_scaling.
    double ropeTheta = 10000;
    RopeScaling ropeScaling;
    // Which projections have biases (q, k and v; the attention output; the MLP), and whether the
    // output head is the token embeddings (tie_word_embeddings) or a tensor of its own.
    bool qkvBias = true, outBias = true, mlpBias = true;
    bool tiedOutputHead = true;
    // ---- Gemma 2 and 3 (ModelFamily::variants; 0 or empty where the family has no such key) ----
    double queryPreAttnScalar = 0; // query_pre_attn_scalar
    double attnSoftcap = 0, finalSoftcap = 0; // attn_logit_softcapping, final_logit_softcapping; 0: none
    int slidingWindow = 0; // sliding_window
    std::vector<bool> slidingLayers; // per layer: a sliding-window layer (layer_types), else full
    // The sliding layers' rotary base and scaling (rope_local_base_freq, or rope_parameters'
    // "sliding_attention" object); 0: the sliding layers use rope_theta and ropeScaling.
    double localRopeTheta = 0;
    RopeScaling localRopeScaling;
    // A sparse mixture-of-experts MLP (MlpRouting::SparseTopK): the number of experts (0: none),
    // how many each token goes to, each expert's width, whether their weights are renormalised,
    // every how many layers the MLP is sparse, and the layers whose MLP stays dense.
    int experts = 0, expertsPerToken = 0, expertInner = 0, sparseStep = 1;
    bool renormaliseTopK = false;
    std::vector<int> denseLayers;
    // config.json scales the token embeddings by √d_model (ConfigKeys::scaleEmbedding).
    bool scaledEmbeddings = false;

    // The width of one head.
    int headDim() const { return headDimension > 0 ? headDimension : heads > 0 ? dModel / heads : 0; }
    int keyValueHeads() const { return kvHeads > 0 ? kvHeads : heads; }
    // The key/value head query head `head` reads: head / (heads / kv_heads), as transformers'
    // repeat_kv lays them out.
    int kvHeadOf(int head) const { return head / (heads / keyValueHeads()); }
    // Whether layer `layer` runs the sparse MLP: as Qwen3MoeDecoderLayer decides, not in
    // mlp_only_layers, num_experts > 0 and (layer + 1) % decoder_sparse_step == 0.
    bool sparseLayer(int layer) const
    {
        for (const int l : denseLayers)
            if (l == layer)
                return false;
        return experts > 0 && sparseStep > 0 && (layer + 1) % sparseStep == 0;
    }
};

// How a TensorView's elements are stored: floats, the checkpoint's own 16-bit floats, or ggml's
// quantized blocks (a GGUF file's Q4_0 … Q6_K, layouts in core/gguf/dequantize.h).
enum class ElementType { F32, F16, BF16, Q4_0, Q4_1, Q5_0, Q5_1, Q8_0, Q4_K, Q5_K, Q6_K };

// A read-only tensor of rank 1 or 2. `rows` × `cols` is its logical shape: a projection's weight
// is outputs × inputs, an embedding table entries × d_model, a vector 1 × length. How the
// elements lie is the view's own business: row-major (element (r, c) at r·ld() + c), or
// input-major (a Conv1D weight: element (r, c) at c·ld() + r, the file's in × out matrix), with
// a leading dimension that may exceed the stored row (a column window of a wider tensor, such
// as the q of GPT-2's fused c_attn). F32 elements are `data`; a matrix a checkpoint holds in F16
// or BF16 stays in those 16 bits where the file lies (`bits`, little-endian as safetensors stores
// them) and is widened to float inside core/model/block/blockmath's functions, which are the only
// readers of either. A quantized matrix (a GGUF file's, row-major: rows are outputs) stays in its
// ggml blocks where the file lies (`quant`, `rowBytes` from one row to the next), each row a whole
// number of blocks; a column window starts `quantCol` elements into the stored row. Those
// functions dequantize it a block at a time (core/model/kernels/quantmatrix.h), exactly as ggml
// does. matrix() and vector() are for F32 views only.
struct TensorView {
    const Scalar *data = nullptr; // F32 elements; null for F16/BF16
    int rows = 0; // rank 1: 1
    int cols = 0; // rank 1: the length
    const std::uint16_t *bits = nullptr; // F16/BF16 elements; null for F32
    ElementType type = ElementType::F32;
    bool inputMajor = false; // stored transposed: storedRows() = cols, storedCols() = rows
    int stride = 0; // elements from one stored row to the next; 0: storedCols()
    const unsigned char *quant = nullptr; // quantized blocks; null for the other types
    std::size_t rowBytes = 0; // quantized: bytes from one row to the next
    int quantCol = 0; // quantized: the stored column of logical column 0

    int storedRows() const { return inputMajor ? cols : rows; }
    int storedCols() const { return inputMajor ? rows : cols; }
    int ld() const { return stride > 0 ? stride : storedCols(); }
    // The elements as they are stored: storedRows() × storedCols() (the file's orientation).
    Eigen::Map<const Matrix, 0, Eigen::OuterStride<>> matrix() const
    {
        return Eigen::Map<const Matrix, 0, Eigen::OuterStride<>>(
            data, storedRows(), storedCols(), Eigen::OuterStride<>(ld()));
    }
    // A vector's elements (contiguous: rank 1, or a window of one).
    Eigen::Map<const RowVector> vector() const { return Eigen::Map<const RowVector>(data, rows * cols); }
    bool empty() const { return data == nullptr && bits == nullptr && quant == nullptr; }
    bool isHalf() const { return type == ElementType::F16 || type == ElementType::BF16; }
    bool isQuantized() const { return quant != nullptr; }
};

struct LayerNormWeights {
    TensorView weight, bias; // length dModel each (HF names: weight/bias or gamma/beta)
};

// One expert of a sparse MLP, a SwiGLU without biases: gate and up expert_inner × d, down
// d × expert_inner.
struct ExpertWeights {
    TensorView gate, up, down;
};

// One transformer block, named as the family's TensorNames say. Fields the family's kinds do
// not use stay empty.
struct LayerWeights {
    // The block's two norms: before attention and MLP (pre-LN: GPT-2 ln_1, ln_2) or after each
    // residual sum (post-LN: BERT attention.output.LayerNorm, output.LayerNorm).
    LayerNormWeights attnNorm, mlpNorm;
    // The attention's projections, outputs × inputs: query (heads·d_head × d), key and value
    // (kv_heads·d_head × d), biases as long as their outputs (empty when the checkpoint has none).
    // GPT-2's fused attn.c_attn is three windows of one tensor.
    TensorView query, queryBias, key, keyBias, value, valueBias;
    // QK-norm (Qwen3's q_norm, k_norm): the weights of the norm of each head's q and of each
    // key/value head's k, d_head long, shared by the heads; empty without QK-norm.
    LayerNormWeights queryNorm, keyNorm;
    // The attention output projection (d × heads·d_head): GPT-2 attn.c_proj, BERT
    // attention.output.dense, Llama o_proj.
    TensorView attnOut, attnOutBias;
    // The MLP: fcIn inner × d (GPT-2 mlp.c_fc, BERT intermediate.dense, gated: up_proj), fcOut
    // d × inner (mlp.c_proj, output.dense, down_proj), and a gated MLP's gate_proj (inner × d).
    TensorView fcIn, fcInBias, fcOut, fcOutBias;
    TensorView mlpGate, mlpGateBias;
    // Gemma's norms of the attention's and the MLP's outputs before their residual sums
    // (post_attention_layernorm, post_feedforward_layernorm); empty in other families.
    LayerNormWeights attnPostNorm, mlpPostNorm;
    // A sparse MLP layer (ModelConfig::sparseLayer): the router (experts × d) and the experts; a
    // dense layer leaves them empty and has fcIn, fcOut, mlpGate instead.
    TensorView router;
    std::vector<ExpertWeights> experts;
    // An encoder-decoder's decoder (ModelFamily::crossAttention): the attention over the encoder's
    // output, q from this layer's stream (heads·d_head × d), k and v from the encoder's (same
    // shapes), its output projection (d × heads·d_head), and the norm after its residual sum.
    TensorView crossQuery, crossQueryBias, crossKey, crossKeyBias, crossValue, crossValueBias;
    TensorView crossOut, crossOutBias;
    LayerNormWeights crossNorm;
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
    // A bias added to the logits (1 × vocab, TensorNames::logitsBias); empty when the family has none.
    TensorView logitsBias;

    // Keeps the views valid: the mapped file and any converted storage.
    std::shared_ptr<const void> owner;
};

} // namespace attnlab::core::model
