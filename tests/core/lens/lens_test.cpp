// Issue 19's analyses of a real model's pass — the stages of a whole block, the logit lens and
// direct logit attribution — against the naive double-precision reference of
// tests/testutil/lensreference.h, for GPT-2 (pre-LN) and BERT (post-LN).

#include "core/model/lens/attribution.h"
#include "core/model/lens/block.h"
#include "core/model/lens/lens.h"

#include "lensreference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

using namespace attnlab::core;
using namespace attnlab::core::model;
using namespace attnlab::test;

namespace {

void expectBlockMatches(const BlockStages &s, const BlockReference &r, const std::string &what)
{
    EXPECT_LE(maxDiff(s.input, r.input), 2e-4) << what << " input";
    EXPECT_LE(maxDiff(s.attnIn, r.attnIn), 2e-5) << what << " attn_in";
    EXPECT_LE(maxDiff(s.attnOut, r.attnOut), 2e-4) << what << " attn_out";
    EXPECT_LE(maxDiff(s.afterAttn, r.afterAttn), 2e-4) << what << " after_attn";
    EXPECT_LE(maxDiff(s.mlpIn, r.mlpIn), 2e-4) << what << " mlp_in";
    EXPECT_LE(maxDiff(s.mlpAct, r.mlpAct), 2e-4) << what << " mlp_act";
    EXPECT_LE(maxDiff(s.mlpOut, r.mlpOut), 2e-4) << what << " mlp_out";
    EXPECT_LE(maxDiff(s.output, r.output), 2e-4) << what << " output";
}

Mat softmaxRows(const Mat &logits)
{
    Mat p;
    for (const Vec &row : logits)
        p.push_back(softmaxRef(row));
    return p;
}

int argmax(const RowVector &v)
{
    Eigen::Index i = 0;
    v.maxCoeff(&i);
    return int(i);
}

double partSum(const Attribution &a)
{
    double s = 0;
    for (const AttributionPart &p : a.parts)
        s += p.value;
    return s;
}

void expectPartsMatch(const Attribution &a, const std::vector<PartReference> &ref)
{
    ASSERT_EQ(a.parts.size(), ref.size());
    for (size_t i = 0; i < ref.size(); ++i) {
        EXPECT_EQ(partName(a.parts[i]), ref[i].name);
        EXPECT_NEAR(a.parts[i].value, ref[i].value, 1e-4) << ref[i].name;
    }
}

} // namespace

// ---- Block stages ---------------------------------------------------------------------------

TEST(BlockStages, Gpt2MatchesTheNaiveReferenceInEveryLayer)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(gpt2Ids()));
    const Reference ref = gpt2Reference(*w, gpt2Ids(), allOn(w->config));
    for (int l = 0; l < run.layers(); ++l) {
        const BlockStages s = blockStages(run, l);
        expectBlockMatches(s, gpt2BlockReference(*w, ref, l), "layer " + std::to_string(l));
        EXPECT_EQ(s.mlpAct.cols(), w->config.dInner);
        EXPECT_LE((s.output - run.layerInput(l + 1)).cwiseAbs().maxCoeff(), 1e-5);
    }
}

TEST(BlockStages, BertMatchesTheNaiveReferenceWithItsNormsAfterTheSums)
{
    auto w = makeBert(bertConfig());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(bertIds(), 3));
    const Reference ref = bertReference(*w, bertIds(), 3, allOn(w->config));
    for (int l = 0; l < run.layers(); ++l) {
        const BlockStages s = blockStages(run, l);
        expectBlockMatches(s, bertBlockReference(*w, ref, l), "layer " + std::to_string(l));
        // Post-LN: attention reads the input itself, and the MLP the normed sum.
        EXPECT_EQ(s.attnIn, s.input);
        EXPECT_EQ(s.mlpIn, s.afterAttn);
        EXPECT_LE((s.output - run.layerInput(l + 1)).cwiseAbs().maxCoeff(), 1e-5);
    }
}

TEST(BlockStages, AnAblatedHeadAddsNothingToTheAttentionOutput)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    Matrix mask = Matrix::Ones(w->config.layers, w->config.heads);
    mask(1, 2) = 0;
    run.setHeadMask(mask);
    ASSERT_TRUE(run.run(gpt2Ids()));
    Mat refMask = allOn(w->config);
    refMask[1][2] = 0;
    const Reference ref = gpt2Reference(*w, gpt2Ids(), refMask);
    expectBlockMatches(blockStages(run, 1), gpt2BlockReference(*w, ref, 1), "ablated layer");
    EXPECT_TRUE(headContext(run, 1, 2, {0, 6}).isZero());
    EXPECT_FALSE(headContext(run, 1, 1, {0, 6}).isZero());
}

TEST(BlockStages, ALayerNotComputedIsRefused)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(gpt2Ids()));
    EXPECT_THROW(blockStages(run, -1), std::out_of_range);
    EXPECT_THROW(blockStages(run, run.layers()), std::out_of_range);
}

// ---- Logit lens -----------------------------------------------------------------------------

TEST(LogitLens, Gpt2MatchesTheReferenceAndItsLastRowIsThePrediction)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(gpt2Ids()));
    const LogitLens lens = logitLens(run);
    EXPECT_EQ(lens.position, 6);
    ASSERT_EQ(lens.logits.rows(), run.layers() + 1);
    const Reference ref = gpt2Reference(*w, gpt2Ids(), allOn(w->config));
    const Mat expected = gpt2LensReference(*w, ref, 6);
    EXPECT_LE(maxDiff(lens.logits, expected), 2e-4);
    EXPECT_LE(maxDiff(lens.probabilities, softmaxRows(expected)), 2e-6);
    // The last layer is the model's own prediction, bit for bit.
    EXPECT_EQ(RowVector(lens.probabilities.row(run.layers())), run.probabilities());
    EXPECT_EQ(RowVector(lens.logits.row(run.layers())), run.logits());
    // … and the lens's head is the model's head: on the last residual it gives the same logits.
    const Matrix last = outputHeadLogits(*w, run.layerInput(run.layers()).row(6));
    EXPECT_LE((RowVector(last.row(0)) - run.logits()).cwiseAbs().maxCoeff(), 1e-5);
}

TEST(LogitLens, BertReadsEveryLayerThroughTheMaskedLmHead)
{
    auto w = makeBert(bertConfig());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(bertIds(), 3));
    const LogitLens lens = logitLens(run);
    EXPECT_EQ(lens.position, 3);
    const Reference ref = bertReference(*w, bertIds(), 3, allOn(w->config));
    const Mat expected = bertLensReference(*w, ref, 3);
    EXPECT_LE(maxDiff(lens.logits, expected), 2e-4);
    EXPECT_LE(maxDiff(lens.probabilities, softmaxRows(expected)), 2e-6);
    EXPECT_EQ(RowVector(lens.probabilities.row(run.layers())), run.probabilities());
    const Matrix last = outputHeadLogits(*w, run.layerInput(run.layers()).row(3));
    EXPECT_LE((RowVector(last.row(0)) - run.logits()).cwiseAbs().maxCoeff(), 1e-5);
}

TEST(LogitLens, NeedsACompletePass)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    EXPECT_THROW(logitLens(run), std::invalid_argument);
    EXPECT_FALSE(run.run(gpt2Ids(), -1, [](int layer, int) { return layer < 1; }));
    EXPECT_THROW(logitLens(run), std::invalid_argument);
}

// ---- Direct logit attribution ---------------------------------------------------------------

TEST(LogitAttribution, Gpt2MatchesTheReferencePartByPart)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(gpt2Ids()));
    for (int token : {argmax(run.logits()), 0, 15}) {
        const Attribution a = attributeLogit(run, token);
        EXPECT_TRUE(a.perHead);
        EXPECT_EQ(a.token, token);
        EXPECT_EQ(a.logit, double(run.logits()(token)));
        // embeddings, layers × (heads + mlp), biases
        EXPECT_EQ(a.parts.size(), size_t(1 + run.layers() * (run.heads() + 1) + 1));
        expectPartsMatch(a, gpt2AttributionReference(*w, gpt2Ids(), allOn(w->config), token));
    }
}

TEST(LogitAttribution, AtAnEarlierPositionOnlyTheTokensUpToItCount)
{
    // GPT-2 is causal: predicting after token p of the text is predicting after the text cut
    // there, whose reference sees tokens 0…p only. The heads read the pass's cached keys and
    // values, which hold every token: those after p must not enter.
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    const std::vector<int> ids = gpt2Ids();
    const int p = int(ids.size()) - 3;
    ASSERT_TRUE(run.run(ids, p));
    const std::vector<int> prefix(ids.begin(), ids.begin() + p + 1);
    for (int token : {argmax(run.logits()), 15}) {
        const Attribution a = attributeLogit(run, token);
        expectPartsMatch(a, gpt2AttributionReference(*w, prefix, allOn(w->config), token));
    }
}

TEST(LogitAttribution, AnAblatedHeadWritesNothing)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    Matrix mask = Matrix::Ones(w->config.layers, w->config.heads);
    mask(0, 3) = 0;
    mask(2, 0) = 0.5f;
    run.setHeadMask(mask);
    ASSERT_TRUE(run.run(gpt2Ids()));
    Mat refMask = allOn(w->config);
    refMask[0][3] = 0;
    refMask[2][0] = 0.5;
    const int token = argmax(run.logits());
    const Attribution a = attributeLogit(run, token);
    expectPartsMatch(a, gpt2AttributionReference(*w, gpt2Ids(), refMask, token));
    EXPECT_EQ(partName(a.parts[4]), "1.4");
    EXPECT_EQ(a.parts[4].value, 0.0);
    EXPECT_NEAR(partSum(a), a.logit, 1e-4 * std::abs(a.logit));
}

TEST(LogitAttribution, BertIsPerLayerAndTelescopesThroughTheLens)
{
    auto w = makeBert(bertConfig());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(bertIds(), 3));
    const int token = argmax(run.logits());
    const Attribution a = attributeLogit(run, token);
    EXPECT_FALSE(a.perHead);
    EXPECT_EQ(a.parts.size(), size_t(1 + run.layers()));
    expectPartsMatch(a, bertAttributionReference(*w, bertIds(), 3, token));
    EXPECT_NEAR(partSum(a), a.logit, 1e-4 * std::abs(a.logit));
}

TEST(LogitAttribution, PartsSumToTheLogitOnRandomModels)
{
    for (unsigned seed = 1; seed <= 6; ++seed) {
        auto w = makeGpt2(gpt2Config(1 + int(seed % 4)), seed * 101);
        ForwardRunner run(w);
        std::vector<int> ids;
        for (unsigned i = 0; i < 3 + seed; ++i)
            ids.push_back(int((seed * 7 + i * 5) % unsigned(w->config.vocabSize)));
        ASSERT_TRUE(run.run(ids));
        for (int token : {argmax(run.logits()), int(seed * 3 % unsigned(w->config.vocabSize))}) {
            const Attribution a = attributeLogit(run, token);
            EXPECT_NEAR(partSum(a), a.logit, 1e-4 * std::abs(a.logit)) << "GPT-2 seed " << seed << " token " << token;
        }

        auto b = makeBert(bertConfig(), seed * 131);
        ForwardRunner bert(b);
        ASSERT_TRUE(bert.run(bertIds(), int(seed % 8)));
        const Attribution a = attributeLogit(bert, argmax(bert.logits()));
        EXPECT_NEAR(partSum(a), a.logit, 1e-4 * std::abs(a.logit)) << "BERT seed " << seed;
    }
}

TEST(LogitAttribution, ATokenOutsideTheVocabularyIsRefused)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(gpt2Ids()));
    EXPECT_THROW(attributeLogit(run, -1), std::invalid_argument);
    EXPECT_THROW(attributeLogit(run, w->config.vocabSize), std::invalid_argument);
    EXPECT_NO_THROW(attributeLogit(run, w->config.vocabSize - 1));
}
