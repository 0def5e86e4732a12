#include "core/chat/builtins.h"

#include "core/chat/chatlimits.h"
#include "core/chat/pystring.h"
#include "core/chat/syntax.h"
#include "core/text/messageid.h"

#include <algorithm>
#include <set>

namespace attnlab::core::chat {

namespace {

[[noreturn]] void fail(Message message)
{
    throw TemplateFailure {0, std::move(message)};
}

const std::set<std::string> &filterNames()
{
    static const std::set<std::string> names = {"abs", "capitalize", "count", "d", "default", "first", "float", "int",
        "items", "join", "last", "length", "list", "lower", "map", "reject", "rejectattr", "replace", "reverse", "safe",
        "select", "selectattr", "string", "title", "tojson", "trim", "unique", "upper"};
    return names;
}

const std::set<std::string> &testNames()
{
    static const std::set<std::string> names = {"boolean", "defined", "divisibleby", "eq", "equalto", "even", "false",
        "float", "ge", "gt", "in", "integer", "iterable", "le", "lt", "mapping", "ne", "none", "number", "odd",
        "sequence", "string", "true", "undefined"};
    return names;
}

const Value *argument(const CallArgs &args, std::size_t index, const char *name)
{
    for (const auto &[key, value] : args.named)
        if (key == name)
            return &value;
    return index < args.positional.size() ? &args.positional[index] : nullptr;
}

std::int64_t intArgument(
    const CallArgs &args, std::size_t index, const char *name, std::int64_t fallback, const std::string &function)
{
    const Value *v = argument(args, index, name);
    if (!v || v->kind == Value::Kind::None)
        return fallback;
    if (v->kind != Value::Kind::Int && v->kind != Value::Kind::Bool)
        fail(Message(MessageId::ChatBadArgument, function, typeName(*v)));
    return v->integer;
}

const std::string &stringArgument(
    const CallArgs &args, std::size_t index, const char *name, const std::string &function)
{
    const Value *v = argument(args, index, name);
    if (!v || !v->isString())
        fail(Message(MessageId::ChatBadArgument, function, v ? typeName(*v) : Message(MessageId::ChatTypeNothing)));
    return v->str();
}

Value toList(const Value &v)
{
    return Value::fromList(iterate(v));
}

// The items a select/reject family filter keeps: `attribute` reads each item's attribute first.
Value selectItems(const Value &input, const CallArgs &args, bool keep, bool byAttribute, const std::string &name)
{
    std::size_t next = 0;
    std::string attribute;
    if (byAttribute)
        attribute = stringArgument(args, next++, "attribute", name);
    const Value *test = argument(args, next++, "test");
    if (test && !test->isString())
        fail(Message(MessageId::ChatBadArgument, name, typeName(*test)));
    if (test && !isKnownTest(test->str()))
        fail(Message(MessageId::ChatUnsupportedTest, test->str()));
    CallArgs testArgs;
    testArgs.positional.assign(
        args.positional.begin() + std::ptrdiff_t(std::min(next, args.positional.size())), args.positional.end());
    List out;
    for (const Value &item : iterate(input)) {
        const Value subject = byAttribute ? attributeOf(item, attribute) : item;
        const bool passed = test ? applyTest(test->str(), subject, testArgs) : subject.truthy();
        if (passed == keep)
            out.push_back(item);
    }
    return Value::fromList(std::move(out));
}

} // namespace

bool isKnownFilter(const std::string &name)
{
    return filterNames().count(name) > 0;
}

bool isKnownTest(const std::string &name)
{
    return testNames().count(name) > 0;
}

List iterate(const Value &value)
{
    switch (value.kind) {
    case Value::Kind::Undefined:
        return {};
    case Value::Kind::List:
        return *value.list;
    case Value::Kind::Dict: {
        List keys;
        for (const auto &member : *value.dict)
            keys.push_back(Value::fromString(member.first));
        return keys;
    }
    case Value::Kind::String: {
        List chars;
        const std::string &s = value.str();
        for (std::size_t i = 0; i < s.size();) {
            std::size_t n = 1;
            const auto c = static_cast<unsigned char>(s[i]);
            if (c >= 0xF0)
                n = 4;
            else if (c >= 0xE0)
                n = 3;
            else if (c >= 0xC0)
                n = 2;
            chars.push_back(Value::fromString(s.substr(i, n)));
            i += n;
        }
        return chars;
    }
    default:
        fail(Message(MessageId::ChatNotIterable, typeName(value)));
    }
}

std::size_t lengthOf(const Value &value)
{
    switch (value.kind) {
    case Value::Kind::String: {
        std::size_t n = 0;
        for (char c : value.str())
            n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
        return n;
    }
    case Value::Kind::List:
        return value.list->size();
    case Value::Kind::Dict:
        return value.dict->size();
    case Value::Kind::Undefined:
        return 0;
    default:
        fail(Message(MessageId::ChatNoLength, typeName(value)));
    }
}

Value globalFunction(const std::string &name)
{
    if (name == "range" || name == "namespace" || name == "raise_exception" || name == "strftime_now")
        return Value::builtin(name, Value::undefined());
    return Value::undefined(name);
}

Value attributeOf(const Value &object, const std::string &name)
{
    static const std::set<std::string> kStringMethods = {"strip", "lstrip", "rstrip", "startswith", "endswith", "split",
        "upper", "lower", "title", "capitalize", "replace"};
    static const std::set<std::string> kDictMethods = {"items", "keys", "values", "get"};
    if (object.isString() && kStringMethods.count(name))
        return Value::builtin(name, object);
    if (object.kind == Value::Kind::Dict && kDictMethods.count(name))
        return Value::builtin(name, object);
    if (const Value *member = object.find(name))
        return *member;
    Value missing = Value::undefined(name);
    missing.self = std::make_shared<const Value>(object);
    return missing;
}

Value itemOf(const Value &object, const Value &key)
{
    if (object.kind == Value::Kind::List || object.isString()) {
        if (key.kind != Value::Kind::Int && key.kind != Value::Kind::Bool)
            return key.isString() ? attributeOf(object, key.str()) : Value::undefined();
        const List chars = object.isString() ? iterate(object) : List();
        const List &items = object.isString() ? chars : *object.list;
        std::int64_t i = key.integer;
        if (i < 0)
            i += std::int64_t(items.size());
        if (i < 0 || i >= std::int64_t(items.size()))
            return Value::undefined(toText(key));
        return items[std::size_t(i)];
    }
    if (key.isString()) {
        if (const Value *member = object.find(key.str()))
            return *member;
        return attributeOf(object, key.str());
    }
    return Value::undefined(toText(key));
}

bool applyTest(const std::string &name, const Value &input, const CallArgs &args)
{
    const auto other = [&]() -> const Value & {
        if (args.positional.empty())
            fail(Message(MessageId::ChatBadArgument, name, Message(MessageId::ChatTypeNothing)));
        return args.positional[0];
    };
    const Value::Kind k = input.kind;
    if (name == "defined")
        return k != Value::Kind::Undefined;
    if (name == "undefined")
        return k == Value::Kind::Undefined;
    if (name == "none")
        return k == Value::Kind::None;
    if (name == "string")
        return k == Value::Kind::String;
    if (name == "mapping")
        return k == Value::Kind::Dict;
    if (name == "boolean")
        return k == Value::Kind::Bool;
    if (name == "true")
        return k == Value::Kind::Bool && input.boolean;
    if (name == "false")
        return k == Value::Kind::Bool && !input.boolean;
    if (name == "integer")
        return k == Value::Kind::Int;
    if (name == "float")
        return k == Value::Kind::Float;
    if (name == "number")
        return input.isNumber();
    if (name == "iterable")
        return k == Value::Kind::List || k == Value::Kind::Dict || k == Value::Kind::String
            || k == Value::Kind::Undefined;
    if (name == "sequence")
        return k == Value::Kind::List || k == Value::Kind::Dict || k == Value::Kind::String;
    if (name == "eq" || name == "equalto")
        return valuesEqual(input, other());
    if (name == "ne")
        return !valuesEqual(input, other());
    if (name == "odd" || name == "even" || name == "divisibleby") {
        if (k != Value::Kind::Int && k != Value::Kind::Bool)
            fail(Message(MessageId::ChatBadArgument, name, typeName(input)));
        if (name == "divisibleby") {
            const Value &d = other();
            if (d.kind != Value::Kind::Int || d.integer == 0)
                fail(Message(MessageId::ChatBadArgument, name, typeName(d)));
            return input.integer % d.integer == 0;
        }
        return (input.integer % 2 != 0) == (name == "odd");
    }
    if (name == "in") {
        const Value &container = other();
        if (container.isString())
            return input.isString() && container.str().find(input.str()) != std::string::npos;
        for (const Value &item : iterate(container))
            if (valuesEqual(item, input))
                return true;
        return false;
    }
    // lt, le, gt, ge
    const Value &b = other();
    int order = 0;
    if (input.isNumber() && b.isNumber())
        order = input.asDouble() < b.asDouble() ? -1 : input.asDouble() > b.asDouble() ? 1 : 0;
    else if (input.isString() && b.isString())
        order = input.str() < b.str() ? -1 : input.str() > b.str() ? 1 : 0;
    else
        fail(Message(MessageId::ChatBadOperands, name, typeName(input), typeName(b)));
    return name == "lt" ? order < 0 : name == "le" ? order <= 0 : name == "gt" ? order > 0 : order >= 0;
}

Value applyFilter(const std::string &name, const Value &input, const CallArgs &args, BuiltinContext &context)
{
    context.countSteps(1);
    if (name == "default" || name == "d") {
        const Value *fallback = argument(args, 0, "default_value");
        const Value *boolean = argument(args, 1, "boolean");
        const bool replace = input.isUndefined() || (boolean && boolean->truthy() && !input.truthy());
        return replace ? (fallback ? *fallback : Value::fromString("")) : input;
    }
    if (input.isUndefined() && name != "length" && name != "count" && name != "list" && name != "string")
        fail(Message(MessageId::ChatUndefined, input.text ? *input.text : std::string()));
    if (name == "length" || name == "count")
        return Value::fromInt(std::int64_t(lengthOf(input)));
    if (name == "string")
        return Value::fromString(toText(input));
    if (name == "safe")
        return input;
    if (name == "list")
        return toList(input);
    if (name == "tojson") {
        const Value *indent = argument(args, 0, "indent");
        const Value *sortKeys = argument(args, 1, "sort_keys");
        if (indent && indent->kind != Value::Kind::None && indent->kind != Value::Kind::Int)
            fail(Message(MessageId::ChatBadArgument, "tojson", typeName(*indent)));
        const int spaces
            = indent && indent->kind == Value::Kind::Int ? int(std::clamp<std::int64_t>(indent->integer, 0, 64)) : -1;
        std::string out;
        if (!toJson(input, spaces, sortKeys && sortKeys->truthy(), out))
            fail(Message(MessageId::ChatNoJson, typeName(input)));
        if (out.size() > kMaxOutputBytes)
            fail(Message(MessageId::ChatOutputTooLarge, kMaxOutputBytes));
        context.countSteps(out.size() / 64);
        return Value::fromString(std::move(out));
    }
    if (name == "items") {
        if (input.kind != Value::Kind::Dict)
            fail(Message(MessageId::ChatBadArgument, "items", typeName(input)));
        List pairs;
        for (const auto &[key, value] : *input.dict)
            pairs.push_back(Value::fromList({Value::fromString(key), value}));
        return Value::fromList(std::move(pairs));
    }
    if (name == "first" || name == "last") {
        const List items = iterate(input);
        if (items.empty())
            return Value::undefined(name);
        return name == "first" ? items.front() : items.back();
    }
    if (name == "reverse") {
        if (input.isString()) {
            List chars = iterate(input);
            std::string out;
            for (auto it = chars.rbegin(); it != chars.rend(); ++it)
                out += it->str();
            return Value::fromString(out);
        }
        List items = iterate(input);
        std::reverse(items.begin(), items.end());
        return Value::fromList(std::move(items));
    }
    if (name == "join") {
        const std::string separator = argument(args, 0, "d") ? toText(*argument(args, 0, "d")) : "";
        const Value *attribute = argument(args, 1, "attribute");
        std::string out;
        bool first = true;
        for (const Value &item : iterate(input)) {
            out += (first ? "" : separator) + toText(attribute ? attributeOf(item, toText(*attribute)) : item);
            first = false;
            if (out.size() > kMaxOutputBytes)
                fail(Message(MessageId::ChatOutputTooLarge, kMaxOutputBytes));
        }
        return Value::fromString(std::move(out));
    }
    if (name == "unique") {
        List out;
        for (const Value &item : iterate(input))
            if (std::none_of(out.begin(), out.end(), [&](const Value &seen) { return valuesEqual(seen, item); }))
                out.push_back(item);
        return Value::fromList(std::move(out));
    }
    if (name == "select" || name == "reject")
        return selectItems(input, args, name == "select", false, name);
    if (name == "selectattr" || name == "rejectattr")
        return selectItems(input, args, name == "selectattr", true, name);
    if (name == "map") {
        const Value *attribute = argument(args, 99, "attribute");
        List out;
        if (attribute) {
            for (const Value &item : iterate(input))
                out.push_back(attributeOf(item, toText(*attribute)));
            return Value::fromList(std::move(out));
        }
        const std::string &filter = stringArgument(args, 0, "filter", "map");
        if (!isKnownFilter(filter))
            fail(Message(MessageId::ChatUnsupportedFilter, filter));
        CallArgs rest;
        rest.positional.assign(args.positional.begin() + 1, args.positional.end());
        for (const Value &item : iterate(input))
            out.push_back(applyFilter(filter, item, rest, context));
        return Value::fromList(std::move(out));
    }
    if (name == "abs") {
        if (input.kind == Value::Kind::Float)
            return Value::fromFloat(input.real < 0 ? -input.real : input.real);
        if (input.isNumber() && input.integer != INT64_MIN)
            return Value::fromInt(input.integer < 0 ? -input.integer : input.integer);
        fail(Message(MessageId::ChatBadArgument, "abs", typeName(input)));
    }
    if (name == "int" || name == "float") {
        double v = 0;
        if (input.isNumber())
            v = input.asDouble();
        else if (input.isString()) {
            try {
                v = std::stod(input.str());
            } catch (const std::exception &) {
                v = 0;
            }
        }
        if (name == "float")
            return Value::fromFloat(v);
        if (!(v > -9.2e18 && v < 9.2e18))
            v = 0;
        return Value::fromInt(input.kind == Value::Kind::Int ? input.integer : std::int64_t(v));
    }
    // String filters: Jinja2 applies them to str(value).
    const std::string text = toText(input);
    if (name == "trim")
        return Value::fromString(strip(text, true, true, argument(args, 0, "chars")));
    if (name == "upper" || name == "lower")
        return Value::fromString(mapCase(text, name == "upper" ? Case::Upper : Case::Lower));
    if (name == "capitalize")
        return Value::fromString(mapCase(text, Case::Capitalize));
    if (name == "title")
        return Value::fromString(mapCase(text, Case::Title));
    if (name == "replace") {
        return Value::fromString(replaceAll(text, stringArgument(args, 0, "old", name),
            stringArgument(args, 1, "new", name), intArgument(args, 2, "count", -1, name)));
    }
    fail(Message(MessageId::ChatUnsupportedFilter, name));
}

Value callBuiltin(const Value &function, const CallArgs &args, BuiltinContext &context)
{
    const std::string &name = function.str();
    const Value &self = *function.self;
    context.countSteps(1);
    if (self.isString()) {
        const std::string &s = self.str();
        if (name == "strip" || name == "lstrip" || name == "rstrip")
            return Value::fromString(strip(s, name != "rstrip", name != "lstrip", argument(args, 0, "chars")));
        if (name == "startswith" || name == "endswith") {
            const std::string &affix = stringArgument(args, 0, "prefix", name);
            const bool match = affix.size() <= s.size()
                && (name == "startswith" ? s.compare(0, affix.size(), affix) == 0
                                         : s.compare(s.size() - affix.size(), affix.size(), affix) == 0);
            return Value::fromBool(match);
        }
        if (name == "split")
            return Value::fromList(split(s, argument(args, 0, "sep"), intArgument(args, 1, "maxsplit", -1, name)));
        if (name == "upper" || name == "lower")
            return Value::fromString(mapCase(s, name == "upper" ? Case::Upper : Case::Lower));
        if (name == "title")
            return Value::fromString(mapCase(s, Case::Title));
        if (name == "capitalize")
            return Value::fromString(mapCase(s, Case::Capitalize));
        if (name == "replace")
            return Value::fromString(replaceAll(s, stringArgument(args, 0, "old", name),
                stringArgument(args, 1, "new", name), intArgument(args, 2, "count", -1, name)));
    }
    if (self.kind == Value::Kind::Dict) {
        if (name == "items")
            return applyFilter("items", self, {}, context);
        if (name == "keys")
            return Value::fromList(iterate(self));
        if (name == "values") {
            List values;
            for (const auto &member : *self.dict)
                values.push_back(member.second);
            return Value::fromList(std::move(values));
        }
        if (name == "get") {
            const Value *found = self.find(stringArgument(args, 0, "key", name));
            const Value *fallback = argument(args, 1, "default");
            return found ? *found : fallback ? *fallback : Value::none();
        }
    }
    if (name == "raise_exception") {
        const Value *message = argument(args, 0, "message");
        fail(Message(MessageId::ChatRaised, message ? toText(*message) : std::string()));
    }
    if (name == "strftime_now")
        return Value::fromString(strftime(stringArgument(args, 0, "format", name), context.now));
    if (name == "namespace") {
        Dict attributes;
        for (const auto &[key, value] : args.named)
            attributes.emplace_back(key, value);
        return Value::newNamespace(std::move(attributes));
    }
    if (name == "range") {
        std::int64_t start = 0, stop = 0, step = 1;
        if (args.positional.size() == 1)
            stop = intArgument(args, 0, "stop", 0, name);
        else {
            start = intArgument(args, 0, "start", 0, name);
            stop = intArgument(args, 1, "stop", 0, name);
            step = intArgument(args, 2, "step", 1, name);
        }
        if (step == 0)
            fail(Message(MessageId::ChatBadArgument, name, "0"));
        // The count first (in unsigned arithmetic, which cannot overflow here), so range(10**15)
        // is refused before any memory is taken.
        const std::uint64_t span = step > 0 ? (stop > start ? std::uint64_t(stop) - std::uint64_t(start) : 0)
                                            : (start > stop ? std::uint64_t(start) - std::uint64_t(stop) : 0);
        const std::uint64_t magnitude = step > 0 ? std::uint64_t(step) : 0 - std::uint64_t(step);
        const std::uint64_t count = span == 0 ? 0 : (span - 1) / magnitude + 1;
        if (count > kMaxListItems)
            fail(Message(MessageId::ChatListTooLong, kMaxListItems));
        List items;
        items.reserve(std::size_t(count));
        for (std::uint64_t k = 0; k < count; ++k)
            items.push_back(Value::fromInt(std::int64_t(std::uint64_t(start) + k * std::uint64_t(step))));
        context.countSteps(items.size());
        return Value::fromList(std::move(items));
    }
    fail(Message(MessageId::ChatUnsupportedMethod, name, typeName(self)));
}

} // namespace attnlab::core::chat
