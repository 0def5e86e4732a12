// Equation chains are checked at the precision they are printed with.
#include "core/text/chain.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace attnlab;
using core::Chain;

TEST(ChainTest, PrintsTermsOperatorsAndSides)
{
    Chain c;
    c.number(0.3, 1).times().number(0.9, 1).plus().number(-0.05, 2).equals().number(0.22).emphasised();
    EXPECT_EQ(c.text(), "0.3 \u00d7 0.9 + \u22120.05 = 0.220");
    EXPECT_EQ(c.text(true), "0.3 \u00d7 0.9 + \u22120.05 = <b>0.220</b>");
    EXPECT_TRUE(c.problems().empty());
}

TEST(ChainTest, AnEqualsBetweenValuesThatDifferAtThePrintedPrecisionIsAProblem)
{
    // The RoPE worksheet's error: rotated answer, unrotated factors.
    Chain wrong;
    wrong.number(0.1).times().number(-0.42).equals().number(0.070);
    EXPECT_EQ(wrong.problems().size(), 1u);
    Chain right;
    right.number(0.1).times().number(-0.42).equals().number(-0.042);
    EXPECT_TRUE(right.problems().empty());
}

TEST(ChainTest, RoundingOfEachPrintedFactorIsAllowedForAndNoMore)
{
    // 0.3333 × 3 printed as 0.333 × 3.000 = 1.000 holds: 0.333 stands for [0.3325, 0.3335].
    Chain c;
    c.number(1.0 / 3).times().number(3).equals().number(1);
    EXPECT_TRUE(c.problems().empty());
    Chain off;
    off.number(1.0 / 3).times().number(3).equals().number(1.003);
    EXPECT_FALSE(off.problems().empty());
}

TEST(ChainTest, ASymbolicSideIsSkippedButItsNeighboursAreCompared)
{
    Chain c;
    c.symbol("2 \u00d7 \u03b8").equals().count(2).times().significant(0.000562).equals().significant(0.00112);
    EXPECT_EQ(c.text(), "2 \u00d7 \u03b8 = 2 \u00d7 0.000562 = 0.00112");
    EXPECT_TRUE(c.problems().empty());
    Chain bad;
    bad.symbol("w").equals().number(1.203).divide().number(3.811).equals().number(0.4);
    EXPECT_FALSE(bad.problems().empty());
}

TEST(ChainTest, ShapesMultiplyLikeMatricesAndKeepTheirShapeWhenDivided)
{
    Chain scaled;
    scaled.shape("scores %1", 3, 3).divide().number(2).alias("\u221a4", 2).equals().shape("scaled %1", 3, 3);
    EXPECT_EQ(scaled.text(), "scores 3 \u00d7 3 \u00f7 2.000 (= \u221a4) = scaled 3 \u00d7 3");
    EXPECT_TRUE(scaled.problems().empty());
    // The old text: "3 × 3 ÷ √4 = 2 = scaled 3 × 3" joins a shape and a number.
    Chain old;
    old.shape("%1", 3, 3).divide().root(4).equals().count(2).equals().shape("%1", 3, 3);
    EXPECT_EQ(old.problems().size(), 2u);
    Chain product;
    product.shape("Q (%1)", 3, 8).dot().shape("K\u1d40 (%1)", 8, 3).equals().shape("%1", 3, 3);
    EXPECT_TRUE(product.problems().empty());
    Chain mismatch;
    mismatch.shape("Q (%1)", 3, 8).dot().shape("K (%1)", 3, 8).equals().shape("%1", 3, 3);
    EXPECT_FALSE(mismatch.problems().empty());
}

TEST(ChainTest, AnAliasMustEqualTheNumberItFollows)
{
    Chain c;
    c.number(2.828).alias("\u221a8", std::sqrt(8.0));
    EXPECT_TRUE(c.problems().empty());
    Chain wrong;
    wrong.number(2).alias("\u221a8", std::sqrt(8.0));
    EXPECT_FALSE(wrong.problems().empty());
}

TEST(ChainTest, ElidedTermsCountWithTheBoundsOfTheirPrintedProducts)
{
    Chain c;
    c.number(1).times().number(2).plus().elided("\u2026", {0.5, 0.25}, {2, 4}).equals().number(4);
    EXPECT_EQ(c.text(), "1.000 \u00d7 2.000 + \u2026 = 4.000");
    EXPECT_TRUE(c.problems().empty());
    Chain wrong;
    wrong.number(1).times().number(2).plus().elided("\u2026", {0.5}, {2}).equals().number(4);
    EXPECT_FALSE(wrong.problems().empty());
}

TEST(ChainTest, TheCheckerSeesEveryPrintedChain)
{
    int seen = 0, bad = 0;
    core::setChainChecker([&](const std::string &, const std::vector<std::string> &problems) {
        ++seen;
        bad += !problems.empty();
    });
    Chain c;
    c.number(1).plus().number(1).equals().number(3);
    c.text();
    core::setChainChecker({});
    c.text();
    EXPECT_EQ(seen, 1);
    EXPECT_EQ(bad, 1);
}

TEST(ChainTest, TermsAreThePrintedNumbersAndTheCheckerSeesThem)
{
    int bad = 0;
    core::setChainChecker(
        [&](const std::string &, const std::vector<std::string> &problems) { bad += !problems.empty(); });
    Chain c;
    c.number(0.2).times().number(-0.71).equals().number(-0.142).emphasised();
    EXPECT_EQ(c.terms(), (std::vector<std::string> {"0.200", "\u22120.710", "\u22120.142"}));
    Chain wrong;
    wrong.number(0.2).times().number(-0.71).equals().number(0.142);
    wrong.terms();
    core::setChainChecker({});
    EXPECT_EQ(bad, 1);
}

TEST(ChainTest, AnExponentialIsEvaluatedFromItsPrintedExponent)
{
    Chain c;
    c.exponential(0.5).equals().number(1.649);
    EXPECT_EQ(c.text(), "e^(0.500) = 1.649");
    EXPECT_TRUE(c.problems().empty());
    Chain shifted;
    shifted.exponential(1.2, 3.0).equals().number(0.165);
    EXPECT_EQ(shifted.text(), "e^(1.200 \u2212 3.000) = 0.165");
    EXPECT_TRUE(shifted.problems().empty());
    Chain wrong;
    wrong.exponential(0.5).equals().number(1.660);
    EXPECT_EQ(wrong.problems().size(), 1u);
}

TEST(ChainTest, FormatsWithTheTrueMinusAndNoNegativeZero)
{
    EXPECT_EQ(core::formatFixed(-0.0004, 3), "0.000");
    EXPECT_EQ(core::formatFixed(-1.5, 1), "\u22121.5");
    EXPECT_EQ(core::decimalsFor(0.000562, 3), 6);
    EXPECT_EQ(core::decimalsFor(12.5, 3), 1);
}
