#include "core/tokenize/tokenizerdata.h"

#include <algorithm>

namespace attnlab::core::model {

namespace detail {

void TokenizerData::finishAddedTokens(std::vector<AddedToken> tokens)
{
    std::stable_partition(tokens.begin(), tokens.end(), [](const AddedToken &t) { return t.special; });
    addedTokens.clear();
    for (AddedToken &t : tokens) {
        // The library ignores empty tokens and keeps the first of two with the same content.
        if (t.content.empty() || addedByContent.count(t.content))
            continue;
        for (const TextChar &c : decodeUtf8(t.content))
            t.chars += c.c;
        t.pattern = t.chars;
        if (t.normalized && normalizer) {
            t.pattern.clear();
            for (const TextChar &c : normalized(decodeUtf8(t.content)))
                t.pattern += c.c;
        }
        addedByContent.emplace(t.content, addedTokens.size());
        addedById.emplace(t.id, addedTokens.size());
        addedTokens.push_back(std::move(t));
    }
}

} // namespace detail

namespace {

using detail::TokenizerData;

struct Match {
    int added; // index into addedTokens, or -1 for text between matches
    size_t begin, end;
};

// AddedVocabulary::find_matches: leftmost-longest matches of the tokens whose `normalized`
// equals `normalized`, then single_word, lstrip and rstrip; the result covers all of `text`.
std::vector<Match> findAddedTokens(const TokenizerData &data, const Text &text, bool normalized)
{
    std::vector<Match> raw;
    const size_t n = text.size();
    size_t p = 0;
    while (p < n) {
        int best = -1;
        size_t bestLength = 0;
        for (size_t k = 0; k < data.addedTokens.size(); ++k) {
            const AddedToken &t = data.addedTokens[k];
            const std::u32string &pattern = t.pattern;
            if (t.normalized != normalized || pattern.empty() || pattern.size() > n - p || pattern.size() <= bestLength)
                continue;
            bool same = true;
            for (size_t j = 0; j < pattern.size() && same; ++j)
                same = text[p + j].c == pattern[j];
            if (same)
                best = int(k), bestLength = pattern.size();
        }
        if (best >= 0) {
            raw.push_back({best, p, p + bestLength});
            p += bestLength;
        } else {
            ++p;
        }
    }
    std::vector<Match> splits;
    size_t startOffset = 0;
    for (Match m : raw) {
        const AddedToken &t = data.addedTokens[m.added];
        if (m.begin < startOffset)
            continue; // only after an rstrip that reached into this match
        if (t.singleWord) {
            const bool startSpace = m.begin == 0 || !isWordChar(text[m.begin - 1].c);
            const bool stopSpace = m.end == n || !isWordChar(text[m.end].c);
            if (!startSpace || !stopSpace)
                continue;
        }
        if (t.lstrip) {
            size_t b = m.begin;
            while (b > 0 && isWhitespace(text[b - 1].c))
                --b;
            m.begin = std::max(b, startOffset);
        }
        if (t.rstrip)
            while (m.end < n && isWhitespace(text[m.end].c))
                ++m.end;
        if (startOffset < m.begin)
            splits.push_back({-1, startOffset, m.begin});
        splits.push_back(m);
        startOffset = m.end;
    }
    if (startOffset < n)
        splits.push_back({-1, startOffset, n});
    return splits;
}

Token makeToken(const Tokenizer &tokenizer, int id, int begin, int end)
{
    Token token;
    token.id = id;
    token.piece = tokenizer.tokenText(id);
    token.display = tokenizer.displayText(id);
    token.begin = begin;
    token.end = end;
    return token;
}

void tokenizeWord(const TokenizerData &data, const Tokenizer &tokenizer, const Text &word, std::vector<Token> &out)
{
    for (const ModelPiece &p : data.model->tokenize(word))
        out.push_back(makeToken(tokenizer, p.id, word[p.begin].begin, word[p.end - 1].end));
}

// The decoder that gives a piece's text: the file's, or for a byte-level pipeline written
// without one, ByteLevel (so " cat" still reads as " cat").
const DecoderPart *pieceDecoder(const TokenizerData &data)
{
    if (data.decoder || !data.byteLevel())
        return data.decoder.get();
    static const std::unique_ptr<DecoderPart> byteLevel = readDecoder({{"type", "ByteLevel"}}, "decoder");
    return byteLevel.get();
}

} // namespace

Tokenizer::Tokenizer(std::shared_ptr<const detail::TokenizerData> data)
    : m_data(std::move(data))
{
}

TokenizerKind Tokenizer::kind() const
{
    return m_data->model->kind();
}

size_t Tokenizer::mergeCount() const
{
    return m_data->model->mergeCount();
}

std::string Tokenizer::tokenText(int id) const
{
    const auto added = m_data->addedById.find(id);
    if (added != m_data->addedById.end())
        return m_data->addedTokens[added->second].content;
    const std::optional<std::string_view> text = m_data->vocab().textOf(id);
    return text ? std::string(*text) : std::string();
}

int Tokenizer::idOf(const std::string &piece) const
{
    const auto added = m_data->addedByContent.find(piece);
    if (added != m_data->addedByContent.end())
        return m_data->addedTokens[added->second].id;
    return m_data->vocab().idOf(piece);
}

int Tokenizer::maskTokenId() const
{
    const int mask = idOf("[MASK]");
    return mask >= 0 ? mask : idOf("<mask>");
}

int Tokenizer::vocabSize() const
{
    int maxId = m_data->vocab().maxId();
    for (const AddedToken &t : m_data->addedTokens)
        maxId = std::max(maxId, t.id);
    return maxId + 1;
}

std::string Tokenizer::displayText(int id) const
{
    const std::string piece = tokenText(id);
    if (m_data->addedById.count(id) || !m_data->byteLevel())
        return piece;
    std::string bytes;
    for (const TextChar &c : decodeUtf8(piece)) {
        const int b = unicodeToByte(c.c);
        if (b < 0)
            return piece; // not a byte-level piece: shown as written, as the library's decoder does
        bytes += char(b);
    }
    if (!isValidUtf8(bytes))
        return hexBytes(bytes);
    std::string out;
    bool leading = true;
    for (char c : bytes) {
        leading = leading && c == ' ';
        if (leading)
            out += "\u2423";
        else if (c == '\n')
            out += "\u21b5";
        else if (c == '\r')
            out += "\u240d";
        else if (c == '\t')
            out += "\u21e5";
        else
            out += c;
    }
    return out;
}

std::string Tokenizer::decodedText(int id) const
{
    std::vector<std::string> pieces {tokenText(id)};
    const DecoderPart *decoder = pieceDecoder(*m_data);
    if (m_data->addedById.count(id) || pieces[0].empty() || !decoder)
        return pieces[0];
    decoder->decodeChain(pieces, true);
    std::string text;
    for (const std::string &p : pieces)
        text += p;
    return text;
}

std::string Tokenizer::decode(const std::vector<int> &ids, bool skipSpecialTokens) const
{
    std::vector<std::string> pieces;
    for (int id : ids) {
        const auto added = m_data->addedById.find(id);
        if (added != m_data->addedById.end()) {
            if (!skipSpecialTokens || !m_data->addedTokens[added->second].special)
                pieces.push_back(m_data->addedTokens[added->second].content);
            continue;
        }
        if (const std::optional<std::string_view> text = m_data->vocab().textOf(id))
            pieces.emplace_back(*text);
    }
    std::string text;
    if (!m_data->decoder) {
        for (size_t i = 0; i < pieces.size(); ++i)
            text += (i ? " " : "") + pieces[i];
        return text;
    }
    m_data->decoder->decodeChain(pieces, false);
    for (const std::string &p : pieces)
        text += p;
    return text;
}

std::string Tokenizer::decodeContinuation(
    const std::vector<int> &prompt, const std::vector<int> &generated, bool *pending) const
{
    std::vector<int> all = prompt;
    all.insert(all.end(), generated.begin(), generated.end());
    const std::string before = decode(prompt);
    std::string text = decode(all);
    if (text.compare(0, before.size(), before) == 0)
        text.erase(0, before.size());
    else
        text = decode(generated);
    // U+FFFD in UTF-8: what decode writes for bytes that do not form a character (yet).
    static const std::string kReplacement = "\xEF\xBF\xBD";
    bool held = false;
    while (text.size() >= kReplacement.size()
        && text.compare(text.size() - kReplacement.size(), kReplacement.size(), kReplacement) == 0) {
        text.resize(text.size() - kReplacement.size());
        held = true;
    }
    if (pending)
        *pending = held;
    return text;
}

std::vector<Token> Tokenizer::encode(const std::string &text, bool addSpecialTokens) const
{
    const TokenizerData &data = *m_data;
    const Text raw = decodeUtf8(text);
    std::vector<Token> tokens;
    const auto addedToken = [&](const Text &source, const Match &m) {
        const AddedToken &t = data.addedTokens[m.added];
        Token token = makeToken(*this, t.id, source[m.begin].begin, source[m.end - 1].end);
        token.piece = t.content;
        token.display = t.content;
        token.special = t.special;
        tokens.push_back(std::move(token));
    };
    for (const Match &outer : findAddedTokens(data, raw, false)) {
        if (outer.added >= 0) {
            addedToken(raw, outer);
            continue;
        }
        const Text normalized = data.normalized(Text(raw.begin() + long(outer.begin), raw.begin() + long(outer.end)));
        for (const Match &inner : findAddedTokens(data, normalized, true)) {
            if (inner.added >= 0) {
                addedToken(normalized, inner);
                continue;
            }
            std::vector<Text> words {
                Text(normalized.begin() + long(inner.begin), normalized.begin() + long(inner.end))};
            if (data.preTokenizer)
                data.preTokenizer->preTokenize(words);
            for (const Text &word : words)
                tokenizeWord(data, *this, word, tokens);
        }
    }
    if (data.postProcessor && addSpecialTokens)
        data.postProcessor->process(tokens);
    return tokens;
}

} // namespace attnlab::core::model
