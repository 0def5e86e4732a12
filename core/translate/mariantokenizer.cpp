#include "core/translate/mariantokenizer.h"

#include "core/text/messageid.h"
#include "core/tokenize/tokenizerdata.h"
#include "core/tokenize/vocabulary.h"

#include <sentencepiece_processor.h>

#include <filesystem>
#include <system_error>

namespace attnlab::core::translate {

namespace {

namespace fs = std::filesystem;
using model::ModelError;

constexpr const char *kEos = "</s>";
constexpr const char *kUnk = "<unk>";
constexpr const char *kPad = "<pad>";

std::unique_ptr<sentencepiece::SentencePieceProcessor> loadSpm(const fs::path &dir, const char *name)
{
    const fs::path path = dir / name;
    std::error_code ec;
    if (!fs::is_regular_file(path, ec))
        throw ModelError(name, Message(MessageId::TokenizerMissing));
    // Read through the house guard (size limit, errno in the message), then hand SentencePiece the
    // bytes: it parses the protobuf and refuses what it cannot read.
    const std::string bytes = model::readTokenizerFile(path.string(), name);
    auto spm = std::make_unique<sentencepiece::SentencePieceProcessor>();
    const auto status = spm->LoadFromSerializedProto(bytes);
    if (!status.ok())
        throw ModelError(name, Message(MessageId::SentencePieceUnreadable, status.ToString()));
    return spm;
}

} // namespace

struct MarianTokenizer::Data {
    std::unique_ptr<sentencepiece::SentencePieceProcessor> source, target;
    model::Vocabulary vocab;
    int eos = -1, unk = -1, pad = -1;

    std::vector<Token> encode(const sentencepiece::SentencePieceProcessor &spm, const std::string &text) const;
    Token special(int id) const
    {
        Token t;
        t.id = id;
        t.piece = std::string(vocab.textOf(id).value_or(""));
        t.display = t.piece;
        t.special = true;
        return t;
    }
};

MarianTokenizer::MarianTokenizer(std::shared_ptr<const Data> data)
    : m_data(std::move(data))
{
}

MarianTokenizer MarianTokenizer::load(const std::string &dir)
{
    auto data = std::make_shared<Data>();
    const fs::path folder(dir);
    data->source = loadSpm(folder, "source.spm");
    data->target = loadSpm(folder, "target.spm");
    std::error_code ec;
    if (!fs::is_regular_file(folder / "vocab.json", ec))
        throw ModelError("vocab.json", Message(MessageId::TokenizerMissing));
    const auto vocab
        = model::parseJsonFile(model::readTokenizerFile((folder / "vocab.json").string(), "vocab.json"), "vocab.json");
    model::readVocabObject(vocab, "vocab.json", "", data->vocab);
    // MarianTokenizer: `if str(unk_token) not in self.encoder: raise KeyError`; </s> is appended
    // to every text, so it must be there too.
    for (const char *token : {kUnk, kEos})
        if (!data->vocab.contains(token))
            throw ModelError("vocab.json", Message(MessageId::TokenizerSpecialTokenNotInVocabulary, token));
    data->eos = data->vocab.idOf(kEos);
    data->unk = data->vocab.idOf(kUnk);
    data->pad = data->vocab.idOf(kPad);
    return MarianTokenizer(std::move(data));
}

std::vector<Token> MarianTokenizer::Data::encode(
    const sentencepiece::SentencePieceProcessor &spm, const std::string &text) const
{
    std::vector<Token> tokens;
    // remove_language_code: ">>fr<<" at the very start is one token, the rest is segmented.
    size_t start = 0;
    if (text.rfind(">>", 0) == 0) {
        const size_t close = text.find("<<");
        if (close != std::string::npos) {
            Token code;
            code.piece = text.substr(0, close + 2);
            code.id = vocab.contains(code.piece) ? vocab.idOf(code.piece) : unk;
            code.display = code.piece;
            code.end = int(close + 2);
            tokens.push_back(std::move(code));
            start = close + 2;
        }
    }
    // A text SentencePiece cannot encode gives no pieces (the library logs and returns empty).
    const sentencepiece::ImmutableSentencePieceText spt = spm.EncodeAsImmutableProto(text.substr(start));
    for (const auto &p : spt.pieces()) {
        Token t;
        t.piece = p.piece();
        // _convert_token_to_id: the piece's id in vocab.json, <unk>'s when it has none.
        t.id = vocab.contains(t.piece) ? vocab.idOf(t.piece) : unk;
        t.display = t.piece;
        t.begin = int(start + p.begin());
        t.end = int(start + p.end());
        tokens.push_back(std::move(t));
    }
    tokens.push_back(special(eos));
    return tokens;
}

std::vector<Token> MarianTokenizer::encodeSource(const std::string &text) const
{
    return m_data->encode(*m_data->source, text);
}

std::vector<Token> MarianTokenizer::encodeTarget(const std::string &text) const
{
    return m_data->encode(*m_data->target, text);
}

std::string MarianTokenizer::tokenText(int id) const
{
    return std::string(m_data->vocab.textOf(id).value_or(""));
}

int MarianTokenizer::idOf(const std::string &piece) const
{
    return m_data->vocab.idOf(piece);
}

int MarianTokenizer::eosId() const
{
    return m_data->eos;
}

int MarianTokenizer::unkId() const
{
    return m_data->unk;
}

int MarianTokenizer::padId() const
{
    return m_data->pad;
}

int MarianTokenizer::vocabSize() const
{
    return m_data->vocab.maxId() + 1;
}

std::string MarianTokenizer::decode(const std::vector<int> &ids) const
{
    std::vector<std::string> pieces;
    for (int id : ids) {
        if (id == m_data->eos || id == m_data->unk || id == m_data->pad)
            continue;
        const auto text = m_data->vocab.textOf(id);
        if (text)
            pieces.emplace_back(*text);
    }
    std::string out;
    if (!m_data->target->Decode(pieces, &out).ok())
        out.clear();
    // convert_tokens_to_string: any "▁" left becomes a space, then strip().
    const std::string underline = "\xe2\x96\x81";
    for (size_t at = out.find(underline); at != std::string::npos; at = out.find(underline, at + 1))
        out.replace(at, underline.size(), " ");
    const size_t first = out.find_first_not_of(" \t\n\r\f\v");
    if (first == std::string::npos)
        return {};
    const size_t last = out.find_last_not_of(" \t\n\r\f\v");
    return out.substr(first, last - first + 1);
}

} // namespace attnlab::core::translate
