#include "core/tokenize/unicodetext.h"

#include <utf8proc.h>

#include <algorithm>

namespace attnlab::core::model {

namespace {

// Length of the well-formed UTF-8 sequence at bytes[i], or 0 when it is not one.
int sequenceLength(const std::string &bytes, size_t i, char32_t *out)
{
    const auto b = [&](size_t k) { return static_cast<unsigned char>(bytes[k]); };
    const unsigned char lead = b(i);
    if (lead < 0x80) {
        *out = lead;
        return 1;
    }
    int n = 0;
    char32_t c = 0, min = 0;
    if ((lead & 0xE0) == 0xC0) {
        n = 2, c = lead & 0x1F, min = 0x80;
    } else if ((lead & 0xF0) == 0xE0) {
        n = 3, c = lead & 0x0F, min = 0x800;
    } else if ((lead & 0xF8) == 0xF0) {
        n = 4, c = lead & 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if (i + n > bytes.size())
        return 0;
    for (int k = 1; k < n; ++k) {
        if ((b(i + k) & 0xC0) != 0x80)
            return 0;
        c = (c << 6) | (b(i + k) & 0x3F);
    }
    if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
        return 0;
    *out = c;
    return n;
}

utf8proc_category_t category(char32_t c)
{
    return utf8proc_category(static_cast<utf8proc_int32_t>(c));
}

} // namespace

Text decodeUtf8(const std::string &bytes)
{
    Text text;
    text.reserve(bytes.size());
    size_t i = 0;
    while (i < bytes.size()) {
        char32_t c = 0;
        const int n = sequenceLength(bytes, i, &c);
        if (n == 0) {
            text.push_back({0xFFFD, int(i), int(i + 1)});
            ++i;
        } else {
            text.push_back({c, int(i), int(i + n)});
            i += n;
        }
    }
    return text;
}

bool isValidUtf8(const std::string &bytes)
{
    size_t i = 0;
    while (i < bytes.size()) {
        char32_t c = 0;
        const int n = sequenceLength(bytes, i, &c);
        if (n == 0)
            return false;
        i += n;
    }
    return true;
}

void appendUtf8(std::string &out, char32_t c)
{
    if (c < 0x80) {
        out += char(c);
    } else if (c < 0x800) {
        out += char(0xC0 | (c >> 6));
        out += char(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += char(0xE0 | (c >> 12));
        out += char(0x80 | ((c >> 6) & 0x3F));
        out += char(0x80 | (c & 0x3F));
    } else {
        out += char(0xF0 | (c >> 18));
        out += char(0x80 | ((c >> 12) & 0x3F));
        out += char(0x80 | ((c >> 6) & 0x3F));
        out += char(0x80 | (c & 0x3F));
    }
}

std::string toUtf8(const Text &text, size_t from, size_t to)
{
    std::string out;
    to = std::min(to, text.size());
    for (size_t i = from; i < to; ++i)
        appendUtf8(out, text[i].c);
    return out;
}

std::string toUtf8(const std::u32string &text)
{
    std::string out;
    for (char32_t c : text)
        appendUtf8(out, c);
    return out;
}

bool isLetter(char32_t c)
{
    const auto k = category(c);
    return k >= UTF8PROC_CATEGORY_LU && k <= UTF8PROC_CATEGORY_LO;
}

bool isNumber(char32_t c)
{
    const auto k = category(c);
    return k >= UTF8PROC_CATEGORY_ND && k <= UTF8PROC_CATEGORY_NO;
}

bool isPunctuation(char32_t c)
{
    const auto k = category(c);
    return k >= UTF8PROC_CATEGORY_PC && k <= UTF8PROC_CATEGORY_PO;
}

bool isOther(char32_t c)
{
    const auto k = category(c);
    return k == UTF8PROC_CATEGORY_CN || (k >= UTF8PROC_CATEGORY_CC && k <= UTF8PROC_CATEGORY_CO);
}

bool isMarkNonspacing(char32_t c)
{
    return category(c) == UTF8PROC_CATEGORY_MN;
}

bool isWhitespace(char32_t c)
{
    // The White_Space property list of PropList.txt; utf8proc has no property for it.
    return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680
        || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

bool isWordChar(char32_t c)
{
    const auto k = category(c);
    return isLetter(c) || k == UTF8PROC_CATEGORY_NL || k == UTF8PROC_CATEGORY_ND
        || (k >= UTF8PROC_CATEGORY_MN && k <= UTF8PROC_CATEGORY_ME) || k == UTF8PROC_CATEGORY_PC || c == 0x200C
        || c == 0x200D;
}

bool isChineseChar(char32_t c)
{
    return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x20000 && c <= 0x2A6DF)
        || (c >= 0x2A700 && c <= 0x2B73F) || (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B920 && c <= 0x2CEAF)
        || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
}

std::u32string decompose(char32_t c)
{
    utf8proc_int32_t buffer[8];
    int last = 0;
    const utf8proc_ssize_t n
        = utf8proc_decompose_char(static_cast<utf8proc_int32_t>(c), buffer, 8, UTF8PROC_DECOMPOSE, &last);
    if (n <= 0 || n > 8)
        return std::u32string(1, c);
    std::u32string out;
    for (utf8proc_ssize_t i = 0; i < n; ++i)
        out += static_cast<char32_t>(buffer[i]);
    return out;
}

int combiningClass(char32_t c)
{
    return utf8proc_get_property(static_cast<utf8proc_int32_t>(c))->combining_class;
}

std::u32string toLower(char32_t c)
{
    // The one unconditional multi-character lower-case mapping of SpecialCasing.txt, which
    // utf8proc's simple mapping leaves out.
    if (c == 0x130)
        return U"i\u0307";
    return std::u32string(1, static_cast<char32_t>(utf8proc_tolower(static_cast<utf8proc_int32_t>(c))));
}

} // namespace attnlab::core::model
