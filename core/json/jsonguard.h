#pragma once
// Guarded JSON parsing for every file that comes from outside: scenes today, and the model
// readers' config.json, tokenizer.json and safetensors headers. Input that would cost too much is
// refused while it is read, before any tree is built:
// - a text longer than JsonLimits::maxBytes is refused without being parsed, and one holding more
//   than JsonLimits::maxValues values is refused when the parser reaches that count;
// - nesting deeper than JsonLimits::maxDepth stops the parse at the first bracket too deep
//   (nlohmann's SAX parser is iterative, so 100 MB of "[" costs neither stack nor memory);
// - a key that appears twice in one object is refused, with its path;
// - a whole number that fits neither int64 nor uint64 is refused as too large (nlohmann would
//   silently turn it into an inexact double);
// - syntax errors, invalid UTF-8 and numbers beyond a double carry line:column.
// Objects are kept in std::map (lookup O(log n), so 80,000 keys parse in milliseconds, where
// ordered_json's linear search took 21 s); the order the file gives keys in is kept beside the
// tree and read back with JsonDocument::members().

#include "core/text/problem.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace attnlab::core {

// The defaults suit model files (tokenizer.json of large vocabularies is ~10 MB and ~1.5 million
// values); each reader may tighten them. docs/reliability.md has the measurements behind them.
struct JsonLimits {
    std::size_t maxBytes = std::size_t(64) << 20;
    // Every number, string, true/false/null, array and object counts one. This bounds time and
    // memory where bytes cannot: "{}," is 3 bytes but ~80 bytes as a tree node.
    std::size_t maxValues = std::size_t(4) << 20;
    // Scenes nest 3 levels, tokenizer.json about 6: 64 leaves room without letting a file
    // nest millions deep.
    int maxDepth = 64;
    // A whole number past 64 bits is refused (nlohmann would read it as an inexact double)
    // unless this is set; then it is kept as that double, as Python's json keeps it exactly and
    // transformers only compares it. tokenizer_config.json needs it: transformers writes
    // model_max_length 1000000000000000019884624838656 (int(1e30), VERY_LARGE_INTEGER) for
    // "no limit", and no field the app reads from that file is a number.
    bool wideIntegersAsFloat = false;
};

// A parsed JSON text. Not copyable: the key order is tied to the tree's own objects.
class JsonDocument {
public:
    using Json = nlohmann::json;
    using Member = Json::object_t::const_iterator; // ->first is the key, ->second the value

    JsonDocument() = default;
    JsonDocument(JsonDocument &&) = default;
    JsonDocument &operator=(JsonDocument &&) = default;
    JsonDocument(const JsonDocument &) = delete;
    JsonDocument &operator=(const JsonDocument &) = delete;

    const Json &root() const { return m_root; }
    // Moves the tree out, for readers that do not need the file's key order (members() of the
    // emptied document returns sorted keys from then on).
    Json takeRoot()
    {
        m_order.clear();
        return std::move(m_root);
    }

    // The members of `object` (a node of this document) in the order the text gives them.
    std::vector<Member> members(const Json &object) const;

private:
    friend class JsonGuardBuilder;
    Json m_root;
    // File order of each object whose keys were not already sorted; keyed by the object's map,
    // which stays put when the tree's values move.
    std::unordered_map<const Json::object_t *, std::vector<Member>> m_order;
};

struct JsonResult {
    std::optional<JsonDocument> document; // set exactly when problem is not
    std::optional<Problem> problem;
    std::string source;

    bool ok() const { return document.has_value(); }
    // "source:line:column: message", "source: path: message" or "source: message".
    std::string describe() const;
};

// A large container read member by member as the parser meets them, instead of being kept in the
// tree (a tokenizer.json's model.vocab and model.merges: 300,000 values that would otherwise be
// built into nodes, then copied out and freed). The object or array at `path` (object keys from
// the root, e.g. {"model", "vocab"}) stays in the tree, empty; each of its direct members, once
// read whole, goes to `take` with its key (objects) or index (arrays) and may be moved from. A
// problem `take` returns stops the parse and is the result's problem as it is. A container of
// another type at `path` is kept in the tree as usual. Every value still counts against the limits.
struct JsonStream {
    std::vector<std::string> path;
    nlohmann::json::value_t type = nlohmann::json::value_t::object;
    // Objects: whether a key was already taken, so that a key given twice is refused as in the
    // tree (the consumer knows its keys; the parser keeps none of a streamed object's).
    std::function<bool(const std::string &key)> has;
    std::function<std::optional<Problem>(const std::string &key, std::size_t index, nlohmann::json &value)> take;
};

// Parses `text`; `source` names it in describe() (a file name, "config.json", …). Never throws
// for bad input. Messages of syntax errors start with "invalid JSON: ".
// The text is only read during the call (a view into a mapped file will do). Keys and numbers
// quoted in messages are escaped and cut to about 100 bytes, so a message stays one short line
// whatever the file holds.
JsonResult parseJson(std::string_view text, const std::string &source, const JsonLimits &limits = {},
    const std::vector<JsonStream> &streams = {});

// Line and column (1-based, column in UTF-8 characters) of a byte offset in `text`.
std::pair<int, int> lineColumn(std::string_view text, std::size_t byte);

// What kind of JSON value `value` is, as the argument of a message such as "expected a string,
// found true/false": null, true/false, a string, an array, an object or a number.
Message jsonTypeName(const nlohmann::json &value);

} // namespace attnlab::core
