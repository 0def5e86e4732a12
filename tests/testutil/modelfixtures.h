#pragma once
// Test helpers for the checkpoint readers: a small safetensors writer and tiny GPT-2 / BERT
// checkpoint folders with seeded random weights. No GoogleTest here, so UI and command-line
// tests (and benchmarks) can compile modelfixtures.cpp too.
//
// The float → F16/BF16 rounding is written here independently of core/model, so a round trip
// through the writer and the reader checks the reader.

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace attnlab::test {

struct FixtureTensor {
    std::string name;
    std::vector<std::int64_t> shape;
    std::vector<float> values; // product(shape) values, row-major
    std::string dtype = "F32"; // F32, F16 or BF16 are encoded from `values`; anything else
    std::string rawBytes; // uses rawBytes as the data, as is
};

// IEEE half / bfloat16 with round-to-nearest-even; NaN stays NaN, overflow becomes ±∞.
std::uint16_t floatToHalf(float value);
std::uint16_t floatToBfloat16(float value);
// The value after a trip through the dtype: what a file of that dtype holds.
float roundToDType(float value, const std::string &dtype);

// The data bytes of one tensor (little-endian).
std::string encodeTensor(const FixtureTensor &tensor);

// Bytes of the tensor's data: product(shape) × 4 or 2 for F32 / F16 / BF16 (whether or not
// `values` are filled in), rawBytes.size() for other dtypes.
std::uint64_t tensorBytes(const FixtureTensor &tensor);

// The JSON header for tensors laid out one after the other in the given order, with their
// data_offsets (from tensorBytes, so `values` may be left empty to stream the data
// separately); `metadata` becomes "__metadata__" when not empty.
std::string safetensorsHeader(
    const std::vector<FixtureTensor> &tensors, const std::map<std::string, std::string> &metadata = {});

// A whole file: 8-byte little-endian length, header (padded with spaces to a multiple of
// `headerAlignment`, as the reference writer pads to 8), data. headerAlignment 1 = no padding.
std::string safetensorsBytes(const std::vector<FixtureTensor> &tensors,
    const std::map<std::string, std::string> &metadata = {}, int headerAlignment = 8);
// A file from a header text given verbatim and data bytes (for hostile headers).
std::string safetensorsBytes(const std::string &header, const std::string &data);

void writeBytes(const std::string &path, const std::string &bytes);

// The tensors split over `shards` files in dir as huggingface_hub's save_torch_state_dict names
// them (model-00001-of-00003.safetensors, …; tensors dealt out in turn), plus
// model.safetensors.index.json {"metadata": {"total_size": …}, "weight_map": {…}}.
void writeShardedSafetensors(const std::string &dir, const std::vector<FixtureTensor> &tensors, int shards);
// The file name of shard k (1-based) of n: model-0000k-of-0000n.safetensors.
std::string shardName(int k, int n);
std::string readBytes(const std::string &path);

// A fresh empty folder under the temporary directory ($TMPDIR, else /tmp), removed with
// everything in it when the process exits; removeTree deletes it sooner.
std::string makeTempDir(const std::string &tag);
void removeTree(const std::string &dir);

struct TinyModelOptions {
    std::string dtype = "F32"; // of every tensor
    // 0: one model.safetensors; n: model-0000k-of-0000n.safetensors shards and their index
    // model.safetensors.index.json, as writeShardedSafetensors writes them.
    int shards = 0;
    bool prefixed = false; // names start with "transformer." (GPT-2) or "bert." (BERT)
    bool gammaBeta = false; // LayerNorm parameters named gamma / beta
    bool mlmHead = true; // BERT: write cls.predictions.*
    bool lmHead = false; // GPT-2: write lm_head.weight (a tied copy of wte)
    unsigned seed = 1;
    int layers = 2;
    int heads = 2;
    int dModel = 8;
    int dInner = 12;
    int positions = 16;
    int vocab = 24;
    int typeVocab = 2; // BERT
    // Qwen2 / Llama: key/value heads (0: as many as heads), head_dim (0: dModel / heads, and
    // config.json has no head_dim key), tie_word_embeddings (no lm_head tensor), Llama's
    // attention_bias and mlp_bias (Qwen2 has q/k/v biases always, none elsewhere).
    int kvHeads = 0;
    int headDim = 0;
    bool tied = false;
    bool attentionBias = false;
    bool mlpBias = false;
    // Qwen3-MoE: experts, per token, each one's width, decoder_sparse_step, norm_topk_prob and
    // mlp_only_layers; the sparse layers get mlp.gate and mlp.experts.{e}.* instead of the dense MLP.
    int experts = 4;
    int expertsPerToken = 2;
    int expertInner = 6;
    int sparseStep = 1;
    bool normTopk = false;
    std::vector<int> mlpOnlyLayers;
    // Replace or add config.json keys: key → raw JSON text; an empty text removes the key.
    std::map<std::string, std::string> configEdits;
    // Called with the tensors (canonical names already turned into file names) before writing:
    // tests drop, reshape or add tensors here.
    std::function<void(std::vector<FixtureTensor> &)> editTensors;
    // Called with the folder once config.json and model.safetensors exist: tokenizer files go here.
    std::function<void(const std::string &dir)> addFiles;
};

struct TinyModel {
    std::string dir;
    // Every tensor written, by canonical name (no prefix, LayerNorm weight / bias), values as
    // the file holds them (already rounded to the dtype).
    std::map<std::string, FixtureTensor> tensors;

    const std::vector<float> &values(const std::string &canonicalName) const;
};

// Write config.json and model.safetensors of a tiny model into `dir` (which must exist).
TinyModel writeTinyGpt2(const std::string &dir, const TinyModelOptions &options = {});
TinyModel writeTinyBert(const std::string &dir, const TinyModelOptions &options = {});
// Qwen2 and Llama checkpoints as transformers saves Qwen2ForCausalLM / LlamaForCausalLM: tensors
// under "model." (canonical names without it), lm_head.weight unless tied, RMSNorm weights only.
// config.json has rope_theta 1e6 (Qwen2) or 5e5 (Llama) and rms_norm_eps 1e-6.
TinyModel writeTinyQwen2(const std::string &dir, const TinyModelOptions &options = {});
TinyModel writeTinyLlama(const std::string &dir, const TinyModelOptions &options = {});
// Qwen3 as transformers saves Qwen3ForCausalLM: Llama's tensors (q/k/v/o biases with
// attentionBias) plus self_attn.q_norm.weight and k_norm.weight (d_head each) in every layer;
// config.json always gives head_dim, rope_theta 1e6, use_sliding_window false.
TinyModel writeTinyQwen3(const std::string &dir, const TinyModelOptions &options = {});
// Qwen3-MoE as transformers saves Qwen3MoeForCausalLM: Qwen3's attention; on the sparse layers
// (ModelConfig::sparseLayer) mlp.gate.weight (experts × d) and mlp.experts.{e}.gate_proj, up_proj,
// down_proj.weight; config.json with num_experts, num_experts_per_tok, moe_intermediate_size,
// decoder_sparse_step, norm_topk_prob and mlp_only_layers.
TinyModel writeTinyQwen3Moe(const std::string &dir, const TinyModelOptions &options = {});

} // namespace attnlab::test
