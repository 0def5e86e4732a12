#pragma once
// Positional information: the sinusoidal encoding added to X, and rotary positions (RoPE)
// applied to Q and K.

#include "core/types.h"

#include <utility>
#include <vector>

namespace attnlab::core {

// Sinusoidal encoding of Vaswani et al., tokens × dModel:
// PE[pos, 2i] = sin(pos / 10000^(2i/dModel)), PE[pos, 2i+1] = cos(the same angle); pos from 0.
// With an odd dModel the last column is a sine.
Matrix sinusoidalEncoding(int tokens, int dModel);

// How rotary embeddings pair the d dimensions of a head into d/2 planes. Scenes and model
// families (core/model/family) share this one enum.
enum class RotaryConvention {
    HalfSplit, // pair i is dimensions (i, i + d/2): transformers' rotate_half (Llama, Qwen2)
    Interleaved, // pair i is dimensions (2i, 2i + 1): the RoFormer paper, GPT-J
};

// The base of the rotary frequencies unless a scene or model says otherwise (RoFormer's).
constexpr double kDefaultRopeBase = 10000.0;

// The frequency θ_i of each pair i = 0 … d/2 − 1: base^(−2i/d), in radians per position.
std::vector<double> ropeFrequencies(double base, int dims);

// The two dimensions pair `pair` rotates, first and second: (2i, 2i + 1) interleaved,
// (i, i + d/2) half-split.
std::pair<int, int> ropePairColumns(RotaryConvention convention, int pair, int dims);
// The pair that dimension `column` belongs to.
int ropePairOf(RotaryConvention convention, int column, int dims);

// Rotary position embedding: the pair (a, b) = ropePairColumns(i) of row p is rotated like a
// point in the plane by the angle p·θ_i, θ_i = frequencies[i]:
//   a′ = a·cos − b·sin,  b′ = a·sin + b·cos.
// `in` is tokens × d with d even and d/2 frequencies; the result has the same shape. Rotation
// keeps each row's norm, and the dot product of two rotated rows depends only on their
// positions' difference. The two conventions give the same scores once the dimensions of Q
// and K are reordered by the fixed permutation 2i ↔ i, 2i + 1 ↔ i + d/2. Row p of `in` is at
// position firstPosition + p (a single row of a longer sequence passes its own position).
void applyRope(const Eigen::Ref<const Matrix> &in, Eigen::Ref<Matrix> out, RotaryConvention convention,
    const std::vector<double> &frequencies, Eigen::Index firstPosition = 0);

} // namespace attnlab::core
