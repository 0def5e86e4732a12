#include "core/chat/chatvalue.h"

#include "core/text/messageid.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace attnlab::core::chat {

Value Value::undefined(std::string name)
{
    Value v;
    v.text = std::make_shared<const std::string>(std::move(name));
    return v;
}

Value Value::none()
{
    Value v;
    v.kind = Kind::None;
    return v;
}

Value Value::fromBool(bool b)
{
    Value v;
    v.kind = Kind::Bool;
    v.boolean = b;
    v.integer = b ? 1 : 0;
    return v;
}

Value Value::fromInt(std::int64_t i)
{
    Value v;
    v.kind = Kind::Int;
    v.integer = i;
    return v;
}

Value Value::fromFloat(double f)
{
    Value v;
    v.kind = Kind::Float;
    v.real = f;
    return v;
}

Value Value::fromString(std::string s)
{
    Value v;
    v.kind = Kind::String;
    v.text = std::make_shared<const std::string>(std::move(s));
    return v;
}

Value Value::fromList(List items)
{
    Value v;
    v.kind = Kind::List;
    for (const Value &item : items)
        v.nesting = std::max(v.nesting, item.nesting + 1);
    v.list = std::make_shared<const List>(std::move(items));
    return v;
}

Value Value::fromDict(Dict items)
{
    Value v;
    v.kind = Kind::Dict;
    for (const auto &member : items)
        v.nesting = std::max(v.nesting, member.second.nesting + 1);
    v.dict = std::make_shared<Dict>(std::move(items));
    return v;
}

Value Value::newNamespace(Dict attributes)
{
    Value v = fromDict(std::move(attributes));
    v.kind = Kind::Namespace;
    return v;
}

Value Value::builtin(std::string name, Value self)
{
    Value v;
    v.kind = Kind::Builtin;
    v.text = std::make_shared<const std::string>(std::move(name));
    v.self = std::make_shared<const Value>(std::move(self));
    return v;
}

Value Value::fromJson(const nlohmann::ordered_json &json)
{
    switch (json.type()) {
    case nlohmann::ordered_json::value_t::null:
        return none();
    case nlohmann::ordered_json::value_t::boolean:
        return fromBool(json.get<bool>());
    case nlohmann::ordered_json::value_t::number_integer:
        return fromInt(json.get<std::int64_t>());
    case nlohmann::ordered_json::value_t::number_unsigned: {
        const auto u = json.get<std::uint64_t>();
        return u > std::uint64_t(INT64_MAX) ? fromFloat(double(u)) : fromInt(std::int64_t(u));
    }
    case nlohmann::ordered_json::value_t::number_float:
        return fromFloat(json.get<double>());
    case nlohmann::ordered_json::value_t::string:
        return fromString(json.get<std::string>());
    case nlohmann::ordered_json::value_t::array: {
        List items;
        items.reserve(json.size());
        for (const auto &item : json)
            items.push_back(fromJson(item));
        return fromList(std::move(items));
    }
    case nlohmann::ordered_json::value_t::object: {
        Dict items;
        for (auto it = json.begin(); it != json.end(); ++it)
            items.emplace_back(it.key(), fromJson(it.value()));
        return fromDict(std::move(items));
    }
    default:
        return none();
    }
}

bool Value::truthy() const
{
    switch (kind) {
    case Kind::Undefined:
    case Kind::None:
        return false;
    case Kind::Bool:
        return boolean;
    case Kind::Int:
        return integer != 0;
    case Kind::Float:
        return real != 0.0;
    case Kind::String:
        return !text->empty();
    case Kind::List:
        return !list->empty();
    case Kind::Dict:
        return !dict->empty();
    default:
        return true;
    }
}

const Value *Value::find(const std::string &key) const
{
    if (kind != Kind::Dict && kind != Kind::Namespace)
        return nullptr;
    for (const auto &[k, v] : *dict)
        if (k == key)
            return &v;
    return nullptr;
}

Message typeName(const Value &value)
{
    switch (value.kind) {
    case Value::Kind::Undefined:
        return Message(MessageId::ChatTypeUndefined);
    case Value::Kind::None:
        return Message(MessageId::ChatTypeNone);
    case Value::Kind::Bool:
        return Message(MessageId::ChatTypeBoolean);
    case Value::Kind::Int:
        return Message(MessageId::ChatTypeInteger);
    case Value::Kind::Float:
        return Message(MessageId::ChatTypeFloat);
    case Value::Kind::String:
        return Message(MessageId::ChatTypeString);
    case Value::Kind::List:
        return Message(MessageId::ChatTypeList);
    case Value::Kind::Dict:
        return Message(MessageId::ChatTypeMapping);
    case Value::Kind::Namespace:
        return Message(MessageId::ChatTypeNamespace);
    case Value::Kind::Macro:
        return Message(MessageId::ChatTypeMacro);
    case Value::Kind::Builtin:
        break;
    }
    return Message(MessageId::ChatTypeFunction);
}

std::string pythonFloat(double value)
{
    if (std::isnan(value))
        return "nan";
    if (std::isinf(value))
        return value > 0 ? "inf" : "-inf";
    if (value == 0.0)
        return std::signbit(value) ? "-0.0" : "0.0";
    // The shortest round-trip digits, then laid out as float_repr_style 'r' does.
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific);
    std::string sci(buffer, result.ptr);
    const std::size_t e = sci.find('e');
    const int exponent = std::atoi(sci.c_str() + e + 1);
    std::string mantissa = sci.substr(0, e);
    const bool negative = mantissa[0] == '-';
    if (negative)
        mantissa.erase(0, 1);
    std::string digits;
    for (char c : mantissa)
        if (c != '.')
            digits += c;
    std::string out = negative ? "-" : "";
    if (exponent >= 16 || exponent < -4) {
        out += digits.substr(0, 1);
        if (digits.size() > 1)
            out += "." + digits.substr(1);
        char exp[16];
        std::snprintf(exp, sizeof exp, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
        return out + exp;
    }
    if (exponent < 0)
        return out + "0." + std::string(std::size_t(-exponent - 1), '0') + digits;
    const std::size_t point = std::size_t(exponent) + 1;
    if (digits.size() <= point)
        return out + digits + std::string(point - digits.size(), '0') + ".0";
    return out + digits.substr(0, point) + "." + digits.substr(point);
}

namespace {

// Python's repr of a string: single quotes unless the text holds ' and no ".
std::string pythonRepr(const std::string &s)
{
    const bool useDouble = s.find('\'') != std::string::npos && s.find('"') == std::string::npos;
    const char quote = useDouble ? '"' : '\'';
    std::string out(1, quote);
    for (unsigned char c : s) {
        if (c == '\\')
            out += "\\\\";
        else if (c == quote)
            out += std::string("\\") + char(quote);
        else if (c == '\n')
            out += "\\n";
        else if (c == '\r')
            out += "\\r";
        else if (c == '\t')
            out += "\\t";
        else if (c < 0x20 || c == 0x7f) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02x", c);
            out += hex;
        } else
            out += char(c);
    }
    return out + quote;
}

std::string reprOf(const Value &value)
{
    return value.isString() ? pythonRepr(value.str()) : toText(value);
}

} // namespace

std::string toText(const Value &value)
{
    switch (value.kind) {
    case Value::Kind::Undefined:
        return "";
    case Value::Kind::None:
        return "None";
    case Value::Kind::Bool:
        return value.boolean ? "True" : "False";
    case Value::Kind::Int:
        return std::to_string(value.integer);
    case Value::Kind::Float:
        return pythonFloat(value.real);
    case Value::Kind::String:
        return value.str();
    case Value::Kind::List: {
        std::string out = "[";
        for (std::size_t i = 0; i < value.list->size(); ++i)
            out += (i ? ", " : "") + reprOf((*value.list)[i]);
        return out + "]";
    }
    case Value::Kind::Dict: {
        std::string out = "{";
        for (std::size_t i = 0; i < value.dict->size(); ++i)
            out += (i ? ", " : "") + pythonRepr((*value.dict)[i].first) + ": " + reprOf((*value.dict)[i].second);
        return out + "}";
    }
    case Value::Kind::Namespace:
        return "<Namespace>";
    case Value::Kind::Macro:
        return "<Macro>";
    case Value::Kind::Builtin:
        return "<built-in function " + value.str() + ">";
    }
    return "";
}

bool valuesEqual(const Value &a, const Value &b)
{
    if (a.isNumber() && b.isNumber()) {
        if (a.kind != Value::Kind::Float && b.kind != Value::Kind::Float)
            return a.integer == b.integer;
        return a.asDouble() == b.asDouble();
    }
    if (a.kind != b.kind)
        return false;
    switch (a.kind) {
    case Value::Kind::Undefined:
    case Value::Kind::None:
        return true;
    case Value::Kind::String:
        return a.str() == b.str();
    case Value::Kind::List:
        return a.list->size() == b.list->size()
            && std::equal(a.list->begin(), a.list->end(), b.list->begin(), valuesEqual);
    case Value::Kind::Dict: {
        if (a.dict->size() != b.dict->size())
            return false;
        for (const auto &[key, v] : *a.dict) {
            const Value *other = b.find(key);
            if (!other || !valuesEqual(v, *other))
                return false;
        }
        return true;
    }
    default:
        return a.dict == b.dict && a.macro == b.macro && a.text == b.text;
    }
}

namespace {

void jsonString(const std::string &s, std::string &out)
{
    out += '"';
    for (unsigned char c : s) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        default:
            if (c < 0x20) {
                char hex[8];
                std::snprintf(hex, sizeof hex, "\\u%04x", c);
                out += hex;
            } else
                out += char(c);
        }
    }
    out += '"';
}

bool jsonValue(const Value &value, int indent, bool sortKeys, int depth, std::string &out)
{
    const std::string newline = indent >= 0 ? "\n" + std::string(std::size_t(indent * (depth + 1)), ' ') : "";
    const std::string closing = indent >= 0 ? "\n" + std::string(std::size_t(indent * depth), ' ') : "";
    const std::string separator = indent >= 0 ? "," : ", ";
    switch (value.kind) {
    case Value::Kind::None:
        out += "null";
        return true;
    case Value::Kind::Bool:
        out += value.boolean ? "true" : "false";
        return true;
    case Value::Kind::Int:
        out += std::to_string(value.integer);
        return true;
    case Value::Kind::Float:
        if (std::isnan(value.real))
            out += "NaN";
        else if (std::isinf(value.real))
            out += value.real > 0 ? "Infinity" : "-Infinity";
        else
            out += pythonFloat(value.real);
        return true;
    case Value::Kind::String:
        jsonString(value.str(), out);
        return true;
    case Value::Kind::List: {
        if (value.list->empty()) {
            out += "[]";
            return true;
        }
        out += "[";
        for (std::size_t i = 0; i < value.list->size(); ++i) {
            out += (i ? separator : "") + newline;
            if (!jsonValue((*value.list)[i], indent, sortKeys, depth + 1, out))
                return false;
        }
        out += closing + "]";
        return true;
    }
    case Value::Kind::Dict: {
        if (value.dict->empty()) {
            out += "{}";
            return true;
        }
        std::vector<const std::pair<std::string, Value> *> members;
        for (const auto &member : *value.dict)
            members.push_back(&member);
        if (sortKeys)
            std::stable_sort(members.begin(), members.end(), [](auto *x, auto *y) { return x->first < y->first; });
        out += "{";
        for (std::size_t i = 0; i < members.size(); ++i) {
            out += (i ? separator : "") + newline;
            jsonString(members[i]->first, out);
            out += ": ";
            if (!jsonValue(members[i]->second, indent, sortKeys, depth + 1, out))
                return false;
        }
        out += closing + "}";
        return true;
    }
    default:
        return false;
    }
}

} // namespace

bool toJson(const Value &value, int indent, bool sortKeys, std::string &out)
{
    std::string text;
    if (!jsonValue(value, indent, sortKeys, 0, text))
        return false;
    out = std::move(text);
    return true;
}

} // namespace attnlab::core::chat
