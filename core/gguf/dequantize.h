#pragma once
// ggml's tensor types to floats, exactly as ggml's reference dequantizers compute them
// (ggml/src/ggml-quants.c: dequantize_row_q4_0 … dequantize_row_q6_K; ggml.c for F16 and BF16):
// the same block layouts (ggml/src/ggml-common.h) and the same float operations in the same
// order, so every value equals ggml's bit for bit.
//
//   Q4_0  32 per block: half d, 16 bytes; element j (< 16) is the low nibble of byte j, element
//         j + 16 its high nibble; value (q − 8)·d.
//   Q4_1  as Q4_0 with half d, half m first; value q·d + m.
//   Q5_0  half d, 4 bytes qh, 16 bytes; the fifth bit of element j is bit j of qh (little-endian
//         uint32); value (q − 16)·d.
//   Q5_1  half d, half m, qh, 16 bytes; value q·d + m.
//   Q8_0  half d, 32 int8; value q·d.
//   Q4_K  256 per super-block: half d, half dmin, 12 bytes of eight 6-bit scales and mins, 128
//         bytes of nibbles; each 64 elements take 32 bytes (low nibbles, then high), sub-block s
//         has value (d·scale_s)·q − dmin·min_s.
//   Q5_K  as Q4_K plus 32 bytes qh after the scales: the fifth bit of element l of the pair of
//         sub-blocks (2i, 2i+1) is bit 2i (resp. 2i+1) of qh[l].
//   Q6_K  128 bytes of low nibbles, 64 bytes of high 2-bit pairs, 16 int8 scales, half d;
//         value d·scale·(q − 32) for 16-element groups.

#include "core/gguf/ggmltype.h"
#include "core/model/modelweights.h"

#include <cstddef>

namespace attnlab::core::gguf {

// Dequantizes `count` elements of `type` (a whole number of its blocks) from `src` into `out`.
// Returns false, writing nothing, for a type GgmlTypeInfo does not mark readable.
bool dequantize(GgmlType type, const unsigned char *src, std::size_t count, float *out);

// The weight kernels' element type for quantized ggml type `type` (the block arithmetic lives in
// core/model/kernels/quantblocks.h); ElementType::F32 for a type that is not one of them.
model::ElementType quantElementType(GgmlType type);

} // namespace attnlab::core::gguf
