#include "core/jsonguard.h"

#include <algorithm>
#include <tuple>

namespace attnlab::core {

namespace {

using Json = nlohmann::json;

// The byte where nesting first goes deeper than `maxDepth`, found with a string-aware scan. Only
// run after the parser stopped for depth, since the SAX events carry no positions.
std::size_t tooDeepAt(std::string_view text, int maxDepth)
{
    int depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > maxDepth)
                return i;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return text.size();
}

// Cuts a UTF-8 text to at most `limit` bytes without splitting a character, marking the cut.
std::string shortenedText(std::string text, std::size_t limit)
{
    if (text.size() <= limit)
        return text;
    std::size_t cut = limit;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80)
        --cut;
    return text.substr(0, cut) + "…";
}

// A text from the file as a JSON string literal: control characters escaped, at most ~100 bytes.
std::string quotedText(const std::string &text)
{
    const std::string q = Json(text).dump(-1, ' ', false, Json::error_handler_t::replace);
    return q.size() <= 102 ? q : shortenedText(q.substr(0, q.size() - 1), 100) + "\"";
}

// A key as a step of a JSON path: as it is when it is a plain name (no quotes, dots, brackets,
// backslashes, spaces or control characters, at most 64 bytes; any letters, 猫 included), quoted
// otherwise.
std::string pathStep(const std::string &key)
{
    const bool plain = !key.empty() && key.size() <= 64 && std::none_of(key.begin(), key.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u <= 0x20 || u == 0x7f || c == '"' || c == '\\' || c == '.' || c == '[' || c == ']';
    });
    return plain ? key : quotedText(key);
}

// "[json.exception.parse_error.101] parse error at line 3, column 5: syntax error …" and
// "[json.exception.out_of_range.406] number overflow parsing '1e999'" without their prefixes.
std::string plainMessage(const nlohmann::detail::exception &e)
{
    std::string what = e.what();
    const bool parseError = e.id >= 100 && e.id < 200;
    const size_t cut = parseError ? what.find(": ") : what.find("] ");
    return cut == std::string::npos ? what : what.substr(cut + 2);
}

} // namespace

// Builds the tree from nlohmann's SAX events (as its own json_sax_dom_parser does) and enforces
// the limits on the way.
class JsonGuardBuilder {
public:
    using string_t = Json::string_t;

    JsonGuardBuilder(JsonDocument &doc, const JsonLimits &limits)
        : m_doc(doc)
        , m_limits(limits)
    {
    }

    std::optional<Problem> problem;
    std::optional<std::size_t> errorByte; // set by syntax errors
    bool tooDeep = false;

    bool null() { return add(Json(nullptr)); }
    bool boolean(bool v) { return add(Json(v)); }
    bool number_integer(Json::number_integer_t v) { return add(Json(v)); }
    bool number_unsigned(Json::number_unsigned_t v) { return add(Json(v)); }
    bool number_float(Json::number_float_t v, const string_t &literal)
    {
        // nlohmann reads a whole number past 64 bits as an inexact double.
        if (literal.find_first_of(".eE") == string_t::npos) {
            problem = Problem {path(),
                "the whole number " + shortenedText(literal, 40)
                    + " is too large (the largest is 18446744073709551615)"};
            return false;
        }
        return add(Json(v));
    }
    bool string(string_t &v) { return add(Json(std::move(v))); }
    bool binary(Json::binary_t &) { return false; } // not produced by the JSON lexer
    bool start_object(std::size_t) { return open(Json::value_t::object); }
    bool start_array(std::size_t) { return open(Json::value_t::array); }

    bool key(string_t &k)
    {
        Frame &f = m_stack.back();
        auto &object = f.value->get_ref<Json::object_t &>();
        auto [it, inserted] = object.emplace(k, nullptr);
        f.key = k;
        if (!inserted) {
            problem = Problem {path(), "the key " + quotedText(k) + " appears more than once"};
            return false;
        }
        f.sorted = f.sorted && (f.order.empty() || f.order.back()->first < k);
        f.order.push_back(it);
        m_slot = &it->second;
        return true;
    }

    bool end_object()
    {
        Frame &f = m_stack.back();
        if (!f.sorted)
            m_doc.m_order.emplace(&f.value->get_ref<const Json::object_t &>(), std::move(f.order));
        m_stack.pop_back();
        afterValue();
        return true;
    }

    bool end_array()
    {
        m_stack.pop_back();
        afterValue();
        return true;
    }

    bool parse_error(std::size_t position, const std::string &, const nlohmann::detail::exception &e)
    {
        // nlohmann quotes what it last read, which may be a whole 5,000-digit number.
        problem = Problem {"", "invalid JSON: " + shortenedText(plainMessage(e), 200)};
        errorByte = position > 0 ? position - 1 : 0;
        return false;
    }

private:
    struct Frame {
        Json *value;
        std::string key; // objects: the current key
        std::size_t index = 0; // arrays: the current element
        bool sorted = true;
        std::vector<JsonDocument::Member> order;
    };
    JsonDocument &m_doc;
    const JsonLimits &m_limits;
    std::size_t m_values = 0;
    std::vector<Frame> m_stack;
    Json *m_slot = nullptr; // where the next value goes inside an object

    // Places a value and returns where it now lives.
    Json *place(Json &&v)
    {
        if (m_stack.empty()) {
            m_doc.m_root = std::move(v);
            return &m_doc.m_root;
        }
        Frame &f = m_stack.back();
        if (f.value->is_array()) {
            auto &array = f.value->get_ref<Json::array_t &>();
            array.push_back(std::move(v));
            return &array.back();
        }
        *m_slot = std::move(v);
        return m_slot;
    }

    // Counts a value; false (and the problem) past the limit.
    bool count()
    {
        if (++m_values <= m_limits.maxValues)
            return true;
        problem = Problem {"",
            "the text holds more than " + std::to_string(m_limits.maxValues)
                + " values (numbers, strings, arrays and objects), the limit"};
        return false;
    }

    bool add(Json &&v)
    {
        if (!count())
            return false;
        place(std::move(v));
        afterValue();
        return true;
    }

    void afterValue()
    {
        if (!m_stack.empty() && m_stack.back().value->is_array())
            ++m_stack.back().index;
    }

    bool open(Json::value_t type)
    {
        if (int(m_stack.size()) >= m_limits.maxDepth) {
            tooDeep = true;
            return false;
        }
        if (!count())
            return false;
        // A container placed in an array stays put while it is open: nothing else is appended
        // to that array until it closes.
        m_stack.push_back({place(Json(type)), {}, 0, true, {}});
        return true;
    }

    // The JSON path of the value being read: "a.b[2].c".
    std::string path() const
    {
        std::string out;
        for (const Frame &f : m_stack) {
            if (f.value->is_array())
                out += "[" + std::to_string(f.index) + "]";
            else
                out += (out.empty() ? "" : ".") + pathStep(f.key);
        }
        return out;
    }
};

std::vector<JsonDocument::Member> JsonDocument::members(const Json &object) const
{
    const auto &map = object.get_ref<const Json::object_t &>();
    const auto it = m_order.find(&map);
    if (it != m_order.end())
        return it->second;
    std::vector<Member> out;
    out.reserve(map.size());
    for (auto m = map.begin(); m != map.end(); ++m)
        out.push_back(m);
    return out;
}

std::string JsonResult::describe() const
{
    if (!problem)
        return source + ": fine";
    if (problem->line > 0)
        return source + ":" + std::to_string(problem->line) + ":" + std::to_string(problem->column) + ": "
            + problem->message;
    if (!problem->path.empty())
        return source + ": " + problem->path + ": " + problem->message;
    return source + ": " + problem->message;
}

JsonResult parseJson(std::string_view text, const std::string &source, const JsonLimits &limits)
{
    JsonResult result;
    result.source = source;
    if (text.size() > limits.maxBytes) {
        result.problem = Problem {"",
            "the text is " + std::to_string(text.size()) + " bytes long, more than the limit of "
                + std::to_string(limits.maxBytes)};
        return result;
    }
    JsonDocument doc;
    JsonGuardBuilder builder(doc, limits);
    const bool ok = Json::sax_parse(text.begin(), text.end(), &builder, Json::input_format_t::json, true, false);
    if (ok && !builder.problem && !builder.tooDeep) {
        result.document = std::move(doc);
        return result;
    }
    if (builder.tooDeep) {
        const auto [line, column] = lineColumn(text, tooDeepAt(text, limits.maxDepth));
        result.problem = Problem {"",
            "invalid JSON: nested deeper than the limit of " + std::to_string(limits.maxDepth) + " levels", line,
            column};
    } else if (builder.problem) {
        result.problem = builder.problem;
        if (builder.errorByte)
            std::tie(result.problem->line, result.problem->column) = lineColumn(text, *builder.errorByte);
    } else {
        result.problem = Problem {"", "invalid JSON"};
    }
    return result;
}

std::pair<int, int> lineColumn(std::string_view text, std::size_t byte)
{
    int line = 1, column = 1;
    for (std::size_t i = 0; i < byte && i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c == '\n') {
            ++line;
            column = 1;
        } else if ((c & 0xC0) != 0x80) {
            ++column;
        }
    }
    return {line, column};
}

} // namespace attnlab::core
