#pragma once
// tokenizers' Pattern (tokenizer/pattern.rs) and NormalizedString::split: where a pattern
// matches in a text, and how a text is cut at those matches (SplitDelimiterBehavior).
//
// Regular expressions are PCRE2's, in UTF + UCP mode on code points, which matches what the
// library's Oniguruma does for the patterns real tokenizer.json files use (\p{L}, \p{N}, \s,
// (?i:…), (?!\S)). One difference is known: Oniguruma's \s also matches U+0085 (NEXT LINE),
// PCRE2's does not.

#include "core/tokenize/unicodetext.h"

#include <memory>
#include <string>
#include <vector>

namespace attnlab::core::model {

// A stretch of a text, [begin, end) in characters, and whether the pattern matched it. A list
// of them covers the whole text in order.
struct PatternMatch {
    size_t begin = 0;
    size_t end = 0;
    bool match = false;
};

enum class SplitBehavior { Removed, Isolated, MergedWithPrevious, MergedWithNext, Contiguous };

// Compiled once (with JIT where PCRE2 has it) and shared by every thread that encodes.
class Regex {
public:
    // Throws TokenizerError with PCRE2's message when the pattern does not compile.
    explicit Regex(const std::string &pattern);
    ~Regex();
    Regex(const Regex &) = delete;
    Regex &operator=(const Regex &) = delete;

    // SysRegex's find_matches: leftmost matches, an empty match never right after the last one.
    std::vector<PatternMatch> findMatches(const Text &text) const;

private:
    struct Compiled;
    std::unique_ptr<Compiled> m_compiled;
};

// What to look for: a regular expression, or a literal string (`{"String": …}`, which the
// library escapes into a regex), or — for the character-class splits — neither.
class Pattern {
public:
    static Pattern regex(const std::string &expression);
    static Pattern literal(const std::string &text);

    std::vector<PatternMatch> findMatches(const Text &text) const;

private:
    std::shared_ptr<const Regex> m_regex;
    std::u32string m_literal;
};

// The matches of a character predicate: every character for which `is` holds is a match of its own.
template<class Predicate> std::vector<PatternMatch> charMatches(const Text &text, Predicate is)
{
    std::vector<PatternMatch> out;
    size_t last = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        if (!is(text[i].c))
            continue;
        if (last < i)
            out.push_back({last, i, false});
        out.push_back({i, i + 1, true});
        last = i + 1;
    }
    if (last < text.size())
        out.push_back({last, text.size(), false});
    return out;
}

// Flips every match flag (pattern.rs's Invert).
std::vector<PatternMatch> inverted(std::vector<PatternMatch> matches);

// NormalizedString::split: cuts `text` at `matches` as `behavior` says; empty pieces are dropped.
std::vector<Text> splitAt(const Text &text, const std::vector<PatternMatch> &matches, SplitBehavior behavior);

// NormalizedString::replace: every match becomes `content`, whose characters keep the byte
// range of what they replace.
Text replaceMatches(const Text &text, const std::vector<PatternMatch> &matches, const std::u32string &content);

} // namespace attnlab::core::model
