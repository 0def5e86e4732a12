#include "core/json/jsonguard.h"
#include "core/text/messageid.h"

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

bool startsWith(const std::string &text, const std::string &prefix)
{
    return text.compare(0, prefix.size(), prefix) == 0;
}

// nlohmann's texts (parser.hpp exception_message, lexer.hpp token_type_name and error_message)
// are fixed English phrases: each one is a catalogue entry, so a syntax error reads in the user's
// language. Punctuation tokens ("']'") stay as they are.
struct Phrase {
    const char *english;
    MessageId id;
};

const Phrase kContexts[] = {
    {"value", MessageId::JsonContextValue},
    {"object", MessageId::JsonContextObject},
    {"array", MessageId::JsonContextArray},
    {"object key", MessageId::JsonContextObjectKey},
    {"object separator", MessageId::JsonContextObjectSeparator},
};

const Phrase kTokens[] = {
    {"<uninitialized>", MessageId::JsonTokenUninitialized},
    {"true literal", MessageId::JsonTokenTrue},
    {"false literal", MessageId::JsonTokenFalse},
    {"null literal", MessageId::JsonTokenNull},
    {"string literal", MessageId::JsonTokenString},
    {"number literal", MessageId::JsonTokenNumber},
    {"<parse error>", MessageId::JsonTokenParseError},
    {"end of input", MessageId::JsonTokenEnd},
    {"'[', '{', or a literal", MessageId::JsonTokenLiteralOrValue},
    {"unknown token", MessageId::JsonTokenUnknown},
};

const Phrase kLexerErrors[] = {
    {"invalid BOM; must be 0xEF 0xBB 0xBF if given", MessageId::JsonBadBom},
    {"invalid comment; expecting '/' or '*' after '/'", MessageId::JsonBadComment},
    {"invalid comment; missing closing '*/'", MessageId::JsonUnclosedComment},
    {"invalid literal", MessageId::JsonBadLiteral},
    {"invalid number; expected digit after '-'", MessageId::JsonDigitAfterMinus},
    {"invalid number; expected digit after '.'", MessageId::JsonDigitAfterPoint},
    {"invalid number; expected digit after exponent sign", MessageId::JsonDigitAfterExponent},
    {"invalid string: '\\u' must be followed by 4 hex digits", MessageId::JsonBadUnicodeEscape},
    {"invalid string: forbidden character after backslash", MessageId::JsonBadEscape},
    {"invalid string: ill-formed UTF-8 byte", MessageId::JsonBadUtf8},
    {"invalid string: missing closing quote", MessageId::JsonUnclosedString},
    {"invalid string: surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF", MessageId::JsonLoneHighSurrogate},
    {"invalid string: surrogate U+DC00..U+DFFF must follow U+D800..U+DBFF", MessageId::JsonLoneLowSurrogate},
};

template<std::size_t N> std::optional<Message> phrase(const Phrase (&table)[N], const std::string &text)
{
    for (const Phrase &p : table)
        if (text == p.english)
            return Message(p.id);
    return std::nullopt;
}

Message tokenName(const std::string &text)
{
    return phrase(kTokens, text).value_or(Message::literal(text));
}

// "invalid string: control character U+000A (LF) must be escaped to \\u000A or \\n", the one
// lexer error with values in it.
std::optional<Message> controlCharacterError(const std::string &text)
{
    static const std::string kStart = "invalid string: control character ";
    static const std::string kMiddle = " must be escaped to ";
    const std::size_t middle = text.find(kMiddle);
    if (!startsWith(text, kStart) || middle == std::string::npos)
        return std::nullopt;
    const std::string character = text.substr(kStart.size(), middle - kStart.size());
    const std::string escapes = text.substr(middle + kMiddle.size());
    const std::size_t orAt = escapes.find(" or ");
    if (orAt == std::string::npos)
        return Message(MessageId::JsonControlCharacter, character, escapes);
    return Message(MessageId::JsonControlCharacterOr, character, escapes.substr(0, orAt), escapes.substr(orAt + 4));
}

// "<lexer error>; last read: '<token>'[; expected <token>]"
std::optional<Message> lexerFailure(const std::string &text)
{
    static const std::string kLastRead = "; last read: '";
    const std::size_t at = text.find(kLastRead);
    if (at == std::string::npos)
        return std::nullopt;
    const std::string error = text.substr(0, at);
    std::optional<Message> what = phrase(kLexerErrors, error);
    if (!what)
        what = controlCharacterError(error);
    if (!what)
        return std::nullopt;
    std::string rest = text.substr(at + kLastRead.size());
    for (const std::string &expected : {std::string("']'"), std::string("'}'"), std::string("':'"),
             std::string("string literal"), std::string("'[', '{', or a literal"), std::string("end of input")}) {
        const std::string suffix = "'; expected " + expected;
        if (rest.size() > suffix.size() && rest.compare(rest.size() - suffix.size(), suffix.size(), suffix) == 0) {
            const std::string token = "'" + shortenedText(rest.substr(0, rest.size() - suffix.size()), 100) + "'";
            return Message(MessageId::JsonLexErrorExpected, *what, token, tokenName(expected));
        }
    }
    if (rest.empty() || rest.back() != '\'')
        return std::nullopt;
    return Message(MessageId::JsonLexError, *what, "'" + shortenedText(rest.substr(0, rest.size() - 1), 100) + "'");
}

// One of nlohmann's parse errors as a message; a text it does not recognise stays as it is.
Message parserMessage(const std::string &text)
{
    static const std::string kOverflow = "number overflow parsing ";
    static const std::string kSyntax = "syntax error ";
    static const std::string kWhile = "syntax error while parsing ";
    if (startsWith(text, kOverflow))
        return Message(MessageId::JsonNumberOverflow, shortenedText(text.substr(kOverflow.size()), 100));
    std::optional<Message> context;
    std::string rest;
    if (startsWith(text, kWhile)) {
        const std::size_t dash = text.find(" - ", kWhile.size());
        if (dash == std::string::npos)
            return Message::literal(shortenedText(text, 200));
        context = phrase(kContexts, text.substr(kWhile.size(), dash - kWhile.size()));
        rest = text.substr(dash + 3);
    } else if (startsWith(text, kSyntax + "- ")) {
        rest = text.substr(kSyntax.size() + 2);
    }
    std::optional<Message> what;
    static const std::string kUnexpected = "unexpected ";
    if (startsWith(rest, kUnexpected)) {
        const std::size_t expected = rest.find("; expected ");
        what = expected == std::string::npos
            ? Message(MessageId::JsonUnexpected, tokenName(rest.substr(kUnexpected.size())))
            : Message(MessageId::JsonUnexpectedExpected,
                tokenName(rest.substr(kUnexpected.size(), expected - kUnexpected.size())),
                tokenName(rest.substr(expected + 11)));
    } else {
        what = lexerFailure(rest);
    }
    if (!what || (startsWith(text, kWhile) && !context))
        return Message::literal(shortenedText(text, 200));
    return context ? Message(MessageId::JsonSyntaxWhileParsing, *context, *what)
                   : Message(MessageId::JsonSyntaxError, *what);
}

} // namespace

// Builds the tree from nlohmann's SAX events (as its own json_sax_dom_parser does) and enforces
// the limits on the way.
class JsonGuardBuilder {
public:
    using string_t = Json::string_t;

    JsonGuardBuilder(JsonDocument &doc, const JsonLimits &limits, const std::vector<JsonStream> &streams)
        : m_doc(doc)
        , m_limits(limits)
        , m_streams(streams)
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
        if (literal.find_first_of(".eE") == string_t::npos && !m_limits.wideIntegersAsFloat) {
            problem = Problem {path(), Message(MessageId::JsonNumberTooLarge, shortenedText(literal, 40))};
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
        if (f.stream) {
            const bool twice = f.stream->has && f.stream->has(k);
            f.key = std::move(k);
            if (twice)
                problem = Problem {path(), Message(MessageId::JsonDuplicateKey, quotedText(f.key))};
            return !twice;
        }
        auto &object = f.value->get_ref<Json::object_t &>();
        auto [it, inserted] = object.emplace(k, nullptr);
        f.key = k;
        if (!inserted) {
            problem = Problem {path(), Message(MessageId::JsonDuplicateKey, quotedText(k))};
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
        return completed();
    }

    bool end_array()
    {
        m_stack.pop_back();
        return completed();
    }

    bool parse_error(std::size_t position, const std::string &, const nlohmann::detail::exception &e)
    {
        // nlohmann quotes what it last read, which may be a whole 5,000-digit number.
        problem = Problem {"", Message(MessageId::JsonSyntax, parserMessage(plainMessage(e)))};
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
        const JsonStream *stream = nullptr; // set when this container's members go to a stream
    };
    JsonDocument &m_doc;
    const JsonLimits &m_limits;
    const std::vector<JsonStream> &m_streams;
    std::size_t m_values = 0;
    std::vector<Frame> m_stack;
    Json *m_slot = nullptr; // where the next value goes inside an object
    Json m_member; // the member of a streamed container being read

    // The stream whose path a container of `type` opened now would be at, if any.
    const JsonStream *streamHere(Json::value_t type) const
    {
        for (const JsonStream &s : m_streams) {
            if (s.type != type || s.path.size() != m_stack.size())
                continue;
            bool same = true;
            for (std::size_t i = 0; i < m_stack.size() && same; ++i)
                same = m_stack[i].value->is_object() && !m_stack[i].stream && m_stack[i].key == s.path[i];
            if (same)
                return &s;
        }
        return nullptr;
    }

    // A value just finished: a member of a streamed container goes to its stream.
    bool completed()
    {
        if (!m_stack.empty() && m_stack.back().stream) {
            Frame &f = m_stack.back();
            if (std::optional<Problem> p = f.stream->take(f.key, f.index, m_member)) {
                problem = std::move(p);
                return false;
            }
            m_member = Json();
        }
        afterValue();
        return true;
    }

    // Places a value and returns where it now lives.
    Json *place(Json &&v)
    {
        if (m_stack.empty()) {
            m_doc.m_root = std::move(v);
            return &m_doc.m_root;
        }
        Frame &f = m_stack.back();
        if (f.stream) {
            m_member = std::move(v);
            return &m_member;
        }
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
        problem = Problem {"", Message(MessageId::JsonTooManyValues, m_limits.maxValues)};
        return false;
    }

    bool add(Json &&v)
    {
        if (!count())
            return false;
        place(std::move(v));
        return completed();
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
        const JsonStream *stream = streamHere(type);
        m_stack.push_back({place(Json(type)), {}, 0, true, {}, stream});
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
    return problem ? formatProblem(source, *problem) : source + ": fine";
}

JsonResult parseJson(
    std::string_view text, const std::string &source, const JsonLimits &limits, const std::vector<JsonStream> &streams)
{
    JsonResult result;
    result.source = source;
    if (text.size() > limits.maxBytes) {
        result.problem = Problem {"", Message(MessageId::JsonTooLong, text.size(), limits.maxBytes)};
        return result;
    }
    JsonDocument doc;
    JsonGuardBuilder builder(doc, limits, streams);
    const bool ok = Json::sax_parse(text.begin(), text.end(), &builder, Json::input_format_t::json, true, false);
    if (ok && !builder.problem && !builder.tooDeep) {
        result.document = std::move(doc);
        return result;
    }
    if (builder.tooDeep) {
        const auto [line, column] = lineColumn(text, tooDeepAt(text, limits.maxDepth));
        result.problem = Problem {"", Message(MessageId::JsonTooDeep, limits.maxDepth), line, column};
    } else if (builder.problem) {
        result.problem = builder.problem;
        if (builder.errorByte)
            std::tie(result.problem->line, result.problem->column) = lineColumn(text, *builder.errorByte);
    } else {
        result.problem = Problem {"", Message(MessageId::JsonInvalid)};
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

Message jsonTypeName(const nlohmann::json &value)
{
    switch (value.type()) {
    case nlohmann::json::value_t::null:
        return Message(MessageId::TypeNull);
    case nlohmann::json::value_t::boolean:
        return Message(MessageId::TypeBoolean);
    case nlohmann::json::value_t::string:
        return Message(MessageId::TypeString);
    case nlohmann::json::value_t::array:
        return Message(MessageId::TypeArray);
    case nlohmann::json::value_t::object:
        return Message(MessageId::TypeObject);
    default:
        return Message(MessageId::TypeNumber);
    }
}

} // namespace attnlab::core
