// A model folder's chat template as transformers finds it (chat_template.jinja first, then
// tokenizer_config.json's string or list with "default") and the one-turn prompt --chat sends.

#include "core/chat/chatprompt.h"
#include "core/text/messageid.h"
#include "modelfixtures.h"
#include "tokenizerfixtures.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>
#include <string>

using namespace attnlab::core;
using namespace attnlab::core::chat;
using attnlab::test::makeTempDir;
using attnlab::test::removeTree;
using attnlab::test::writeTextFile;

namespace {

std::string qwenTemplate()
{
    std::ifstream in(std::string(ATTNLAB_SOURCE_DIR) + "/tests/core/chat/templates.json", std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return nlohmann::json::parse(text.str()).at("qwen2.5").at("chat_template").get<std::string>();
}

class ChatPrompt : public testing::Test {
protected:
    void SetUp() override { m_dir = makeTempDir("chatprompt"); }
    void TearDown() override { removeTree(m_dir); }
    void writeConfig(const nlohmann::json &config) { writeTextFile(m_dir + "/tokenizer_config.json", config.dump()); }
    Problem problemOf()
    {
        try {
            chatPromptForUserTurn(m_dir, "猫吃鱼");
        } catch (const ChatTemplateError &e) {
            return e.problem();
        }
        ADD_FAILURE() << "no error";
        return {};
    }
    std::string m_dir;
};

} // namespace

TEST_F(ChatPrompt, AUserTurnEndsWhereTheAssistantsAnswerBegins)
{
    writeConfig({{"chat_template", qwenTemplate()}, {"eos_token", "<|im_end|>"}, {"bos_token", nullptr}});
    EXPECT_EQ(chatPromptForUserTurn(m_dir, "猫吃鱼"),
        "<|im_start|>system\nYou are Qwen, created by Alibaba Cloud. You are a helpful assistant.<|im_end|>\n"
        "<|im_start|>user\n猫吃鱼<|im_end|>\n<|im_start|>assistant\n");
}

TEST_F(ChatPrompt, AConversationKeepsItsSystemPromptAndEarlierAnswers)
{
    writeConfig({{"chat_template", qwenTemplate()}, {"eos_token", "<|im_end|>"}});
    // The chat view's second turn: its own system prompt replaces Qwen's default one, and the
    // first answer comes back without its end token, which the template writes.
    EXPECT_EQ(chatPrompt(m_dir,
                  {{"system", "你是老师。"}, {"user", "猫吃鱼"}, {"assistant", "对，猫吃鱼。"}, {"user", "为什么？"}}),
        "<|im_start|>system\n你是老师。<|im_end|>\n<|im_start|>user\n猫吃鱼<|im_end|>\n"
        "<|im_start|>assistant\n对，猫吃鱼。<|im_end|>\n<|im_start|>user\n为什么？<|im_end|>\n"
        "<|im_start|>assistant\n");
    EXPECT_EQ(chatPrompt(m_dir, {{"user", "猫吃鱼"}}), chatPromptForUserTurn(m_dir, "猫吃鱼"));
}

TEST_F(ChatPrompt, SpecialTokensComeFromTheConfigAsStringsOrAddedTokens)
{
    writeConfig({{"chat_template", "{{ bos_token }}|{{ eos_token }}|{{ unk_token is defined }}"},
        {"bos_token", {{"__type", "AddedToken"}, {"content", "<s>"}}}, {"eos_token", "</s>"}});
    EXPECT_EQ(chatPromptForUserTurn(m_dir, "x"), "<s>|</s>|False");
    const ModelChatTemplate read = readModelChatTemplate(m_dir);
    EXPECT_EQ(read.file, "tokenizer_config.json");
    EXPECT_EQ(read.specialTokens.size(), 2u);
}

// Real Llama 2 and Llama 3.1 folders write transformers' "no limit", int(1e30), as
// model_max_length: a whole number past 64 bits that must not stop the template being read.
TEST_F(ChatPrompt, TransformersNoLimitModelMaxLengthIsRead)
{
    writeTextFile(m_dir + "/tokenizer_config.json",
        R"({"model_max_length": 1000000000000000019884624838656, "chat_template": "{{ bos_token }}{{ messages[0]['content'] }}", "bos_token": "<s>"})");
    EXPECT_EQ(chatPromptForUserTurn(m_dir, "猫吃鱼"), "<s>猫吃鱼");
}

TEST_F(ChatPrompt, TheDefaultOfAListOfTemplatesIsUsed)
{
    writeConfig({{"chat_template",
        {{{"name", "tool_use"}, {"template", "tools"}},
            {{"name", "default"}, {"template", "{{ messages[0].content }}!"}}}}});
    EXPECT_EQ(chatPromptForUserTurn(m_dir, "猫"), "猫!");
}

TEST_F(ChatPrompt, ChatTemplateJinjaTakesPriorityOverTheConfig)
{
    writeConfig({{"chat_template", "from config"}});
    writeTextFile(m_dir + "/chat_template.jinja", "from file {{ add_generation_prompt }}\n");
    EXPECT_EQ(chatPromptForUserTurn(m_dir, "x"), "from file True");
    EXPECT_EQ(readModelChatTemplate(m_dir).file, "chat_template.jinja");
}

TEST_F(ChatPrompt, TheDateComesFromTheClockGiven)
{
    writeConfig({{"chat_template", "{{ strftime_now('%d %b %Y') }}"}});
    std::tm now {};
    now.tm_year = 2026 - 1900;
    now.tm_mon = 11;
    now.tm_mday = 1;
    EXPECT_EQ(chatPromptForUserTurn(m_dir, "x", now), "01 Dec 2026");
}

TEST_F(ChatPrompt, AFolderWithoutATemplateIsNotAChatModel)
{
    writeConfig({{"eos_token", "</s>"}});
    const Problem p = problemOf();
    EXPECT_EQ(p.message.id, MessageId::ChatTemplateMissing);
    EXPECT_EQ(formatProblem(p.file, p),
        "the model folder " + m_dir
            + " has no chat template (neither chat_template.jinja nor \"chat_template\" in tokenizer_config.json), "
              "so it cannot wrap text as a chat turn");
    removeTree(m_dir + "/tokenizer_config.json");
    EXPECT_EQ(problemOf().message.id, MessageId::ChatTemplateMissing);
}

TEST_F(ChatPrompt, BadConfigValuesNameTheFileAndKey)
{
    writeConfig({{"chat_template", 3}});
    Problem p = problemOf();
    EXPECT_EQ(formatProblem(p.file, p),
        "tokenizer_config.json: chat_template: must be a string or a list of {\"name\": …, \"template\": …}, not a "
        "number");
    writeConfig({{"chat_template", {{{"name", "tool_use"}, {"template", "x"}}}}});
    p = problemOf();
    EXPECT_EQ(formatProblem(p.file, p),
        "tokenizer_config.json: chat_template: lists chat templates named \"tool_use\" but none named \"default\"");
    writeConfig({{"chat_template", {{{"name", "default"}}}}});
    EXPECT_EQ(problemOf().message.id, MessageId::ChatTemplateEntryBad);
    writeTextFile(m_dir + "/tokenizer_config.json", "{\"chat_template\": ");
    EXPECT_EQ(problemOf().file, "tokenizer_config.json");
}

TEST_F(ChatPrompt, AnUnsupportedConstructIsReportedAgainstTheTemplatesFile)
{
    writeConfig({{"chat_template", "{% for m in messages %}\n{{ m.content | wordcount }}{% endfor %}"}});
    const Problem p = problemOf();
    EXPECT_EQ(formatProblem(p.file, p),
        "tokenizer_config.json: chat_template: template line 2: the chat template uses the Jinja filter `wordcount`, "
        "which "
        "Attention Lab does not support");
}
