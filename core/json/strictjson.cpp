#include "core/json/strictjson.h"

#include "core/model/modelerror.h"

#include <algorithm>
#include <vector>

namespace attnlab::core::model::detail {

namespace {

// Cuts a UTF-8 text to at most `limit` bytes without splitting a character.
std::string shortened(std::string text, std::size_t limit = 100)
{
    if (text.size() <= limit)
        return text;
    std::size_t cut = limit;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80)
        --cut;
    return text.substr(0, cut) + "…";
}

} // namespace

std::string quoted(const std::string &text)
{
    // dump() escapes control characters; replace keeps invalid UTF-8 from throwing.
    const std::string q = nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return q.size() <= 102 ? q : shortened(q.substr(0, q.size() - 1)) + "\"";
}

std::string word(const std::string &text)
{
    const bool plain = !text.empty() && text.size() <= 32 && std::all_of(text.begin(), text.end(), [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    });
    return plain ? text : quoted(text);
}

std::string shown(const nlohmann::json &value)
{
    return shortened(value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

nlohmann::json parseStrictJson(const char *text, std::size_t size, const std::string &file, const JsonLimits &limits)
{
    JsonResult parsed = parseJson(std::string_view(text, size), file, limits);
    if (!parsed.ok()) {
        parsed.problem->file = file;
        throw ModelError(*parsed.problem);
    }
    return parsed.document->takeRoot();
}

} // namespace attnlab::core::model::detail
