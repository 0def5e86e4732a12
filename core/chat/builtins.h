#pragma once
// The filters, tests, methods and global functions chat templates use, with Jinja2's and
// Python's semantics (jinja2/filters.py, jinja2/tests.py, str and dict methods) and the two
// globals transformers adds (raise_exception, strftime_now). Anything else is refused by name.
// Failures throw TemplateFailure with line 0; the interpreter puts in the line of the call.

#include "core/chat/chatvalue.h"

#include <ctime>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace attnlab::core::chat {

struct CallArgs {
    std::vector<Value> positional;
    std::vector<std::pair<std::string, Value>> named;
};

// What builtins need from the render: the clock strftime_now reads, and the step and size limits.
struct BuiltinContext {
    std::tm now {};
    std::function<void(std::size_t)> countSteps;
};

bool isKnownFilter(const std::string &name);
bool isKnownTest(const std::string &name);

// A global function (range, namespace, raise_exception, strftime_now) as a callable value, or
// Undefined when `name` is none of them.
Value globalFunction(const std::string &name);

Value applyFilter(const std::string &name, const Value &input, const CallArgs &args, BuiltinContext &context);
bool applyTest(const std::string &name, const Value &input, const CallArgs &args);

// `object.name` as Jinja2's getattr reads it: a method of a string or dict bound to it (strip,
// items, …), else the dict's key, else Undefined (which remembers `object` for messages).
Value attributeOf(const Value &object, const std::string &name);
// `object[key]` as Jinja2's getitem reads it: list index (negative from the end), dict key, a
// string's character; Undefined when absent.
Value itemOf(const Value &object, const Value &key);

// Calls a Builtin value (a bound method or a global function).
Value callBuiltin(const Value &function, const CallArgs &args, BuiltinContext &context);

// Python's iteration: a list's items, a dict's keys, a string's characters (UTF-8 code points),
// nothing for Undefined. Throws for anything else.
List iterate(const Value &value);

// Python's `len`, for strings in code points.
std::size_t lengthOf(const Value &value);

} // namespace attnlab::core::chat
