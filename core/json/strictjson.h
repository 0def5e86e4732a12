#pragma once
// Internal to core/model (not for callers outside it): the checkpoint readers' JSON goes through
// core/jsonguard, the parser scene files use, with the same limits and messages.

#include "core/json/jsonguard.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>

namespace attnlab::core::model::detail {

// Parses UTF-8 JSON text with parseJson (core/json/jsonguard.h): syntax errors, nesting deeper than
// limits.maxDepth, a key twice in one object (which nlohmann alone would silently collapse),
// whole numbers beyond 64 bits and more than limits.maxValues values are refused while parsing.
// Throws ModelError with JsonResult::describe(): "config.json:1:23: invalid JSON: …" or
// "config.json: n_layer: the key \"n_layer\" appears more than once".
nlohmann::json parseStrictJson(
    const char *text, std::size_t size, const std::string &file, const JsonLimits &limits = {});

// Pieces of error messages taken from a file. Messages must stay one short line whatever the
// file holds: control characters are escaped and long texts cut to about 100 bytes with "…".
// quoted("h.0") is "\"h.0\""; word() leaves names made of letters, digits and _ unquoted (dtypes);
// shown() is a JSON value as written.
std::string quoted(const std::string &text);
std::string word(const std::string &text);
std::string shown(const nlohmann::json &value);

} // namespace attnlab::core::model::detail
