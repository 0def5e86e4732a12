// A GGUF file's chat template and special tokens come from its metadata, as a folder's come from
// tokenizer_config.json (core/chat/chatprompt.h).
#include "core/chat/chatprompt.h"
#include "core/text/problem.h"

#include "ggufwriter.h"
#include "modelfixtures.h"

#include <gtest/gtest.h>

namespace {

using namespace attnlab;

class GgufChatTest : public ::testing::Test {
protected:
    void SetUp() override { m_dir = test::makeTempDir("ggufchat"); }
    void TearDown() override { test::removeTree(m_dir); }

    // A GGUF whose vocabulary is <unk>, <s>, </s>, with `chatTemplate` unless it is empty.
    std::string write(const std::string &name, const std::string &chatTemplate)
    {
        test::GgufWriter w;
        w.addString("general.architecture", "llama");
        w.addStringArray("tokenizer.ggml.tokens", {"<unk>", "<s>", "</s>"});
        w.addUInt32("tokenizer.ggml.bos_token_id", 1);
        w.addUInt32("tokenizer.ggml.eos_token_id", 2);
        w.addUInt32("tokenizer.ggml.unknown_token_id", 7); // names no piece: no unk_token
        if (!chatTemplate.empty())
            w.addString("tokenizer.chat_template", chatTemplate);
        w.write(m_dir + "/" + name);
        return m_dir + "/" + name;
    }

    std::string m_dir;
};

TEST_F(GgufChatTest, TheTemplateAndBosEosComeFromTheMetadata)
{
    // TinyLlama's (Zephyr's) template, shortened.
    const std::string path = write("chat.gguf",
        "{{ bos_token }}{% for m in messages %}<|{{ m['role'] }}|>\n{{ m['content'] }}{{ eos_token }}\n{% endfor %}"
        "{% if add_generation_prompt %}<|assistant|>\n{% endif %}");
    EXPECT_EQ(core::chat::chatPromptForUserTurn(path, "hi"), "<s><|user|>\nhi</s>\n<|assistant|>\n");
    const auto tokens = core::chat::readSpecialTokens(path);
    EXPECT_EQ(tokens.at("bos_token"), "<s>");
    EXPECT_EQ(tokens.at("eos_token"), "</s>");
    EXPECT_EQ(tokens.count("unk_token"), 0u);
}

TEST_F(GgufChatTest, AFileWithoutATemplateOrWithABadOneIsRefusedNamingIt)
{
    const std::string base = write("base.gguf", "");
    try {
        core::chat::chatPromptForUserTurn(base, "hi");
        ADD_FAILURE() << "no template, no prompt";
    } catch (const core::chat::ChatTemplateError &e) {
        EXPECT_EQ(e.problem().message.english(),
            "the model file " + base
                + " has no chat template (no \"tokenizer.chat_template\" in its metadata), so it cannot wrap text as "
                  "a chat turn");
    }
    const std::string odd = write("odd.gguf", "{{ messages | wordcount }}");
    try {
        core::chat::chatPromptForUserTurn(odd, "hi");
        ADD_FAILURE() << "an unsupported filter";
    } catch (const core::chat::ChatTemplateError &e) {
        EXPECT_EQ(e.problem().file, "odd.gguf");
        EXPECT_EQ(e.problem().path, "tokenizer.chat_template");
    }
    test::GgufWriter w;
    w.addUInt32("tokenizer.chat_template", 3);
    w.write(m_dir + "/number.gguf");
    try {
        core::chat::chatPromptForUserTurn(m_dir + "/number.gguf", "hi");
        ADD_FAILURE() << "a template that is no string";
    } catch (const core::chat::ChatTemplateError &e) {
        EXPECT_EQ(formatProblem(e.problem().file, e.problem()),
            "number.gguf: metadata \"tokenizer.chat_template\": must be of type string, not uint32");
    }
}

} // namespace
