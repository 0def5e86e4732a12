#include "core/model/strictjson.h"

#include "core/model/modelerror.h"

#include <algorithm>
#include <set>
#include <vector>

namespace attnlab::core::model::detail {

namespace {

// Thrown from the parser callback to stop parsing at once; turned into a ModelError below.
struct Refusal {
    std::string message;
};

// Tracks the keys of every open object. nlohmann keeps the last of two equal keys without a
// word, which would let a hostile header show one tensor entry to a checker and another to us.
class StrictnessCheck {
public:
    bool operator()(int depth, nlohmann::json::parse_event_t event, nlohmann::json &parsed)
    {
        using E = nlohmann::json::parse_event_t;
        switch (event) {
        case E::object_start:
        case E::array_start:
            // depth counts the enclosing containers: the root object starts at depth 0.
            if (depth >= kMaxJsonDepth)
                throw Refusal {"nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels"};
            m_keys.emplace_back();
            break;
        case E::key:
            if (!m_keys.back().insert(parsed.get<std::string>()).second)
                throw Refusal {"the key " + quoted(parsed.get<std::string>()) + " appears twice in one object"};
            break;
        case E::object_end:
        case E::array_end:
            m_keys.pop_back();
            break;
        case E::value:
            break;
        }
        return true;
    }

private:
    std::vector<std::set<std::string>> m_keys;
};

std::string withoutPrefix(const std::string &what)
{
    // "[json.exception.parse_error.101] parse error at line 1, column 3: …" → the part after "] ".
    const size_t at = what.find("] ");
    return at == std::string::npos ? what : what.substr(at + 2);
}

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

nlohmann::json parseStrictJson(const char *text, std::size_t size, const std::string &file)
{
    StrictnessCheck check;
    try {
        return nlohmann::json::parse(text, text + size, std::ref(check), true, false);
    } catch (const Refusal &r) {
        throw ModelError(file + ": invalid JSON: " + r.message);
    } catch (const nlohmann::json::exception &e) {
        throw ModelError(file + ": invalid JSON: " + withoutPrefix(e.what()));
    }
}

} // namespace attnlab::core::model::detail
