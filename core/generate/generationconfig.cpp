#include "core/generate/generationconfig.h"

#include "core/json/jsonguard.h"
#include "core/json/textfile.h"
#include "core/model/modelerror.h"
#include "core/text/messageid.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <system_error>
#include <utility>

namespace attnlab::core::generate {

namespace {

using Json = nlohmann::json;
using model::ModelError;

[[noreturn]] void refuse(const std::string &path, Message message)
{
    throw ModelError(Problem {path, std::move(message), 0, 0, kGenerationConfigFile});
}

// A value as the file wrote it, cut to one short line.
std::string shown(const Json &value)
{
    std::string text = value.dump(-1, ' ', false, Json::error_handler_t::replace);
    constexpr std::size_t kShown = 60;
    if (text.size() > kShown) {
        std::size_t cut = kShown;
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
            --cut; // not inside a UTF-8 character
        text = text.substr(0, cut) + "…";
    }
    return text;
}

// An id: a whole number from 0 to vocabSize − 1 (3.0 is a float to Python's json: refused).
int tokenId(const Json &id, const std::string &path, int vocabSize, MessageId kind)
{
    if (!id.is_number_integer() || (!id.is_number_unsigned() && id.get<std::int64_t>() < 0))
        refuse(path, Message(kind, shown(id)));
    const bool fits = id.is_number_unsigned() ? id.get<std::uint64_t>() < std::uint64_t(vocabSize)
                                              : id.get<std::int64_t>() < std::int64_t(vocabSize);
    if (!fits)
        refuse(path, Message(MessageId::GenerateEndTokenOutsideVocabulary, shown(id), vocabSize));
    return int(id.get<std::int64_t>());
}

// The key's value, or null when it is absent.
const Json *valueOf(const Json &root, const char *key)
{
    const auto it = root.find(key);
    return it == root.end() || it->is_null() ? nullptr : &*it;
}

// A finite number (an int too), refused with `kind` otherwise or when `ok` says no.
double number(const Json &value, const char *key, MessageId kind, bool (*ok)(double))
{
    const double x = value.is_number() ? value.get<double>() : 0;
    if (!value.is_number() || !std::isfinite(x) || !ok(x))
        refuse(key, Message(kind, shown(value)));
    return x;
}

void readEndTokens(const Json &root, int vocabSize, GenerationConfig &config)
{
    const Json *value = valueOf(root, "eos_token_id");
    if (!value)
        return;
    const bool list = value->is_array();
    const Json items = list ? *value : Json::array({*value});
    for (std::size_t i = 0; i < items.size(); ++i) {
        const std::string path = list ? "eos_token_id[" + std::to_string(i) + "]" : "eos_token_id";
        config.endTokens.push_back(tokenId(items[i], path, vocabSize, MessageId::GenerateEosTokenId));
    }
}

void readSampling(const Json &root, GenerationConfig &config)
{
    if (const Json *value = valueOf(root, "do_sample")) {
        if (!value->is_boolean())
            refuse("do_sample", Message(MessageId::GenerateDoSample, shown(*value)));
        config.doSample = value->get<bool>();
    }
    if (const Json *value = valueOf(root, "temperature"))
        config.temperature
            = number(*value, "temperature", MessageId::GenerateTemperature, [](double x) { return x >= 0; });
    if (const Json *value = valueOf(root, "top_k")) {
        if (!value->is_number_integer() || (!value->is_number_unsigned() && value->get<std::int64_t>() < 0))
            refuse("top_k", Message(MessageId::GenerateTopK, shown(*value)));
        // A top_k beyond any vocabulary keeps every token, as top_k = vocabulary size does.
        config.topK = int(std::min<std::uint64_t>(value->get<std::uint64_t>(), std::uint64_t(INT32_MAX)));
    }
    if (const Json *value = valueOf(root, "top_p"))
        config.topP = number(*value, "top_p", MessageId::GenerateTopP, [](double x) { return x > 0 && x <= 1; });
    if (const Json *value = valueOf(root, "repetition_penalty"))
        config.repetitionPenalty = number(
            *value, "repetition_penalty", MessageId::GenerateRepetitionPenalty, [](double x) { return x > 0; });
}

void readBadWords(const Json &root, int vocabSize, GenerationConfig &config)
{
    const Json *value = valueOf(root, "bad_words_ids");
    if (!value)
        return;
    if (!value->is_array())
        refuse("bad_words_ids", Message(MessageId::GenerateBadWords, shown(*value)));
    for (std::size_t i = 0; i < value->size(); ++i) {
        const Json &words = (*value)[i];
        const std::string path = "bad_words_ids[" + std::to_string(i) + "]";
        if (!words.is_array() || words.empty())
            refuse(path, Message(MessageId::GenerateBadWords, shown(words)));
        std::vector<int> ids;
        for (std::size_t j = 0; j < words.size(); ++j)
            ids.push_back(
                tokenId(words[j], path + "[" + std::to_string(j) + "]", vocabSize, MessageId::GenerateBadWords));
        config.badWords.push_back(std::move(ids));
    }
}

} // namespace

GenerationConfig parseGenerationConfig(std::string_view text, int vocabSize)
{
    JsonLimits limits;
    limits.maxBytes = kMaxGenerationConfigBytes;
    limits.maxValues = 65536;
    limits.maxDepth = 16;
    JsonResult parsed = parseJson(text, kGenerationConfigFile, limits);
    if (!parsed.ok()) {
        Problem problem = std::move(*parsed.problem);
        problem.file = kGenerationConfigFile;
        throw ModelError(std::move(problem));
    }
    const Json &root = parsed.document->root();
    if (!root.is_object())
        refuse("", Message(MessageId::ConfigNotObject));
    GenerationConfig config;
    readEndTokens(root, vocabSize, config);
    readSampling(root, config);
    readBadWords(root, vocabSize, config);
    return config;
}

model::SamplingSettings GenerationConfig::samplingDefaults() const
{
    model::SamplingSettings settings; // greedy
    if (doSample.value_or(false)) {
        // GenerationConfig's own defaults under the file's values (configuration_utils.py).
        settings.temperature = temperature.value_or(1.0);
        settings.topK = topK.value_or(50);
        settings.topP = topP.value_or(1.0);
    }
    return settings;
}

LogitRules GenerationConfig::logitRules() const
{
    LogitRules rules;
    rules.repetitionPenalty = repetitionPenalty.value_or(1.0);
    for (const std::vector<int> &words : badWords) {
        const bool endToken
            = words.size() == 1 && std::find(endTokens.begin(), endTokens.end(), words.front()) != endTokens.end();
        if (!endToken)
            rules.badWords.push_back(words);
    }
    return rules;
}

std::vector<std::string> GenerationConfig::keysSet() const
{
    std::vector<std::string> keys;
    const std::pair<bool, const char *> all[] = {{doSample.has_value(), "do_sample"},
        {temperature.has_value(), "temperature"}, {topK.has_value(), "top_k"}, {topP.has_value(), "top_p"},
        {repetitionPenalty.has_value(), "repetition_penalty"}, {!badWords.empty(), "bad_words_ids"}};
    for (const auto &[set, key] : all)
        if (set)
            keys.push_back(key);
    return keys;
}

std::optional<GenerationConfig> readGenerationConfig(const std::string &folder, int vocabSize)
{
    const std::filesystem::path path = std::filesystem::path(folder) / kGenerationConfigFile;
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        return std::nullopt;
    const FileText file = readFileText(path.string(), kMaxGenerationConfigBytes);
    if (file.status == FileText::TooLarge)
        refuse("", Message(MessageId::ConfigTooLarge, file.size, kMaxGenerationConfigBytes));
    if (!file.ok())
        refuse("", Message(MessageId::CannotBeRead));
    return parseGenerationConfig(file.text, vocabSize);
}

} // namespace attnlab::core::generate
