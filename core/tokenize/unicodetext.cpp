#include "core/tokenize/unicodetext.h"

#include <utf8proc.h>

#include <algorithm>
#include <cstdlib>

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

bool isMark(char32_t c)
{
    const auto k = category(c);
    return k >= UTF8PROC_CATEGORY_MN && k <= UTF8PROC_CATEGORY_ME;
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

namespace {

// Whether `c` can join a composition with the character before it. Starters below U+0300 and
// the CJK, Hangul-syllable and emoji blocks never do, which keeps utf8proc out of the common case.
bool composesWithPrevious(char32_t previous, char32_t c)
{
    if (combiningClass(c) != 0)
        return true;
    if (c < 0x300 || (c >= 0x2E80 && c <= 0xA4CF) || (c >= 0xAC00 && c <= 0xD7AF) || c >= 0x1F000)
        return false;
    std::string pair;
    appendUtf8(pair, previous);
    appendUtf8(pair, c);
    utf8proc_uint8_t *composed = nullptr;
    const utf8proc_ssize_t n = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t *>(pair.data()),
        utf8proc_ssize_t(pair.size()), &composed, utf8proc_option_t(UTF8PROC_STABLE | UTF8PROC_COMPOSE));
    const bool joined = n >= 0 && std::string(reinterpret_cast<char *>(composed), size_t(n)) != pair;
    std::free(composed);
    return joined;
}

} // namespace

Text normalizeForm(const Text &text, UnicodeForm form)
{
    const bool compose = form == UnicodeForm::Nfc || form == UnicodeForm::Nfkc;
    const bool compat = form == UnicodeForm::Nfkc || form == UnicodeForm::Nfkd;
    const auto options = utf8proc_option_t(
        UTF8PROC_STABLE | (compose ? UTF8PROC_COMPOSE : UTF8PROC_DECOMPOSE) | (compat ? UTF8PROC_COMPAT : 0));
    Text out;
    out.reserve(text.size());
    size_t i = 0;
    while (i < text.size()) {
        // A stretch: one character and everything that may compose or reorder with it.
        size_t j = i + 1;
        while (j < text.size() && composesWithPrevious(text[j - 1].c, text[j].c))
            ++j;
        if (j == i + 1 && text[i].c < 0xA0) { // ASCII and C1 controls: the same in every form
            out.push_back(text[i++]);
            continue;
        }
        const std::string utf8 = toUtf8(text, i, j);
        utf8proc_uint8_t *mapped = nullptr;
        const utf8proc_ssize_t n = utf8proc_map(
            reinterpret_cast<const utf8proc_uint8_t *>(utf8.data()), utf8proc_ssize_t(utf8.size()), &mapped, options);
        const Text result = n >= 0 ? decodeUtf8(std::string(reinterpret_cast<char *>(mapped), size_t(n))) : Text();
        std::free(mapped);
        if (n < 0) { // utf8proc refuses nothing valid; keep the stretch as it is
            out.insert(out.end(), text.begin() + i, text.begin() + j);
        } else if (result.size() == j - i) {
            for (size_t k = 0; k < result.size(); ++k)
                out.push_back({result[k].c, text[i + k].begin, text[i + k].end});
        } else {
            for (const TextChar &c : result)
                out.push_back({c.c, text[i].begin, text[j - 1].end});
        }
        i = j;
    }
    return out;
}

std::string lossyUtf8(const std::string &bytes)
{
    const auto b = [&](size_t k) { return static_cast<unsigned char>(bytes[k]); };
    std::string out;
    out.reserve(bytes.size());
    size_t i = 0;
    while (i < bytes.size()) {
        const unsigned char lead = b(i);
        int need = 0;
        unsigned char low = 0x80, high = 0xBF; // the allowed range of the second byte
        if (lead < 0x80) {
            out += char(lead);
            ++i;
            continue;
        } else if (lead >= 0xC2 && lead <= 0xDF) {
            need = 1;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            need = 2;
            low = lead == 0xE0 ? 0xA0 : 0x80;
            high = lead == 0xED ? 0x9F : 0xBF;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            need = 3;
            low = lead == 0xF0 ? 0x90 : 0x80;
            high = lead == 0xF4 ? 0x8F : 0xBF;
        }
        size_t k = 1;
        while (need > 0 && int(k) <= need && i + k < bytes.size()) {
            const unsigned char c = b(i + k);
            if (k == 1 ? (c < low || c > high) : (c & 0xC0) != 0x80)
                break;
            ++k;
        }
        if (need > 0 && int(k) == need + 1)
            out.append(bytes, i, k);
        else
            out += "\uFFFD";
        i += k;
    }
    return out;
}

const std::array<char32_t, 256> &byteToUnicode()
{
    static const std::array<char32_t, 256> table = [] {
        std::array<char32_t, 256> t {};
        char32_t next = 256;
        for (int b = 0; b < 256; ++b) {
            const bool printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
            t[b] = printable ? char32_t(b) : next++;
        }
        return t;
    }();
    return table;
}

int unicodeToByte(char32_t c)
{
    if (c < 256) {
        const bool printable = (c >= '!' && c <= '~') || (c >= 0xA1 && c <= 0xAC) || (c >= 0xAE && c <= 0xFF);
        return printable ? int(c) : -1;
    }
    const auto &t = byteToUnicode();
    for (int b = 0; b < 256; ++b)
        if (t[b] == c)
            return b;
    return -1;
}

} // namespace attnlab::core::model
