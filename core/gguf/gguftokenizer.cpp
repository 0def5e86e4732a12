#include "core/gguf/gguftokenizer.h"

#include "core/gguf/gguffile.h"
#include "core/model/modelerror.h"
#include "core/text/messageid.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iterator>

namespace attnlab::core::gguf {

using model::ModelError;
using Json = nlohmann::ordered_json;

namespace {

// The pre-tokenizers of llama.cpp's BPE vocabularies, as their tokenizer.json files write them.
struct PreTokenizer {
    const char *model; // tokenizer.ggml.model
    const char *name; // tokenizer.ggml.pre
    const char *splitRegex; // a Split before ByteLevel; null: ByteLevel's own (GPT-2) regex
    bool nfc; // an NFC normalizer
    bool ignoreMerges; // the BPE model's ignore_merges
    bool addBos; // llama.cpp's default when tokenizer.ggml.add_bos_token is absent
};
const PreTokenizer kPreTokenizers[] = {
    {"gpt2", "gpt2", nullptr, false, false, false},
    {"gpt2", "qwen2",
        R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)",
        true, false, false},
    {"gpt2", "llama-bpe",
        R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)",
        false, true, true},
};

constexpr int kControlToken = 3, kUserDefinedToken = 4; // llama.cpp's LLAMA_TOKEN_TYPE_*

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

const std::vector<std::string> &stringArray(const GgufFile &file, const std::string &name)
{
    const GgufValue &v = key(file, name);
    if (!v.isArray() || v.elementType != GgufValueType::String)
        throw ModelError(Problem {"metadata " + quoted(name),
            Message(MessageId::GgufValueMustBe, "array of string", valueTypeName(v.type)), 0, 0, file.label()});
    return v.strings;
}

std::string preNames()
{
    std::string names;
    for (const PreTokenizer &p : kPreTokenizers)
        names += (names.empty() ? "" : ", ") + std::string(p.model) + "/" + p.name;
    return names;
}

Json byteLevel(bool useRegex)
{
    return Json {{"type", "ByteLevel"}, {"add_prefix_space", false}, {"trim_offsets", true}, {"use_regex", useRegex}};
}

} // namespace

std::string ggufTokenizerJson(const GgufFile &file)
{
    const GgufValue &model = key(file, "tokenizer.ggml.model");
    const GgufValue *preValue = file.find("tokenizer.ggml.pre");
    const std::string pre = preValue ? preValue->text : "gpt2";
    const auto row = std::find_if(std::begin(kPreTokenizers), std::end(kPreTokenizers),
        [&](const PreTokenizer &p) { return model.text == p.model && pre == p.name; });
    if (row == std::end(kPreTokenizers))
        throw ModelError(
            file.label(), Message(MessageId::GgufTokenizerUnsupported, quoted(model.text + "/" + pre), preNames()));

    const std::vector<std::string> &tokens = stringArray(file, "tokenizer.ggml.tokens");
    const std::vector<std::string> &merges = stringArray(file, "tokenizer.ggml.merges");
    const GgufValue *types = file.find("tokenizer.ggml.token_type");

    Json vocab = Json::object();
    Json added = Json::array();
    for (size_t id = 0; id < tokens.size(); ++id) {
        vocab[tokens[id]] = id;
        const std::int64_t type = types && types->isArray() ? types->integerAt(id).value_or(1) : 1;
        if (type == kControlToken || type == kUserDefinedToken)
            added.push_back(Json {{"id", id}, {"content", tokens[id]}, {"single_word", false}, {"lstrip", false},
                {"rstrip", false}, {"normalized", false}, {"special", type == kControlToken}});
    }

    Json json;
    json["version"] = "1.0";
    json["added_tokens"] = added;
    json["normalizer"] = row->nfc ? Json {{"type", "NFC"}} : Json();
    if (row->splitRegex) {
        json["pre_tokenizer"] = Json {{"type", "Sequence"},
            {"pretokenizers",
                Json::array({Json {{"type", "Split"}, {"pattern", Json {{"Regex", row->splitRegex}}},
                                 {"behavior", "Isolated"}, {"invert", false}},
                    byteLevel(false)})}};
    } else {
        json["pre_tokenizer"] = byteLevel(true);
    }
    bool addBos = row->addBos;
    if (const GgufValue *v = file.find("tokenizer.ggml.add_bos_token"); v && v->integer())
        addBos = *v->integer() != 0;
    if (addBos) {
        const GgufValue &bosValue = key(file, "tokenizer.ggml.bos_token_id");
        const std::int64_t bos = bosValue.integer().value_or(-1);
        if (bos < 0 || size_t(bos) >= tokens.size())
            throw ModelError(Problem {"metadata \"tokenizer.ggml.bos_token_id\"",
                Message(MessageId::GgufValueMustBe, "uint32", valueTypeName(bosValue.type)), 0, 0, file.label()});
        const std::string &name = tokens[size_t(bos)];
        const Json special = Json {{"SpecialToken", Json {{"id", name}, {"type_id", 0}}}};
        json["post_processor"] = Json {{"type", "TemplateProcessing"},
            {"single", Json::array({special, Json {{"Sequence", Json {{"id", "A"}, {"type_id", 0}}}}})},
            {"pair",
                Json::array({special, Json {{"Sequence", Json {{"id", "A"}, {"type_id", 0}}}}, special,
                    Json {{"Sequence", Json {{"id", "B"}, {"type_id", 1}}}}})},
            {"special_tokens",
                Json {{name, Json {{"id", name}, {"ids", Json::array({bos})}, {"tokens", Json::array({name})}}}}}};
    } else {
        json["post_processor"] = byteLevel(false);
    }
    json["decoder"] = byteLevel(true);
    json["model"] = Json {{"type", "BPE"}, {"dropout", nullptr}, {"unk_token", nullptr},
        {"continuing_subword_prefix", nullptr}, {"end_of_word_suffix", nullptr}, {"fuse_unk", false},
        {"byte_fallback", false}, {"ignore_merges", row->ignoreMerges}, {"vocab", vocab}, {"merges", merges}};
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
