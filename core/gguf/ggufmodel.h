#pragma once
// A GGUF model file as ModelWeights, for the architectures whose family the app has (llama,
// qwen2, qwen3), through the same family rows and tensor table as a safetensors folder:
//
// - the config: general.architecture picks the family (its model_type), and the table in
//   ggufmodel.cpp maps "<arch>.block_count", ".embedding_length", ".feed_forward_length",
//   ".attention.head_count", ".attention.head_count_kv", ".attention.key_length",
//   ".context_length", ".attention.layer_norm_rms_epsilon" and ".rope.freq_base" onto the
//   family's own config keys, so the config reader (core/model/modelconfig.h) checks them as it
//   checks config.json; the vocabulary is token_embd's row count, the head is tied when the file
//   has no "output.weight", and a bias exists when its tensor does.
// - the tensors: llama.cpp's names (token_embd, blk.N.attn_norm, attn_q, attn_k, attn_v,
//   attn_q_norm, attn_k_norm, attn_output, ffn_norm, ffn_gate, ffn_up, ffn_down, output_norm,
//   output) are a table keyed by the family's TensorNames field; each tensor's extents are
//   checked against the config ([inputs, outputs], fastest first).
// - llama.cpp's converter (convert_hf_to_gguf.py, LlamaModel.permute) reorders the rows of q and
//   k within each head for the "llama" architecture, whose rotary positions in llama.cpp pair
//   adjacent dimensions: row h·d + 2i + j of the file is row h·d + j·d/2 + i of the Hugging Face
//   weight. The loader puts them back, so the half-split block computes the same numbers.
//
// Matrices stay in the file's elements where it is mapped: F32 as floats, F16 and BF16 as their
// 16 bits, the quantized types as ggml's blocks (TensorView::quant), which the weight kernels
// dequantize a block at a time to exactly ggml's values (core/model/kernels/quantmatrix.h), so a
// 4-bit file takes about 4 bits per weight of memory. llama's paired q and k matrices are copied
// once with their rows put back, still in their blocks; vectors (norms, biases) are converted to
// float32.

#include "core/model/modelloader.h"

#include <string>
#include <vector>

namespace attnlab::core::gguf {

// Loads the GGUF file at `path`. Never throws for bad input; the result names the file (its
// base name) and the key or tensor in `problem` and `error`.
model::LoadModelResult loadGgufModel(const std::string &path, const model::LoadProgress &progress = {});

// The values GGUF tensor `name` ("blk.3.attn_q.weight", "token_embd.weight", "output.weight") of a
// file of architecture `arch` ("llama", "qwen2", "qwen3") holds, taken from `weights`: the same
// model loaded from any checkpoint (a safetensors folder), in the GGUF file's layout: outputs ×
// inputs row after row, llama's q and k rows paired per head again as the converter pairs them.
// Empty when `name` is no matrix or vector of the model.
std::vector<float> ggufLayoutValues(
    const model::ModelWeights &weights, const std::string &arch, const std::string &name);

// Whether `path` names a GGUF file by its extension (".gguf", any case).
bool isGgufPath(const std::string &path);
// Whether `path` is a regular file to open as GGUF: named *.gguf, or beginning with the magic
// "GGUF" (an Ollama blob, blobs/sha256-…, has no extension).
bool isGgufFile(const std::string &path);

} // namespace attnlab::core::gguf
