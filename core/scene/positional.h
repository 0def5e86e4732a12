#pragma once
// Positional information: the sinusoidal encoding added to X, and rotary positions (RoPE)
// applied to Q and K.

#include "core/types.h"

namespace attnlab::core {

// Sinusoidal encoding of Vaswani et al., tokens × dModel:
// PE[pos, 2i] = sin(pos / 10000^(2i/dModel)), PE[pos, 2i+1] = cos(the same angle); pos from 0.
// With an odd dModel the last column is a sine.
Matrix sinusoidalEncoding(int tokens, int dModel);

// Rotary position embedding, interleaved-pairs convention of the RoFormer paper: dimensions
// (2i, 2i+1) of row p are rotated by the angle p·θ_i, θ_i = 10000^(−2i/d). `in` is tokens × d
// with d even; the result has the same shape. Rotation keeps each row's norm, and the dot
// product of two rotated rows depends only on their positions' difference.
void applyRope(const Eigen::Ref<const Matrix> &in, Eigen::Ref<Matrix> out);

// The angle by which pair i of the token at position p is rotated.
double ropeAngle(int position, int pair, int dims);

} // namespace attnlab::core
