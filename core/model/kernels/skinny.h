#pragma once
// Products of a few input rows with a large float32 nn.Linear weight (out × in), read where it
// lies: no packed copy. A general matrix product (BLAS sgemm, Eigen's own) first repacks the
// weights into cache-sized panels, which pays off when every weight is used by many rows; with a
// dozen rows (the logit lens: 13 residual rows against a 50,257 × 768 unembedding) the copy took
// a quarter of the product's time (docs/performance.md). Here every weight row is loaded once
// from memory and used at once by all rows.
//
// On x86-64 processors the inner loops are vector code chosen once per process
// (core/engine/kernelvariant.h): 16-wide with AVX-512 (skinny_avx512.cpp), 8-wide with AVX2 and
// FMA (skinny_avx2.cpp); elsewhere plain loops. Large products split their outputs over the
// OpenMP threads. Results equal the float computation up to the order of the float additions.

#include "core/engine/kernelvariant.h"

#include <cstddef>

namespace attnlab::core::model::kernels {

// Up to this many input rows a product goes through skinnyDot (when the weights are large enough
// to be worth it, kSkinnyMinWeights); beyond, a general product reuses its packing.
inline constexpr int kSkinnyRows = 16;
// Weight elements (outputs × inputs) from which a few-row product takes skinnyDot: below, the
// matrix stays in the cache and packing it costs nothing worth saving.
inline constexpr long kSkinnyMinWeights = 1L << 14;

// A few input rows: row r of X starts at x + r·ldx and has k elements (r < rows).
struct SkinnyInput {
    const float *x = nullptr;
    std::size_t rows = 0, k = 0, ldx = 0;
};
// The output: row r starts at out + r·ldo and has `count` elements.
struct SkinnyOutput {
    float *out = nullptr;
    std::size_t count = 0, ldo = 0;
};

// out[r][o] = Σ_i x[r][i] · W[o][i] for o < count, where row o of W starts at w + o·ldw (k
// elements): rows of X against the rows of an nn.Linear weight (out × in).
void skinnyDot(const SkinnyInput &x, const float *w, std::size_t ldw, const SkinnyOutput &out);

// The same with the kernels of `variant`, which must be one kernelVariantSupported() accepts (for
// tests and benchmarks that compare variants).
void skinnyDot(
    engine::KernelVariant variant, const SkinnyInput &x, const float *w, std::size_t ldw, const SkinnyOutput &out);

} // namespace attnlab::core::model::kernels
