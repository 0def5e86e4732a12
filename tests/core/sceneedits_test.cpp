#include "core/scene/pipeline.h"
#include "core/scene/sceneedits.h"
#include "core/scene/sceneio.h"
#include "testutil.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

using namespace attnlab;
using namespace attnlab::core;

namespace {

core::Scene catEatsFish()
{
    core::LoadResult r = test::loadExampleFile("cat-eats-fish");
    EXPECT_TRUE(r.ok());
    return *r.scene;
}

core::Scene handCalc()
{
    core::LoadResult r = test::loadExampleFile("cat-eats-fish-handcalc");
    EXPECT_TRUE(r.ok());
    return *r.scene;
}

void expectValid(const core::Scene &s)
{
    const auto problems = core::validate(s);
    EXPECT_TRUE(problems.empty()) << (problems.empty() ? "" : problems[0].path + ": " + problems[0].message.english());
}

} // namespace

TEST(SceneEdits, TokenEmbeddingIsReproducibleAndDiffersBetweenTokens)
{
    const core::RowVector a = edits::tokenEmbedding("cat", 8);
    EXPECT_EQ(a, edits::tokenEmbedding("cat", 8));
    EXPECT_NE(a, edits::tokenEmbedding("dog", 8));
    EXPECT_EQ(edits::tokenEmbedding("cat", 12).head(8), a);
    for (int c = 0; c < 8; ++c)
        EXPECT_LE(std::abs(a(c)), 1.0f);
}

TEST(SceneEdits, NewTokensGetSeededRowsAndKnownTokensKeepTheirs)
{
    const core::Scene s = catEatsFish();
    const core::Scene t = edits::withTokens(s, {"猫", "喝", "水", "猫"});
    expectValid(t);
    ASSERT_EQ(t.vocabulary, (std::vector<std::string> {"猫", "喝", "水", "吃", "鱼"}));
    EXPECT_EQ(t.embeddings.row(0), s.embeddings.row(0));
    EXPECT_EQ(t.embeddings.row(1), edits::tokenEmbedding("喝", 8));
    EXPECT_EQ(t.wq, s.wq);
    // Typing the same sentence twice gives the same scene.
    EXPECT_EQ(edits::withTokens(s, {"猫", "喝", "水", "猫"}), t);
}

TEST(SceneEdits, RepeatedTokenSharesOneRow)
{
    const core::Scene t = edits::withTokens(catEatsFish(), {"the", "cat", "saw", "the", "cat"});
    expectValid(t);
    EXPECT_EQ(t.tokenCount(), 5);
    EXPECT_EQ(t.vocabulary.size(), 3u + catEatsFish().vocabulary.size());
    EXPECT_EQ(core::embeddingRows(t), (std::vector<int> {0, 1, 2, 0, 1}));
}

TEST(SceneEdits, RowsOfTokensThatLeftComeBackWithTheirValues)
{
    core::Scene s = catEatsFish();
    s.embeddings(1, 0) = 1.3f; // the user's own value for 吃
    const core::Scene other = edits::withTokens(s, {"狗", "喝", "水"});
    expectValid(other);
    EXPECT_EQ(edits::unusedVocabulary(other), (std::vector<std::string> {"猫", "吃", "鱼"}));
    // The file keeps the rows no token uses.
    const core::LoadResult reread = core::parseScene(core::writeScene(other));
    ASSERT_TRUE(reread.ok());
    EXPECT_EQ(*reread.scene, other);
    const core::Scene back = edits::withTokens(*reread.scene, s.tokens);
    expectValid(back);
    ASSERT_EQ(back.vocabulary.size(), 6u);
    for (int r = 0; r < 3; ++r)
        EXPECT_EQ(back.embeddings.row(r), s.embeddings.row(r)) << "row " << r;
    EXPECT_EQ(back.embeddings(1, 0), 1.3f);
    core::Pipeline a, b;
    EXPECT_EQ(a.compute(back).x, b.compute(s).x);
}

TEST(SceneEdits, RemovingUnusedRowsKeepsTheUsedOnesInOrder)
{
    const core::Scene s = edits::withTokens(catEatsFish(), {"鱼", "游"});
    ASSERT_EQ(s.vocabulary, (std::vector<std::string> {"鱼", "游", "猫", "吃"}));
    const core::Scene t = edits::withoutUnusedRows(s);
    expectValid(t);
    EXPECT_EQ(t.vocabulary, (std::vector<std::string> {"鱼", "游"}));
    EXPECT_EQ(t.embeddings.row(0), s.embeddings.row(0));
    EXPECT_EQ(t.embeddings.row(1), s.embeddings.row(1));
    EXPECT_TRUE(edits::unusedVocabulary(t).empty());
    core::Pipeline a, b;
    EXPECT_EQ(a.compute(t).x, b.compute(s).x);
    // Nothing to remove: the same scene.
    EXPECT_EQ(edits::withoutUnusedRows(t), t);
}

TEST(SceneEdits, DirectModeTokensKeepRowsOfKnownTokens)
{
    const core::Scene s = handCalc();
    ASSERT_TRUE(s.direct);
    const core::Scene t = edits::withTokens(s, {s.tokens[2], "新"});
    expectValid(t);
    EXPECT_EQ(t.q.row(0), s.q.row(2));
    EXPECT_EQ(t.v.row(0), s.v.row(2));
    EXPECT_EQ(t.q.rows(), 2);
}

TEST(SceneEdits, CustomMaskFollowsTokenCount)
{
    core::Scene s = edits::withMaskCellToggled(catEatsFish(), 0, 2);
    const core::Scene t = edits::withTokens(s, {"猫", "吃", "鱼", "了"});
    expectValid(t);
    EXPECT_EQ(t.customMask.rows(), 4);
    EXPECT_EQ(t.customMask(0, 2), 0);
    EXPECT_EQ(t.customMask(3, 3), 1);
}

TEST(SceneEdits, GrowingDimensionsKeepsEveryOldValue)
{
    const core::Scene s = catEatsFish();
    const core::Scene t = edits::withDimensions(s, 10, 2, 4);
    expectValid(t);
    EXPECT_EQ(t.embeddings.leftCols(8), s.embeddings);
    // Two heads split the single head's projection: head 1 gets columns 0–3, head 2 columns 4–7.
    EXPECT_EQ(t.wq.topRows(8), s.wq);
    EXPECT_EQ(t.wk.topRows(8), s.wk);
    EXPECT_EQ(t.wv.topRows(8), s.wv);
    EXPECT_EQ(t.wo.rows(), 8);
    EXPECT_EQ(t.wo.cols(), 10);
    const core::Scene back = edits::withDimensions(t, 8, 1, 8);
    expectValid(back);
    EXPECT_EQ(back.embeddings, s.embeddings);
    EXPECT_EQ(back.wq, s.wq);
}

TEST(SceneEdits, ShrinkingKeepsTheOverlap)
{
    const core::Scene s = catEatsFish();
    const core::Scene t = edits::withDimensions(s, 4, 1, 2);
    expectValid(t);
    EXPECT_EQ(t.embeddings, s.embeddings.leftCols(4));
    EXPECT_EQ(t.wk, s.wk.topLeftCorner(4, 2));
}

TEST(SceneEdits, MultiHeadSplitsTheSameProjectionAndDrawsOnlyNewColumns)
{
    const core::Scene one = catEatsFish();
    const core::Scene two = edits::withDimensions(one, 8, 2, 4);
    expectValid(two);
    EXPECT_EQ(two.wq, one.wq); // same 8 columns, now read as two heads of 4
    const core::Scene three = edits::withDimensions(two, 8, 3, 4);
    expectValid(three);
    EXPECT_EQ(three.wv.leftCols(8), two.wv);
    EXPECT_EQ(three.wo.topRows(8), two.wo);
    EXPECT_NE(three.wv.rightCols(4), core::Matrix::Zero(8, 4)); // the new head's columns are drawn
    const core::Scene wider = edits::withDimensions(two, 8, 2, 5);
    EXPECT_EQ(wider.wq.leftCols(8), two.wq);
}

TEST(SceneEdits, RandomWeightsDependOnSeedOnly)
{
    const core::Scene s = catEatsFish();
    const core::Scene a = edits::withRandomWeights(s, 7);
    expectValid(a);
    EXPECT_EQ(a, edits::withRandomWeights(s, 7));
    EXPECT_NE(a.wq, edits::withRandomWeights(s, 8).wq);
    EXPECT_NE(a.wq, a.wk);
    EXPECT_EQ(a.embeddings, s.embeddings);
}

TEST(SceneEdits, IdentityWeights)
{
    const core::Scene t = edits::withIdentityWeights(edits::withDimensions(catEatsFish(), 8, 2, 3));
    expectValid(t);
    EXPECT_EQ(t.wq, core::Matrix::Identity(8, 6));
    EXPECT_EQ(t.wo, core::Matrix::Identity(6, 8));
}

TEST(SceneEdits, PaddingMaskHidesLastKeys)
{
    const core::Scene t = edits::withPaddingMask(catEatsFish(), 1);
    expectValid(t);
    EXPECT_EQ(t.mask, core::MaskKind::Custom);
    for (int r = 0; r < 3; ++r) {
        EXPECT_EQ(t.customMask(r, 2), 0);
        EXPECT_EQ(t.customMask(r, 1), 1);
    }
}

TEST(SceneEdits, SwitchingToCustomMaskStartsFromTheCurrentMask)
{
    core::Scene s = catEatsFish();
    s.mask = core::MaskKind::Causal;
    const core::Scene t = edits::withMaskKind(s, core::MaskKind::Custom);
    EXPECT_EQ(t.customMask, core::effectiveMask(s));
    const core::Scene toggled = edits::withMaskCellToggled(t, 0, 1);
    EXPECT_EQ(toggled.customMask(0, 1), 1);
}

TEST(SceneEdits, DirectModeRoundTripKeepsComputedQkv)
{
    const core::Scene s = catEatsFish();
    const core::Scene d = edits::toDirectMode(s, 0);
    expectValid(d);
    core::Pipeline a, b;
    const core::Matrix wa = a.compute(s).heads[0].weights;
    EXPECT_TRUE(b.compute(d).heads[0].weights.isApprox(wa, 1e-5f));
    const core::Scene m = edits::toModelMode(d);
    expectValid(m);
    EXPECT_EQ(m.dModel, int(d.q.cols()));
}

TEST(SceneEdits, ScaleAndPositional)
{
    const core::Scene t = edits::withScale(catEatsFish(), core::ScaleKind::Custom, 2.5f);
    EXPECT_FLOAT_EQ(core::divisor(t), 2.5f);
    EXPECT_EQ(edits::withPositional(t, core::PositionalEncoding::Rope).positional, core::PositionalEncoding::Rope);
}

TEST(SceneEdits, ARotaryTableThatNoLongerFitsDKIsDropped)
{
    core::Scene s = edits::withPositional(catEatsFish(), core::PositionalEncoding::Rope);
    s.ropeConvention = core::RotaryConvention::HalfSplit;
    s.ropeFrequencies = core::RowVector::Constant(s.dK / 2, 0.5f);
    ASSERT_TRUE(core::validate(s).empty());
    const core::Scene same = edits::withDimensions(s, s.dModel + 2, s.heads, s.dK);
    EXPECT_EQ(same.ropeFrequencies.size(), s.dK / 2) << "d_k unchanged: the table still fits";
    const core::Scene wider = edits::withDimensions(s, s.dModel, s.heads, s.dK + 2);
    EXPECT_EQ(wider.ropeFrequencies.size(), 0);
    EXPECT_EQ(wider.ropeConvention, core::RotaryConvention::HalfSplit);
    EXPECT_TRUE(core::validate(wider).empty());
    core::Scene direct = edits::toDirectMode(s, 0);
    EXPECT_EQ(direct.ropeFrequencies.size(), s.dK / 2);
    EXPECT_TRUE(core::validate(edits::withDirectKeyDim(direct, s.dK + 2)).empty());
}

namespace {

// Two heads with a given X and every bias, as a head taken from a model.
core::Scene layerScene()
{
    std::mt19937 rng(5);
    core::Scene s = test::randomScene(rng, 4, 4, 2, 2);
    test::giveInputX(s);
    test::addBiases(rng, s);
    return s;
}

} // namespace

TEST(SceneEdits, DimensionChangesResizeAGivenXAndTheBiases)
{
    const core::Scene s = layerScene();
    expectValid(s);
    const core::Scene t = edits::withDimensions(s, 6, 3, 2);
    expectValid(t);
    EXPECT_TRUE(t.vocabulary.empty());
    ASSERT_EQ(t.x.cols(), 6);
    EXPECT_TRUE(t.x.leftCols(4) == s.x);
    ASSERT_EQ(t.bq.size(), 6);
    EXPECT_TRUE(t.bq.head(4) == s.bq); // entries stay where they are, as W_Q's columns do
    ASSERT_EQ(t.bo.size(), 6);
    EXPECT_TRUE(t.bo.head(4) == s.bo);
    const core::Scene narrower = edits::withDimensions(s, 4, 2, 1);
    expectValid(narrower);
    ASSERT_EQ(narrower.bv.size(), 2);
    EXPECT_TRUE(narrower.bv == s.bv.head(2));
    EXPECT_TRUE(narrower.wv == s.wv.leftCols(2)); // the bias follows its weight columns
}

TEST(SceneEdits, AGivenXKeepsTheRowsOfKnownTokens)
{
    const core::Scene s = layerScene();
    const core::Scene t = edits::withTokens(s, {s.tokens[2], "new"});
    expectValid(t);
    ASSERT_EQ(t.x.rows(), 2);
    const auto first = std::find(s.tokens.begin(), s.tokens.end(), s.tokens[2]) - s.tokens.begin();
    EXPECT_TRUE(t.x.row(0) == s.x.row(first));
    EXPECT_EQ(t.embeddings.size(), 0);
}

TEST(SceneEdits, DirectModeFromAGivenXDropsXAndTheBiases)
{
    const core::Scene s = layerScene();
    const core::Scene d = edits::toDirectMode(s, 1);
    expectValid(d);
    EXPECT_EQ(d.x.size(), 0);
    EXPECT_EQ(d.bq.size() + d.bk.size() + d.bv.size() + d.bo.size(), 0);
    core::Pipeline a, b;
    const core::Matrix wa = a.compute(s).heads[1].weights;
    EXPECT_TRUE(b.compute(d).heads[0].weights.isApprox(wa, 1e-5f));
}
