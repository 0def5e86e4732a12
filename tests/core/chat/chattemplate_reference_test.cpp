// Our chat-template interpreter against a reference: the npm package @huggingface/jinja rendered the
// real chat templates of Qwen2.5, Llama 3 / 3.1 / 3.2, TinyLlama and SmolLM2
// (tests/core/chat/templates.json) on the same conversations (scripts/chat-template-reference wrote
// tests/core/chat/reference/golden.json; Python's Jinja2 under transformers' settings gives the
// same text for every case). Byte for byte.

#include "core/chat/chattemplate.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>
#include <string>

using namespace attnlab::core::chat;
using Json = nlohmann::ordered_json;

namespace {

Json readJson(const std::string &name)
{
    std::ifstream in(std::string(ATTNLAB_SOURCE_DIR) + "/tests/core/chat/" + name, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return Json::parse(text.str());
}

ChatContext contextOf(const Json &c, const Json &templateEntry)
{
    ChatContext ctx;
    for (const Json &m : c.at("messages")) {
        ChatMessage message {m.at("role").get<std::string>(), m.at("content").get<std::string>()};
        if (m.contains("tool_calls"))
            message.toolCalls = m.at("tool_calls");
        ctx.messages.push_back(message);
    }
    ctx.addGenerationPrompt = c.at("add_generation_prompt").get<bool>();
    if (c.contains("tools"))
        ctx.tools = c.at("tools");
    for (const auto &[key, value] : templateEntry.at("special_tokens").items())
        ctx.specialTokens[key] = value.get<std::string>();
    return ctx;
}

} // namespace

TEST(ChatTemplateReference, RendersEveryConversationAsHuggingFaceJinjaDoes)
{
    const Json templates = readJson("templates.json");
    const Json golden = readJson("reference/golden.json");
    const Json &cases = golden.at("cases");
    ASSERT_GE(cases.size(), 30u * 6u);
    int compared = 0;
    for (const Json &c : cases) {
        const std::string name = c.at("template").get<std::string>();
        const Json &entry = templates.at(name);
        ASSERT_TRUE(c.contains("output")) << name;
        std::string rendered;
        try {
            rendered = renderChatTemplate(entry.at("chat_template").get<std::string>(), contextOf(c, entry));
        } catch (const ChatTemplateError &e) {
            ADD_FAILURE() << name << ": " << e.what() << "\n" << c.at("messages").dump();
            continue;
        }
        EXPECT_EQ(rendered, c.at("output").get<std::string>())
            << name << " add_generation_prompt=" << c.at("add_generation_prompt") << "\n"
            << c.at("messages").dump();
        ++compared;
    }
    EXPECT_EQ(compared, int(cases.size()));
}
