#pragma once
// Row kernels over weights stored as 16-bit floats (IEEE half "F16" or bfloat16 "BF16"), as a
// checkpoint holds them: the bits are read where they lie (the memory-mapped file) and widened
// to float inside the loop, so a BF16 checkpoint never needs a float copy of its matrices.
//
// Widening is exact for both types (core/model/checkpoint/safetensors.h: halfToFloat, bfloat16ToFloat), so
// a kernel's result equals the float32 computation on the widened weights up to the order of
// the float additions. On x86-64 processors with AVX2, FMA and F16C the kernels use 8-wide
// vector code chosen at run time (halfrows_avx2.cpp); elsewhere plain loops.
//
// Pointers to the 16-bit data must be 2-byte aligned; float pointers need no alignment.

#include <cstddef>
#include <cstdint>

namespace attnlab::core::model::kernels {

enum class HalfKind { F16, BF16 };

// out[i] = the float value of src[i], i < n.
void widen(HalfKind kind, const std::uint16_t *src, std::size_t n, float *out);

// out[i] += the float value of src[i], i < n.
void addWidened(HalfKind kind, const std::uint16_t *src, std::size_t n, float *out);

// out[r] = Σ_i x[i] · W[r][i] for r < rows, where row r of W starts at w + r·stride and has k
// elements: one input row against many weight rows (nn.Linear, out × in).
void dotRows(HalfKind kind, const float *x, const std::uint16_t *w, std::size_t rows, std::size_t k, std::size_t stride,
    float *out);

// out[j] += Σ_i x[i] · W[i][j] for j < n, where row i of W starts at w + i·stride (i < k): one
// input row through a Conv1D weight (in × out).
void accumulateRows(HalfKind kind, const float *x, const std::uint16_t *w, std::size_t k, std::size_t n,
    std::size_t stride, float *out);

// Whether the vector kernels are in use on this processor (for benchmarks and tests).
bool usesVectorKernels();

} // namespace attnlab::core::model::kernels
