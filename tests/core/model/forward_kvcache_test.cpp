// The runner's KV cache: a token appended to a causal text projects and attends one query row per
// layer, reading the earlier keys and values from the cache, and still equals a fresh runner in
// every layer, head, thumbnail (also as the thumbnail's blocks grow past 64 and 128 tokens) and
// in the prediction — for GPT-2 and for Qwen2 under rotary positions and grouped-query attention.

#include "core/model/forward.h"
#include "core/model/modelloader.h"

#include "modelfixtures.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

using namespace attnlab::core;
using namespace attnlab::core::model;

namespace {

constexpr double kTolerance = 2e-5;

struct Fixture {
    std::string dir = attnlab::test::makeTempDir("forward-kvcache");
    ~Fixture() { attnlab::test::removeTree(dir); }

    std::shared_ptr<const ModelWeights> load(bool qwen)
    {
        attnlab::test::TinyModelOptions o;
        o.layers = 3;
        o.positions = 160;
        o.vocab = 40;
        if (qwen) {
            o.heads = 4;
            o.kvHeads = 2;
            attnlab::test::writeTinyQwen2(dir, o);
        } else {
            attnlab::test::writeTinyGpt2(dir, o);
        }
        LoadModelResult r = loadModel(dir);
        EXPECT_TRUE(r.ok()) << r.error;
        return std::make_shared<const ModelWeights>(std::move(*r.weights));
    }
};

double maxDiff(const Eigen::Ref<const Matrix> &a, const Eigen::Ref<const Matrix> &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return 1e9;
    return a.size() == 0 ? 0.0 : double((a - b).cwiseAbs().maxCoeff());
}

// Every layer, head, thumbnail, cached key and value and the prediction of `run` equal those of a
// fresh runner; the cached keys are the rotated keys the heads read.
void expectEqualsFreshRunner(const ForwardRunner &run, const std::shared_ptr<const ModelWeights> &w)
{
    ForwardRunner fresh(w);
    ASSERT_TRUE(fresh.setHeadMask(run.headMask()));
    ASSERT_TRUE(fresh.run(run.tokenIds()));
    ASSERT_TRUE(run.isComplete());
    const int n = run.tokenCount();
    for (int l = 0; l <= run.layers(); ++l)
        EXPECT_LE(maxDiff(run.layerInput(l), fresh.layerInput(l)), kTolerance) << "n " << n << " layer input " << l;
    const ModelConfig &c = run.config();
    for (int l = 0; l < run.layers(); ++l) {
        ASSERT_EQ(run.cachedKeys(l).rows(), n);
        EXPECT_LE(maxDiff(run.cachedKeys(l), fresh.cachedKeys(l)), kTolerance) << "n " << n << " keys " << l;
        EXPECT_LE(maxDiff(run.cachedValues(l), fresh.cachedValues(l)), kTolerance) << "n " << n << " values " << l;
        for (int h = 0; h < run.heads(); ++h) {
            EXPECT_LE(maxDiff(run.attentionWeights(l, h), fresh.attentionWeights(l, h)), kTolerance);
            EXPECT_LE(maxDiff(run.attentionThumbnail(l, h), fresh.attentionThumbnail(l, h)), kTolerance)
                << "n " << n << " thumbnail of layer " << l << " head " << h;
            Matrix q, k;
            run.headQueryKey(l, h, true, q, k);
            EXPECT_LE(maxDiff(run.cachedKeys(l).middleCols(c.kvHeadOf(h) * c.headDim(), c.headDim()), k), kTolerance);
        }
    }
    EXPECT_LE(maxDiff(run.probabilities(), fresh.probabilities()), 1e-6);
}

// Appends tokens one at a time from `from` to `to` tokens, checking the work and, at the sizes in
// `checked`, the result.
void generate(
    ForwardRunner &run, const std::shared_ptr<const ModelWeights> &w, int from, int to, const std::vector<int> &checked)
{
    std::vector<int> ids;
    for (int i = 0; i < from; ++i)
        ids.push_back((i * 7 + 3) % 40);
    ASSERT_TRUE(run.run(ids));
    EXPECT_EQ(run.computedQueryRows(), run.layers() * from);
    while (int(ids.size()) < to) {
        ids.push_back((int(ids.size()) * 11 + 5) % 40);
        ASSERT_TRUE(run.run(ids));
        // One query row per layer: the new token's.
        ASSERT_EQ(run.computedQueryRows(), run.layers()) << ids.size();
        if (std::find(checked.begin(), checked.end(), int(ids.size())) != checked.end())
            expectEqualsFreshRunner(run, w);
    }
}

} // namespace

TEST(ForwardKvCache, AnAppendedTokenCostsOneQueryRowPerLayerAndEqualsAFreshRun)
{
    Fixture f;
    const auto w = f.load(false);
    ForwardRunner run(w);
    // Across the thumbnail's growth to blocks of 2 (65 tokens) and 4 (129 tokens).
    generate(run, w, 60, 140, {61, 64, 65, 66, 100, 128, 129, 130, 140});
    EXPECT_EQ(ForwardRunner::thumbnailBlock(140), 4);
    EXPECT_EQ(run.attentionThumbnail(1, 1).rows(), 35);
}

TEST(ForwardKvCache, RotaryGroupedQueryAttentionAppendsOverTheCache)
{
    Fixture f;
    const auto w = f.load(true);
    ASSERT_EQ(w->config.keyValueHeads(), 2);
    ForwardRunner run(w);
    generate(run, w, 5, 70, {6, 7, 30, 64, 65, 70});
    EXPECT_EQ(run.cachedKeys(0).cols(), 2 * w->config.headDim());
}

TEST(ForwardKvCache, AnAblatedHeadOrAnEditedTextRecomputesWhatChangedAndAppendsAgain)
{
    Fixture f;
    const auto w = f.load(false);
    ForwardRunner run(w);
    std::vector<int> ids;
    for (int i = 0; i < 20; ++i)
        ids.push_back((i * 3 + 1) % 40);
    ASSERT_TRUE(run.run(ids));
    // Switching a head of layer 1 off recomputes layers 1 and 2 whole; the next token is one row again.
    Matrix mask = Matrix::Ones(3, 2);
    mask(1, 0) = 0;
    ASSERT_TRUE(run.setHeadMask(mask));
    EXPECT_EQ(run.computedQueryRows(), 2 * 20);
    ids.push_back(7);
    ASSERT_TRUE(run.run(ids));
    EXPECT_EQ(run.computedQueryRows(), 3);
    expectEqualsFreshRunner(run, w);
    // A token changed in the middle: every row attends again (the thumbnails change from there).
    ids[10] = (ids[10] + 1) % 40;
    ASSERT_TRUE(run.run(ids));
    EXPECT_EQ(run.computedQueryRows(), 3 * 21);
    expectEqualsFreshRunner(run, w);
    ids.push_back(9);
    ASSERT_TRUE(run.run(ids));
    EXPECT_EQ(run.computedQueryRows(), 3);
    expectEqualsFreshRunner(run, w);
}

TEST(ForwardKvCache, AModelThatIsNotCausalKeepsNoCache)
{
    Fixture f;
    attnlab::test::TinyModelOptions o;
    o.layers = 2;
    o.vocab = 40;
    attnlab::test::writeTinyBert(f.dir, o);
    LoadModelResult r = loadModel(f.dir);
    ASSERT_TRUE(r.ok()) << r.error;
    ForwardRunner run(std::make_shared<const ModelWeights>(std::move(*r.weights)));
    ASSERT_TRUE(run.run({2, 5, 6, 3}, 1));
    ASSERT_TRUE(run.run({2, 5, 6, 7, 3}, 1));
    EXPECT_EQ(run.computedQueryRows(), 2 * 5);
    EXPECT_EQ(run.cachedKeys(0).size(), 0);
}
