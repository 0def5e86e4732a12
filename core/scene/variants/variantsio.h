#pragma once
// The attention variants in a scene file: one optional "variants" object, absent when every
// switch is off (a file written before the variants existed loads with all of them off).
//
//   "variants": {"qk_norm": true, "q_norm_weight": [...], "k_norm_weight": [...],
//                "qk_norm_epsilon": 1e-6, "soft_cap": 5, "sliding_window": 2,
//                "first_token_sink": true, "sink_logit": true, "sink_logits": [0.5, ...]}
//
// Every member is optional; a member given turns its switch on (the weights and sink logits
// need their switch too). A window below 1 or a cap or epsilon not above 0 is refused with a
// problem naming the member ("variants.soft_cap").

#include "core/scene/variants/variants.h"
#include "core/text/problem.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace attnlab::core {

// Reads `value` (the "variants" member at `path`) into `out`, appending what is wrong to `problems`.
void readVariants(
    const nlohmann::json &value, const std::string &path, AttentionVariants &out, std::vector<Problem> &problems);

// The "variants" member as a scene file writes it, two-space indented and ending in ",\n"; empty
// when every switch is off.
std::string writeVariants(const AttentionVariants &variants);

} // namespace attnlab::core
