#include "core/chat/chatprompt.h"

#include "core/chat/chatlimits.h"
#include "core/gguf/gguffile.h"
#include "core/gguf/ggufmodel.h"
#include "core/json/jsonguard.h"
#include "core/json/textfile.h"
#include "core/model/modelerror.h"
#include "core/text/messageid.h"

#include <filesystem>
#include <memory>
#include <system_error>
#include <utility>

namespace attnlab::core::chat {

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

constexpr const char *kConfigFile = "tokenizer_config.json";
constexpr const char *kTemplateFile = "chat_template.jinja";
// tokenizer_config.json of large vocabularies lists every added token: a few megabytes at most.
constexpr std::uint64_t kMaxConfigBytes = std::uint64_t(64) << 20;

[[noreturn]] void refuse(const std::string &file, const std::string &path, Message message)
{
    throw ChatTemplateError(Problem {path, std::move(message), 0, 0, file});
}

std::string readWhole(const fs::path &path, const std::string &fileName, std::uint64_t limit)
{
    FileText file = readFileText(path.string(), limit);
    switch (file.status) {
    case FileText::Ok:
        return std::move(file.text);
    case FileText::CannotOpen:
        refuse(fileName, "", Message(MessageId::TokenizerCannotReadBecause, Message::systemError(file.error)));
    case FileText::TooLarge:
        refuse(fileName, "", Message(MessageId::TokenizerFileTooLarge, limit >> 20));
    case FileText::NoSize:
    case FileText::CannotRead:
        break;
    }
    refuse(fileName, "", Message(MessageId::TokenizerCannotRead));
}

bool isFile(const fs::path &path)
{
    std::error_code ec;
    return fs::is_regular_file(path, ec);
}

} // namespace

std::optional<std::string> chatTemplateOfConfig(const Json &config)
{
    const auto it = config.find("chat_template");
    if (it == config.end() || it->is_null())
        return std::nullopt;
    if (it->is_string())
        return it->get<std::string>();
    if (!it->is_array())
        refuse(kConfigFile, "chat_template", Message(MessageId::ChatTemplateNotString, jsonTypeName(*it)));
    // transformers makes {name: template} of the list (a later name replaces an earlier one) and
    // uses "default" when no name is asked for.
    std::optional<std::string> fallback;
    std::string names;
    for (std::size_t i = 0; i < it->size(); ++i) {
        const Json &entry = (*it)[i];
        const std::string path = "chat_template[" + std::to_string(i) + "]";
        if (!entry.is_object() || !entry.contains("name") || !entry["name"].is_string() || !entry.contains("template")
            || !entry["template"].is_string())
            refuse(kConfigFile, path, Message(MessageId::ChatTemplateEntryBad));
        const std::string name = entry["name"].get<std::string>();
        if (name == "default")
            fallback = entry["template"].get<std::string>();
        names += (names.empty() ? "\"" : ", \"") + name + "\"";
    }
    if (!fallback)
        refuse(kConfigFile, "chat_template", Message(MessageId::ChatTemplateNoDefault, names));
    return fallback;
}

namespace {

// tokenizer_config.json's top-level object, or nothing when the folder has no such file.
std::optional<Json> readTokenizerConfig(const fs::path &dir)
{
    if (!isFile(dir / kConfigFile))
        return std::nullopt;
    const std::string text = readWhole(dir / kConfigFile, kConfigFile, kMaxConfigBytes);
    JsonLimits limits; // model_max_length int(1e30), transformers' "no limit" (jsonguard.h)
    limits.wideIntegersAsFloat = true;
    JsonResult parsed = parseJson(text, kConfigFile, limits);
    if (!parsed.ok()) {
        Problem problem = std::move(*parsed.problem);
        problem.file = kConfigFile;
        throw ChatTemplateError(std::move(problem));
    }
    Json config = parsed.document->takeRoot();
    if (!config.is_object())
        refuse(kConfigFile, "", Message(MessageId::TokenizerNotJsonObject, jsonTypeName(config)));
    return config;
}

std::map<std::string, std::string> specialTokensOfConfig(const Json &config)
{
    std::map<std::string, std::string> tokens;
    for (const char *key :
        {"bos_token", "eos_token", "unk_token", "sep_token", "pad_token", "cls_token", "mask_token"}) {
        const auto token = config.find(key);
        if (token == config.end() || token->is_null())
            continue;
        if (token->is_string())
            tokens[key] = token->get<std::string>();
        else if (token->is_object() && token->contains("content") && (*token)["content"].is_string())
            tokens[key] = (*token)["content"].get<std::string>();
        else
            refuse(kConfigFile, key, Message(MessageId::TokenizerConfigToken));
    }
    return tokens;
}

constexpr const char *kGgufTemplateKey = "tokenizer.chat_template";

// The metadata keys of the special tokens' ids, by tokenizer_config.json's name for them.
const std::pair<const char *, const char *> kGgufSpecialTokens[] = {
    {"bos_token", "tokenizer.ggml.bos_token_id"},
    {"eos_token", "tokenizer.ggml.eos_token_id"},
    {"unk_token", "tokenizer.ggml.unknown_token_id"},
    {"pad_token", "tokenizer.ggml.padding_token_id"},
};

// A GGUF file's template (nullopt when its metadata has none) and special tokens. A file that
// is no valid GGUF is refused with the reader's problem.
std::pair<std::optional<std::string>, std::map<std::string, std::string>> readGguf(const std::string &path)
{
    std::shared_ptr<gguf::GgufFile> file;
    try {
        file = gguf::GgufFile::open(path);
    } catch (const model::ModelError &e) {
        throw ChatTemplateError(e.problem());
    }
    std::optional<std::string> source;
    if (const gguf::GgufValue *v = file->find(kGgufTemplateKey)) {
        if (v->type != gguf::GgufValueType::String)
            refuse(file->label(), std::string("metadata \"") + kGgufTemplateKey + "\"",
                Message(MessageId::GgufValueMustBe, "string", gguf::valueTypeName(v->type)));
        source = v->text;
    }
    std::map<std::string, std::string> tokens;
    const gguf::GgufValue *pieces = file->find("tokenizer.ggml.tokens");
    for (const auto &[name, key] : kGgufSpecialTokens) {
        const gguf::GgufValue *id = file->find(key);
        // An id that names no piece is no special token (the tokenizer refuses such a file).
        if (pieces && id && id->integer() && *id->integer() >= 0
            && std::uint64_t(*id->integer()) < pieces->strings.size())
            tokens[name] = pieces->strings[size_t(*id->integer())];
    }
    return {std::move(source), std::move(tokens)};
}

} // namespace

std::map<std::string, std::string> readSpecialTokens(const std::string &folder)
{
    if (gguf::isGgufFile(folder))
        return readGguf(folder).second;
    const std::optional<Json> config = readTokenizerConfig(fs::path(folder));
    return config ? specialTokensOfConfig(*config) : std::map<std::string, std::string> {};
}

ModelChatTemplate readModelChatTemplate(const std::string &folder)
{
    ModelChatTemplate result;
    if (gguf::isGgufFile(folder)) {
        auto [source, tokens] = readGguf(folder);
        if (!source)
            refuse("", "", Message(MessageId::ChatTemplateMissingInGguf, folder));
        result.source = std::move(*source);
        result.file = fs::path(folder).filename().string();
        result.key = kGgufTemplateKey;
        result.specialTokens = std::move(tokens);
        return result;
    }
    const fs::path dir(folder);
    std::optional<std::string> fromConfig;
    if (const std::optional<Json> config = readTokenizerConfig(dir)) {
        fromConfig = chatTemplateOfConfig(*config);
        result.specialTokens = specialTokensOfConfig(*config);
    }
    if (isFile(dir / kTemplateFile)) {
        result.source = readWhole(dir / kTemplateFile, kTemplateFile, kMaxTemplateBytes);
        result.file = kTemplateFile;
    } else if (fromConfig) {
        result.source = std::move(*fromConfig);
        result.file = kConfigFile;
        result.key = "chat_template";
    } else {
        refuse("", "", Message(MessageId::ChatTemplateMissing, folder));
    }
    return result;
}

std::string chatPrompt(const std::string &folder, const std::vector<ChatMessage> &messages, const std::tm &now)
{
    const ModelChatTemplate chatTemplate = readModelChatTemplate(folder);
    ChatContext context;
    context.messages = messages;
    context.addGenerationPrompt = true;
    context.specialTokens = chatTemplate.specialTokens;
    context.now = now;
    try {
        return renderChatTemplate(chatTemplate.source, context);
    } catch (const ChatTemplateError &e) {
        Problem problem = e.problem();
        problem.file = chatTemplate.file;
        if (!chatTemplate.key.empty())
            problem.path = chatTemplate.key;
        throw ChatTemplateError(std::move(problem));
    }
}

std::string chatPromptForUserTurn(const std::string &folder, const std::string &userText, const std::tm &now)
{
    return chatPrompt(folder, {{"user", userText}}, now);
}

} // namespace attnlab::core::chat
