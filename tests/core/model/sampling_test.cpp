// Choosing the next token (core/model/sampling) against cases worked out by hand from
// transformers' TemperatureLogitsWarper, TopKLogitsWarper and TopPLogitsWarper
// (generation/logits_process.py) and torch.argmax.

#include "core/model/forwardcheck.h"
#include "core/model/sampling.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>
#include <vector>

using namespace attnlab::core;
using namespace attnlab::core::model;

namespace {

const Scalar kInf = std::numeric_limits<Scalar>::infinity();

RowVector row(std::initializer_list<double> values)
{
    RowVector r(Eigen::Index(values.size()));
    Eigen::Index i = 0;
    for (double v : values)
        r[i++] = Scalar(v);
    return r;
}

// The indices a warper kept (not −∞).
std::vector<int> kept(const RowVector &scores)
{
    std::vector<int> ids;
    for (Eigen::Index i = 0; i < scores.size(); ++i)
        if (scores[i] != -kInf)
            ids.push_back(int(i));
    return ids;
}

} // namespace

TEST(Sampling, GreedyTakesTheLargestLogitAndTheSmallestIdOfATie)
{
    EXPECT_EQ(greedyToken(row({1, 3, 3, 2})), 1);
    EXPECT_EQ(greedyToken(row({-5, -1, -2})), 1);
    EXPECT_EQ(greedyToken(RowVector()), -1);
}

TEST(Sampling, TopKKeepsTheKLargestAndEveryScoreTiedWithTheKth)
{
    const RowVector scores = row({1, 3, 3, 2});
    EXPECT_EQ(kept(topKWarp(scores, 3)), (std::vector<int> {1, 2, 3}));
    // The 2nd largest is 3: both 3s stay, and so do both with k = 1 (scores < cut are removed).
    EXPECT_EQ(kept(topKWarp(scores, 2)), (std::vector<int> {1, 2}));
    EXPECT_EQ(kept(topKWarp(scores, 1)), (std::vector<int> {1, 2}));
    EXPECT_EQ(kept(topKWarp(row({1, 2, 2, 0}), 2)), (std::vector<int> {1, 2}));
    // k past the length keeps all; 0 is "off".
    EXPECT_EQ(kept(topKWarp(scores, 10)), (std::vector<int> {0, 1, 2, 3}));
    EXPECT_EQ(kept(topKWarp(scores, 0)), (std::vector<int> {0, 1, 2, 3}));
    // Kept scores are unchanged, removed ones −∞ (the warper's filter_value).
    const RowVector warped = topKWarp(scores, 3);
    EXPECT_EQ(warped[0], -kInf);
    EXPECT_EQ(warped[3], 2);
}

TEST(Sampling, TopPKeepsTheSmallestSetOfLargestTokensPastP)
{
    // Probabilities 0.5, 0.3, 0.2. Sorted ascending: 0.2 (id 2), 0.3 (id 1), 0.5 (id 0); the
    // cumulative sums 0.2, 0.5, 1.0 are compared with 1 − p.
    const RowVector scores = row({std::log(0.5), std::log(0.3), std::log(0.2)});
    // p = 0.7: 1 − p = 0.3; 0.2 ≤ 0.3 goes, 0.5 stays: ids 0 and 1 (0.8 ≥ 0.7).
    EXPECT_EQ(kept(topPWarp(scores, 0.7)), (std::vector<int> {0, 1}));
    // p = 0.45: 1 − p = 0.55; 0.2 and 0.5 go: only id 0 (0.5 ≥ 0.45).
    EXPECT_EQ(kept(topPWarp(scores, 0.45)), (std::vector<int> {0}));
    // p = 0.9: 1 − p = 0.1; nothing is at or below it.
    EXPECT_EQ(kept(topPWarp(scores, 0.9)), (std::vector<int> {0, 1, 2}));
    // A tiny p still keeps the largest (min_tokens_to_keep = 1); p = 1 is "off".
    EXPECT_EQ(kept(topPWarp(scores, 0.01)), (std::vector<int> {0}));
    EXPECT_EQ(kept(topPWarp(scores, 1.0)), (std::vector<int> {0, 1, 2}));
}

TEST(Sampling, TopPCutsTiesInStableAscendingOrderSoTheHigherIdsStay)
{
    // Four equal scores: 0.25 each. Sorted ascending (stable: ids 0, 1, 2, 3), the sums are 0.25,
    // 0.5, 0.75, 1, all exact in binary. With p = 0.5, 1 − p = 0.5 removes ids 0 and 1.
    EXPECT_EQ(kept(topPWarp(row({0, 0, 0, 0}), 0.5)), (std::vector<int> {2, 3}));
    // Tokens top-k removed (−∞, probability 0) are removed by top-p too.
    const RowVector afterTopK = topKWarp(row({0, 0, 5, 5}), 2);
    EXPECT_EQ(kept(topPWarp(afterTopK, 0.5)), (std::vector<int> {3}));
}

TEST(Sampling, TemperatureDividesTheLogitsBeforeTopKAndTopP)
{
    SamplingSettings s;
    s.temperature = 2;
    const RowVector warped = warpLogits(row({2, 4}), s);
    EXPECT_FLOAT_EQ(warped[0], 1);
    EXPECT_FLOAT_EQ(warped[1], 2);
    // Logits 0 and 2·ln 3 are probabilities 0.1 and 0.9; at temperature 2 they are 0 and ln 3,
    // probabilities 0.25 and 0.75. Top-p 0.85 (1 − p = 0.15) removes the 0.1 token but keeps the
    // 0.25 one: the order temperature → top-p shows.
    const RowVector logits = row({0, 2 * std::log(3.0)});
    s.topP = 0.85;
    s.temperature = 1;
    EXPECT_EQ(kept(warpLogits(logits, s)), (std::vector<int> {1}));
    s.temperature = 2;
    EXPECT_EQ(kept(warpLogits(logits, s)), (std::vector<int> {0, 1}));
}

TEST(Sampling, TheDistributionIsTheSoftmaxOfWhatTheWarpersLeave)
{
    SamplingSettings s;
    s.temperature = 1;
    s.topK = 2;
    const RowVector p = samplingDistribution(row({std::log(0.5), std::log(0.3), std::log(0.2)}), s);
    EXPECT_NEAR(p[0], 0.5 / 0.8, 1e-6);
    EXPECT_NEAR(p[1], 0.3 / 0.8, 1e-6);
    EXPECT_EQ(p[2], 0);
    // Greedy: all on the arg-max.
    s.temperature = 0;
    EXPECT_EQ(samplingDistribution(row({1, 3, 3}), s), row({0, 1, 0}));
}

TEST(Sampling, SampleIndexWalksTheCumulativeSumAndSkipsZeros)
{
    const RowVector p = row({0.25, 0, 0.75});
    EXPECT_EQ(sampleIndex(p, 0.0), 0);
    EXPECT_EQ(sampleIndex(p, 0.24), 0);
    EXPECT_EQ(sampleIndex(p, 0.25), 2);
    EXPECT_EQ(sampleIndex(p, 0.999999), 2);
    // Unnormalised weights work as well: u is scaled by their sum.
    EXPECT_EQ(sampleIndex(row({1, 0, 3}), 0.24), 0);
    EXPECT_EQ(sampleIndex(row({0, 0}), 0.5), -1);
}

TEST(Sampling, TheSameSeedGivesTheSameTokens)
{
    SamplingSettings s;
    s.temperature = 1;
    const RowVector logits = RowVector::Zero(50);
    std::vector<int> a, b, c;
    TokenSampler first(7), second(7), third(8);
    for (int i = 0; i < 40; ++i) {
        a.push_back(first.next(logits, s));
        b.push_back(second.next(logits, s));
        c.push_back(third.next(logits, s));
    }
    EXPECT_EQ(a, b);
    EXPECT_NE(a, c);
    EXPECT_GT(std::set<int>(a.begin(), a.end()).size(), 10u);
}

TEST(Sampling, DrawsFollowTheWarpedDistribution)
{
    SamplingSettings s;
    s.temperature = 1;
    const RowVector logits = row({std::log(0.1), std::log(0.2), std::log(0.7)});
    TokenSampler sampler(3);
    std::vector<int> counts(3, 0);
    const int draws = 20000;
    for (int i = 0; i < draws; ++i)
        ++counts[size_t(sampler.next(logits, s))];
    EXPECT_NEAR(counts[0] / double(draws), 0.1, 0.015);
    EXPECT_NEAR(counts[1] / double(draws), 0.2, 0.015);
    EXPECT_NEAR(counts[2] / double(draws), 0.7, 0.015);
    // With top-k 1 only the largest is ever drawn.
    s.topK = 1;
    for (int i = 0; i < 100; ++i)
        EXPECT_EQ(sampler.next(logits, s), 2);
}

TEST(Sampling, UniformNumbersLieInTheHalfOpenUnitInterval)
{
    TokenSampler sampler(11);
    double low = 1, high = 0;
    for (int i = 0; i < 10000; ++i) {
        const double u = sampler.uniform();
        ASSERT_GE(u, 0.0);
        ASSERT_LT(u, 1.0);
        low = std::min(low, u);
        high = std::max(high, u);
    }
    EXPECT_LT(low, 0.01);
    EXPECT_GT(high, 0.99);
}

TEST(Sampling, SettingsOutsideTheirRangeAreRefused)
{
    const auto refused = [](double temperature, int topK, double topP) {
        try {
            checkSamplingSettings({temperature, topK, topP});
        } catch (const ForwardError &) {
            return true;
        }
        return false;
    };
    EXPECT_FALSE(refused(0, 0, 1));
    EXPECT_FALSE(refused(0.7, 50, 0.9));
    EXPECT_TRUE(refused(-0.1, 0, 1));
    EXPECT_TRUE(refused(std::nan(""), 0, 1));
    EXPECT_TRUE(refused(std::numeric_limits<double>::infinity(), 0, 1));
    EXPECT_TRUE(refused(1, -1, 1));
    EXPECT_TRUE(refused(1, 0, 0));
    EXPECT_TRUE(refused(1, 0, 1.5));
    EXPECT_TRUE(refused(1, 0, std::nan("")));
    try {
        checkSamplingSettings({-1, 0, 1});
    } catch (const ForwardError &e) {
        EXPECT_EQ(std::string(e.what()), "the temperature must be a finite number ≥ 0 (0 = greedy), got -1");
    }
}
