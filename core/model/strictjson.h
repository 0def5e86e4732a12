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

// Pieces of error messages taken from a file. Messages must stay one short line whatever the
// file holds: control characters are escaped and long texts cut to about 100 bytes with "…".
// quoted("h.0") is "\"h.0\""; word() leaves names made of letters, digits and _ unquoted (dtypes);
// shown() is a JSON value as written.
std::string quoted(const std::string &text);
std::string word(const std::string &text);
std::string shown(const nlohmann::json &value);

} // namespace attnlab::core::model::detail
