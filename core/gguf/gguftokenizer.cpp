#include "core/gguf/gguftokenizer.h"

#include "core/gguf/gguffile.h"
#include "core/model/modelerror.h"
#include "core/text/messageid.h"
#include "core/tokenize/unicodetext.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iterator>
#include <optional>
#include <string_view>
#include <unordered_map>

namespace attnlab::core::gguf {

using model::ModelError;
using Json = nlohmann::ordered_json;

namespace {

struct PreTokenizer;
using ModelBuilder = void (*)(const GgufFile &file, const PreTokenizer &row, Json &json);
void bytePairModel(const GgufFile &file, const PreTokenizer &row, Json &json);
void sentencePieceModel(const GgufFile &file, const PreTokenizer &row, Json &json);

// The vocabularies of llama.cpp (tokenizer.ggml.model, and for BPE tokenizer.ggml.pre), as their
// tokenizer.json files write them: the builder writes normalizer, pre-tokenizer, model and decoder.
struct PreTokenizer {
    const char *model; // tokenizer.ggml.model
    const char *name; // tokenizer.ggml.pre; null: any (llama.cpp ignores it for SentencePiece)
    ModelBuilder build;
    const char *splitRegex; // a Split before ByteLevel; null: ByteLevel's own (GPT-2) regex
    bool nfc; // an NFC normalizer
    bool ignoreMerges; // the BPE model's ignore_merges
    bool addBos; // llama.cpp's default when tokenizer.ggml.add_bos_token is absent
};
const PreTokenizer kPreTokenizers[] = {
    {"gpt2", "gpt2", bytePairModel, nullptr, false, false, false},
    {"gpt2", "qwen2", bytePairModel,
        R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)",
        true, false, false},
    {"gpt2", "llama-bpe", bytePairModel,
        R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)",
        false, true, true},
    {"llama", nullptr, sentencePieceModel, nullptr, false, false, true},
};

// llama.cpp's LLAMA_TOKEN_TYPE_*: these are split out of the text before it is tokenized.
constexpr int kUnknownToken = 2, kControlToken = 3, kUserDefinedToken = 4;
const char *const kSpace = "\xe2\x96\x81"; // "▁", SentencePiece's escaped space

std::string quoted(const std::string &s)
{
    return "\"" + s + "\"";
}

const GgufValue &key(const GgufFile &file, const std::string &name)
{
    const GgufValue *v = file.find(name);
    if (!v)
        throw ModelError(file.label(), Message(MessageId::GgufKeyMissing, quoted(name)));
    return *v;
}

[[noreturn]] void mustBe(const GgufFile &file, const std::string &name, const char *what, const GgufValue &v)
{
    throw ModelError(Problem {"metadata " + quoted(name),
        Message(MessageId::GgufValueMustBe, what, valueTypeName(v.type)), 0, 0, file.label()});
}

const std::vector<std::string> &stringArray(const GgufFile &file, const std::string &name)
{
    const GgufValue &v = key(file, name);
    if (!v.isArray() || v.elementType != GgufValueType::String)
        mustBe(file, name, "array of string", v);
    return v.strings;
}

// A flag of the metadata (tokenizer.ggml.add_bos_token …), else `fallback`.
bool flag(const GgufFile &file, const std::string &name, bool fallback)
{
    const GgufValue *v = file.find(name);
    return v && v->integer() ? *v->integer() != 0 : fallback;
}

// A token id of the metadata (bos, eos, unknown), checked against the vocabulary.
std::int64_t tokenId(const GgufFile &file, const std::string &name, size_t vocabSize)
{
    const GgufValue &v = key(file, name);
    const std::optional<std::int64_t> id = v.integer();
    if (!id)
        mustBe(file, name, "uint32", v);
    if (*id < 0 || size_t(*id) >= vocabSize)
        throw ModelError(Problem {"metadata " + quoted(name),
            Message(MessageId::GgufTokenIdOutOfRange, std::to_string(std::int64_t(vocabSize) - 1), std::to_string(*id)),
            0, 0, file.label()});
    return *id;
}

std::string preNames()
{
    std::string names;
    for (const PreTokenizer &p : kPreTokenizers)
        names += (names.empty() ? "" : ", ") + std::string(p.model) + (p.name ? "/" + std::string(p.name) : "");
    return names;
}

Json byteLevel(bool useRegex)
{
    return Json {{"type", "ByteLevel"}, {"add_prefix_space", false}, {"trim_offsets", true}, {"use_regex", useRegex}};
}

Json replace(const std::string &from, const std::string &to)
{
    return Json {{"type", "Replace"}, {"pattern", Json {{"String", from}}}, {"content", to}};
}

// The vocabulary as tokenizer.json's "vocab" object (a piece given twice keeps its later id, as
// llama.cpp's token_to_id does).
// token → id. ordered_json finds a key by a linear search, so inserting 151,936 tokens one by one
// took 18 s; a hash map finds the repeated names instead (a later id replaces the earlier one in its
// place, as operator[] does) and the pairs are appended to the object's vector directly.
Json vocabObject(const std::vector<std::string> &tokens)
{
    Json vocab = Json::object();
    auto &pairs = static_cast<Json::object_t::Container &>(vocab.get_ref<Json::object_t &>());
    pairs.reserve(tokens.size());
    std::unordered_map<std::string_view, size_t> slot;
    slot.reserve(tokens.size());
    for (size_t id = 0; id < tokens.size(); ++id) {
        const auto [at, isNew] = slot.emplace(tokens[id], pairs.size());
        if (isNew)
            pairs.emplace_back(tokens[id], id);
        else
            pairs[at->second].second = id;
    }
    return vocab;
}

void bytePairModel(const GgufFile &file, const PreTokenizer &row, Json &json)
{
    const std::vector<std::string> &merges = stringArray(file, "tokenizer.ggml.merges");
    json["normalizer"] = row.nfc ? Json {{"type", "NFC"}} : Json();
    if (row.splitRegex) {
        json["pre_tokenizer"] = Json {{"type", "Sequence"},
            {"pretokenizers",
                Json::array({Json {{"type", "Split"}, {"pattern", Json {{"Regex", row.splitRegex}}},
                                 {"behavior", "Isolated"}, {"invert", false}},
                    byteLevel(false)})}};
    } else {
        json["pre_tokenizer"] = byteLevel(true);
    }
    json["decoder"] = byteLevel(true);
    json["model"] = Json {{"type", "BPE"}, {"dropout", nullptr}, {"unk_token", nullptr},
        {"continuing_subword_prefix", nullptr}, {"end_of_word_suffix", nullptr}, {"fuse_unk", false},
        {"byte_fallback", false}, {"ignore_merges", row.ignoreMerges},
        {"vocab", vocabObject(stringArray(file, "tokenizer.ggml.tokens"))}, {"merges", merges}};
}

// llama.cpp's SPM vocabulary: spaces escaped as "▁" and one put in front of every stretch of text
// (tokenizer.ggml.add_space_prefix, default true), as the Prepend/Replace normalizer of a Llama 2
// tokenizer.json does; decoding turns "▁" back into spaces, bytes back into text and drops the
// space put in front.
void sentencePieceModel(const GgufFile &file, const PreTokenizer &, Json &json)
{
    const std::vector<std::string> &tokens = stringArray(file, "tokenizer.ggml.tokens");
    const GgufValue &scores = key(file, "tokenizer.ggml.scores");
    if (!scores.isArray() || (scores.elementType != GgufValueType::Float32 && scores.count > 0))
        mustBe(file, "tokenizer.ggml.scores", "array of float32", scores);
    if (scores.count != tokens.size())
        throw ModelError(Problem {"metadata \"tokenizer.ggml.scores\"",
            Message(MessageId::GgufArrayLengthDiffers, std::to_string(scores.count), "tokenizer.ggml.tokens",
                std::to_string(tokens.size())),
            0, 0, file.label()});
    Json scoreArray = Json::array();
    for (std::uint64_t i = 0; i < scores.count; ++i)
        scoreArray.push_back(scores.numberAt(i));
    const bool spacePrefix = flag(file, "tokenizer.ggml.add_space_prefix", true);
    Json normalizers = Json::array();
    if (spacePrefix)
        normalizers.push_back(Json {{"type", "Prepend"}, {"prepend", kSpace}});
    normalizers.push_back(replace(" ", kSpace));
    json["normalizer"] = Json {{"type", "Sequence"}, {"normalizers", normalizers}};
    json["pre_tokenizer"] = Json();
    Json decoders = Json::array({replace(kSpace, " "), Json {{"type", "ByteFallback"}}, Json {{"type", "Fuse"}}});
    if (spacePrefix)
        decoders.push_back(Json {{"type", "Strip"}, {"content", " "}, {"start", 1}, {"stop", 0}});
    json["decoder"] = Json {{"type", "Sequence"}, {"decoders", decoders}};
    // llama.cpp's special_unk_id for SPM is 0 unless the metadata names one.
    Json unk = tokens.empty() ? Json() : Json(0);
    if (file.find("tokenizer.ggml.unknown_token_id"))
        unk = tokenId(file, "tokenizer.ggml.unknown_token_id", tokens.size());
    json["model"]
        = Json {{"type", "SentencePieceBpe"}, {"vocab", vocabObject(tokens)}, {"scores", scoreArray}, {"unk_id", unk}};
}

// TemplateProcessing with the BOS in front and/or the EOS behind; ByteLevel's no-op for neither.
Json postProcessor(const std::vector<std::string> &tokens, const std::vector<std::int64_t> &before,
    const std::vector<std::int64_t> &after)
{
    if (before.empty() && after.empty())
        return byteLevel(false);
    Json specials = Json::object();
    const auto special = [&](std::int64_t id) {
        const std::string &name = tokens[size_t(id)];
        specials[name] = Json {{"id", name}, {"ids", Json::array({id})}, {"tokens", Json::array({name})}};
        return Json {{"SpecialToken", Json {{"id", name}, {"type_id", 0}}}};
    };
    const auto sequence = [&](const char *id, int typeId) {
        Json pieces = Json::array();
        for (std::int64_t t : before)
            pieces.push_back(special(t));
        pieces.push_back(Json {{"Sequence", Json {{"id", id}, {"type_id", typeId}}}});
        for (std::int64_t t : after)
            pieces.push_back(special(t));
        return pieces;
    };
    Json single = sequence("A", 0);
    Json pair = single;
    for (const Json &piece : sequence("B", 1))
        pair.push_back(piece);
    return Json {{"type", "TemplateProcessing"}, {"single", single}, {"pair", pair}, {"special_tokens", specials}};
}

} // namespace

std::string ggufTokenizerJson(const GgufFile &file)
{
    const GgufValue &model = key(file, "tokenizer.ggml.model");
    const GgufValue *preValue = file.find("tokenizer.ggml.pre");
    const std::string pre = preValue ? preValue->text : "gpt2";
    const auto row = std::find_if(std::begin(kPreTokenizers), std::end(kPreTokenizers),
        [&](const PreTokenizer &p) { return model.text == p.model && (!p.name || pre == p.name); });
    if (row == std::end(kPreTokenizers))
        throw ModelError(
            file.label(), Message(MessageId::GgufTokenizerUnsupported, quoted(model.text + "/" + pre), preNames()));

    const std::vector<std::string> &tokens = stringArray(file, "tokenizer.ggml.tokens");
    // tokenizer.json is JSON text: a piece that is not UTF-8 cannot be written into it.
    for (size_t id = 0; id < tokens.size(); ++id)
        if (!model::isValidUtf8(tokens[id]))
            throw ModelError(Problem {"metadata \"tokenizer.ggml.tokens\"",
                Message(MessageId::GgufTokenNotUtf8, std::to_string(id)), 0, 0, file.label()});
    const GgufValue *types = file.find("tokenizer.ggml.token_type");
    Json added = Json::array();
    for (size_t id = 0; id < tokens.size(); ++id) {
        const std::int64_t type = types && types->isArray() ? types->integerAt(id).value_or(1) : 1;
        if (type == kControlToken || type == kUserDefinedToken || type == kUnknownToken)
            added.push_back(Json {{"id", id}, {"content", tokens[id]}, {"single_word", false}, {"lstrip", false},
                {"rstrip", false}, {"normalized", false}, {"special", type != kUserDefinedToken}});
    }

    Json json;
    json["version"] = "1.0";
    json["added_tokens"] = added;
    row->build(file, *row, json);
    std::vector<std::int64_t> before, after;
    if (flag(file, "tokenizer.ggml.add_bos_token", row->addBos))
        before.push_back(tokenId(file, "tokenizer.ggml.bos_token_id", tokens.size()));
    if (flag(file, "tokenizer.ggml.add_eos_token", false))
        after.push_back(tokenId(file, "tokenizer.ggml.eos_token_id", tokens.size()));
    json["post_processor"] = postProcessor(tokens, before, after);
    return json.dump();
}

model::TokenizerLoadResult loadGgufTokenizer(const std::string &path)
{
    model::TokenizerLoadResult result;
    try {
        const auto file = GgufFile::open(path);
        result = model::parseTokenizerJson(ggufTokenizerJson(*file));
        if (result.problem) // a problem in the text made from the metadata: say which file it came from
            result.problem->file = file->label();
    } catch (const ModelError &e) {
        result.problem = e.problem();
    } catch (const std::bad_alloc &) {
        result.problem = Problem {"", Message(MessageId::NoMemoryToConvert), 0, 0, path};
    }
    if (result.problem)
        result.error = formatProblem(result.problem->file, *result.problem);
    return result;
}

} // namespace attnlab::core::gguf
