#pragma once
// The --dump format: every stage of a computed scene as JSON, named and ordered as the stage table
// (stagetable.h) lists them, each only when the scene has it:
//   {"tokens": [...], "X": [[...]] (model mode only), "memory": [[...]] (with a memory),
//    "heads": [{"Q", "K", "V", ("Q_norm", "K_norm" under QK-norm), ("Q_rot", "K_rot" under RoPE),
//               "scores", "scaled", ("capped" with a soft cap), "masked", "weights",
//               ("sink" with a sink logit: n × 1, the sink's share of each row), "context"}, ...],
//    "concat": [[...]], "output": [[...]], "warnings": [...]}
// Hidden cells of "masked" (−∞) are written as null. Numbers carry 7 significant digits.

#include "core/scene/pipeline.h"
#include "core/scene/scene.h"

#include <ostream>
#include <string>

namespace attnlab::core {

// Streams the dump to `out` one matrix row at a time (a dump of the largest scene is
// gigabytes of text; it is never held in memory whole).
void writeStagesJson(std::ostream &out, const Scene &scene, const Stages &stages);
std::string stagesToJson(const Scene &scene, const Stages &stages);

} // namespace attnlab::core
