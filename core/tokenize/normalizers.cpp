// The normalizers of tokenizers/src/normalizers: bert.rs, unicode.rs, strip.rs, prepend.rs,
// replace.rs and utils.rs (Lowercase, Sequence).

#include "core/tokenize/jsonfields.h"
#include "core/tokenize/parts.h"
#include "core/tokenize/pattern.h"

#include <algorithm>

namespace attnlab::core::model {

namespace {

using namespace json;

bool isBertWhitespace(char32_t c)
{
    return c == '\t' || c == '\n' || c == '\r' || isWhitespace(c);
}

bool isBertControl(char32_t c)
{
    return c != '\t' && c != '\n' && c != '\r' && isOther(c);
}

// bert.rs: clean_text, handle_chinese_chars, strip_accents (NFD, then no Mn), lowercase.
class BertNormalizer : public NormalizerPart {
public:
    bool cleanText = true;
    bool handleChineseChars = true;
    bool stripAccents = true; // null in the file follows `lowercase`
    bool lowercase = true;

    void normalize(Text &text) const override
    {
        Text out;
        out.reserve(text.size());
        for (TextChar t : text) {
            if (cleanText && (t.c == 0 || t.c == 0xFFFD || isBertControl(t.c)))
                continue;
            if (cleanText && isBertWhitespace(t.c))
                t.c = ' ';
            if (handleChineseChars && isChineseChar(t.c)) {
                out.push_back({' ', t.begin, t.end});
                out.push_back(t);
                out.push_back({' ', t.begin, t.end});
            } else {
                out.push_back(t);
            }
        }
        if (stripAccents) {
            out = normalizeForm(out, UnicodeForm::Nfd);
            out.erase(std::remove_if(out.begin(), out.end(), [](const TextChar &t) { return isMarkNonspacing(t.c); }),
                out.end());
        }
        if (lowercase)
            out = lowercased(out);
        text.swap(out);
    }

    static Text lowercased(const Text &text)
    {
        Text out;
        out.reserve(text.size());
        for (const TextChar &t : text)
            for (char32_t c : toLower(t.c))
                out.push_back({c, t.begin, t.end});
        return out;
    }
};

std::unique_ptr<NormalizerPart> readBert(const Json &n, const std::string &path)
{
    auto b = std::make_unique<BertNormalizer>();
    b->cleanText = boolField(n, path, "clean_text", true);
    b->handleChineseChars = boolField(n, path, "handle_chinese_chars", true);
    b->lowercase = boolField(n, path, "lowercase", true);
    const Json *strip = find(n, "strip_accents");
    b->stripAccents = (!strip || strip->is_null()) ? b->lowercase : boolField(n, path, "strip_accents", false);
    return b;
}

class UnicodeNormalizer : public NormalizerPart {
public:
    explicit UnicodeNormalizer(UnicodeForm form)
        : m_form(form)
    {
    }
    void normalize(Text &text) const override { text = normalizeForm(text, m_form); }

private:
    UnicodeForm m_form;
};

template<UnicodeForm form> std::unique_ptr<NormalizerPart> readUnicode(const Json &, const std::string &)
{
    return std::make_unique<UnicodeNormalizer>(form);
}

class Lowercase : public NormalizerPart {
public:
    void normalize(Text &text) const override { text = BertNormalizer::lowercased(text); }
};

std::unique_ptr<NormalizerPart> readLowercase(const Json &, const std::string &)
{
    return std::make_unique<Lowercase>();
}

// strip.rs's StripAccents: removes every combining mark (M*), without decomposing first.
class StripAccents : public NormalizerPart {
public:
    void normalize(Text &text) const override
    {
        text.erase(std::remove_if(text.begin(), text.end(), [](const TextChar &t) { return isMark(t.c); }), text.end());
    }
};

std::unique_ptr<NormalizerPart> readStripAccents(const Json &, const std::string &)
{
    return std::make_unique<StripAccents>();
}

// strip.rs's Strip: white space off the left and/or right end.
class Strip : public NormalizerPart {
public:
    bool left = true;
    bool right = true;

    void normalize(Text &text) const override
    {
        size_t b = 0, e = text.size();
        while (left && b < e && isWhitespace(text[b].c))
            ++b;
        while (right && e > b && isWhitespace(text[e - 1].c))
            --e;
        text = Text(text.begin() + long(b), text.begin() + long(e));
    }
};

std::unique_ptr<NormalizerPart> readStrip(const Json &n, const std::string &path)
{
    auto s = std::make_unique<Strip>();
    s->left = boolField(n, path, "strip_left", true);
    s->right = boolField(n, path, "strip_right", true);
    return s;
}

// prepend.rs: a non-empty text gets `prepend` in front, which takes the first character's range.
class Prepend : public NormalizerPart {
public:
    std::u32string prepend;

    void normalize(Text &text) const override
    {
        if (text.empty())
            return;
        Text front;
        for (char32_t c : prepend)
            front.push_back({c, text[0].begin, text[0].end});
        text.insert(text.begin(), front.begin(), front.end());
    }
};

std::u32string codePoints(const std::string &utf8)
{
    std::u32string out;
    for (const TextChar &c : decodeUtf8(utf8))
        out += c.c;
    return out;
}

std::unique_ptr<NormalizerPart> readPrepend(const Json &n, const std::string &path)
{
    auto p = std::make_unique<Prepend>();
    p->prepend = codePoints(stringAt(require(n, path, "prepend"), join(path, "prepend")));
    return p;
}

// replace.rs: every match of the pattern ({"String": …} or {"Regex": …}) becomes `content`.
class Replace : public NormalizerPart {
public:
    Replace(Pattern pattern, std::u32string content)
        : m_pattern(std::move(pattern))
        , m_content(std::move(content))
    {
    }
    void normalize(Text &text) const override { text = replaceMatches(text, m_pattern.findMatches(text), m_content); }

private:
    Pattern m_pattern;
    std::u32string m_content;
};

std::unique_ptr<NormalizerPart> readReplace(const Json &n, const std::string &path)
{
    Pattern pattern = readPattern(require(n, path, "pattern"), join(path, "pattern"));
    return std::make_unique<Replace>(
        std::move(pattern), codePoints(stringAt(require(n, path, "content"), join(path, "content"))));
}

class NormalizerSequence : public NormalizerPart {
public:
    std::vector<std::unique_ptr<NormalizerPart>> parts;

    void normalize(Text &text) const override
    {
        for (const auto &part : parts)
            part->normalize(text);
    }
};

std::unique_ptr<NormalizerPart> readSequence(const Json &n, const std::string &path)
{
    auto s = std::make_unique<NormalizerSequence>();
    const Json &list = arrayField(n, path, "normalizers");
    for (size_t i = 0; i < list.size(); ++i)
        s->parts.push_back(readNormalizer(list[i], indexed(join(path, "normalizers"), i)));
    return s;
}

const PartRow<NormalizerPart> kNormalizers[] = {
    {"BertNormalizer", readBert},
    {"NFC", readUnicode<UnicodeForm::Nfc>},
    {"NFD", readUnicode<UnicodeForm::Nfd>},
    {"NFKC", readUnicode<UnicodeForm::Nfkc>},
    {"NFKD", readUnicode<UnicodeForm::Nfkd>},
    {"Lowercase", readLowercase},
    {"StripAccents", readStripAccents},
    {"Strip", readStrip},
    {"Prepend", readPrepend},
    {"Replace", readReplace},
    {"Sequence", readSequence},
};

} // namespace

std::unique_ptr<NormalizerPart> readNormalizer(const Json &value, const std::string &path)
{
    return readPart(kNormalizers, value, path);
}

} // namespace attnlab::core::model
