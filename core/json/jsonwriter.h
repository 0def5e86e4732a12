#pragma once
// Small helpers that write the JSON this project emits (scene files, --dump): matrices one row
// per line, numbers in the shortest form that reads back to the same float.

#include "core/types.h"

#include <string>
#include <vector>

namespace attnlab::core::json {

// A JSON string literal (UTF-8 kept as is; quotes, backslashes and control characters escaped).
std::string quote(const std::string &text);

// The shortest decimal text that reads back to exactly `value`; "null" for NaN or ±∞.
std::string number(Scalar value);
// `value` rounded to 7 significant digits (a float's precision), so that a computed 0.92
// prints as 0.92 and not as 0.91999996; "null" for NaN or ±∞.
std::string rounded(Scalar value);
// A double with at least a float's 7 significant digits of layout: the first of %.7g, %.8g, …,
// %.17g that reads back to exactly `value` (so a number read from rounded()'s text, or one
// rounded to 9 digits, prints as those digits); "null" for NaN or ±∞, "0" for ±0.
std::string decimal(double value);

// A matrix as an array of rows, each row on its own line, indented by `indent` spaces.
std::string matrix(const Eigen::Ref<const Matrix> &m, int indent);
std::string matrix(const Eigen::Ref<const MaskMatrix> &m, int indent);

std::string row(const Eigen::Ref<const RowVector> &r);
std::string stringArray(const std::vector<std::string> &items);

} // namespace attnlab::core::json
