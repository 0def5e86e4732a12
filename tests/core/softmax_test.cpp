#include "core/scene/softmax.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

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

TEST(MaskedSoftmaxRow, AgreesWithADoublePrecisionReferenceAtEveryLength)
{
    std::mt19937 rng(3);
    std::normal_distribution<double> normal(0, 8);
    std::bernoulli_distribution visibleCoin(0.7);
    for (int n = 1; n <= 70; ++n) {
        const size_t len = static_cast<size_t>(n);
        std::vector<Scalar> scaled(len), masked(len), weights(len);
        std::vector<unsigned char> visible(len);
        for (int j = 0; j < n; ++j) {
            scaled[size_t(j)] = Scalar(normal(rng));
            visible[size_t(j)] = visibleCoin(rng);
        }
        const bool any = maskedSoftmaxRow(scaled.data(), visible.data(), n, masked.data(), weights.data());
        double top = -std::numeric_limits<double>::infinity(), sum = 0;
        for (int j = 0; j < n; ++j)
            if (visible[size_t(j)])
                top = std::max(top, double(scaled[size_t(j)]));
        ASSERT_EQ(any, std::isfinite(top)) << n;
        for (int j = 0; j < n; ++j)
            sum += visible[size_t(j)] ? std::exp(double(scaled[size_t(j)]) - top) : 0.0;
        for (int j = 0; j < n; ++j) {
            const double expected = visible[size_t(j)] ? std::exp(double(scaled[size_t(j)]) - top) / sum : 0.0;
            EXPECT_NEAR(weights[size_t(j)], expected, 1e-6 * std::max(1.0, expected)) << "n=" << n << " j=" << j;
            if (!visible[size_t(j)]) {
                EXPECT_EQ(weights[size_t(j)], 0.f);
                EXPECT_EQ(masked[size_t(j)], -std::numeric_limits<Scalar>::infinity());
            }
        }
    }
}
