#pragma once
// One block of a ggml tensor taken apart: what the Quantization window shows of a block. The
// layouts are those of dequantize.h (ggml-common.h); decodeBlock reads the same bytes with the same
// float operations, so `values` equal dequantize()'s bit for bit, and each value is rebuilt from
// the parts by the type's formula (QuantFormula):
//
//   Q4_0, Q5_0, Q8_0   value = (code − zero) · d            one group, zero 8, 16 or 0
//   Q4_1, Q5_1         value = code · d + m                 one group
//   Q4_K, Q5_K         value = scale_s · code − min_s       8 groups of 32: scale_s = d · sc_s,
//                                                           min_s = dmin · m_s (6-bit sc_s, m_s)
//   Q6_K               value = scale_g · (code − 32)        16 groups of 16: scale_g = d · sc_g
//                                                           (int8 sc_g)
//   F32, F16, BF16     value = the float the bits spell     a block of one element, no group
//
// Codes are the integers as stored: 0..15 (Q4_*, Q4_K), 0..31 (Q5_*, Q5_K), −128..127 (Q8_0),
// 0..63 (Q6_K); for the plain types the element's bit pattern (F16 and BF16 0..65535, F32 0..2³²−1).

#include "core/gguf/ggmltype.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace attnlab::core::gguf {

enum class QuantFormula {
    Plain, // the stored float
    Zero, // (code − zero) · scale
    ScalePlusMin, // code · scale + min
    ScaleMinusMin, // scale · code − min
};

// A run of elements sharing one scale (and min): the whole block of a legacy quant, a sub-block of
// a k-quant.
struct QuantGroup {
    int first = 0; // first element in the block
    int count = 0;
    int rawScale = 0; // as stored: a k-quant's 6-bit or int8 sub-scale; 0 for the legacy quants
    int rawMin = 0; // a Q4_K/Q5_K sub-block's 6-bit min; 0 otherwise
    float scale = 0; // the effective scale: d, d·sc
    float min = 0; // the effective min: m (Q4_1, Q5_1), dmin·m (Q4_K, Q5_K); 0 otherwise
};

struct QuantBlock {
    GgmlType type = GgmlType::F32;
    QuantFormula formula = QuantFormula::Plain;
    std::uint64_t index = 0; // the block's index in the tensor
    std::uint64_t firstElement = 0; // index · elements
    int elements = 0; // the type's block size
    int zero = 0; // the code subtracted before scaling (QuantFormula::Zero; Q6_K's 32)
    bool hasD = false; // the block's half d (every quant type)
    float d = 0;
    bool hasMin = false; // the block's half m (Q4_1, Q5_1) or dmin (Q4_K, Q5_K)
    float m = 0; // m, or the super-block's dmin
    std::vector<QuantGroup> groups; // empty for the plain types
    std::vector<std::int64_t> codes; // one per element
    std::vector<float> values; // one per element, dequantize()'s

    // The group element e (< elements) belongs to, nullptr for the plain types.
    const QuantGroup *groupOf(int e) const;
};

// Block `index` of a tensor of `type` whose bytes start at `data` (block i at i · blockBytes).
// The caller checks that the block lies inside the tensor. Returns a block with elements 0 for a
// type dequantize() cannot read.
QuantBlock decodeBlock(GgmlType type, const unsigned char *data, std::uint64_t index);

// Element e of the block rebuilt from its parts by the type's formula (equal to values[e] bit for
// bit).
float rebuildValue(const QuantBlock &block, int e);

// The type's storage per weight in bits: blockBytes · 8 / blockSize (Q4_K 4.5, Q8_0 8.5, F16 16).
double bitsPerWeight(const GgmlTypeInfo &type);

// The error of `quantized` against `original` (n values each): the largest |quantized − original|
// and where it is, the root mean square of the differences, and the mean |difference|. All zero
// for n = 0.
struct QuantError {
    double maxAbs = 0;
    std::size_t maxAt = 0;
    double rms = 0;
    double meanAbs = 0;
};
QuantError quantizationError(const float *quantized, const float *original, std::size_t n);

} // namespace attnlab::core::gguf
