#include "core/softmax.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace attnlab::core;

TEST(Softmax, MatchesTheChaptersNumbers)
{
    RowVector logits(3);
    logits << 2, 0, 1;
    const RowVector w = softmax(logits);
    EXPECT_NEAR(w(0), 0.665, 5e-4);
    EXPECT_NEAR(w(1), 0.090, 5e-4);
    EXPECT_NEAR(w(2), 0.245, 5e-4);
}

TEST(Softmax, LargeGapsGiveNearlyOneHotFiniteWeights)
{
    RowVector logits(3);
    logits << 20, 0, 10;
    const RowVector w = softmax(logits);
    EXPECT_GT(w(0), 0.9999);
    EXPECT_LT(w(1), 1e-8);
    EXPECT_NEAR(w.sum(), 1.0, 1e-6);
    EXPECT_TRUE(w.allFinite());
}

TEST(Softmax, LogitsInTheThousandsNeverOverflow)
{
    RowVector logits(4);
    logits << 3000, 2999, -5000, 1000;
    const RowVector w = softmax(logits);
    ASSERT_TRUE(w.allFinite());
    EXPECT_NEAR(w(0), 1 / (1 + std::exp(-1.0)), 1e-5);
    EXPECT_NEAR(w.sum(), 1.0, 1e-6);
}

TEST(MaskedSoftmaxRow, HiddenCellsWeighExactlyZeroAndShowMinusInfinity)
{
    const Scalar scaled[4] = {1, 5, 2, 3};
    const unsigned char visible[4] = {1, 0, 1, 0};
    Scalar masked[4], weights[4];
    EXPECT_TRUE(maskedSoftmaxRow(scaled, visible, 4, masked, weights));
    EXPECT_EQ(weights[1], 0.f);
    EXPECT_EQ(weights[3], 0.f);
    EXPECT_EQ(masked[1], -std::numeric_limits<Scalar>::infinity());
    EXPECT_EQ(masked[0], 1.f);
    EXPECT_NEAR(weights[0], 1 / (1 + std::exp(1.0)), 1e-6);
    EXPECT_NEAR(weights[0] + weights[2], 1.0, 1e-6);
}

TEST(MaskedSoftmaxRow, ARowWithNoVisibleKeyGetsZerosNotNaN)
{
    const Scalar scaled[3] = {1, 2, 3};
    const unsigned char visible[3] = {0, 0, 0};
    Scalar masked[3], weights[3];
    EXPECT_FALSE(maskedSoftmaxRow(scaled, visible, 3, masked, weights));
    for (Scalar w : weights)
        EXPECT_EQ(w, 0.f);
}
