// Tokenizer::decodedText: the text of one vocabulary piece as transformers' decode([id]) gives
// it (what the command line's --predict prints as "token").

#include "tokenizertestutil.h"

using namespace attnlab::test;

TEST(TokenizerDecode, ByteLevelPiecesBecomeTheirText)
{
    const Tokenizer t = gpt2();
    EXPECT_EQ(t.decodedText(261), " cat"); // "Ġcat"
    EXPECT_EQ(t.decodedText(220), " "); // "Ġ"
    EXPECT_EQ(t.decodedText(198), "\n"); // "Ċ"
    EXPECT_EQ(t.decodedText(264), "The");
    EXPECT_EQ(t.decodedText(275), "é"); // "Ã©" = c3 a9
    // Byte 0 is "Ā" in the table and decodes to a NUL byte.
    EXPECT_EQ(t.decodedText(t.idOf("Ā")), std::string(1, '\0'));
}

TEST(TokenizerDecode, PartsOfACharacterKeepTheirBytesVisible)
{
    const Tokenizer t = gpt2();
    // 274 = e7 8c (two bytes of 猫): the library would print U+FFFD.
    EXPECT_EQ(t.decodedText(274), "\u2039e7 8c\u203a");
    EXPECT_EQ(t.decodedText(104), "\u2039ab\u203a");
}

TEST(TokenizerDecode, AddedTokensAndWordPiecesStayAsWritten)
{
    EXPECT_EQ(gpt2().decodedText(kEot), "<|endoftext|>");
    const Tokenizer b = bert();
    EXPECT_EQ(b.decodedText(14), "##ing");
    EXPECT_EQ(b.decodedText(kBertMaskId), "[MASK]");
    EXPECT_EQ(b.decodedText(5), "猫");
    EXPECT_EQ(b.decodedText(-1), "");
}

TEST(TokenizerDecode, DecodeRunsTheDecoderAndCanSkipSpecialTokens)
{
    const Tokenizer g = gpt2();
    EXPECT_EQ(g.decode({kEot, 264, 261}), "<|endoftext|>The cat");
    EXPECT_EQ(g.decode({kEot, 264, 261}, true), "The cat");
    // An id without a vocabulary string is left out, as the library's decode does.
    EXPECT_EQ(g.decode({264, 100000, 261}), "The cat");
    // The two halves of 猫 make the character again once they are decoded together.
    EXPECT_EQ(g.decode({274, 104}), "猫");
    const Tokenizer b = bert();
    std::vector<int> ids;
    for (const Token &t : b.encode("the cat"))
        ids.push_back(t.id);
    EXPECT_EQ(b.decode(ids), "[CLS] the cat [SEP]");
    EXPECT_EQ(b.decode(ids, true), "the cat");
}
