#include "core/tokenize/vocabulary.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

using attnlab::core::model::Vocabulary;

TEST(Vocabulary, LooksUpBothWays)
{
    Vocabulary v;
    EXPECT_EQ(v.idOf("a"), -1);
    EXPECT_FALSE(v.textOf(0));
    EXPECT_EQ(v.maxId(), -1);
    v.set("a", 0);
    v.set("猫", 7);
    v.set("", 3); // an empty piece is a piece like any other
    EXPECT_EQ(v.idOf("a"), 0);
    EXPECT_EQ(v.idOf("猫"), 7);
    EXPECT_EQ(v.idOf(""), 3);
    EXPECT_EQ(v.idOf("b"), -1);
    EXPECT_EQ(*v.textOf(7), "猫");
    EXPECT_EQ(*v.textOf(3), "");
    EXPECT_FALSE(v.textOf(5));
    EXPECT_FALSE(v.textOf(-1));
    EXPECT_EQ(v.maxId(), 7);
    EXPECT_EQ(v.size(), 3u);
}

TEST(Vocabulary, ALaterIdReplacesAndTheFirstTextKeepsItsId)
{
    // A vocab.txt line repeated later gives the text its new id; the reverse lookup keeps the
    // first text set with an id, as the maps of the tokenizers library do.
    Vocabulary v;
    v.set("x", 1);
    v.set("y", 1);
    v.set("x", 2);
    EXPECT_EQ(v.idOf("x"), 2);
    EXPECT_EQ(v.idOf("y"), 1);
    EXPECT_EQ(*v.textOf(1), "x");
    EXPECT_EQ(*v.textOf(2), "x");
    EXPECT_EQ(v.size(), 2u);
}

TEST(Vocabulary, GrowsPastItsTablesAndKeepsEveryEntry)
{
    Vocabulary v;
    const int n = 100000;
    for (int i = 0; i < n; ++i)
        v.set("piece" + std::to_string(i), 3 * i);
    // One text given many ids adds to the id table only; it must grow as well.
    for (int i = 0; i < 5000; ++i)
        v.set("same", 10000000 + i);
    for (int i = 0; i < n; i += 997) {
        EXPECT_EQ(v.idOf("piece" + std::to_string(i)), 3 * i);
        EXPECT_EQ(*v.textOf(3 * i), "piece" + std::to_string(i));
    }
    EXPECT_EQ(v.idOf("same"), 10004999);
    EXPECT_EQ(*v.textOf(10000000), "same");
    EXPECT_EQ(v.maxId(), 10004999);
    EXPECT_EQ(v.size(), size_t(n) + 1);
}

TEST(Vocabulary, ForEachVisitsEveryTextInTheOrderFirstSet)
{
    Vocabulary v;
    v.reserve(4, 16);
    v.set("b", 1);
    v.set("a", 0);
    v.set("b", 5);
    std::vector<std::pair<std::string, int>> seen;
    v.forEach([&seen](std::string_view text, int id) { seen.emplace_back(std::string(text), id); });
    EXPECT_EQ(seen, (std::vector<std::pair<std::string, int>> {{"b", 5}, {"a", 0}}));
}
