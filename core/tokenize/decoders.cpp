// The decoders of tokenizers/src/decoders (and the ByteLevel, Metaspace and Replace decoders
// that live beside their pre-tokenizer and normalizer there): each turns token strings into
// token strings; the tokenizer joins what the last one gives.

#include "core/tokenize/jsonfields.h"

#include <cstdio>

namespace attnlab::core::model {

namespace {

using namespace json;

// Bytes as text: valid UTF-8 as it is; otherwise U+FFFD per ill-formed part, or hex when lossless.
std::string bytesAsText(const std::string &bytes, bool lossless)
{
    if (isValidUtf8(bytes))
        return bytes;
    return lossless ? hexBytes(bytes) : lossyUtf8(bytes);
}

// byte_level.rs: every token's characters back to their bytes (a token with a character outside
// the table keeps its own UTF-8), all joined into one string.
class ByteLevel : public DecoderPart {
public:
    void decodeChain(std::vector<std::string> &tokens, bool lossless) const override
    {
        std::string bytes;
        for (const std::string &token : tokens) {
            std::string own;
            bool all = true;
            for (const TextChar &c : decodeUtf8(token)) {
                const int b = unicodeToByte(c.c);
                all = all && b >= 0;
                own += char(b);
            }
            bytes += all ? own : token;
        }
        tokens = {bytesAsText(bytes, lossless)};
    }
    bool byteLevel() const override { return true; }
};

std::unique_ptr<DecoderPart> readByteLevel(const Json &, const std::string &)
{
    return std::make_unique<ByteLevel>();
}

// wordpiece.rs: "##" pieces glued to the one before, others after a space; `cleanup` then
// takes the spaces out before punctuation and contractions.
class WordPiece : public DecoderPart {
public:
    std::string prefix = "##";
    bool cleanup = true;

    void decodeChain(std::vector<std::string> &tokens, bool) const override
    {
        for (size_t i = 0; i < tokens.size(); ++i) {
            std::string &token = tokens[i];
            if (i != 0)
                token = token.compare(0, prefix.size(), prefix) == 0 ? token.substr(prefix.size()) : " " + token;
            if (cleanup)
                token = cleaned(token);
        }
    }

private:
    static void replaceAll(std::string &s, const std::string &from, const std::string &to)
    {
        for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
            s.replace(at, from.size(), to);
    }
    static std::string cleaned(std::string s)
    {
        static const std::pair<const char *, const char *> kRules[]
            = {{" .", "."}, {" ?", "?"}, {" !", "!"}, {" ,", ","}, {" ' ", "'"}, {" n't", "n't"}, {" 'm", "'m"},
                {" do not", " don't"}, {" 's", "'s"}, {" 've", "'ve"}, {" 're", "'re"}};
        for (const auto &[from, to] : kRules)
            replaceAll(s, from, to);
        return s;
    }
};

std::unique_ptr<DecoderPart> readWordPiece(const Json &d, const std::string &path)
{
    auto w = std::make_unique<WordPiece>();
    w->prefix = stringField(d, path, "prefix", "##");
    w->cleanup = boolField(d, path, "cleanup", true);
    return w;
}

// replace.rs as a decoder: every match in each token becomes `content`.
class Replace : public DecoderPart {
public:
    Replace(Pattern pattern, std::string content)
        : m_pattern(std::move(pattern))
        , m_content(std::move(content))
    {
    }
    void decodeChain(std::vector<std::string> &tokens, bool) const override
    {
        for (std::string &token : tokens) {
            const Text text = decodeUtf8(token);
            std::string out;
            for (const PatternMatch &m : m_pattern.findMatches(text))
                out += m.match ? m_content : toUtf8(text, m.begin, m.end);
            token = out;
        }
    }

private:
    Pattern m_pattern;
    std::string m_content;
};

std::unique_ptr<DecoderPart> readReplace(const Json &d, const std::string &path)
{
    Pattern pattern = readPattern(require(d, path, "pattern"), join(path, "pattern"));
    return std::make_unique<Replace>(std::move(pattern), stringAt(require(d, path, "content"), join(path, "content")));
}

// byte_fallback.rs: runs of "<0xNN>" tokens become the text of their bytes (one U+FFFD per byte
// when that is not valid UTF-8).
class ByteFallback : public DecoderPart {
public:
    void decodeChain(std::vector<std::string> &tokens, bool lossless) const override
    {
        std::vector<std::string> out;
        std::string bytes;
        const auto flush = [&] {
            if (bytes.empty())
                return;
            if (isValidUtf8(bytes) || lossless)
                out.push_back(bytesAsText(bytes, lossless));
            else
                out.insert(out.end(), bytes.size(), "\uFFFD");
            bytes.clear();
        };
        for (std::string &token : tokens) {
            const auto hex = [](char c) {
                return c >= '0' && c <= '9' ? c - '0'
                    : c >= 'a' && c <= 'f'  ? c - 'a' + 10
                    : c >= 'A' && c <= 'F'  ? c - 'A' + 10
                                            : -1;
            };
            const bool isByte = token.size() == 6 && token.compare(0, 3, "<0x") == 0 && token[5] == '>'
                && hex(token[3]) >= 0 && hex(token[4]) >= 0;
            if (isByte) {
                bytes += char(hex(token[3]) * 16 + hex(token[4]));
                continue;
            }
            flush();
            out.push_back(std::move(token));
        }
        flush();
        tokens.swap(out);
    }
};

std::unique_ptr<DecoderPart> readByteFallback(const Json &, const std::string &)
{
    return std::make_unique<ByteFallback>();
}

// fuse.rs: all tokens joined into one.
class Fuse : public DecoderPart {
public:
    void decodeChain(std::vector<std::string> &tokens, bool) const override
    {
        std::string joined;
        for (const std::string &t : tokens)
            joined += t;
        tokens = {joined};
    }
};

std::unique_ptr<DecoderPart> readFuse(const Json &, const std::string &)
{
    return std::make_unique<Fuse>();
}

// strip.rs: up to `start` leading and `stop` trailing copies of `content` off every token.
class Strip : public DecoderPart {
public:
    char32_t content = ' ';
    size_t start = 0;
    size_t stop = 0;

    void decodeChain(std::vector<std::string> &tokens, bool) const override
    {
        for (std::string &token : tokens) {
            const Text chars = decodeUtf8(token);
            size_t begin = 0, end = chars.size();
            while (begin < start && begin < chars.size() && chars[begin].c == content)
                ++begin;
            for (size_t i = 0; i < stop && end > 0 && chars[end - 1].c == content; ++i)
                --end;
            token = begin < end ? toUtf8(chars, begin, end) : std::string();
        }
    }
};

std::unique_ptr<DecoderPart> readStrip(const Json &d, const std::string &path)
{
    auto s = std::make_unique<Strip>();
    s->content = charField(d, path, "content", ' ');
    s->start = size_t(countField(d, path, "start", 0));
    s->stop = size_t(countField(d, path, "stop", 0));
    return s;
}

// metaspace.rs as a decoder: ▁ back to spaces, except a leading one of the first token
// (unless prepend_scheme is "never").
class Metaspace : public DecoderPart {
public:
    char32_t replacement = U'\u2581';
    PrependScheme scheme = PrependScheme::Always;

    void decodeChain(std::vector<std::string> &tokens, bool) const override
    {
        for (size_t i = 0; i < tokens.size(); ++i) {
            std::string out;
            for (const TextChar &c : decodeUtf8(tokens[i])) {
                if (c.c != replacement)
                    appendUtf8(out, c.c);
                else if (i != 0 || scheme == PrependScheme::Never)
                    out += ' ';
            }
            tokens[i] = out;
        }
    }
};

std::unique_ptr<DecoderPart> readMetaspace(const Json &d, const std::string &path)
{
    auto m = std::make_unique<Metaspace>();
    m->replacement = charField(d, path, "replacement", U'\u2581');
    m->scheme = prependSchemeField(d, path);
    return m;
}

// bpe.rs's BPEDecoder: the end-of-word suffix becomes a space, except on the last token.
class BpeDecoder : public DecoderPart {
public:
    std::string suffix = "</w>";

    void decodeChain(std::vector<std::string> &tokens, bool) const override
    {
        for (size_t i = 0; i < tokens.size(); ++i) {
            std::string &t = tokens[i];
            for (size_t at = t.find(suffix); !suffix.empty() && at != std::string::npos; at = t.find(suffix, at))
                t.replace(at, suffix.size(), i + 1 == tokens.size() ? "" : " ");
        }
    }
};

std::unique_ptr<DecoderPart> readBpeDecoder(const Json &d, const std::string &path)
{
    auto b = std::make_unique<BpeDecoder>();
    b->suffix = stringField(d, path, "suffix", "</w>");
    return b;
}

class DecoderSequence : public DecoderPart {
public:
    std::vector<std::unique_ptr<DecoderPart>> parts;

    void decodeChain(std::vector<std::string> &tokens, bool lossless) const override
    {
        for (const auto &part : parts)
            part->decodeChain(tokens, lossless);
    }
    bool byteLevel() const override
    {
        for (const auto &part : parts)
            if (part->byteLevel())
                return true;
        return false;
    }
};

std::unique_ptr<DecoderPart> readSequence(const Json &d, const std::string &path)
{
    auto s = std::make_unique<DecoderSequence>();
    const Json &list = arrayField(d, path, "decoders");
    for (size_t i = 0; i < list.size(); ++i)
        s->parts.push_back(readDecoder(list[i], indexed(join(path, "decoders"), i)));
    return s;
}

const PartRow<DecoderPart> kDecoders[] = {
    {"ByteLevel", readByteLevel},
    {"WordPiece", readWordPiece},
    {"Replace", readReplace},
    {"ByteFallback", readByteFallback},
    {"Fuse", readFuse},
    {"Strip", readStrip},
    {"Metaspace", readMetaspace},
    {"BPEDecoder", readBpeDecoder},
    {"Sequence", readSequence},
};

} // namespace

std::unique_ptr<DecoderPart> readDecoder(const Json &value, const std::string &path)
{
    return readPart(kDecoders, value, path);
}

std::string hexBytes(const std::string &bytes)
{
    std::string out = "\u2039";
    char hex[4];
    for (size_t i = 0; i < bytes.size(); ++i) {
        std::snprintf(hex, sizeof hex, "%02x", static_cast<unsigned char>(bytes[i]));
        if (i > 0)
            out += ' ';
        out += hex;
    }
    return out + "\u203a";
}

} // namespace attnlab::core::model
