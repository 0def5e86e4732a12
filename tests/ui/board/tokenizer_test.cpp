#include "ui/board/tokenizer.h"

#include <gtest/gtest.h>

using namespace attnlab::ui;

namespace {
QStringList list(std::initializer_list<const char *> items)
{
    QStringList out;
    for (const char *s : items)
        out << QString::fromUtf8(s);
    return out;
}
} // namespace

TEST(Tokenizer, AutomaticSplitsEachChineseCharacter)
{
    EXPECT_EQ(tokenize(QStringLiteral("猫吃鱼"), TokenizerMode::Automatic), list({"猫", "吃", "鱼"}));
}

TEST(Tokenizer, AutomaticSplitsWordsAtWhitespaceAndKeepsRepeats)
{
    const QStringList t = tokenize(QStringLiteral("the cat  saw\tthe cat"), TokenizerMode::Automatic);
    EXPECT_EQ(t, list({"the", "cat", "saw", "the", "cat"}));
}

TEST(Tokenizer, AutomaticSeparatesLatinFromCjk)
{
    EXPECT_EQ(tokenize(QStringLiteral("I love猫吃鱼。"), TokenizerMode::Automatic),
        list({"I", "love", "猫", "吃", "鱼", "。"}));
}

TEST(Tokenizer, WhitespaceModeKeepsCjkRunsTogether)
{
    EXPECT_EQ(tokenize(QStringLiteral(" 猫吃鱼  cat "), TokenizerMode::Whitespace), list({"猫吃鱼", "cat"}));
}

TEST(Tokenizer, CharacterModeSkipsSpacesAndKeepsGraphemes)
{
    // "é" written as e + combining acute stays one token.
    EXPECT_EQ(tokenize(QString::fromUtf8("ab c\u00e9e\u0301"), TokenizerMode::Character),
        list({"a", "b", "c", "\u00e9", "e\u0301"}));
}

TEST(Tokenizer, SeparatorModeTrimsAndDropsEmpty)
{
    EXPECT_EQ(
        tokenize(QStringLiteral(" New York | is || big "), TokenizerMode::Separator), list({"New York", "is", "big"}));
    EXPECT_EQ(
        tokenize(QStringLiteral("a/b / c"), TokenizerMode::Separator, QStringLiteral("/")), list({"a", "b", "c"}));
}

TEST(Tokenizer, EmptyInputHasNoTokens)
{
    EXPECT_TRUE(tokenize(QStringLiteral("   "), TokenizerMode::Automatic).isEmpty());
    EXPECT_TRUE(tokenize(QString(), TokenizerMode::Separator).isEmpty());
}

TEST(Tokenizer, DetokenizeRoundTripsOrReportsImpossible)
{
    const QStringList cjk = list({"猫", "吃", "鱼"});
    EXPECT_EQ(detokenize(cjk, TokenizerMode::Automatic), QStringLiteral("猫吃鱼"));
    const QStringList mixed = list({"I", "love", "猫", "吃"});
    EXPECT_EQ(tokenize(detokenize(mixed, TokenizerMode::Automatic), TokenizerMode::Automatic), mixed);
    const QStringList spaced = list({"New York", "is"});
    EXPECT_TRUE(detokenize(spaced, TokenizerMode::Whitespace).isEmpty());
    EXPECT_EQ(tokenize(detokenize(spaced, TokenizerMode::Separator), TokenizerMode::Separator), spaced);
}
