#include "core/tokenize/normalizer.h"

#include <algorithm>

namespace attnlab::core::model {

namespace {

bool isBertWhitespace(char32_t c)
{
    return c == '\t' || c == '\n' || c == '\r' || isWhitespace(c);
}

bool isBertControl(char32_t c)
{
    return c != '\t' && c != '\n' && c != '\r' && isOther(c);
}

// NFD: decompose every character, then put each run of combining marks in canonical order
// (a stable sort by combining class, as the Unicode algorithm specifies).
Text nfd(const Text &text)
{
    Text out;
    out.reserve(text.size());
    for (const TextChar &t : text)
        for (char32_t c : decompose(t.c))
            out.push_back({c, t.begin, t.end});
    size_t i = 0;
    while (i < out.size()) {
        if (combiningClass(out[i].c) == 0) {
            ++i;
            continue;
        }
        size_t j = i;
        while (j < out.size() && combiningClass(out[j].c) != 0)
            ++j;
        std::stable_sort(out.begin() + i, out.begin() + j,
            [](const TextChar &a, const TextChar &b) { return combiningClass(a.c) < combiningClass(b.c); });
        i = j;
    }
    return out;
}

} // namespace

Text BertNormalizer::apply(Text text) const
{
    if (cleanText) {
        Text out;
        out.reserve(text.size());
        for (TextChar t : text) {
            if (t.c == 0 || t.c == 0xFFFD || isBertControl(t.c))
                continue;
            if (isBertWhitespace(t.c))
                t.c = ' ';
            out.push_back(t);
        }
        text.swap(out);
    }
    if (handleChineseChars) {
        Text out;
        out.reserve(text.size());
        for (const TextChar &t : text) {
            if (isChineseChar(t.c)) {
                out.push_back({' ', t.begin, t.end});
                out.push_back(t);
                out.push_back({' ', t.begin, t.end});
            } else {
                out.push_back(t);
            }
        }
        text.swap(out);
    }
    if (stripAccents == 1 || (stripAccents < 0 && lowercase)) {
        Text out = nfd(text);
        out.erase(
            std::remove_if(out.begin(), out.end(), [](const TextChar &t) { return isMarkNonspacing(t.c); }), out.end());
        text.swap(out);
    }
    if (lowercase) {
        Text out;
        out.reserve(text.size());
        for (const TextChar &t : text)
            for (char32_t c : toLower(t.c))
                out.push_back({c, t.begin, t.end});
        text.swap(out);
    }
    return text;
}

bool isBertPunctuation(char32_t c)
{
    return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126)
        || isPunctuation(c);
}

std::vector<std::pair<size_t, size_t>> splitBert(const std::u32string &text)
{
    std::vector<std::pair<size_t, size_t>> words;
    size_t start = 0;
    const auto flush = [&](size_t end) {
        if (end > start)
            words.emplace_back(start, end);
    };
    for (size_t i = 0; i < text.size(); ++i) {
        if (isWhitespace(text[i])) {
            flush(i);
            start = i + 1;
        } else if (isBertPunctuation(text[i])) {
            flush(i);
            words.emplace_back(i, i + 1);
            start = i + 1;
        }
    }
    flush(text.size());
    return words;
}

std::vector<std::pair<size_t, size_t>> splitGpt2(const std::u32string &text)
{
    const size_t n = text.size();
    const auto isOtherClass = [](char32_t c) { return !isWhitespace(c) && !isLetter(c) && !isNumber(c); };
    // End of a run of at least one `pred` character from i (i when there is none).
    const auto run = [&](size_t i, auto pred) {
        while (i < n && pred(text[i]))
            ++i;
        return i;
    };
    std::vector<std::pair<size_t, size_t>> pieces;
    size_t i = 0;
    while (i < n) {
        size_t end = i;
        // 's|'t|'re|'ve|'m|'ll|'d (case-sensitive, ASCII apostrophe only)
        if (text[i] == '\'' && i + 1 < n) {
            const char32_t a = text[i + 1];
            const char32_t b = i + 2 < n ? text[i + 2] : 0;
            if (a == 's' || a == 't' || a == 'm' || a == 'd')
                end = i + 2;
            else if ((a == 'r' && b == 'e') || (a == 'v' && b == 'e') || (a == 'l' && b == 'l'))
                end = i + 3;
        }
        // ` ?\p{L}+`, ` ?\p{N}+`, ` ?[^\s\p{L}\p{N}]+`, in that order. The optional space is
        // used when the class follows it; without it the class would have to start at the
        // space itself, which none of the three classes contains.
        if (end == i) {
            const size_t from = (text[i] == ' ' && i + 1 < n) ? i + 1 : i;
            if (size_t e = run(from, [](char32_t c) { return isLetter(c); }); e > from)
                end = e;
            else if ((e = run(from, [](char32_t c) { return isNumber(c); })) > from)
                end = e;
            else if ((e = run(from, isOtherClass)) > from)
                end = e;
        }
        // `\s+(?!\S)` then `\s+`: a whitespace run that ends at the end of the text, or that
        // gives its last character back to the word after it when it is longer than one.
        if (end == i) {
            const size_t e = run(i, [](char32_t c) { return isWhitespace(c); });
            if (e == n || e - i == 1)
                end = e;
            else
                end = e - 1;
        }
        if (end == i) // unreachable: every character is a letter, number, space or other
            end = i + 1;
        pieces.emplace_back(i, end);
        i = end;
    }
    return pieces;
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

std::vector<Text> PreTokenizer::split(const Text &text) const
{
    std::vector<Text> words;
    if (text.empty())
        return words;
    if (kind == PreTokenizerKind::None) {
        words.push_back(text);
        return words;
    }
    Text source = text;
    if (kind == PreTokenizerKind::ByteLevel && addPrefixSpace && source.front().c != ' ')
        source.insert(source.begin(), TextChar {' ', source.front().begin, source.front().begin});
    std::u32string chars;
    chars.reserve(source.size());
    for (const TextChar &t : source)
        chars += t.c;
    std::vector<std::pair<size_t, size_t>> ranges;
    if (kind == PreTokenizerKind::Bert)
        ranges = splitBert(chars);
    else if (useRegex)
        ranges = splitGpt2(chars);
    else
        ranges.emplace_back(0, chars.size());
    for (const auto &[b, e] : ranges)
        words.emplace_back(source.begin() + b, source.begin() + e);
    return words;
}

} // namespace attnlab::core::model
