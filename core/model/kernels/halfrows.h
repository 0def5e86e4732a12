#pragma once
// Row kernels over weights stored as 16-bit floats (IEEE half "F16" or bfloat16 "BF16"), as a
// checkpoint holds them: the bits are read where they lie (the memory-mapped file) and widened
// to float inside the loop, so a BF16 checkpoint never needs a float copy of its matrices.
//
// Widening is exact for both types (core/model/checkpoint/safetensors.h: halfToFloat, bfloat16ToFloat), so
// a kernel's result equals the float32 computation on the widened weights up to the order of
// the float additions. On x86-64 processors the kernels use vector code chosen once per process
// (core/engine/kernelvariant.h): 16-wide with AVX-512 (halfrows_avx512.cpp), 8-wide with AVX2,
// FMA and F16C (halfrows_avx2.cpp); elsewhere plain loops.
//
// Pointers to the 16-bit data must be 2-byte aligned; float pointers need no alignment.

#include "core/engine/kernelvariant.h"

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

// One variant's kernels, in the plain types their own source files use (bf16: BF16 rather than
// F16), so tests and benchmarks can run every variant in one process. The functions above run
// kernelVariant()'s.
struct HalfRowKernels {
    void (*widen)(bool bf16, const unsigned short *src, long n, float *out);
    void (*addWidened)(bool bf16, const unsigned short *src, long n, float *out);
    void (*dotRows)(bool bf16, const float *x, const unsigned short *w, long rows, long k, long stride, float *out);
    void (*accumulateRows)(bool bf16, const float *x, const unsigned short *w, long k, long n, long stride, float *out);
};

// The kernels of `variant`, which must be one kernelVariantSupported() accepts.
const HalfRowKernels &halfRowKernels(engine::KernelVariant variant);

} // namespace attnlab::core::model::kernels
