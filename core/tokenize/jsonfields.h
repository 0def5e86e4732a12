#pragma once
// Reading the fields of tokenizer.json: serde's field names and defaults, and one error per
// malformed field naming it ("tokenizer.json: model.merges[3]: …"). Shared by the part readers.

#include "core/tokenize/pattern.h"
#include "core/tokenize/tokenizerdata.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <string>

namespace attnlab::core::model::json {

using Json = nlohmann::json;

// Throws a TokenizerError about tokenizer.json at `path` (a JSON path, "model.merges[3]").
[[noreturn]] void fail(const std::string &path, Message message);
// nlohmann's name of a value's type ("string", "number", "null", …) as a message argument.
Message typeName(const Json &v);

std::string jsonQuoted(const std::string &s);
std::string join(const std::string &path, const std::string &key);
std::string indexed(const std::string &path, size_t i);

const Json *find(const Json &object, const char *key);
const Json &require(const Json &object, const std::string &path, const char *key);
std::string stringAt(const Json &v, const std::string &path);
// A string field that is absent or null gives `fallback`.
std::string stringField(const Json &object, const std::string &path, const char *key, const std::string &fallback);
// A string, or null (→ nullopt); absent → fallback.
std::optional<std::string> optionalString(
    const Json &object, const std::string &path, const char *key, std::optional<std::string> fallback);
bool boolField(const Json &object, const std::string &path, const char *key, bool fallback);
int idAt(const Json &v, const std::string &path);
int64_t countField(const Json &object, const std::string &path, const char *key, int64_t fallback);
// A string of exactly one character (serde's `char`).
char32_t charField(const Json &object, const std::string &path, const char *key, char32_t fallback);
const Json &arrayField(const Json &object, const std::string &path, const char *key);
// A pattern object: {"String": literal} or {"Regex": expression} (compiled here).
Pattern readPattern(const Json &v, const std::string &path);
// SplitDelimiterBehavior's names: "Removed", "Isolated", "MergedWithPrevious", "MergedWithNext",
// "Contiguous".
SplitBehavior behaviorField(const Json &object, const std::string &path, const char *key, SplitBehavior fallback);
// Metaspace's prepend_scheme ("always" by default), with the older add_prefix_space: false
// read as "never" (and refused beside any other declared scheme, as the library does).
enum class PrependScheme { Always, First, Never };
PrependScheme prependSchemeField(const Json &object, const std::string &path);
// The "type" of a part object.
std::string typeOf(const Json &object, const std::string &path);

// One row of a part table: a "type" name and the function that reads such an object.
template<class Part> struct PartRow {
    const char *type;
    std::unique_ptr<Part> (*read)(const Json &object, const std::string &path);
};

[[noreturn]] void failUnknownType(const std::string &path, const std::string &type, const std::string &known);

// Reads `object` with the row of `table` its "type" names; any other type is refused by name,
// listing the known ones.
template<class Part, size_t N>
std::unique_ptr<Part> readPart(const PartRow<Part> (&table)[N], const Json &object, const std::string &path)
{
    const std::string type = typeOf(object, path);
    std::string known;
    for (const PartRow<Part> &row : table) {
        if (type == row.type)
            return row.read(object, path);
        known += known.empty() ? row.type : std::string(", ") + row.type;
    }
    failUnknownType(path, type, known);
}

} // namespace attnlab::core::model::json
