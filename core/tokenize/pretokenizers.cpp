// The pre-tokenizers of tokenizers/src/pre_tokenizers: byte_level.rs, split.rs, whitespace.rs,
// bert.rs, metaspace.rs, digits.rs, punctuation.rs and sequence.rs.

#include "core/tokenize/jsonfields.h"
#include "core/tokenize/parts.h"
#include "core/tokenize/pattern.h"

namespace attnlab::core::model {

namespace {

using namespace json;

// PreTokenizedString::split with one function applied to every word.
template<class SplitWord> void splitEach(std::vector<Text> &words, SplitWord splitWord)
{
    std::vector<Text> out;
    out.reserve(words.size());
    for (Text &word : words)
        for (Text &piece : splitWord(word))
            if (!piece.empty())
                out.push_back(std::move(piece));
    words.swap(out);
}

// NormalizedString::prepend: nothing for an empty text; else the new characters take the range
// of the first one.
void prependChar(Text &text, char32_t c)
{
    if (!text.empty())
        text.insert(text.begin(), TextChar {c, text[0].begin, text[0].end});
}

bool isPunc(char32_t c)
{
    return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126)
        || isPunctuation(c);
}

// byte_level.rs: optionally " " in front, GPT-2's pattern (Isolated), then every byte of the
// UTF-8 of each word as its printable character; each byte keeps its character's range.
class ByteLevel : public PreTokenizerPart {
public:
    bool addPrefixSpace = true;
    bool useRegex = true;

    void preTokenize(std::vector<Text> &words) const override
    {
        static const Pattern gpt2
            = Pattern::regex(R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)");
        splitEach(words, [&](Text &word) {
            if (addPrefixSpace && !word.empty() && word[0].c != ' ')
                prependChar(word, ' ');
            return useRegex ? splitAt(word, gpt2.findMatches(word), SplitBehavior::Isolated) : std::vector<Text> {word};
        });
        for (Text &word : words) {
            Text bytes;
            bytes.reserve(word.size());
            for (const TextChar &c : word) {
                std::string utf8;
                appendUtf8(utf8, c.c);
                for (unsigned char b : utf8)
                    bytes.push_back({byteToUnicode()[b], c.begin, c.end});
            }
            word.swap(bytes);
        }
    }
    bool byteLevel() const override { return true; }
};

std::unique_ptr<PreTokenizerPart> readByteLevel(const Json &p, const std::string &path)
{
    auto b = std::make_unique<ByteLevel>();
    b->addPrefixSpace = boolField(p, path, "add_prefix_space", true);
    b->useRegex = boolField(p, path, "use_regex", true);
    boolField(p, path, "trim_offsets", true); // offsets only; checked for its type
    return b;
}

// split.rs: cut at the matches of a pattern (or, inverted, at what lies between them).
class Split : public PreTokenizerPart {
public:
    Split(Pattern pattern, SplitBehavior behavior, bool invert)
        : m_pattern(std::move(pattern))
        , m_behavior(behavior)
        , m_invert(invert)
    {
    }
    void preTokenize(std::vector<Text> &words) const override
    {
        splitEach(words, [&](const Text &word) {
            std::vector<PatternMatch> matches = m_pattern.findMatches(word);
            return splitAt(word, m_invert ? inverted(std::move(matches)) : matches, m_behavior);
        });
    }

private:
    Pattern m_pattern;
    SplitBehavior m_behavior;
    bool m_invert;
};

std::unique_ptr<PreTokenizerPart> readSplit(const Json &p, const std::string &path)
{
    Pattern pattern = readPattern(require(p, path, "pattern"), join(path, "pattern"));
    require(p, path, "behavior");
    const SplitBehavior behavior = behaviorField(p, path, "behavior", SplitBehavior::Isolated);
    return std::make_unique<Split>(std::move(pattern), behavior, boolField(p, path, "invert", false));
}

// A split at every character for which a predicate holds (pattern.rs's `impl Pattern for Fn`).
class CharSplit : public PreTokenizerPart {
public:
    CharSplit(bool (*is)(char32_t), SplitBehavior behavior)
        : m_is(is)
        , m_behavior(behavior)
    {
    }
    void preTokenize(std::vector<Text> &words) const override
    {
        splitEach(words, [&](const Text &word) { return splitAt(word, charMatches(word, m_is), m_behavior); });
    }

private:
    bool (*m_is)(char32_t);
    SplitBehavior m_behavior;
};

// whitespace.rs's Whitespace: the words of \w+|[^\w\s]+ (Rust regex classes), the rest dropped.
class Whitespace : public PreTokenizerPart {
public:
    void preTokenize(std::vector<Text> &words) const override
    {
        splitEach(words, [](const Text &word) {
            std::vector<Text> out;
            size_t i = 0;
            while (i < word.size()) {
                const auto kind = [](char32_t c) { return isWordChar(c) ? 1 : isWhitespace(c) ? 0 : 2; };
                const int k = kind(word[i].c);
                size_t j = i + 1;
                while (j < word.size() && kind(word[j].c) == k)
                    ++j;
                if (k != 0)
                    out.emplace_back(word.begin() + long(i), word.begin() + long(j));
                i = j;
            }
            return out;
        });
    }
};

std::unique_ptr<PreTokenizerPart> readWhitespace(const Json &, const std::string &)
{
    return std::make_unique<Whitespace>();
}

std::unique_ptr<PreTokenizerPart> readWhitespaceSplit(const Json &, const std::string &)
{
    return std::make_unique<CharSplit>(isWhitespace, SplitBehavior::Removed);
}

// bert.rs: white space removed, then each punctuation character a word of its own.
class BertPreTokenizer : public PreTokenizerPart {
public:
    void preTokenize(std::vector<Text> &words) const override
    {
        m_whitespace.preTokenize(words);
        m_punctuation.preTokenize(words);
    }

private:
    CharSplit m_whitespace {isWhitespace, SplitBehavior::Removed};
    CharSplit m_punctuation {isPunc, SplitBehavior::Isolated};
};

std::unique_ptr<PreTokenizerPart> readBert(const Json &, const std::string &)
{
    return std::make_unique<BertPreTokenizer>();
}

std::unique_ptr<PreTokenizerPart> readPunctuation(const Json &p, const std::string &path)
{
    return std::make_unique<CharSplit>(isPunc, behaviorField(p, path, "behavior", SplitBehavior::Isolated));
}

std::unique_ptr<PreTokenizerPart> readDigits(const Json &p, const std::string &path)
{
    const bool individual = boolField(p, path, "individual_digits", false);
    return std::make_unique<CharSplit>(isNumber, individual ? SplitBehavior::Isolated : SplitBehavior::Contiguous);
}

// metaspace.rs: spaces become the replacement (▁), which is put in front as prepend_scheme
// says ("first": only for the text that starts the input), then each ▁ starts a word.
class Metaspace : public PreTokenizerPart {
public:
    char32_t replacement = U'\u2581';
    PrependScheme scheme = PrependScheme::Always;
    bool split = true;

    void preTokenize(std::vector<Text> &words) const override
    {
        splitEach(words, [&](Text &word) {
            for (TextChar &c : word)
                if (c.c == ' ')
                    c.c = replacement;
            const bool starts = !word.empty() && word[0].c == replacement;
            if (!starts
                && (scheme == PrependScheme::Always
                    || (scheme == PrependScheme::First && !word.empty() && word[0].begin == 0)))
                prependChar(word, replacement);
            if (!split)
                return std::vector<Text> {word};
            const char32_t r = replacement;
            return splitAt(word, charMatches(word, [r](char32_t c) { return c == r; }), SplitBehavior::MergedWithNext);
        });
    }
};

std::unique_ptr<PreTokenizerPart> readMetaspace(const Json &p, const std::string &path)
{
    auto m = std::make_unique<Metaspace>();
    m->replacement = charField(p, path, "replacement", U'\u2581');
    m->scheme = prependSchemeField(p, path);
    m->split = boolField(p, path, "split", true);
    return m;
}

class PreTokenizerSequence : public PreTokenizerPart {
public:
    std::vector<std::unique_ptr<PreTokenizerPart>> parts;

    void preTokenize(std::vector<Text> &words) const override
    {
        for (const auto &part : parts)
            part->preTokenize(words);
    }
    bool byteLevel() const override
    {
        for (const auto &part : parts)
            if (part->byteLevel())
                return true;
        return false;
    }
};

std::unique_ptr<PreTokenizerPart> readSequence(const Json &p, const std::string &path)
{
    auto s = std::make_unique<PreTokenizerSequence>();
    const Json &list = arrayField(p, path, "pretokenizers");
    for (size_t i = 0; i < list.size(); ++i)
        s->parts.push_back(readPreTokenizer(list[i], indexed(join(path, "pretokenizers"), i)));
    return s;
}

const PartRow<PreTokenizerPart> kPreTokenizers[] = {
    {"ByteLevel", readByteLevel},
    {"Split", readSplit},
    {"Whitespace", readWhitespace},
    {"WhitespaceSplit", readWhitespaceSplit},
    {"BertPreTokenizer", readBert},
    {"Metaspace", readMetaspace},
    {"Digits", readDigits},
    {"Punctuation", readPunctuation},
    {"Sequence", readSequence},
};

} // namespace

std::unique_ptr<PreTokenizerPart> readPreTokenizer(const Json &value, const std::string &path)
{
    return readPart(kPreTokenizers, value, path);
}

} // namespace attnlab::core::model
