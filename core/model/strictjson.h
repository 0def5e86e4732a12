#pragma once
// Internal to core/model (not for callers outside it): the single place where the checkpoint
// readers parse JSON, so that a shared depth-limited parser can replace it in one spot.

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>

namespace attnlab::core::model::detail {

inline constexpr int kMaxJsonDepth = 64;

// Parses UTF-8 JSON text. Duplicate keys (which nlohmann would silently collapse) and nesting
// deeper than kMaxJsonDepth are errors, like syntax errors. Throws ModelError
// "FILE: invalid JSON: …".
nlohmann::json parseStrictJson(const char *text, std::size_t size, const std::string &file);

} // namespace attnlab::core::model::detail
