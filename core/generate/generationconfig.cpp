#include "core/generate/generationconfig.h"

#include "core/json/jsonguard.h"
#include "core/json/textfile.h"
#include "core/model/modelerror.h"
#include "core/text/messageid.h"

#include <filesystem>
#include <system_error>

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
    const auto it = root.find("eos_token_id");
    if (it == root.end() || it->is_null())
        return config;
    const bool list = it->is_array();
    const Json items = list ? *it : Json::array({*it});
    for (std::size_t i = 0; i < items.size(); ++i) {
        const Json &id = items[i];
        const std::string path = list ? "eos_token_id[" + std::to_string(i) + "]" : "eos_token_id";
        // 3.0 is a float to Python's json, a tensor transformers warns may never stop: refused.
        if (!id.is_number_integer() || (!id.is_number_unsigned() && id.get<std::int64_t>() < 0))
            refuse(path, Message(MessageId::GenerateEosTokenId, shown(id)));
        const bool fits = id.is_number_unsigned() ? id.get<std::uint64_t>() < std::uint64_t(vocabSize)
                                                  : id.get<std::int64_t>() < std::int64_t(vocabSize);
        if (!fits)
            refuse(path, Message(MessageId::GenerateEndTokenOutsideVocabulary, shown(id), vocabSize));
        config.endTokens.push_back(int(id.get<std::int64_t>()));
    }
    return config;
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
