// Eviction from the KV cache (issue 32): under a window of W tokens and S attention sinks the query
// at position i sees keys j ≤ i with j < S or j > i − W, at their original rotary positions. The
// Decoder under such a policy against the independent naive reference of tests/testutil with the
// same visibility, at every step of a generation.

#include "core/model/block/blockspec.h"
#include "core/model/decoder.h"
#include "core/model/forwardcheck.h"

#include "rotaryreference.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace attnlab::core;
using namespace attnlab::core::model;
using namespace attnlab::test;

namespace {

constexpr double kTolerance = 2e-5;

// Thirteen ids: longer than every window below, so keys are evicted.
std::vector<int> longIds()
{
    std::vector<int> ids = rotaryIds();
    for (int id : {7, 1, 26, 14})
        ids.push_back(id);
    return ids;
}

// Appends the ids one at a time under the policy (after a prefill of `prompt`) and compares every
// step's probabilities and last attention rows with the reference under the same visibility.
void expectEveryStepMatchesTheReference(const RotaryShape &shape, int window, int sinks, int prompt)
{
    SCOPED_TRACE(shape.family + ", window " + std::to_string(window) + ", sinks " + std::to_string(sinks));
    const auto w = makeRotary(rotaryConfig(shape));
    const std::vector<int> ids = longIds();
    const auto visible = [&](int i, int j) { return j < sinks || j > i - window; };
    Decoder decoder(w);
    ASSERT_TRUE(decoder.setCachePolicy(window, sinks));
    ASSERT_TRUE(decoder.append(std::vector<int>(ids.begin(), ids.begin() + prompt)));
    for (int n = prompt;; ++n) {
        SCOPED_TRACE("tokens " + std::to_string(n));
        const std::vector<int> prefix(ids.begin(), ids.begin() + n);
        const Reference ref = rotaryReference(*w, prefix, allOn(w->config), visible);
        EXPECT_LT(maxDiff(decoder.probabilities(), ref.probabilities), kTolerance);
        for (int l = 0; l < decoder.layers(); ++l)
            for (int h = 0; h < decoder.heads(); ++h)
                for (int j = 0; j < n; ++j) {
                    const double got = decoder.lastAttention(l)(h, j);
                    EXPECT_NEAR(got, ref.weights[size_t(l)][size_t(h)][size_t(n - 1)][size_t(j)], kTolerance);
                    // An evicted key weighs exactly nothing.
                    if (!visible(n - 1, j)) {
                        EXPECT_EQ(got, 0.0) << "layer " << l << " head " << h << " key " << j;
                    }
                }
        if (n == int(ids.size()))
            break;
        ASSERT_TRUE(decoder.append({ids[size_t(n)]}));
    }
}

} // namespace

TEST(KvWindow, AWindowOfTheLastTokensEqualsTheReferenceAtEveryStep)
{
    RotaryShape qwen; // grouped-query attention, q/k/v biases
    RotaryShape llama;
    llama.family = "llama";
    llama.kvHeads = 1;
    expectEveryStepMatchesTheReference(qwen, 4, 0, 2);
    expectEveryStepMatchesTheReference(llama, 3, 0, 1);
    // A prefill longer than the window: the prompt's own queries are windowed too.
    expectEveryStepMatchesTheReference(qwen, 3, 0, 9);
}

TEST(KvWindow, SinksKeepTheFirstTokensVisibleBesideTheWindow)
{
    RotaryShape qwen;
    expectEveryStepMatchesTheReference(qwen, 4, 2, 2);
    expectEveryStepMatchesTheReference(qwen, 2, 1, 5);
    RotaryShape qwen3;
    qwen3.family = "qwen3"; // QK-norm before the rotation
    expectEveryStepMatchesTheReference(qwen3, 3, 4, 3);
}

TEST(KvWindow, AWindowLongerThanTheTextChangesNothing)
{
    const auto w = makeRotary(rotaryConfig(RotaryShape()));
    Decoder full(w), windowed(w);
    ASSERT_TRUE(windowed.setCachePolicy(int(longIds().size()), 3));
    ASSERT_TRUE(full.append(longIds()));
    ASSERT_TRUE(windowed.append(longIds()));
    EXPECT_EQ(windowed.logits(), full.logits());
}

TEST(KvWindow, ChangingThePolicyRecomputesTheCachedRows)
{
    const auto w = makeRotary(rotaryConfig(RotaryShape()));
    Decoder decoder(w), fresh(w);
    ASSERT_TRUE(decoder.append(longIds()));
    ASSERT_TRUE(decoder.setCachePolicy(3, 1));
    ASSERT_TRUE(fresh.setCachePolicy(3, 1));
    ASSERT_TRUE(fresh.append(longIds()));
    EXPECT_EQ(decoder.tokenIds(), longIds());
    EXPECT_LT(double((decoder.probabilities() - fresh.probabilities()).cwiseAbs().maxCoeff()), 1e-6);
    EXPECT_EQ(decoder.cacheWindow(), 3);
    EXPECT_EQ(decoder.cacheSinks(), 1);
}

TEST(KvWindow, RefusesANegativeWindowAndSinksWithoutAWindow)
{
    const auto w = makeRotary(rotaryConfig(RotaryShape()));
    Decoder decoder(w);
    EXPECT_THROW(decoder.setCachePolicy(-1, 0), ForwardError);
    EXPECT_THROW(decoder.setCachePolicy(0, 2), ForwardError);
    EXPECT_THROW(decoder.setCachePolicy(3, -1), ForwardError);
    EXPECT_EQ(decoder.cacheWindow(), 0);
}

TEST(KvWindow, VisibleKeysMeetTheLayersOwnSlidingWindow)
{
    BlockSpec s;
    s.causal = true;
    s.cacheWindow = 3;
    s.cacheSinks = 2;
    // Position 10: sinks 0, 1, then a gap, then 8, 9, 10.
    BlockSpec::VisibleKeys v = s.visibleKeys(10);
    EXPECT_EQ(v.from, 0);
    EXPECT_EQ(v.gapFrom, 2);
    EXPECT_EQ(v.gapTo, 8);
    // Early on the sinks and the window touch: no gap.
    v = s.visibleKeys(3);
    EXPECT_EQ(v.from, 0);
    EXPECT_EQ(v.gapFrom, v.gapTo);
    // A Gemma sliding layer of 4 hides the sinks at position 10 (it sees 7 … 10 at most).
    s.window = 4;
    v = s.visibleKeys(10);
    EXPECT_EQ(v.from, 8);
    EXPECT_EQ(v.gapFrom, v.gapTo);
    // …but not at position 4, where it sees 1 … 4: the sink 1, then 2 … 4 in the cache window.
    v = s.visibleKeys(4);
    EXPECT_EQ(v.from, 1);
    EXPECT_EQ(v.gapFrom, v.gapTo);
}
