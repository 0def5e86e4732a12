// What the model room's lens and attribution panels ask of core: the logit lens of any token row
// (the tokens × layers grid, computed row by row), and the attribution computed with progress and
// Cancel, against the naive double-precision reference of tests/testutil/lensreference.h.

#include "core/model/lens/attribution.h"
#include "core/model/lens/lens.h"

#include "lensreference.h"

#include <gtest/gtest.h>

#include <stdexcept>

using namespace attnlab::core;
using namespace attnlab::core::model;
using namespace attnlab::test;

namespace {

// The reference lens of every row: [row][layer] → (argmax, its probability).
void expectRowsMatch(const ForwardRunner &run, const std::vector<Mat> &referenceLogits)
{
    for (int row = 0; row < run.tokenCount(); ++row) {
        const auto top = lensTopTokens(run, row, 3);
        ASSERT_EQ(int(top.size()), run.layers() + 1);
        for (int l = 0; l <= run.layers(); ++l) {
            const Vec p = softmaxRef(referenceLogits[size_t(row)][size_t(l)]);
            size_t best = 0;
            for (size_t i = 1; i < p.size(); ++i)
                if (p[i] > p[best])
                    best = i;
            ASSERT_EQ(top[size_t(l)].size(), 3U);
            EXPECT_EQ(top[size_t(l)][0].id, int(best)) << "row " << row << " layer " << l;
            EXPECT_NEAR(top[size_t(l)][0].probability, p[best], 2e-6) << "row " << row << " layer " << l;
            EXPECT_GE(top[size_t(l)][0].probability, top[size_t(l)][1].probability);
        }
    }
}

} // namespace

TEST(LensGrid, EveryGpt2RowMatchesTheReferenceLens)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(gpt2Ids()));
    const Reference ref = gpt2Reference(*w, gpt2Ids(), allOn(w->config));
    std::vector<Mat> logits;
    for (int row = 0; row < run.tokenCount(); ++row)
        logits.push_back(gpt2LensReference(*w, ref, row));
    expectRowsMatch(run, logits);
}

TEST(LensGrid, EveryBertRowReadsTheMaskedLmHead)
{
    auto w = makeBert(bertConfig());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(bertIds(), 3));
    const Reference ref = bertReference(*w, bertIds(), 3, allOn(w->config));
    std::vector<Mat> logits;
    for (int row = 0; row < run.tokenCount(); ++row)
        logits.push_back(bertLensReference(*w, ref, row));
    expectRowsMatch(run, logits);
}

TEST(LensGrid, ThePredictionRowsLastLayerIsThePredictionBitForBit)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(gpt2Ids(), 4));
    const auto top = lensTopTokens(run, 4, 5);
    const auto expected = topK(run.probabilities(), 5);
    ASSERT_EQ(top.back().size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        EXPECT_EQ(top.back()[i].id, expected[i].id);
        EXPECT_EQ(top.back()[i].probability, expected[i].probability);
    }
    // … and equal to logitLens's, which reads only the prediction row.
    const LogitLens lens = logitLens(run);
    for (int l = 0; l <= run.layers(); ++l)
        EXPECT_EQ(top[size_t(l)][0].id, topK(lens.probabilities.row(l), 1)[0].id);
}

TEST(LensGrid, ARowOutsideTheTextOrAnIncompletePassIsRefused)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    EXPECT_THROW(lensTopTokens(run, 0, 1), std::invalid_argument);
    ASSERT_TRUE(run.run(gpt2Ids()));
    EXPECT_THROW(lensTopTokens(run, -1, 1), std::invalid_argument);
    EXPECT_THROW(lensTopTokens(run, run.tokenCount(), 1), std::invalid_argument);
    EXPECT_NO_THROW(lensTopTokens(run, run.tokenCount() - 1, 1));
}

TEST(AttributionProgress, ReportsEveryLayerAndEqualsTheAttributionWithout)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(gpt2Ids()));
    std::vector<int> seen;
    Attribution a;
    ASSERT_TRUE(attributeLogit(
        run, 5,
        [&](int layer, int layers) {
            EXPECT_EQ(layers, run.layers());
            seen.push_back(layer);
            return true;
        },
        a));
    ASSERT_FALSE(seen.empty());
    EXPECT_EQ(seen.front(), 0);
    EXPECT_EQ(seen.back(), run.layers());
    const Attribution plain = attributeLogit(run, 5);
    ASSERT_EQ(a.parts.size(), plain.parts.size());
    for (size_t i = 0; i < a.parts.size(); ++i)
        EXPECT_EQ(a.parts[i].value, plain.parts[i].value) << partName(a.parts[i]);
    EXPECT_EQ(a.logit, plain.logit);
    EXPECT_EQ(a.token, 5);
}

TEST(AttributionProgress, CancellingLeavesTheResultAsItWas)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(gpt2Ids()));
    Attribution a;
    a.token = 42;
    EXPECT_FALSE(attributeLogit(
        run, 5, [](int layer, int) { return layer < 1; }, a));
    EXPECT_EQ(a.token, 42);
    EXPECT_TRUE(a.parts.empty());
}
