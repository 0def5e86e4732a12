// A runner that has run one text and is given another reuses what it can: for a causal model the
// rows before the first changed token, for a model that is not causal nothing. Whatever it reuses,
// the result must equal a fresh runner's full computation.

#include "core/model/forward.h"
#include "core/model/modelloader.h"

#include "modelfixtures.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

using namespace attnlab::core;
using namespace attnlab::core::model;

namespace {

constexpr double kTolerance = 2e-5;

class IncrementalForward : public ::testing::Test {
protected:
    void SetUp() override { m_dir = attnlab::test::makeTempDir("incremental"); }
    void TearDown() override { attnlab::test::removeTree(m_dir); }

    std::shared_ptr<const ModelWeights> load(bool gpt2)
    {
        attnlab::test::TinyModelOptions o;
        o.layers = 3;
        o.positions = 160;
        o.vocab = 40;
        if (gpt2)
            attnlab::test::writeTinyGpt2(m_dir, o);
        else
            attnlab::test::writeTinyBert(m_dir, o);
        LoadModelResult r = loadModel(m_dir);
        EXPECT_TRUE(r.ok()) << r.error;
        return std::make_shared<const ModelWeights>(std::move(*r.weights));
    }

    std::string m_dir;
};

std::vector<int> sequence(int n, int salt)
{
    std::vector<int> ids(size_t(n), 0);
    for (int i = 0; i < n; ++i)
        ids[size_t(i)] = (i * 7 + salt) % 40;
    return ids;
}

double maxDiff(const Matrix &a, const Matrix &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return 1e9;
    return a.size() == 0 ? 0.0 : double((a - b).cwiseAbs().maxCoeff());
}

// Every layer, head, thumbnail and the prediction of `run` equal those of a fresh runner.
void expectEqualsFullRecompute(const ForwardRunner &run, const std::shared_ptr<const ModelWeights> &w)
{
    ForwardRunner fresh(w);
    ASSERT_TRUE(fresh.setHeadMask(run.headMask()));
    ASSERT_TRUE(fresh.run(run.tokenIds(), run.predictionPosition()));
    ASSERT_TRUE(run.isComplete());
    for (int l = 0; l <= run.layers(); ++l)
        EXPECT_LE(maxDiff(run.layerInput(l), fresh.layerInput(l)), kTolerance) << "layer input " << l;
    for (int l = 0; l < run.layers(); ++l) {
        EXPECT_LE(maxDiff(run.attentionInput(l), fresh.attentionInput(l)), kTolerance) << "attention input " << l;
        for (int h = 0; h < run.heads(); ++h) {
            EXPECT_LE(maxDiff(run.attentionWeights(l, h), fresh.attentionWeights(l, h)), kTolerance);
            EXPECT_LE(maxDiff(run.attentionThumbnail(l, h), fresh.attentionThumbnail(l, h)), kTolerance)
                << "thumbnail of layer " << l << " head " << h;
        }
    }
    EXPECT_LE(maxDiff(run.probabilities(), fresh.probabilities()), 1e-6);
}

} // namespace

TEST_F(IncrementalForward, ACausalModelReusesTheRowsBeforeTheFirstChangedToken)
{
    const auto w = load(true);
    ASSERT_TRUE(w->config.family->causal);
    ForwardRunner run(w);
    std::vector<int> ids = sequence(100, 3);
    ASSERT_TRUE(run.run(ids));
    EXPECT_EQ(run.reusedRows(), 0);

    // One more token typed at the end.
    ids.push_back(5);
    ASSERT_TRUE(run.run(ids));
    EXPECT_EQ(run.reusedRows(), 100);
    EXPECT_EQ(run.restartedFrom(), 0);
    expectEqualsFullRecompute(run, w);

    // A token changed in the middle: the rows from there on change, the earlier ones are kept.
    ids[40] = (ids[40] + 1) % 40;
    ASSERT_TRUE(run.run(ids));
    EXPECT_EQ(run.reusedRows(), 40);
    expectEqualsFullRecompute(run, w);

    // A shorter text (a prefix of the last one; past kThumbnailSize and below it).
    ids.resize(70);
    ASSERT_TRUE(run.run(ids));
    EXPECT_EQ(run.reusedRows(), 70);
    expectEqualsFullRecompute(run, w);
    ids.resize(20);
    ASSERT_TRUE(run.run(ids));
    expectEqualsFullRecompute(run, w);

    // The same ids again: no layer runs, only the prediction.
    ASSERT_TRUE(run.run(ids));
    EXPECT_EQ(run.restartedFrom(), run.layers());
    expectEqualsFullRecompute(run, w);
}

TEST_F(IncrementalForward, AModelThatIsNotCausalRecomputesEverything)
{
    const auto w = load(false);
    ASSERT_FALSE(w->config.family->causal);
    ForwardRunner run(w);
    std::vector<int> ids = sequence(30, 1);
    ASSERT_TRUE(run.run(ids, 4));
    const Matrix before = run.layerInput(1);
    ids.push_back(9);
    ASSERT_TRUE(run.run(ids, 4));
    EXPECT_EQ(run.reusedRows(), 0);
    // Every row attends to the new token, so even the first row of layer 1 moved.
    EXPECT_GT((run.layerInput(1).row(0) - before.row(0)).cwiseAbs().maxCoeff(), 1e-6);
    expectEqualsFullRecompute(run, w);
}

TEST_F(IncrementalForward, ACancelledRunLeavesNothingStaleForTheNext)
{
    const auto w = load(true);
    ForwardRunner run(w);
    std::vector<int> a = sequence(80, 2);
    ASSERT_TRUE(run.run(a));

    // A new text whose run stops after its first layer: layer 0 has the new rows, the others
    // still hold the old text's.
    std::vector<int> b = a;
    b[10] = (b[10] + 3) % 40;
    const ForwardProgress stopAfterFirst = [](int layer, int) { return layer < 1; };
    EXPECT_FALSE(run.run(b, -1, stopAfterFirst));
    EXPECT_EQ(run.layersDone(), 1);

    // A third text that shares more with the first than with the second.
    std::vector<int> c = a;
    c[60] = (c[60] + 1) % 40;
    ASSERT_TRUE(run.run(c));
    EXPECT_EQ(run.reusedRows(), 10);
    expectEqualsFullRecompute(run, w);

    // Cancelled again, then resumed.
    std::vector<int> d = c;
    d.push_back(1);
    EXPECT_FALSE(run.run(d, -1, stopAfterFirst));
    ASSERT_TRUE(run.resume());
    expectEqualsFullRecompute(run, w);
}

TEST_F(IncrementalForward, AHeadMaskChangeAndANewTextTogetherEqualAFullRecompute)
{
    const auto w = load(true);
    ForwardRunner run(w);
    std::vector<int> ids = sequence(50, 4);
    ASSERT_TRUE(run.run(ids));
    Matrix mask = Matrix::Ones(run.layers(), run.heads());
    mask(1, 0) = 0;
    ASSERT_TRUE(run.setHeadMask(mask));
    ids.push_back(7);
    ids.push_back(8);
    ASSERT_TRUE(run.run(ids));
    EXPECT_EQ(run.reusedRows(), 50);
    expectEqualsFullRecompute(run, w);
}
