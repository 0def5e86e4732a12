#pragma once
// Row-wise softmax with a visibility mask, the numerically stable way.

#include "core/engine/kernelvariant.h"
#include "core/types.h"

namespace attnlab::core {

// For one query row of length n: masked[j] = scaled[j] where visible[j] != 0, else −∞;
// weights = softmax over the visible cells (hidden cells get exactly 0).
// The row's maximum over visible cells is subtracted before exponentiating, so logits in the
// thousands give finite, nearly one-hot weights. A row with no visible cell gets all-zero
// weights. Returns whether any cell was visible.
// On x86-64 processors the row runs vector code chosen once per process
// (core/engine/kernelvariant.h: softmax_avx512.cpp, softmax_avx2.cpp), elsewhere Eigen's.
bool maskedSoftmaxRow(
    const Scalar *scaled, const unsigned char *visible, Eigen::Index n, Scalar *masked, Scalar *weights);

// The same with the kernel of `variant`, which must be one kernelVariantSupported() accepts (for
// tests and benchmarks that compare variants).
bool maskedSoftmaxRow(engine::KernelVariant variant, const Scalar *scaled, const unsigned char *visible, Eigen::Index n,
    Scalar *masked, Scalar *weights);

// Plain stable softmax of a vector (every entry visible).
RowVector softmax(const Eigen::Ref<const RowVector> &logits);

} // namespace attnlab::core
