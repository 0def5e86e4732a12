// The tokenizer of a GGUF file gives the ids of the tokenizer.json it was converted from.
#include "core/gguf/gguftokenizer.h"

#include "ggufwriter.h"
#include "modelfixtures.h"
#include "tokenizerfixtures.h"

#include <gtest/gtest.h>

namespace {

using namespace attnlab;

std::vector<int> ids(const core::model::Tokenizer &t, const std::string &text)
{
    std::vector<int> out;
    for (const auto &token : t.encode(text))
        out.push_back(token.id);
    return out;
}

class GgufTokenizerTest : public ::testing::Test {
protected:
    void SetUp() override { m_dir = test::makeTempDir("gguftokenizer"); }
    void TearDown() override { test::removeTree(m_dir); }

    // The GPT-2 fixture's vocabulary and merges as llama.cpp's converter writes them.
    std::string writeFixtureGguf(const std::string &pre, int addBos = -1)
    {
        const std::vector<std::string> vocab = test::gpt2FixtureVocab();
        std::vector<std::string> merges;
        for (const auto &[a, b] : test::kGpt2Merges)
            merges.push_back(a + " " + b);
        std::vector<std::int32_t> types(vocab.size(), 1);
        types.back() = 3; // <|endoftext|>, a control token
        test::GgufWriter w;
        w.addString("general.architecture", "gpt2");
        w.addString("tokenizer.ggml.model", "gpt2");
        if (!pre.empty())
            w.addString("tokenizer.ggml.pre", pre);
        w.addStringArray("tokenizer.ggml.tokens", vocab);
        w.addInt32Array("tokenizer.ggml.token_type", types);
        w.addStringArray("tokenizer.ggml.merges", merges);
        w.addUInt32("tokenizer.ggml.bos_token_id", std::uint32_t(vocab.size() - 1));
        if (addBos >= 0)
            w.addBool("tokenizer.ggml.add_bos_token", addBos != 0);
        const std::string path = m_dir + "/tok.gguf";
        w.write(path);
        return path;
    }

    std::string m_dir;
};

const std::vector<std::string> kTexts = {"the cat sat on the mat", "Hello world, it's 1234 the end!",
    "  two  spaces\n\nand lines\t tab", "the<|endoftext|>the", "caf\xc3\xa9 \xe7\x8c\xab", ""};

TEST_F(GgufTokenizerTest, Gpt2PreGivesTheIdsOfTheTokenizerJson)
{
    const auto json = core::model::parseTokenizerJson(test::gpt2TokenizerJson());
    ASSERT_TRUE(json.ok()) << json.error;
    for (const std::string pre : {"gpt2", ""}) { // an absent pre is GPT-2's, as in llama.cpp
        const auto gguf = core::gguf::loadGgufTokenizer(writeFixtureGguf(pre));
        ASSERT_TRUE(gguf.ok()) << gguf.error;
        EXPECT_EQ(gguf.tokenizer->vocabSize(), json.tokenizer->vocabSize());
        for (const std::string &text : kTexts)
            EXPECT_EQ(ids(*gguf.tokenizer, text), ids(*json.tokenizer, text)) << text;
        EXPECT_FALSE(ids(*gguf.tokenizer, "the cat").empty());
    }
}

TEST_F(GgufTokenizerTest, QwenSplitsDigitsSinglyLlamaInThreesAndAddsItsBos)
{
    const auto qwen = core::gguf::loadGgufTokenizer(writeFixtureGguf("qwen2"));
    ASSERT_TRUE(qwen.ok()) << qwen.error;
    const auto llama = core::gguf::loadGgufTokenizer(writeFixtureGguf("llama-bpe"));
    ASSERT_TRUE(llama.ok()) << llama.error;
    const int bos = test::kGpt2FixtureVocabSize - 1;
    // The fixture merges "1 2": Llama 3's split keeps digits in threes ("123", "4"), so the merge
    // applies; Qwen2's splits single digits, so it cannot.
    const std::vector<int> q = ids(*qwen.tokenizer, "a 1234");
    const std::vector<int> l = ids(*llama.tokenizer, "a 1234");
    const int one = 16, two = 17, three = 18, four = 19, oneTwo = 272, a = 64, space = 220;
    EXPECT_EQ(q, (std::vector<int> {a, space, one, two, three, four}));
    EXPECT_EQ(l, (std::vector<int> {bos, a, space, oneTwo, three, four})); // llama-bpe adds the BOS
    std::vector<int> l2 = l;
    l2.erase(l2.begin());
    // add_bos_token overrides the pre's default either way.
    const auto noBos = core::gguf::loadGgufTokenizer(writeFixtureGguf("llama-bpe", 0));
    ASSERT_TRUE(noBos.ok());
    EXPECT_EQ(ids(*noBos.tokenizer, "a 1234"), l2);
    const auto withBos = core::gguf::loadGgufTokenizer(writeFixtureGguf("qwen2", 1));
    ASSERT_TRUE(withBos.ok());
    EXPECT_EQ(ids(*withBos.tokenizer, "a 1234").front(), bos);
}

// A name listed twice in tokenizer.ggml.tokens: the later id is the one text encodes to, as in
// llama.cpp's token_to_id map, and the other ids keep theirs.
TEST_F(GgufTokenizerTest, ARepeatedTokenNameEncodesToItsLaterId)
{
    std::vector<std::string> vocab = test::gpt2FixtureVocab();
    const auto json = core::model::parseTokenizerJson(test::gpt2TokenizerJson());
    ASSERT_TRUE(json.ok()) << json.error;
    const std::vector<int> before = ids(*json.tokenizer, "the cat");
    ASSERT_GE(before.size(), 2u);
    vocab.push_back(vocab[size_t(before[0])]);
    std::vector<std::string> merges;
    for (const auto &[a, b] : test::kGpt2Merges)
        merges.push_back(a + " " + b);
    test::GgufWriter w;
    w.addString("tokenizer.ggml.model", "gpt2");
    w.addString("tokenizer.ggml.pre", "gpt2");
    w.addStringArray("tokenizer.ggml.tokens", vocab);
    w.addStringArray("tokenizer.ggml.merges", merges);
    w.write(m_dir + "/twice.gguf");
    const auto gguf = core::gguf::loadGgufTokenizer(m_dir + "/twice.gguf");
    ASSERT_TRUE(gguf.ok()) << gguf.error;
    std::vector<int> after = before;
    after[0] = int(vocab.size()) - 1;
    EXPECT_EQ(ids(*gguf.tokenizer, "the cat"), after);
}

TEST_F(GgufTokenizerTest, RefusesTokenizersItCannotBuildByName)
{
    test::GgufWriter w;
    w.addString("tokenizer.ggml.model", "t5");
    w.addStringArray("tokenizer.ggml.tokens", {"<unk>", "<s>"});
    w.write(m_dir + "/t5.gguf");
    EXPECT_EQ(core::gguf::loadGgufTokenizer(m_dir + "/t5.gguf").error,
        "t5.gguf: tokenizer \"t5/gpt2\" cannot be read yet (gpt2/gpt2, gpt2/qwen2, gpt2/llama-bpe, llama can)");
    test::GgufWriter none;
    none.write(m_dir + "/none.gguf");
    EXPECT_EQ(core::gguf::loadGgufTokenizer(m_dir + "/none.gguf").error,
        "none.gguf: the key \"tokenizer.ggml.model\" is missing");
}

} // namespace
