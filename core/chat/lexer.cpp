// Jinja2's lexer (jinja2/lexer.py) for the options transformers sets: trim_blocks and
// lstrip_blocks on, the default delimiters, keep_trailing_newline off.

#include "core/chat/chatlimits.h"
#include "core/chat/syntax.h"
#include "core/text/messageid.h"

#include <cctype>

namespace attnlab::core::chat {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

void appendUtf8(std::string &out, unsigned long cp)
{
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

class Lexer {
public:
    explicit Lexer(std::string source)
        : m_src(std::move(source))
    {
    }

    std::vector<Token> run()
    {
        bool lineStarting = true;
        while (m_pos < m_src.size()) {
            std::size_t tag = m_pos;
            while ((tag = m_src.find('{', tag)) != std::string::npos) {
                if (tag + 1 < m_src.size() && (m_src[tag + 1] == '{' || m_src[tag + 1] == '%' || m_src[tag + 1] == '#'))
                    break;
                ++tag;
            }
            if (tag == std::string::npos)
                tag = m_src.size();
            std::string text = m_src.substr(m_pos, tag - m_pos);
            if (tag < m_src.size()) {
                const char kind = m_src[tag + 1];
                const char marker = tag + 2 < m_src.size() ? m_src[tag + 2] : '\0';
                if (marker == '-') {
                    while (!text.empty() && isSpace(text.back()))
                        text.pop_back();
                } else if (kind != '{' && marker != '+') {
                    // lstrip_blocks: spaces and tabs from the start of the line to a block tag go.
                    const std::size_t lineStart = text.rfind('\n');
                    const std::size_t from = lineStart == std::string::npos ? 0 : lineStart + 1;
                    if ((lineStart != std::string::npos || lineStarting)
                        && text.find_first_not_of(" \t", from) == std::string::npos)
                        text.erase(from);
                }
            }
            addText(text, tag);
            if (tag >= m_src.size())
                break;
            lineStarting = lexTag();
        }
        m_tokens.push_back(Token {Token::Kind::End, "", m_line});
        return std::move(m_tokens);
    }

private:
    // Text up to `end` in the source (white space control already applied to `text`); the line
    // count follows the source, stripped white space included.
    void addText(const std::string &text, std::size_t end)
    {
        if (!text.empty())
            m_tokens.push_back(Token {Token::Kind::Text, text, m_line});
        advance(end - m_pos);
    }

    [[noreturn]] void fail(Message message) const { throw TemplateFailure {m_line, std::move(message)}; }

    void advance(std::size_t n)
    {
        for (std::size_t i = 0; i < n && m_pos < m_src.size(); ++i)
            m_line += m_src[m_pos++] == '\n';
    }

    // After a tag's end: "-" strips all white space, a block or comment end without it drops one
    // newline (trim_blocks). Returns whether what was consumed ends a line (for lstrip_blocks).
    bool afterTag(bool strip, bool block)
    {
        bool newline = false;
        if (strip) {
            while (m_pos < m_src.size() && isSpace(m_src[m_pos])) {
                newline = m_src[m_pos] == '\n';
                advance(1);
            }
        } else if (block && m_pos < m_src.size() && m_src[m_pos] == '\n') {
            advance(1);
            newline = true;
        }
        return newline;
    }

    // m_pos is at "{{", "{%" or "{#". Returns whether the consumed tag ends with a newline.
    bool lexTag()
    {
        const char kind = m_src[m_pos + 1];
        const int startLine = m_line;
        if (kind == '#') {
            const std::size_t end = m_src.find("#}", m_pos + 2);
            if (end == std::string::npos)
                fail(Message(MessageId::ChatUnclosed, "{#", "#}"));
            const bool strip = end > m_pos + 2 && m_src[end - 1] == '-';
            advance(end + 2 - m_pos);
            return afterTag(strip, true);
        }
        const bool block = kind == '%';
        const char close = block ? '%' : '}';
        m_tokens.push_back(
            Token {block ? Token::Kind::BlockBegin : Token::Kind::VariableBegin, block ? "{%" : "{{", startLine});
        advance(2);
        if (m_pos < m_src.size() && (m_src[m_pos] == '-' || m_src[m_pos] == '+'))
            advance(1);
        int braces = 0;
        while (true) {
            while (m_pos < m_src.size() && isSpace(m_src[m_pos]))
                advance(1);
            if (m_pos >= m_src.size())
                fail(Message(MessageId::ChatUnclosed, block ? "{%" : "{{", block ? "%}" : "}}"));
            if (braces == 0) {
                const bool strip = m_src.compare(m_pos, 3, std::string("-") + close + "}") == 0;
                if (strip || m_src.compare(m_pos, 2, std::string(1, close) + "}") == 0
                    || (block && m_src.compare(m_pos, 3, "+%}") == 0)) {
                    const bool plus = m_src[m_pos] == '+';
                    m_tokens.push_back(
                        Token {block ? Token::Kind::BlockEnd : Token::Kind::VariableEnd, block ? "%}" : "}}", m_line});
                    advance(strip || plus ? 3 : 2);
                    return afterTag(strip, block);
                }
            }
            if (m_tokens.size() > kMaxTemplateTokens)
                fail(Message(MessageId::ChatTooManyTokens, kMaxTemplateTokens));
            const char c = m_src[m_pos];
            if (c == '{')
                ++braces;
            else if (c == '}' && braces > 0)
                --braces;
            lexExpressionToken();
        }
    }

    void lexExpressionToken()
    {
        const char c = m_src[m_pos];
        const int line = m_line;
        if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            std::size_t end = m_pos;
            while (end < m_src.size() && (std::isalnum(static_cast<unsigned char>(m_src[end])) || m_src[end] == '_'))
                ++end;
            m_tokens.push_back(Token {Token::Kind::Name, m_src.substr(m_pos, end - m_pos), line});
            advance(end - m_pos);
            return;
        }
        if (std::isdigit(static_cast<unsigned char>(c))) {
            std::size_t end = m_pos;
            bool real = false;
            while (end < m_src.size() && (std::isdigit(static_cast<unsigned char>(m_src[end])) || m_src[end] == '_'))
                ++end;
            if (end + 1 < m_src.size() && m_src[end] == '.'
                && std::isdigit(static_cast<unsigned char>(m_src[end + 1]))) {
                real = true;
                ++end;
                while (
                    end < m_src.size() && (std::isdigit(static_cast<unsigned char>(m_src[end])) || m_src[end] == '_'))
                    ++end;
            }
            if (end < m_src.size() && (m_src[end] == 'e' || m_src[end] == 'E')) {
                std::size_t e = end + 1;
                if (e < m_src.size() && (m_src[e] == '+' || m_src[e] == '-'))
                    ++e;
                if (e < m_src.size() && std::isdigit(static_cast<unsigned char>(m_src[e]))) {
                    real = true;
                    end = e;
                    while (end < m_src.size() && std::isdigit(static_cast<unsigned char>(m_src[end])))
                        ++end;
                }
            }
            std::string number;
            for (std::size_t i = m_pos; i < end; ++i)
                if (m_src[i] != '_')
                    number += m_src[i];
            m_tokens.push_back(Token {real ? Token::Kind::Float : Token::Kind::Integer, number, line});
            advance(end - m_pos);
            return;
        }
        if (c == '\'' || c == '"') {
            m_tokens.push_back(Token {Token::Kind::String, lexString(c), line});
            return;
        }
        static const char *const kOperators[] = {"**", "//", "==", "!=", "<=", ">=", "+", "-", "*", "/", "%", "~", "<",
            ">", "=", "(", ")", "[", "]", "{", "}", ",", ".", ":", "|"};
        for (const char *op : kOperators) {
            const std::string o(op);
            if (m_src.compare(m_pos, o.size(), o) == 0) {
                m_tokens.push_back(Token {Token::Kind::Operator, o, line});
                advance(o.size());
                return;
            }
        }
        std::size_t length = 1;
        const auto lead = static_cast<unsigned char>(c);
        if (lead >= 0xC0)
            length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
        fail(Message(MessageId::ChatUnexpectedCharacter, m_src.substr(m_pos, length)));
    }

    // A string literal with Python's escapes (Jinja2 decodes them with "unicode-escape").
    std::string lexString(char quote)
    {
        std::string out;
        advance(1);
        while (true) {
            if (m_pos >= m_src.size())
                fail(Message(MessageId::ChatUnclosedString));
            const char c = m_src[m_pos];
            if (c == quote) {
                advance(1);
                return out;
            }
            if (c != '\\' || m_pos + 1 >= m_src.size()) {
                out += c;
                advance(1);
                continue;
            }
            const char e = m_src[m_pos + 1];
            advance(2);
            const auto hex = [&](int digits) {
                unsigned long cp = 0;
                for (int i = 0; i < digits; ++i) {
                    if (m_pos >= m_src.size() || !std::isxdigit(static_cast<unsigned char>(m_src[m_pos])))
                        fail(Message(MessageId::ChatBadEscape, std::string("\\") + e));
                    const char h = m_src[m_pos];
                    cp = cp * 16
                        + unsigned(std::isdigit(static_cast<unsigned char>(h)) ? h - '0' : (h | 0x20) - 'a' + 10);
                    advance(1);
                }
                if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
                    fail(Message(MessageId::ChatBadEscape, std::string("\\") + e));
                appendUtf8(out, cp);
            };
            switch (e) {
            case 'n':
                out += '\n';
                break;
            case 't':
                out += '\t';
                break;
            case 'r':
                out += '\r';
                break;
            case 'b':
                out += '\b';
                break;
            case 'f':
                out += '\f';
                break;
            case 'v':
                out += '\v';
                break;
            case 'a':
                out += '\a';
                break;
            case '0':
                out += '\0';
                break;
            case '\\':
                out += '\\';
                break;
            case '\'':
                out += '\'';
                break;
            case '"':
                out += '"';
                break;
            case '\n':
                break;
            case 'x':
                hex(2);
                break;
            case 'u':
                hex(4);
                break;
            case 'U':
                hex(8);
                break;
            default:
                out += '\\';
                out += e;
            }
        }
    }

    std::string m_src;
    std::size_t m_pos = 0;
    int m_line = 1;
    std::vector<Token> m_tokens;
};

} // namespace

std::vector<Token> tokenize(const std::string &source)
{
    if (source.size() > kMaxTemplateBytes)
        throw TemplateFailure {0, Message(MessageId::ChatTemplateTooLarge, source.size(), kMaxTemplateBytes)};
    std::string text;
    text.reserve(source.size());
    for (std::size_t i = 0; i < source.size(); ++i) {
        if (source[i] == '\r') {
            text += '\n';
            if (i + 1 < source.size() && source[i + 1] == '\n')
                ++i;
        } else
            text += source[i];
    }
    if (!text.empty() && text.back() == '\n')
        text.pop_back();
    return Lexer(std::move(text)).run();
}

} // namespace attnlab::core::chat
