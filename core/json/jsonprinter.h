#pragma once
// Prints a JSON value in the layout of every JSON file and output this project writes (scene
// files, --dump, --predict): an object or array that holds only scalars on one line
// (`[1, 2, 3]`, `{"id": 4, "token": "cat"}`), any other object or array one member per line,
// indented by two spaces — so a matrix prints one row per line. Strings are written as
// json::quote writes them, integers as they are, other numbers with json::decimal.

#include <nlohmann/json.hpp>

#include <string>

namespace attnlab::core::json {

// `value` in the house layout, ending with a newline. Members keep their order.
std::string print(const nlohmann::ordered_json &value);

} // namespace attnlab::core::json
