#pragma once
// Model families as data. A ModelFamily says everything that differs between GPT-2, BERT and
// the families after them: which config.json keys hold the sizes (and their defaults), what the
// tensors are called, and which kind of each block part the family uses. The readers
// (modelconfig, modelloader), the forward pass, the head scene, the checks, the command line and
// the model room ask these properties; none of them asks which family it is.
//
// Adding a family that only recombines choices the block already implements takes no code
// outside this folder:
// 1. a table row: one data file here (copy gpt2.cpp, qwen2.cpp or llama.cpp) that fills a
//    ModelFamily from transformers' configuration_<family>.py (the config keys and their defaults)
//    and modeling_<family>.py (the tensor names, the norm and its placement, the positions, the
//    MLP, the score scaling, the prediction), declared in families.h and listed in registry.cpp;
// 2. its config reader: the ConfigKeys of the row, which core/model/modelconfig.cpp reads, with
//    FixedSetting for any setting the block implements in one way only.
// The loader binds the tensors through the block's tensor table (blocktensor.h), and the block
// (core/model/block/blockspec.h) reads the row's choices once. tests/core/model/madeupfamily_test.cpp
// adds a made-up family exactly this way and runs it through the pass, the decoder and the block
// board. A choice the block does not implement yet is refused with a message naming it
// (unsupportedChoice in core/model/block/blockspec.h) until the block implements it, never run as
// if it were another kind.

#include "core/scene/positional.h"

#include <string>
#include <vector>

namespace attnlab::core::model {

// Where a block's two norms sit.
enum class NormPlacement {
    PreLn, // h += attn(norm₁(h)); h += mlp(norm₂(h)); a final norm after the last block (GPT-2)
    PostLn, // h = norm₁(h + attn(h)); h = norm₂(h + mlp(h)) (BERT)
};

enum class NormKind {
    LayerNorm, // (x − mean)/√(var + ε)·γ + β, biased variance
    RmsNorm, // x/√(mean(x²) + ε)·γ (Llama, Qwen2)
};

enum class MlpKind {
    Plain, // fc_out(act(fc_in(x))), act from the config's activation key
    GatedSilu, // down(silu(gate(x)) ⊙ up(x)) (Llama, Qwen2)
};

// Which MLP a layer runs.
enum class MlpRouting {
    Dense, // every layer's MLP is the family's MlpKind
    // Qwen3-MoE: a router picks the top-k of many SwiGLU experts per token, on the layers the config
    // makes sparse (ModelConfig::sparseLayer); the others keep the dense MLP.
    SparseTopK,
};

enum class PositionKind {
    LearnedAbsolute, // a learned row per position added to the token embedding
    Rotary, // q and k rotated per position inside attention
    // A fixed table added to the embeddings, Marian's layout (MarianSinusoidalPositionalEmbedding):
    // column j < d/2 holds sin(p / 10000^(2j/d)), column d/2 + j holds cos of the same angle.
    Sinusoidal,
    None,
};

// A norm of each head's q and k vectors after the projection and before the rotary positions
// (Qwen3's and Gemma 3's q_norm and k_norm): over the d_head values of one head, with one weight
// vector for q and one for k that every head shares. It is the block's own norm (the family's
// NormKind and ε), so a family whose norm differs (Gemma's 1 + w) gets it here too.
enum class QkNorm {
    None,
    PerHead,
};

// How rotary embeddings pair the dimensions of a head: the scenes' enum (core/scene/positional.h),
// so a head taken from a model keeps its family's convention on the board.
using core::RotaryConvention;

// How the checkpoint stores the projections' weights. Only the loader reads it: it turns either
// into the one in-memory orientation of core/model/modelweights.h.
enum class ProjectionKind {
    Conv1DFused, // transformers' Conv1D, in × out, y = x·W + b (GPT-2, whose q, k, v share a tensor)
    Linear, // nn.Linear, out × in, y = x·Wᵀ + b
};

// How the scores q·kᵀ are scaled: both give ÷√d_head up to float rounding, in the order
// transformers computes it.
enum class ScoreScaling {
    DivideBySqrtHead, // scores / √d_head (GPT-2, BERT)
    TimesInverseSqrtHead, // scores · d_head^−½ (Llama, Qwen2: `* self.scaling`)
    // scores · query_pre_attn_scalar^−½ (Gemma 2 and 3: `self.scaling = config.query_pre_attn_scalar**-0.5`,
    // a Python double that the float32 product rounds to float)
    TimesInverseSqrtQueryPreAttnScalar,
};

// A norm as people read it: its name, its symbol in formulas, and whether it centres.
struct NormDescription {
    const char *name; // "LayerNorm", "RMSNorm"
    const char *symbol; // in formulas: "LN" (LN₁(x)), "RMSNorm"
    // Subtracts the row's mean and adds a bias β (LayerNorm); else divides by the root mean square.
    bool centred;
};
const NormDescription &normDescription(NormKind kind);

// Which position the model's prediction is read at.
enum class PredictionRule {
    NextToken, // the last position: the token after the text
    FirstMask, // the first mask token: what fills it
};

// One integer key of config.json: the family's own name first, then names accepted when it is
// absent (transformers' attribute_map), and the default when none is present. No names: the
// value is `fallback` (e.g. no token types).
struct ConfigCount {
    std::vector<std::string> names;
    int fallback = 0;
    bool nullMeansDefault = false; // GPT-2's n_inner: null → the default
};

// One boolean key of config.json and its default; no key: the value is always `fallback`.
struct ConfigFlag {
    std::string key;
    bool fallback = true;
};

// A setting the forward pass implements in one way only: any other value of `key` is refused.
struct FixedSetting {
    std::string key;
    bool isFlag = true; // a boolean (else a string)
    bool flag = false; // the supported value of a boolean
    std::string text; // the supported value of a string, or of every entry of a list
    bool isList = false; // a list of strings (e.g. layer_types), each of which must be `text`
};

struct ConfigKeys {
    ConfigCount layers, heads, dModel, positions, vocab, typeVocab;
    // The MLP width; when `innerPerDModel` > 0 the default is that multiple of d_model.
    ConfigCount dInner;
    int innerPerDModel = 0;
    // Key/value heads (grouped-query attention); no names: as many as query heads. A fallback of 0
    // means as many as query heads; null always does (transformers' `if num_key_value_heads is None`).
    ConfigCount kvHeads;
    // The width of one head; no names or null: d_model / heads; absent: the fallback when it is
    // positive (Qwen3Config's head_dim = 128), else d_model / heads.
    ConfigCount headDim;
    // Which projections have biases: q, k and v; the attention output; the MLP.
    ConfigFlag qkvBias, outBias, mlpBias;
    // The output head multiplies by the token embeddings (transformers' tie_word_embeddings);
    // otherwise it is a tensor of its own (TensorNames::outputHead).
    ConfigFlag tiedOutputHead;
    // MlpRouting::SparseTopK: how many experts, how many per token, each expert's width, every how
    // many layers the MLP is sparse, whether the chosen weights are renormalised, and the list of
    // layers whose MLP stays dense (Qwen3MoeConfig: num_experts, num_experts_per_tok,
    // moe_intermediate_size, decoder_sparse_step, norm_topk_prob, mlp_only_layers).
    ConfigCount experts, expertsPerToken, expertInner, sparseStep;
    ConfigFlag renormaliseTopK;
    std::string denseLayers;
    std::vector<std::string> epsilon;
    double epsilonFallback = 1e-5;
    std::vector<std::string> activation;
    std::string activationFallback;
    std::vector<FixedSetting> fixed;
    // The token embeddings are multiplied by √d_model when this key is true (Marian's
    // scale_embedding, MarianConfig's default false); no key: only ModelFamily::scaledEmbeddings says.
    ConfigFlag scaleEmbedding {"", false};
    // The object of config.json that holds every key above and the attention variants' (a
    // multimodal model's language part: Gemma3Config's "text_config"); absent or null there: every
    // key takes its default, as transformers builds the sub-config from {}. model_type stays at the
    // top, and eos_token_id is read at the top first. Empty: the keys sit at the top.
    std::string section;
};

// ---- Gemma 2 and 3's attention variants (issue 31; kept apart from the QK-norm choice) ----
// Their config.json keys (transformers' configuration_gemma2.py, configuration_gemma3.py). An empty
// key: the family has no such setting, and the block does not use the variant.
struct AttentionVariantKeys {
    // ScoreScaling::TimesInverseSqrtQueryPreAttnScalar reads it (Gemma2Config: 256).
    std::string queryPreAttnScalar;
    double queryPreAttnScalarFallback = 256;
    // tanh soft-capping of the attention scores and of the final logits: s → tanh(s/c)·c. Absent:
    // the fallback; null or the fallback 0: none.
    std::string attnSoftcap, finalSoftcap;
    double attnSoftcapFallback = 0, finalSoftcapFallback = 0;
    // Sliding-window layers: `slidingWindow` the width (a query at i sees keys i − w < j ≤ i,
    // masking_utils.sliding_window_overlay: kv_idx > q_idx − sliding_window, and-ed with the causal
    // kv_idx ≤ q_idx); which layers slide: `layerTypes` ("sliding_attention" / "full_attention" per
    // layer), else layer i slides when (i + 1) % pattern ≠ 0, the pattern from `slidingPattern`
    // (Gemma 3's sliding_window_pattern, 6) or `slidingPatternFallback` (Gemma 2: 2, the even
    // layers, modeling_gemma2's `not bool(layer_idx % 2)`).
    std::string slidingWindow;
    int slidingWindowFallback = 4096;
    std::string layerTypes, slidingPattern;
    int slidingPatternFallback = 2;
    // The rotary base of the sliding layers (Gemma 3's rope_local_base_freq; they take no
    // rope_scaling); empty: every layer uses rope_theta.
    std::string localRopeTheta;
    double localRopeThetaFallback = 10000;
};

// Rotary positions (PositionKind::Rotary): convention and the config keys of θ and scaling.
struct RotarySpec {
    RotaryConvention convention = RotaryConvention::HalfSplit;
    std::string thetaKey = "rope_theta";
    double thetaFallback = 10000.0;
    std::string scalingKey = "rope_scaling";
    // transformers v5 writes θ, the type and the scaling numbers in one object (rope_parameters:
    // rope_type, rope_theta, factor, …). The rules of its RotaryEmbeddingConfigMixin: a non-empty
    // `scalingKey` object replaces this one; inside the object rope_theta wins over the top-level
    // key, which wins over `thetaFallback`; rope_type, else the older "type", else "default".
    std::string parametersKey = "rope_parameters";
    // Non-empty: the object holds one such object per kind of layer (Gemma3TextConfig's
    // "full_attention" and "sliding_attention"), the global layers' under `globalLayerType` (into
    // which an older `scalingKey` object is merged) and the sliding layers' under `localLayerType`
    // (whose θ falls back to AttentionVariantKeys::localRopeTheta). Empty: one object for every layer.
    std::string globalLayerType, localLayerType;
};

// Tensor names as transformers saves them. Each may also appear under `prefix` (the base
// model's attribute name when a head model was saved). An empty name: the family has no such
// tensor. Per-layer names follow `layer` + the layer index + ".".
struct TensorNames {
    std::string prefix;
    // A second prefix the same tensors may sit under (a newer transformers saves Gemma 3's language
    // model as "model.language_model." where the hub's files say "language_model.model."); empty: none.
    std::string prefixAlias;
    std::string tokens, positions, tokenTypes, embeddingNorm;
    std::string layer;
    // q, k and v; one name for two or three of them: one tensor in the file, their outputs
    // stacked in that order (GPT-2's attn.c_attn).
    std::string query, key, value;
    std::string attnOut;
    // QkNorm::PerHead: the norms of each head's q and k (Qwen3's self_attn.q_norm, k_norm).
    std::string queryNorm, keyNorm;
    std::string attnNorm, mlpNorm; // the block's first and second norm
    std::string mlpIn, mlpOut;
    std::string mlpGate; // MlpKind::GatedSilu: gate_proj (mlpIn is up_proj, mlpOut down_proj)
    // Gemma's "sandwich" norms on each sub-layer's output before its residual sum
    // (post_attention_layernorm, post_feedforward_layernorm); empty: none.
    std::string attnPostNorm, mlpPostNorm;
    // MlpRouting::SparseTopK: the router, and each expert's gate_proj, up_proj and down_proj, "{e}"
    // standing for the expert's index (Qwen3-MoE's mlp.gate, mlp.experts.{e}.gate_proj, …).
    std::string router, expertGate, expertUp, expertDown;
    std::string finalNorm;
    // An encoder-decoder's decoder (ModelFamily::crossAttention): the projections of its
    // attention over the encoder's output and the norm after that sub-layer's residual sum
    // (Marian's encoder_attn.q_proj, …, encoder_attn_layer_norm).
    std::string crossQuery, crossKey, crossValue, crossOut, crossNorm;
    // A bias added to the logits (1 × vocab, Marian's final_logits_bias, outside `prefix`).
    std::string logitsBias;
    // An untied output head (vocab × d, nn.Linear without bias), saved outside `prefix`.
    std::string outputHead;
    // A masked-LM head (optional in a checkpoint as a whole): dense + act + norm, then the
    // tied decoder with its own bias (some files keep the bias only under `headBiasAlias`).
    std::string headDense, headNorm, headBias, headBiasAlias;
    // Older TensorFlow conversions call a norm's weight/bias gamma/beta.
    std::string normWeightAlias = "gamma", normBiasAlias = "beta";
};

struct ModelFamily {
    std::string name; // shown to people: "GPT-2"
    std::string modelType; // config.json's model_type: "gpt2"
    ConfigKeys config;
    TensorNames tensors;
    NormKind norm = NormKind::LayerNorm;
    NormPlacement placement = NormPlacement::PreLn;
    MlpKind mlp = MlpKind::Plain;
    QkNorm qkNorm = QkNorm::None;
    MlpRouting routing = MlpRouting::Dense;
    PositionKind position = PositionKind::LearnedAbsolute;
    RotarySpec rotary; // when position is Rotary
    ProjectionKind projection = ProjectionKind::Linear;
    ScoreScaling scoreScaling = ScoreScaling::DivideBySqrtHead;
    // Token i attends only to tokens 0…i; then row i of every layer depends only on the tokens
    // up to i.
    bool causal = false;
    PredictionRule prediction = PredictionRule::NextToken;

    // ---- Gemma 2 and 3's choices (issue 31) ----
    AttentionVariantKeys variants;
    // RMSNorm computes x̂·(normWeightOffset + w), the sum in float32 (Gemma's x̂·(1 + w)).
    float normWeightOffset = 0;
    // The token embeddings are multiplied by √d_model (Gemma's normalizer).
    bool scaledEmbeddings = false;

    // ---- Encoder-decoders (issue 35) ----
    // After its self-attention the block attends to an encoder's output (cross-attention: q from
    // this stream, k and v from the encoder's last layer), adds the result and normalises it as
    // its placement says, before the MLP: an encoder-decoder's decoder (Marian). Such a block
    // cannot run without that encoder output (core/translate runs it).
    bool crossAttention = false;
};

// An encoder-decoder model type: the row of its encoder and the row of its decoder, both read
// from the same config.json (each with its own keys: encoder_layers, decoder_layers, …).
struct EncoderDecoderFamily {
    const ModelFamily *encoder = nullptr;
    const ModelFamily *decoder = nullptr;
};

// The encoder-decoder whose model_type is `modelType`, or nullptr. Kept apart from
// modelFamilies(): no decoder-only path can run one.
const EncoderDecoderFamily *findEncoderDecoder(const std::string &modelType);

// The family whose model_type is `modelType`, or nullptr. transformers' AutoConfig chooses the
// configuration class by config.json's model_type alone; so do we.
const ModelFamily *findFamily(const std::string &modelType);

// Every family the app knows, in a fixed order.
const std::vector<const ModelFamily *> &modelFamilies();

// Whether the family's norms sit before each sub-layer (pre-norm), so that the residual stream is
// a sum of the sub-layers' outputs.
bool isPreNorm(const ModelFamily &family);

// Whether a model of the family can generate text token by token through a KV cache: causal,
// norms before each sub-layer (so the last row's stream is the prediction's input), predicting the
// next token.
bool canGenerateText(const ModelFamily &family);

// Whether the family predicts the token after the text (PredictionRule::NextToken), rather than
// what fills its first mask token.
bool predictsNextToken(const ModelFamily &family);

// The position a family predicts at for token ids `ids`: NextToken the last one, FirstMask the
// first id equal to `maskId` (the tokenizer's mask token, −1 when it has none). −1 when there
// is no such position (no tokens, or no mask token in them).
int predictionPosition(const ModelFamily &family, const std::vector<int> &ids, int maskId);

} // namespace attnlab::core::model
