#pragma once
// The --dump format: every stage of a computed scene as JSON.
//   {"tokens": [...], "X": [[...]] (model mode only),
//    "heads": [{"Q", "K", "V", ("Q_rot", "K_rot" under RoPE), "scores", "scaled",
//               "masked", "weights", "context"}, ...],
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
