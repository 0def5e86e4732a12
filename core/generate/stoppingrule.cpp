#include "core/generate/stoppingrule.h"

#include "core/chat/chatprompt.h"
#include "core/generate/generationconfig.h"
#include "core/model/modelerror.h"
#include "core/model/modelweights.h"
#include "core/text/messageid.h"

#include <algorithm>

namespace attnlab::core::generate {

namespace {

std::string idList(const std::vector<int> &ids)
{
    std::string text;
    for (int id : ids)
        text += (text.empty() ? "" : ", ") + std::to_string(id);
    return text;
}

} // namespace

std::vector<int> StoppingRule::endTokens() const
{
    std::vector<int> ids = modelEndTokens;
    if (chat && chatEndToken >= 0 && std::find(ids.begin(), ids.end(), chatEndToken) == ids.end())
        ids.push_back(chatEndToken);
    return ids;
}

bool StoppingRule::isEndToken(int id) const
{
    return std::find(modelEndTokens.begin(), modelEndTokens.end(), id) != modelEndTokens.end()
        || (chat && chatEndToken >= 0 && id == chatEndToken);
}

Message StoppingRule::description() const
{
    const bool chatToken = chat && chatEndToken >= 0;
    if (modelEndTokens.empty() && !chatToken)
        return Message(MessageId::GenerateStopNoEndToken, modelEndFile);
    const Message chatPart(MessageId::GenerateStopChatToken, chatEndText, chatEndToken);
    if (modelEndTokens.empty())
        return Message(MessageId::GenerateStopRule, chatPart);
    const Message modelPart(MessageId::GenerateStopModelTokens, idList(modelEndTokens), modelEndFile);
    if (!chatToken)
        return Message(MessageId::GenerateStopRule, modelPart);
    return Message(MessageId::GenerateStopRule, Message(MessageId::GenerateStopEither, modelPart, chatPart));
}

StoppingRule readStoppingRule(
    const std::string &folder, const model::ModelConfig &config, bool chat, const TokenLookup &idOf)
{
    StoppingRule rule;
    rule.maxPositions = config.maxPositions;
    rule.chat = chat;
    if (const std::optional<GenerationConfig> generation = readGenerationConfig(folder, config.vocabSize)) {
        rule.modelEndTokens = generation->endTokens;
        rule.modelEndFile = kGenerationConfigFile;
    } else {
        rule.modelEndTokens = config.eosTokenIds;
    }
    if (!chat)
        return rule;
    try {
        const std::map<std::string, std::string> tokens = chat::readSpecialTokens(folder);
        if (const auto it = tokens.find("eos_token"); it != tokens.end()) {
            rule.chatEndText = it->second;
            const int id = idOf ? idOf(it->second) : -1;
            rule.chatEndToken = id >= 0 && id < config.vocabSize ? id : -1;
        }
    } catch (const chat::ChatTemplateError &e) {
        throw model::ModelError(e.problem());
    }
    return rule;
}

} // namespace attnlab::core::generate
