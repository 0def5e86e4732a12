// loadTokenizer(dir): tokenizer.json, or the files of transformers' slow tokenizers made into
// the same pipeline that transformers' convert_slow_tokenizer.py (BertConverter, GPT2Converter)
// builds from them: the model read from the old files, every other part described as
// tokenizer.json would describe it and read by the same part tables.

#include "core/json/textfile.h"
#include "core/text/messageid.h"
#include "core/tokenize/tokenizerdata.h"

#include <filesystem>
#include <system_error>

namespace attnlab::core::model {

namespace {

using Json = nlohmann::json;
namespace fs = std::filesystem;

bool isFile(const fs::path &path)
{
    std::error_code ec;
    return fs::is_regular_file(path, ec);
}

// tokenizer_config.json, or an empty object when the folder has none.
Json readConfig(const fs::path &dir)
{
    const fs::path path = dir / "tokenizer_config.json";
    if (!isFile(path))
        return Json::object();
    // model_max_length is int(1e30) in real Llama folders: transformers' "no limit" (jsonguard.h).
    JsonLimits limits;
    limits.wideIntegersAsFloat = true;
    Json config
        = parseJsonFile(readTokenizerFile(path.string(), "tokenizer_config.json"), "tokenizer_config.json", {}, limits);
    if (!config.is_object())
        throw TokenizerError("tokenizer_config.json", Message(MessageId::ConfigNotObject));
    return config;
}

bool configBool(const Json &config, const char *key, bool fallback)
{
    const auto it = config.find(key);
    if (it == config.end() || it->is_null())
        return fallback;
    if (!it->is_boolean())
        throw TokenizerError(Problem {key, Message(MessageId::TokenizerConfigBoolean), 0, 0, "tokenizer_config.json"});
    return it->get<bool>();
}

// A special token in tokenizer_config.json: a string, or an AddedToken object with "content".
std::string configToken(const Json &config, const char *key, const std::string &fallback)
{
    const auto it = config.find(key);
    if (it == config.end() || it->is_null())
        return fallback;
    if (it->is_string())
        return it->get<std::string>();
    if (it->is_object() && it->contains("content") && (*it)["content"].is_string())
        return (*it)["content"].get<std::string>();
    throw TokenizerError(Problem {key, Message(MessageId::TokenizerConfigToken), 0, 0, "tokenizer_config.json"});
}

AddedToken specialToken(const std::string &content, int id)
{
    AddedToken t;
    t.id = id;
    t.content = content;
    t.special = true;
    t.normalized = false;
    return t;
}

// BertTokenizer's vocab.txt: one piece per line, the line number is the id (load_vocab:
// a later duplicate line takes the piece).
Tokenizer loadBertVocab(const fs::path &dir)
{
    const Json config = readConfig(dir);
    const std::string text = readTokenizerFile((dir / "vocab.txt").string(), "vocab.txt");
    if (!isValidUtf8(text))
        throw TokenizerError("vocab.txt", Message(MessageId::TokenizerNotUtf8));
    auto model = std::make_unique<WordPieceModel>();
    const std::vector<std::string> pieces = splitLines(text);
    if (pieces.size() > size_t(kMaxTokenId) + 1)
        throw TokenizerError("vocab.txt", Message(MessageId::TokenizerTooManyLines, kMaxTokenId + 1));
    for (size_t i = 0; i < pieces.size(); ++i)
        model->vocabulary.set(pieces[i], int(i));
    if (model->vocabulary.empty())
        throw TokenizerError("vocab.txt", Message(MessageId::TokenizerEmpty));

    const std::string unk = configToken(config, "unk_token", "[UNK]");
    const std::string sep = configToken(config, "sep_token", "[SEP]");
    const std::string pad = configToken(config, "pad_token", "[PAD]");
    const std::string cls = configToken(config, "cls_token", "[CLS]");
    const std::string mask = configToken(config, "mask_token", "[MASK]");
    model->unkToken = unk;
    model->prepare();
    for (const std::string *needed : {&unk, &cls, &sep})
        if (!model->vocabulary.contains(*needed))
            throw TokenizerError("vocab.txt", Message(MessageId::TokenizerSpecialTokenNotInVocabulary, *needed));
    std::vector<AddedToken> added;
    for (const std::string *t : {&unk, &sep, &pad, &cls, &mask})
        if (model->vocabulary.contains(*t))
            added.push_back(specialToken(*t, model->vocabulary.idOf(*t)));

    auto data = std::make_shared<detail::TokenizerData>();
    const auto strip = config.find("strip_accents");
    data->normalizer = readNormalizer(
        {{"type", "BertNormalizer"}, {"clean_text", true},
            {"handle_chinese_chars", configBool(config, "tokenize_chinese_chars", true)},
            {"strip_accents",
                (strip == config.end() || strip->is_null()) ? Json()
                                                            : Json(configBool(config, "strip_accents", false))},
            {"lowercase", configBool(config, "do_lower_case", true)}},
        "normalizer");
    data->preTokenizer = readPreTokenizer({{"type", "BertPreTokenizer"}}, "pre_tokenizer");
    const auto special = [&](const std::string &token) {
        return Json {{"id", token}, {"ids", {model->vocabulary.idOf(token)}}, {"tokens", {token}}};
    };
    data->postProcessor = readPostProcessor(
        {{"type", "TemplateProcessing"},
            {"single",
                {{{"SpecialToken", {{"id", cls}, {"type_id", 0}}}}, {{"Sequence", {{"id", "A"}, {"type_id", 0}}}},
                    {{"SpecialToken", {{"id", sep}, {"type_id", 0}}}}}},
            {"special_tokens", {{cls, special(cls)}, {sep, special(sep)}}}},
        "post_processor");
    data->decoder = readDecoder({{"type", "WordPiece"}, {"prefix", "##"}, {"cleanup", true}}, "decoder");
    data->model = std::move(model);
    data->finishAddedTokens(std::move(added));
    return TokenizerFactory::make(std::move(data));
}

// GPT2Tokenizer's vocab.json + merges.txt, with a ByteLevel pre-tokenizer and decoder and no
// special tokens added around the text.
Tokenizer loadGpt2Files(const fs::path &dir)
{
    const Json config = readConfig(dir);
    auto model = std::make_unique<BpeModel>();
    const Json vocab = parseJsonFile(readTokenizerFile((dir / "vocab.json").string(), "vocab.json"), "vocab.json");
    readVocabObject(vocab, "vocab.json", "", model->vocabulary);
    const std::string text = readTokenizerFile((dir / "merges.txt").string(), "merges.txt");
    if (!isValidUtf8(text))
        throw TokenizerError("merges.txt", Message(MessageId::TokenizerNotUtf8));
    int rank = 0;
    const std::vector<std::string> mergeLines = splitLines(text);
    for (size_t i = 0; i < mergeLines.size(); ++i) {
        const std::string &line = mergeLines[i];
        if (line.rfind("#version", 0) == 0 || (line.empty() && i + 1 == mergeLines.size()))
            continue;
        if (std::optional<Message> problem = addMergeLine(*model, line, rank++))
            throw TokenizerError("merges.txt", Message(MessageId::TokenizerLine, i + 1, std::move(*problem)));
    }
    std::vector<AddedToken> added;
    for (const char *key : {"unk_token", "bos_token", "eos_token"}) {
        const std::string t = configToken(config, key, "<|endoftext|>");
        if (model->vocabulary.contains(t))
            added.push_back(specialToken(t, model->vocabulary.idOf(t)));
    }
    auto data = std::make_shared<detail::TokenizerData>();
    data->preTokenizer = readPreTokenizer(
        {{"type", "ByteLevel"}, {"add_prefix_space", configBool(config, "add_prefix_space", false)}}, "pre_tokenizer");
    data->decoder = readDecoder({{"type", "ByteLevel"}}, "decoder");
    data->model = std::move(model);
    data->finishAddedTokens(std::move(added));
    return TokenizerFactory::make(std::move(data));
}

} // namespace

std::string readTokenizerFile(const std::string &path, const std::string &fileName)
{
    FileText file = readFileText(path, kMaxTokenizerFileBytes);
    switch (file.status) {
    case FileText::Ok:
        return std::move(file.text);
    case FileText::CannotOpen:
        // The system's reason, in the user's language where it is a common one.
        throw TokenizerError(
            fileName, Message(MessageId::TokenizerCannotReadBecause, Message::systemError(file.error)));
    case FileText::TooLarge:
        throw TokenizerError(fileName, Message(MessageId::TokenizerFileTooLarge, kMaxTokenizerFileBytes >> 20));
    case FileText::NoSize:
    case FileText::CannotRead:
        break;
    }
    throw TokenizerError(fileName, Message(MessageId::TokenizerCannotRead));
}

TokenizerLoadResult loadTokenizer(const std::string &dir)
{
    TokenizerLoadResult result;
    try {
        const fs::path folder(dir);
        if (isFile(folder / "tokenizer.json"))
            return parseTokenizerJson(readTokenizerFile((folder / "tokenizer.json").string(), "tokenizer.json"));
        if (isFile(folder / "vocab.txt"))
            result.tokenizer = loadBertVocab(folder);
        else if (isFile(folder / "vocab.json") && isFile(folder / "merges.txt"))
            result.tokenizer = loadGpt2Files(folder);
        else
            result.problem = Problem {"", Message(MessageId::TokenizerNoFiles), 0, 0, dir};
    } catch (const TokenizerError &e) {
        result.problem = e.problem();
    } catch (const std::bad_alloc &) {
        result.problem = Problem {"", Message(MessageId::TokenizerFolderOutOfMemory), 0, 0, dir};
    } catch (const std::exception &e) {
        result.problem = Problem {"", Message::literal(e.what()), 0, 0, dir};
    }
    if (result.problem)
        result.error = formatProblem(result.problem->file, *result.problem);
    return result;
}

} // namespace attnlab::core::model
