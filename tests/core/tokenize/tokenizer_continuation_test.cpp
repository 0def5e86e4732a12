// Tokenizer::decodeContinuation: the text generated ids add after a prompt, decoded together and in
// the prompt's context, with a character whose bytes are not all generated yet held back.

#include "tokenizertestutil.h"

#include <fstream>
#include <sstream>

using namespace attnlab::test;

namespace {

Tokenizer llama2()
{
    std::ifstream in(
        std::string(ATTNLAB_SOURCE_DIR) + "/tests/core/tokenize/reference/llama2.tokenizer.json", std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return parsed(text.str());
}

} // namespace

TEST(TokenizerContinuation, APartOfACharacterIsHeldBackUntilItsLastByteComes)
{
    const Tokenizer t = gpt2();
    const std::vector<int> prompt = ids(t.encode("The"));
    bool pending = false;
    // 274 = e7 8c, the first two bytes of 猫; 104 = ab, its last.
    EXPECT_EQ(t.decodeContinuation(prompt, {261}, &pending), " cat");
    EXPECT_FALSE(pending);
    EXPECT_EQ(t.decodeContinuation(prompt, {261, 274}, &pending), " cat");
    EXPECT_TRUE(pending);
    EXPECT_EQ(t.decodeContinuation(prompt, {261, 274, 104}, &pending), " cat猫");
    EXPECT_FALSE(pending);
    // The bytes never show as hex or as U+FFFD.
    EXPECT_EQ(t.decodeContinuation(prompt, {274}, &pending), "");
    EXPECT_TRUE(pending);
}

TEST(TokenizerContinuation, TheFirstGeneratedWordKeepsItsSpaceUnderAStripDecoder)
{
    const Tokenizer t = llama2();
    const std::vector<int> prompt = ids(t.encode("The"));
    const int the = t.idOf("\u2581the");
    ASSERT_GE(the, 0);
    // Decoded alone, Llama 2's Strip decoder would take the space of "▁the" away.
    EXPECT_EQ(t.decode({the}), "the");
    EXPECT_EQ(t.decodeContinuation(prompt, {the}), " the");
    // Byte fallback: <0xE7> <0x8C> <0xAB> is 猫, written once the third byte comes.
    const int e7 = t.idOf("<0xE7>"), b8c = t.idOf("<0x8C>"), ab = t.idOf("<0xAB>");
    bool pending = false;
    EXPECT_EQ(t.decodeContinuation(prompt, {the, e7, b8c}, &pending), " the");
    EXPECT_TRUE(pending);
    EXPECT_EQ(t.decodeContinuation(prompt, {the, e7, b8c, ab}, &pending), " the猫");
    EXPECT_FALSE(pending);
}
