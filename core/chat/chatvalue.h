#pragma once
// The values a chat template computes with, as Python's Jinja2 sees them: None, booleans, whole
// and real numbers, strings, lists, dicts (which keep the order their keys were added in, as
// Python's do), a namespace() object, a macro, a bound builtin (a filter-like function or a
// method such as `text.strip`), and Undefined (a name or key that does not exist, which prints as
// nothing and is false). Lists and strings are shared, never changed in place: the sandboxed
// environment transformers uses has no list.append.

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/text/message.h"

#include <nlohmann/json.hpp>

namespace attnlab::core::chat {

struct Value;
using List = std::vector<Value>;
using Dict = std::vector<std::pair<std::string, Value>>;
struct MacroDef;

struct Value {
    enum class Kind { Undefined, None, Bool, Int, Float, String, List, Dict, Namespace, Macro, Builtin };
    Kind kind = Kind::Undefined;
    bool boolean = false;
    std::int64_t integer = 0;
    double real = 0.0;
    std::shared_ptr<const std::string> text; // String; the name of a Builtin or an Undefined
    std::shared_ptr<const List> list; // List
    std::shared_ptr<Dict> dict; // Dict and Namespace (a namespace's attributes change in place)
    std::shared_ptr<const MacroDef> macro; // Macro
    std::shared_ptr<const Value> self; // Builtin: the value a method is bound to
    // How deep lists and dicts nest inside this value (0 for a scalar): the interpreter refuses
    // values nested past its limit, so printing and tojson never recurse without bound.
    int nesting = 0;

    static Value undefined(std::string name = {});
    static Value none();
    static Value fromBool(bool b);
    static Value fromInt(std::int64_t i);
    static Value fromFloat(double f);
    static Value fromString(std::string s);
    static Value fromList(List items);
    static Value fromDict(Dict items);
    static Value newNamespace(Dict attributes);
    static Value builtin(std::string name, Value self);
    // JSON as Python's json.loads gives it, objects in their key order.
    static Value fromJson(const nlohmann::ordered_json &json);

    bool isUndefined() const { return kind == Kind::Undefined; }
    bool isNumber() const { return kind == Kind::Int || kind == Kind::Float || kind == Kind::Bool; }
    bool isString() const { return kind == Kind::String; }
    const std::string &str() const { return *text; }
    double asDouble() const { return kind == Kind::Float ? real : double(kind == Kind::Bool ? boolean : integer); }

    // Python's truth: empty strings, lists and dicts, 0, None and Undefined are false.
    bool truthy() const;
    // A key of a dict or namespace; Undefined when absent.
    const Value *find(const std::string &key) const;
};

// The name of a value's type in messages ("a string", "a list", …), a catalogue entry.
Message typeName(const Value &value);

// str(value) as Jinja2 prints it: None as "None", True/False, floats as Python's repr, lists and
// dicts in Python's repr ("['a', 1]", "{'k': 'v'}"), Undefined as "".
std::string toText(const Value &value);

// Python's repr of a real number: the shortest text that reads back to the same double, with
// ".0" on whole numbers and an exponent from 1e16 up and below 1e-4 ("1e+16", "1e-05").
std::string pythonFloat(double value);

// Python's `==` between two values (1 == 1.0 == True; lists and dicts element by element).
bool valuesEqual(const Value &a, const Value &b);

// json.dumps(value, ensure_ascii=False, indent=indent) as transformers' tojson filter calls it:
// separators ", " and ": " on one line, "," and ": " with an indent (then each item on its own
// line); sortKeys sorts dict keys. Returns false (and leaves `out`) when the value has no JSON
// form (Undefined, a macro, a builtin).
bool toJson(const Value &value, int indent, bool sortKeys, std::string &out);

} // namespace attnlab::core::chat
