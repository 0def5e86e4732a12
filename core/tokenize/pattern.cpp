#include "core/tokenize/pattern.h"

#include "core/text/messageid.h"
#include "core/tokenize/tokenizerdata.h"

#define PCRE2_CODE_UNIT_WIDTH 32
#include <pcre2.h>

#include <algorithm>

namespace attnlab::core::model {

namespace {

// A JIT stack per thread: PCRE2's default of 32 kB is too small for a long run of spaces
// against GPT-2's \s+(?!\S), and one stack must not be used by two threads at once.
struct JitStack {
    pcre2_jit_stack *stack = pcre2_jit_stack_create(32 * 1024, 8 * 1024 * 1024, nullptr);
    pcre2_match_context *context = pcre2_match_context_create(nullptr);
    JitStack() { pcre2_jit_stack_assign(context, nullptr, stack); }
    ~JitStack()
    {
        pcre2_match_context_free(context);
        pcre2_jit_stack_free(stack);
    }
};

} // namespace

struct Regex::Compiled {
    pcre2_code *code = nullptr;
    bool jit = false;
    ~Compiled() { pcre2_code_free(code); }
};

Regex::Regex(const std::string &pattern)
    : m_compiled(std::make_unique<Compiled>())
{
    std::u32string units;
    for (const TextChar &c : decodeUtf8(pattern))
        units += c.c;
    int error = 0;
    PCRE2_SIZE offset = 0;
    m_compiled->code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(units.data()), units.size(),
        PCRE2_UTF | PCRE2_UCP | PCRE2_NO_UTF_CHECK, &error, &offset, nullptr);
    if (!m_compiled->code) {
        PCRE2_UCHAR message[256];
        pcre2_get_error_message(error, message, 256);
        std::u32string text;
        for (size_t i = 0; i < 256 && message[i]; ++i)
            text += char32_t(message[i]);
        // PCRE2's own reason stays as the library words it.
        throw TokenizerError(
            "", Message(MessageId::TokenizerRegexInvalid, std::to_string(offset), Message::literal(toUtf8(text))));
    }
    m_compiled->jit = pcre2_jit_compile(m_compiled->code, PCRE2_JIT_COMPLETE) == 0;
}

Regex::~Regex() = default;

std::vector<PatternMatch> Regex::findMatches(const Text &text) const
{
    std::vector<PatternMatch> out;
    if (text.empty()) {
        out.push_back({0, 0, false});
        return out;
    }
    std::u32string subject;
    subject.reserve(text.size());
    for (const TextChar &c : text)
        subject += c.c;
    thread_local JitStack jitStack;
    pcre2_match_data *data = pcre2_match_data_create_from_pattern(m_compiled->code, nullptr);
    const auto subjectUnits = reinterpret_cast<PCRE2_SPTR>(subject.data());
    size_t previous = 0; // end of the last match
    size_t from = 0;
    bool matchedBefore = false;
    while (from <= subject.size()) {
        const int rc = m_compiled->jit
            ? pcre2_jit_match(m_compiled->code, subjectUnits, subject.size(), from, 0, data, jitStack.context)
            : pcre2_match(m_compiled->code, subjectUnits, subject.size(), from, PCRE2_NO_UTF_CHECK, data, nullptr);
        if (rc < 0)
            break; // no further match (or PCRE2 gave up, which leaves the rest unmatched)
        const PCRE2_SIZE *ovector = pcre2_get_ovector_pointer(data);
        const size_t begin = ovector[0], end = ovector[1];
        if (begin == end && matchedBefore && end == previous) {
            from = end + 1; // Oniguruma's find_iter: no empty match right after the last match
            continue;
        }
        if (previous < begin)
            out.push_back({previous, begin, false});
        out.push_back({begin, end, true});
        previous = end;
        matchedBefore = true;
        from = begin == end ? end + 1 : end;
    }
    pcre2_match_data_free(data);
    if (previous < subject.size())
        out.push_back({previous, subject.size(), false});
    return out;
}

Pattern Pattern::regex(const std::string &expression)
{
    Pattern p;
    p.m_regex = std::make_shared<const Regex>(expression);
    return p;
}

Pattern Pattern::literal(const std::string &text)
{
    Pattern p;
    for (const TextChar &c : decodeUtf8(text))
        p.m_literal += c.c;
    return p;
}

std::vector<PatternMatch> Pattern::findMatches(const Text &text) const
{
    if (m_regex)
        return m_regex->findMatches(text);
    std::vector<PatternMatch> out;
    const size_t n = m_literal.size();
    size_t last = 0;
    for (size_t i = 0; n > 0 && i + n <= text.size();) {
        bool same = true;
        for (size_t k = 0; k < n && same; ++k)
            same = text[i + k].c == m_literal[k];
        if (!same) {
            ++i;
            continue;
        }
        if (last < i)
            out.push_back({last, i, false});
        out.push_back({i, i + n, true});
        i += n;
        last = i;
    }
    if (last < text.size() || text.empty())
        out.push_back({last, text.size(), false});
    return out;
}

std::vector<PatternMatch> inverted(std::vector<PatternMatch> matches)
{
    for (PatternMatch &m : matches)
        m.match = !m.match;
    return matches;
}

std::vector<Text> splitAt(const Text &text, const std::vector<PatternMatch> &matches, SplitBehavior behavior)
{
    // (range, remove) pairs, folded exactly as NormalizedString::split folds them.
    std::vector<PatternMatch> pieces; // here `match` means "remove"
    bool previousMatch = false;
    switch (behavior) {
    case SplitBehavior::Isolated:
        for (const PatternMatch &m : matches)
            pieces.push_back({m.begin, m.end, false});
        break;
    case SplitBehavior::Removed:
        pieces = matches;
        break;
    case SplitBehavior::Contiguous:
        for (const PatternMatch &m : matches) {
            if (m.match == previousMatch && !pieces.empty())
                pieces.back().end = m.end;
            else
                pieces.push_back({m.begin, m.end, false});
            previousMatch = m.match;
        }
        break;
    case SplitBehavior::MergedWithPrevious:
        for (const PatternMatch &m : matches) {
            if (m.match && !previousMatch && !pieces.empty())
                pieces.back().end = m.end;
            else
                pieces.push_back({m.begin, m.end, false});
            previousMatch = m.match;
        }
        break;
    case SplitBehavior::MergedWithNext:
        for (auto it = matches.rbegin(); it != matches.rend(); ++it) {
            if (it->match && !previousMatch && !pieces.empty())
                pieces.back().begin = it->begin;
            else
                pieces.push_back({it->begin, it->end, false});
            previousMatch = it->match;
        }
        std::reverse(pieces.begin(), pieces.end());
        break;
    }
    std::vector<Text> out;
    for (const PatternMatch &p : pieces)
        if (!p.match && p.end > p.begin)
            out.emplace_back(text.begin() + long(p.begin), text.begin() + long(p.end));
    return out;
}

Text replaceMatches(const Text &text, const std::vector<PatternMatch> &matches, const std::u32string &content)
{
    Text out;
    out.reserve(text.size());
    for (const PatternMatch &m : matches) {
        if (!m.match) {
            out.insert(out.end(), text.begin() + long(m.begin), text.begin() + long(m.end));
            continue;
        }
        // An empty match (possible with a regex) takes its range from the character after it.
        const size_t at = std::min(m.begin, text.empty() ? 0 : text.size() - 1);
        const int begin = text.empty() ? 0 : text[at].begin;
        const int end = m.end > m.begin ? text[m.end - 1].end : begin;
        for (char32_t c : content)
            out.push_back({c, begin, end});
    }
    return out;
}

} // namespace attnlab::core::model
