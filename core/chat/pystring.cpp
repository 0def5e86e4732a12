#include "core/chat/pystring.h"

#include "core/chat/builtins.h"
#include "core/chat/chatlimits.h"
#include "core/chat/syntax.h"
#include "core/text/messageid.h"

#include <algorithm>

namespace attnlab::core::chat {

namespace {

[[noreturn]] void fail(Message message)
{
    throw TemplateFailure {0, std::move(message)};
}

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// Python's str.isspace for one code point.
bool isPythonSpace(utf8proc_int32_t c)
{
    return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0 || c == 0x1680
        || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

void appendCodePoint(std::string &out, utf8proc_int32_t c)
{
    utf8proc_uint8_t buffer[4];
    const utf8proc_ssize_t n = utf8proc_encode_char(c, buffer);
    out.append(reinterpret_cast<const char *>(buffer), std::size_t(n));
}

} // namespace

std::vector<std::pair<utf8proc_int32_t, std::size_t>> codePoints(const std::string &s)
{
    std::vector<std::pair<utf8proc_int32_t, std::size_t>> out;
    const auto *bytes = reinterpret_cast<const utf8proc_uint8_t *>(s.data());
    for (std::size_t i = 0; i < s.size();) {
        utf8proc_int32_t c = 0;
        const utf8proc_ssize_t n = utf8proc_iterate(bytes + i, utf8proc_ssize_t(s.size() - i), &c);
        out.emplace_back(n > 0 ? c : -1, i);
        i += n > 0 ? std::size_t(n) : 1;
    }
    return out;
}

std::string strip(const std::string &s, bool left, bool right, const Value *chars)
{
    const bool custom = chars && chars->isString();
    std::vector<utf8proc_int32_t> set;
    if (custom)
        for (const auto &cp : codePoints(chars->str()))
            set.push_back(cp.first);
    const auto points = codePoints(s);
    const auto drop = [&](utf8proc_int32_t c) {
        return custom ? std::find(set.begin(), set.end(), c) != set.end() : isPythonSpace(c);
    };
    std::size_t begin = 0, end = points.size();
    while (left && begin < end && drop(points[begin].first))
        ++begin;
    while (right && end > begin && drop(points[end - 1].first))
        --end;
    const std::size_t from = begin < points.size() ? points[begin].second : s.size();
    const std::size_t to = end < points.size() ? points[end].second : s.size();
    return s.substr(from, to - from);
}

std::string mapCase(const std::string &s, Case mode)
{
    std::string out;
    bool previousCased = false;
    bool first = true;
    for (const auto &[c, at] : codePoints(s)) {
        if (c < 0) {
            out += s[at];
            continue;
        }
        bool upper = mode == Case::Upper;
        if (mode == Case::Title)
            upper = !previousCased;
        if (mode == Case::Capitalize)
            upper = first;
        appendCodePoint(out, upper ? utf8proc_toupper(c) : utf8proc_tolower(c));
        const utf8proc_category_t category = utf8proc_category(c);
        previousCased
            = category == UTF8PROC_CATEGORY_LU || category == UTF8PROC_CATEGORY_LL || category == UTF8PROC_CATEGORY_LT;
        first = false;
    }
    return out;
}

std::string replaceAll(const std::string &s, const std::string &from, const std::string &to, std::int64_t count)
{
    std::string out;
    std::size_t pos = 0;
    std::int64_t done = 0;
    if (from.empty()) {
        for (const Value &c : iterate(Value::fromString(s))) {
            if (count < 0 || done < count) {
                out += to;
                ++done;
            }
            out += c.str();
        }
        return (count < 0 || done < count) ? out + to : out;
    }
    while (count < 0 || done < count) {
        const std::size_t found = s.find(from, pos);
        if (found == std::string::npos)
            break;
        out += s.substr(pos, found - pos) + to;
        pos = found + from.size();
        ++done;
        if (out.size() > kMaxOutputBytes)
            fail(Message(MessageId::ChatOutputTooLarge, kMaxOutputBytes));
    }
    return out + s.substr(pos);
}

List split(const std::string &s, const Value *separator, std::int64_t maxSplit)
{
    List parts;
    if (!separator || separator->kind == Value::Kind::None) {
        std::size_t i = 0;
        while (true) {
            while (i < s.size() && isSpace(s[i]))
                ++i;
            if (i >= s.size())
                break;
            if (maxSplit >= 0 && std::int64_t(parts.size()) == maxSplit) {
                parts.push_back(Value::fromString(s.substr(i)));
                break;
            }
            std::size_t j = i;
            while (j < s.size() && !isSpace(s[j]))
                ++j;
            parts.push_back(Value::fromString(s.substr(i, j - i)));
            i = j;
        }
        return parts;
    }
    if (!separator->isString())
        fail(Message(MessageId::ChatBadArgument, "split", typeName(*separator)));
    const std::string &sep = separator->str();
    if (sep.empty())
        fail(Message(MessageId::ChatBadArgument, "split", Message(MessageId::ChatTypeEmptyString)));
    std::size_t pos = 0;
    while (maxSplit < 0 || std::int64_t(parts.size()) < maxSplit) {
        const std::size_t found = s.find(sep, pos);
        if (found == std::string::npos)
            break;
        parts.push_back(Value::fromString(s.substr(pos, found - pos)));
        pos = found + sep.size();
    }
    parts.push_back(Value::fromString(s.substr(pos)));
    return parts;
}

std::string strftime(const std::string &format, const std::tm &t)
{
    static const char *const kMonths[] = {"January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December"};
    static const char *const kDays[] = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"};
    const auto two = [](int v) { return (v < 10 ? "0" : "") + std::to_string(v); };
    std::string out;
    for (std::size_t i = 0; i < format.size(); ++i) {
        if (format[i] != '%' || i + 1 >= format.size()) {
            out += format[i];
            continue;
        }
        const char d = format[++i];
        const int month = std::clamp(t.tm_mon, 0, 11);
        const int day = std::clamp(t.tm_wday, 0, 6);
        switch (d) {
        case 'd':
            out += two(t.tm_mday);
            break;
        case 'm':
            out += two(t.tm_mon + 1);
            break;
        case 'Y':
            out += std::to_string(t.tm_year + 1900);
            break;
        case 'y':
            out += two((t.tm_year + 1900) % 100);
            break;
        case 'H':
            out += two(t.tm_hour);
            break;
        case 'M':
            out += two(t.tm_min);
            break;
        case 'S':
            out += two(t.tm_sec);
            break;
        case 'B':
            out += kMonths[month];
            break;
        case 'b':
            out += std::string(kMonths[month]).substr(0, 3);
            break;
        case 'A':
            out += kDays[day];
            break;
        case 'a':
            out += std::string(kDays[day]).substr(0, 3);
            break;
        case '%':
            out += '%';
            break;
        default:
            fail(Message(MessageId::ChatUnsupportedDateFormat, std::string("%") + d));
        }
    }
    return out;
}

} // namespace attnlab::core::chat
