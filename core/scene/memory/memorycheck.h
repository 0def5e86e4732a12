#pragma once
// The problems of a scene's memory (core/scene/memory/memory.h), for validate(): a memory needs
// model mode, one key token per row, rows d_model wide and finite, no mask (cross-attention masks
// nothing across the memory), no rotary positions (they rotate a sequence against itself) and no
// sliding window (a band along one sequence's positions). The other attention variants (QK-norm,
// soft cap, sink logit) are allowed: they act on K's rows or on a row of scores alike.

#include "core/scene/scene.h"

#include <vector>

namespace attnlab::core {

// Appends the memory's problems to `out`; nothing when the scene has no memory.
void validateMemory(const Scene &scene, std::vector<Problem> &out);

} // namespace attnlab::core
