#include "core/json/jsonprinter.h"

#include "core/json/jsonwriter.h"

namespace attnlab::core::json {

namespace {

using Json = nlohmann::ordered_json;

bool isScalar(const Json &v)
{
    return !v.is_object() && !v.is_array();
}

bool holdsOnlyScalars(const Json &v)
{
    for (const Json &member : v)
        if (!isScalar(member))
            return false;
    return true;
}

void printValue(const Json &v, int indent, std::string &out)
{
    switch (v.type()) {
    case Json::value_t::object:
    case Json::value_t::array: {
        const bool object = v.is_object();
        if (v.empty()) {
            out += object ? "{}" : "[]";
            return;
        }
        const bool inline_ = holdsOnlyScalars(v);
        const std::string pad(size_t(indent) + 2, ' ');
        out += object ? '{' : '[';
        bool first = true;
        for (auto it = v.begin(); it != v.end(); ++it) {
            out += first ? (inline_ ? "" : "\n") : (inline_ ? ", " : ",\n");
            first = false;
            if (!inline_)
                out += pad;
            if (object) {
                out += quote(it.key());
                out += ": ";
            }
            printValue(*it, indent + 2, out);
        }
        if (!inline_) {
            out += '\n';
            out += std::string(size_t(indent), ' ');
        }
        out += object ? '}' : ']';
        return;
    }
    case Json::value_t::string:
        out += quote(v.get_ref<const std::string &>());
        return;
    case Json::value_t::boolean:
        out += v.get<bool>() ? "true" : "false";
        return;
    case Json::value_t::number_integer:
        out += std::to_string(v.get<std::int64_t>());
        return;
    case Json::value_t::number_unsigned:
        out += std::to_string(v.get<std::uint64_t>());
        return;
    case Json::value_t::number_float:
        out += decimal(v.get<double>());
        return;
    case Json::value_t::null:
    case Json::value_t::binary:
    case Json::value_t::discarded:
        out += "null";
        return;
    }
}

} // namespace

std::string print(const nlohmann::ordered_json &value)
{
    std::string out;
    printValue(value, 0, out);
    out += '\n';
    return out;
}

} // namespace attnlab::core::json
