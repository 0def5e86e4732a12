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
