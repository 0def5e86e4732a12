#pragma once
// ggml's quantized blocks (ggml/src/ggml-common.h's block_q4_0 … block_q6_K) as floats, exactly as
// ggml's reference dequantizers compute them (ggml-quants.c: dequantize_row_q4_0 …
// dequantize_row_q6_K), so every value equals ggml's bit for bit. core/gguf/dequantize.h describes
// the layouts; this is the block arithmetic itself, here so that the weight kernels
// (quantmatrix.h) read a quantized matrix a block at a time where the file lies.

#include "core/model/modelweights.h"

#include <cstddef>

namespace attnlab::core::model::kernels {

// Elements and bytes of one block of quantized type `type` (0 for F32, F16, BF16).
int quantBlockSize(ElementType type);
std::size_t quantBlockBytes(ElementType type);

// The dequantizer of one block of quantized type `type` (quantBlockSize(type) floats out), looked
// up once by a loop over many blocks; nullptr for F32, F16, BF16.
using BlockDequantizer = void (*)(const unsigned char *block, float *out);
BlockDequantizer blockDequantizer(ElementType type);

// Dequantizes `blocks` consecutive blocks of `type` from `src` into `out`
// (blocks · quantBlockSize(type) floats). `type` must be a quantized type.
void dequantizeBlocks(ElementType type, const unsigned char *src, std::size_t blocks, float *out);

} // namespace attnlab::core::model::kernels
