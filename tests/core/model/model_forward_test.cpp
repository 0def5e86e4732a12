// Forward passes of GPT-2 and BERT against the independent naive reference of
// tests/testutil/modelreference.h (plain loops in double precision, following transformers'
// modeling_gpt2.py and modeling_bert.py).

#include "core/model/forward.h"
#include "core/model/headscene.h"
#include "core/model/topk.h"

#include "modelreference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

using namespace attnlab::core;
using namespace attnlab::core::model;

using namespace attnlab::test;

// ---- Semantics ------------------------------------------------------------------------------

TEST(ModelForward, Gpt2MatchesTheNaiveReference)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(gpt2Ids()));
    EXPECT_TRUE(run.isComplete());
    EXPECT_EQ(run.predictionPosition(), 6);
    expectMatchesReference(run, gpt2Reference(*w, gpt2Ids(), allOn(w->config)));
}

TEST(ModelForward, LongTextsMatchTheReferenceToo)
{
    // Past 128 tokens the causal products run in blocks of query rows, and past 64 the heads run
    // in parallel: both must give the same numbers.
    ModelConfig c = gpt2Config(2);
    c.maxPositions = 300;
    auto w = makeGpt2(c);
    std::vector<int> ids(300);
    for (int i = 0; i < 300; ++i)
        ids[i] = (i * 7 + 3) % c.vocabSize;
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(ids));
    expectMatchesReference(run, gpt2Reference(*w, ids, allOn(c)));

    ModelConfig bc = bertConfig();
    bc.maxPositions = 100;
    auto b = makeBert(bc);
    std::vector<int> bids(100);
    for (int i = 0; i < 100; ++i)
        bids[i] = (i * 5 + 1) % bc.vocabSize;
    ForwardRunner bert(b);
    ASSERT_TRUE(bert.run(bids, 40));
    expectMatchesReference(bert, bertReference(*b, bids, 40, allOn(bc)));
    // Beyond kThumbnailSize tokens only thumbnails are kept, at most kThumbnailSize² per head:
    // 300 tokens in blocks of 8 make 38 × 38.
    EXPECT_EQ(ForwardRunner::thumbnailBlock(300), 8);
    EXPECT_EQ(run.attentionThumbnail(0, 0).rows(), 38);
    EXPECT_EQ(run.attentionThumbnail(0, 0).cols(), 38);
    EXPECT_EQ(run.attentionWeights(0, 0).rows(), 300);
}

TEST(ModelForward, BertMatchesTheNaiveReferenceAtTheGivenPosition)
{
    auto w = makeBert(bertConfig());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(bertIds(), 3));
    EXPECT_EQ(run.predictionPosition(), 3);
    expectMatchesReference(run, bertReference(*w, bertIds(), 3, allOn(w->config)));
    // The prediction depends on the position: elsewhere it differs.
    const Reference other = bertReference(*w, bertIds(), 5, allOn(w->config));
    EXPECT_GT(maxDiff(run.probabilities(), other.probabilities), 1e-3);
}

TEST(ModelForward, MovingThePredictionRecomputesOnlyTheHead)
{
    auto w = makeBert(bertConfig());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(bertIds(), 3));
    run.setPredictionPosition(5);
    EXPECT_EQ(run.restartedFrom(), run.layers());
    EXPECT_EQ(run.predictionPosition(), 5);
    EXPECT_LE(maxDiff(run.probabilities(), bertReference(*w, bertIds(), 5, allOn(w->config)).probabilities), 2e-6);
    EXPECT_THROW(run.setPredictionPosition(8), std::invalid_argument);
}

TEST(ModelForward, TheTanhAndErfGeluDifferSoTheActivationMatters)
{
    // A GPT-2 configured with the exact GELU must no longer match the tanh reference.
    ModelConfig c = gpt2Config();
    c.activation = "gelu";
    auto w = makeGpt2(c);
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(gpt2Ids()));
    const Reference ref = gpt2Reference(*w, gpt2Ids(), allOn(c));
    EXPECT_GT(maxDiff(run.layerInput(c.layers), ref.inputs[c.layers]), 1e-5);
}

TEST(ModelForward, WeightRowsSumToOneAndCausalCellsAreZero)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(gpt2Ids()));
    const int n = run.tokenCount();
    for (int l = 0; l < run.layers(); ++l)
        for (int h = 0; h < run.heads(); ++h) {
            const Matrix &a = run.attentionWeights(l, h);
            ASSERT_EQ(a.rows(), n);
            ASSERT_EQ(a.cols(), n);
            for (int i = 0; i < n; ++i) {
                EXPECT_NEAR(a.row(i).sum(), 1.0, 1e-5);
                for (int j = 0; j < n; ++j)
                    if (j > i)
                        EXPECT_EQ(a(i, j), 0.f);
                    else
                        EXPECT_GT(a(i, j), 0.f);
            }
        }
    EXPECT_NEAR(run.probabilities().sum(), 1.0, 1e-5);

    auto b = makeBert(bertConfig());
    ForwardRunner bert(b);
    ASSERT_TRUE(bert.run(bertIds(), 0));
    for (int l = 0; l < bert.layers(); ++l)
        for (int h = 0; h < bert.heads(); ++h) {
            const Matrix &a = bert.attentionWeights(l, h);
            EXPECT_GT(a.minCoeff(), 0.f); // no mask: every key is seen
            for (int i = 0; i < a.rows(); ++i)
                EXPECT_NEAR(a.row(i).sum(), 1.0, 1e-5);
        }
}

// ---- Interventions --------------------------------------------------------------------------

TEST(ModelForward, AblatingAHeadMatchesTheReferenceWithThatHeadZeroed)
{
    for (bool gpt2 : {true, false}) {
        auto w = gpt2 ? makeGpt2(gpt2Config()) : makeBert(bertConfig());
        const ModelConfig &c = w->config;
        const std::vector<int> ids = gpt2 ? gpt2Ids() : bertIds();
        ForwardRunner run(w);
        ASSERT_TRUE(run.run(ids, gpt2 ? -1 : 2));
        const RowVector before = run.probabilities();
        const Matrix patternBefore = run.attentionWeights(1, 1);

        Matrix mask = Matrix::Ones(c.layers, c.heads);
        mask(1, 1) = 0;
        ASSERT_TRUE(run.setHeadMask(mask));
        Mat refMask = allOn(c);
        refMask[1][1] = 0;
        const Reference ref = gpt2 ? gpt2Reference(*w, ids, refMask) : bertReference(*w, ids, 2, refMask);
        expectMatchesReference(run, ref);
        EXPECT_GT((run.probabilities() - before).cwiseAbs().maxCoeff(), 1e-4) << "ablation changes the prediction";
        // The ablated head still shows the pattern it would have had.
        EXPECT_LE((run.attentionWeights(1, 1) - patternBefore).cwiseAbs().maxCoeff(), 1e-6);
    }
}

TEST(ModelForward, ChangingTheHeadMaskRestartsFromTheFirstChangedLayer)
{
    auto w = makeGpt2(gpt2Config(4));
    const ModelConfig &c = w->config;
    ForwardRunner run(w);
    std::vector<int> visited;
    const ForwardProgress record = [&](int layer, int) {
        visited.push_back(layer);
        return true;
    };
    ASSERT_TRUE(run.run(gpt2Ids(), -1, record));
    EXPECT_EQ(visited, (std::vector<int> {0, 1, 2, 3, 4}));
    const RowVector original = run.probabilities();

    Matrix mask = Matrix::Ones(c.layers, c.heads);
    mask(2, 3) = 0;
    mask(3, 0) = 0;
    visited.clear();
    ASSERT_TRUE(run.setHeadMask(mask, record));
    EXPECT_EQ(run.restartedFrom(), 2);
    EXPECT_EQ(visited, (std::vector<int> {2, 3, 4}));

    // Equal to a full computation with the same mask.
    ForwardRunner fresh(w);
    fresh.setHeadMask(mask);
    EXPECT_EQ(fresh.restartedFrom(), c.layers); // nothing to run yet
    ASSERT_TRUE(fresh.run(gpt2Ids()));
    for (int l = 0; l <= c.layers; ++l)
        EXPECT_LE((run.layerInput(l) - fresh.layerInput(l)).cwiseAbs().maxCoeff(), 1e-6);
    EXPECT_LE((run.probabilities() - fresh.probabilities()).cwiseAbs().maxCoeff(), 1e-7);
    EXPECT_GT((run.probabilities() - original).cwiseAbs().maxCoeff(), 1e-4);

    // The same mask again: nothing runs.
    visited.clear();
    ASSERT_TRUE(run.setHeadMask(mask, record));
    EXPECT_EQ(run.restartedFrom(), c.layers);
    EXPECT_TRUE(visited.empty());

    // Switching the heads back on restores the original prediction.
    ASSERT_TRUE(run.setHeadMask(Matrix::Ones(c.layers, c.heads), record));
    EXPECT_EQ(run.restartedFrom(), 2);
    EXPECT_LE((run.probabilities() - original).cwiseAbs().maxCoeff(), 1e-7);
}

TEST(ModelForward, CancelKeepsFinishedLayersAndResumeCompletes)
{
    auto w = makeGpt2(gpt2Config(3));
    ForwardRunner run(w);
    const ForwardProgress stopAt2 = [](int layer, int) { return layer < 2; };
    EXPECT_FALSE(run.run(gpt2Ids(), -1, stopAt2));
    EXPECT_FALSE(run.isComplete());
    EXPECT_EQ(run.layersDone(), 2);
    EXPECT_EQ(run.probabilities().size(), 0);
    EXPECT_NO_THROW(run.attentionWeights(1, 0));
    EXPECT_THROW(run.attentionWeights(2, 0), std::out_of_range);
    EXPECT_THROW(run.attentionThumbnail(2, 0), std::out_of_range);

    const ForwardProgress stopBeforePrediction = [](int layer, int layers) { return layer < layers; };
    EXPECT_FALSE(run.resume(stopBeforePrediction));
    EXPECT_EQ(run.restartedFrom(), 2);
    EXPECT_EQ(run.layersDone(), 3);
    EXPECT_FALSE(run.isComplete());

    EXPECT_TRUE(run.resume());
    EXPECT_TRUE(run.isComplete());
    expectMatchesReference(run, gpt2Reference(*w, gpt2Ids(), allOn(w->config)));
}

// ---- Input errors ---------------------------------------------------------------------------

TEST(ModelForward, BadInputIsAnErrorAndChangesNothing)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(gpt2Ids()));
    const RowVector before = run.probabilities();

    try {
        run.run(std::vector<int>(11, 1)); // maxPositions is 10
        FAIL() << "no error for 11 tokens";
    } catch (const std::invalid_argument &e) {
        EXPECT_NE(std::string(e.what()).find("at most 10"), std::string::npos) << e.what();
    }
    EXPECT_NO_THROW(run.run(std::vector<int>(10, 1)));
    EXPECT_THROW(run.run({}), std::invalid_argument);
    EXPECT_THROW(run.run({1, 23}), std::invalid_argument); // vocabulary is 23
    EXPECT_THROW(run.run({1, -1}), std::invalid_argument);
    EXPECT_THROW(run.run({1, 2}, 2), std::invalid_argument);
    EXPECT_THROW(run.setHeadMask(Matrix::Ones(3, 3)), std::invalid_argument);
    Matrix nan = Matrix::Ones(3, 4);
    nan(0, 0) = NAN;
    EXPECT_THROW(run.setHeadMask(nan), std::invalid_argument);

    ASSERT_TRUE(run.run(gpt2Ids()));
    EXPECT_LE((run.probabilities() - before).cwiseAbs().maxCoeff(), 0.f);
}

TEST(ModelForward, InconsistentWeightsAreRefusedByName)
{
    auto w = makeGpt2(gpt2Config());
    w->layers[1].key.cols -= 1;
    try {
        ForwardRunner run(w);
        FAIL() << "no error";
    } catch (const std::invalid_argument &e) {
        EXPECT_NE(std::string(e.what()).find("h.1.attn.c_attn.weight"), std::string::npos) << e.what();
    }
    auto b = makeBert(bertConfig());
    b->layers[0].mlpNorm.bias = TensorView();
    try {
        ForwardRunner run(b);
        FAIL() << "no error";
    } catch (const std::invalid_argument &e) {
        EXPECT_NE(std::string(e.what()).find("encoder.layer.0.output.LayerNorm.bias"), std::string::npos) << e.what();
    }
    auto act = makeGpt2(gpt2Config());
    act->config.activation = "no_such_activation";
    EXPECT_THROW(ForwardRunner {act}, std::invalid_argument);

    // A BERT without its masked-LM head still shows attention, but cannot predict.
    auto bare = makeBert(bertConfig());
    bare->mlmDense = bare->mlmDenseBias = bare->mlmBias = TensorView();
    bare->mlmNorm = LayerNormWeights();
    ForwardRunner run(bare);
    EXPECT_FALSE(run.canPredict());
    ASSERT_TRUE(run.run(bertIds()));
    EXPECT_TRUE(run.isComplete());
    EXPECT_EQ(run.probabilities().size(), 0);
    run.setPredictionPosition(2);
    EXPECT_EQ(run.probabilities().size(), 0);
}

// ---- Top k ----------------------------------------------------------------------------------

TEST(ModelForward, TopKSortsByProbabilityThenSmallerId)
{
    RowVector p(6);
    p << 0.1f, 0.3f, 0.05f, 0.3f, 0.2f, 0.05f;
    const auto top = topK(p, 4);
    ASSERT_EQ(top.size(), 4u);
    const int ids[] = {1, 3, 4, 0};
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(top[i].id, ids[i]);
        EXPECT_EQ(top[i].probability, p[ids[i]]);
    }
    EXPECT_EQ(topK(p, 0).size(), 0u);
    const auto all = topK(p, 99);
    ASSERT_EQ(all.size(), 6u);
    EXPECT_EQ(all[4].id, 2);
    EXPECT_EQ(all[5].id, 5);
}

TEST(ModelForward, TopKOfAPredictionIsTheModelsOwnProbabilities)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(gpt2Ids()));
    const Reference ref = gpt2Reference(*w, gpt2Ids(), allOn(w->config));
    const auto top = topK(run.probabilities(), 5);
    ASSERT_EQ(top.size(), 5u);
    int best = 0;
    for (int i = 1; i < int(ref.probabilities.size()); ++i)
        if (ref.probabilities[i] > ref.probabilities[best])
            best = i;
    EXPECT_EQ(top[0].id, best);
    double sum = 0;
    for (const auto &t : top) {
        EXPECT_NEAR(t.probability, ref.probabilities[t.id], 2e-6);
        sum += t.probability;
    }
    EXPECT_LT(sum, 1.0); // not renormalised over the five
}

// ---- One head as a scene --------------------------------------------------------------------

namespace {

// Weights and output of a one-head scene with given X, computed naively from the scene's fields.
void naiveSceneHead(const Scene &s, Mat &weights, Mat &output)
{
    const int n = s.tokenCount(), d = s.dModel, dk = s.dK;
    Mat q(n, Vec(dk)), k(n, Vec(dk)), v(n, Vec(dk));
    for (int i = 0; i < n; ++i)
        for (int c = 0; c < dk; ++c) {
            double sq = s.bq[c], sk = s.bk[c], sv = s.bv[c];
            for (int j = 0; j < d; ++j) {
                sq += double(s.x(i, j)) * s.wq(j, c);
                sk += double(s.x(i, j)) * s.wk(j, c);
                sv += double(s.x(i, j)) * s.wv(j, c);
            }
            q[i][c] = sq;
            k[i][c] = sk;
            v[i][c] = sv;
        }
    weights.assign(n, Vec(n, 0.0));
    output.assign(n, Vec(d, 0.0));
    for (int i = 0; i < n; ++i) {
        const int visible = s.mask == MaskKind::Causal ? i + 1 : n;
        Vec z(visible);
        for (int j = 0; j < visible; ++j) {
            double dot = 0;
            for (int c = 0; c < dk; ++c)
                dot += q[i][c] * k[j][c];
            z[j] = dot / std::sqrt(double(dk));
        }
        const Vec p = softmaxRef(z);
        for (int j = 0; j < visible; ++j)
            weights[i][j] = p[j];
        for (int o = 0; o < d; ++o) {
            double out = s.bo[o];
            for (int c = 0; c < dk; ++c) {
                double ctx = 0;
                for (int j = 0; j < n; ++j)
                    ctx += weights[i][j] * v[j][c];
                out += ctx * s.wo(c, o);
            }
            output[i][o] = out;
        }
    }
}

} // namespace

TEST(ModelForward, AHeadSceneRecomputesTheModelsOwnWeights)
{
    for (bool gpt2 : {true, false}) {
        auto w = gpt2 ? makeGpt2(gpt2Config()) : makeBert(bertConfig());
        const ModelConfig &c = w->config;
        const std::vector<int> ids = gpt2 ? gpt2Ids() : bertIds();
        ForwardRunner run(w);
        ASSERT_TRUE(run.run(ids));
        std::vector<std::string> tokens;
        for (int id : ids)
            tokens.push_back("t" + std::to_string(id));
        const Reference ref
            = gpt2 ? gpt2Reference(*w, ids, allOn(c)) : bertReference(*w, ids, int(ids.size()) - 1, allOn(c));
        const int n = int(ids.size()), d = c.dModel;

        for (int layer = 0; layer < c.layers; ++layer) {
            // The heads' outputs, each with W_O's rows of that head, add up to the layer's
            // attention output once the shared b_O is counted once.
            Mat sum(n, Vec(d, 0.0));
            for (int head = 0; head < c.heads; ++head) {
                const Scene s = headScene(run, layer, head, tokens);
                ASSERT_TRUE(s.hasInputX());
                EXPECT_EQ(s.heads, 1);
                EXPECT_EQ(s.dK, c.headDim());
                EXPECT_EQ(s.wq.rows(), d);
                EXPECT_EQ(s.wq.cols(), c.headDim());
                EXPECT_EQ(s.wo.rows(), c.headDim());
                EXPECT_EQ(s.wo.cols(), d);
                EXPECT_EQ(s.bo.size(), d);
                EXPECT_EQ(s.mask, gpt2 ? MaskKind::Causal : MaskKind::None);
                EXPECT_EQ(s.positional, PositionalEncoding::None);
                EXPECT_EQ(s.tokens, tokens);
                Mat weights, output;
                naiveSceneHead(s, weights, output);
                EXPECT_LE(maxDiff(run.attentionWeights(layer, head), weights), 2e-5)
                    << (gpt2 ? "gpt2" : "bert") << " layer " << layer << " head " << head;
                for (int i = 0; i < n; ++i)
                    for (int o = 0; o < d; ++o)
                        sum[i][o] += output[i][o] - (head > 0 ? double(s.bo[o]) : 0.0);
            }
            double diff = 0;
            for (int i = 0; i < n; ++i)
                for (int o = 0; o < d; ++o)
                    diff = std::max(diff, std::abs(sum[i][o] - ref.attentionOutputs[layer][i][o]));
            EXPECT_LE(diff, 1e-4) << "layer " << layer;
        }
    }
}

TEST(ModelForward, AHeadSceneIsTitledFromOne)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run({1, 2, 3}));
    const Scene s = headScene(run, 2, 3, {"a", "b", "c"});
    EXPECT_EQ(s.title, "GPT-2 layer 3 head 4");
    EXPECT_THROW(headScene(run, 3, 0, {"a", "b", "c"}), std::invalid_argument);
    EXPECT_THROW(headScene(run, 0, 4, {"a", "b", "c"}), std::invalid_argument);
    EXPECT_THROW(headScene(run, 0, 0, {"a", "b"}), std::invalid_argument);
}

// ---- Editing a head's weights -----------------------------------------------------------------

namespace {

// A row-major copy of `t` (outputs × inputs, whatever its storage) in new storage kept alive by
// `keep`, so the copy can be changed.
TensorView copyOf(const TensorView &t, std::vector<std::shared_ptr<std::vector<float>>> &keep)
{
    auto values = std::make_shared<std::vector<float>>();
    for (int r = 0; r < t.rows; ++r)
        for (int c = 0; c < t.cols; ++c)
            values->push_back(float(at(t, r, c)));
    keep.push_back(values);
    return {values->data(), t.rows, t.cols};
}

float &cell(TensorView &t, int r, int c)
{
    return const_cast<float *>(t.data)[size_t(r) * t.cols + c];
}

} // namespace

TEST(ModelForward, EditingAHeadsWeightsMatchesTheReferenceOnEditedTensors)
{
    for (bool gpt2 : {true, false}) {
        auto w = gpt2 ? makeGpt2(gpt2Config()) : makeBert(bertConfig());
        const ModelConfig &c = w->config;
        const std::vector<int> ids = gpt2 ? gpt2Ids() : bertIds();
        const int layer = 1, head = 1, d = c.dModel, dh = c.headDim(), first = head * dh;
        ForwardRunner run(w);
        ASSERT_TRUE(run.run(ids));
        const RowVector original = run.probabilities();
        std::vector<std::string> tokens(ids.size(), "t");

        // On the board: W_Q doubled, b_V shifted, one cell of W_O and of b_O changed.
        Scene s = headScene(run, layer, head, tokens);
        s.wq *= 2.f;
        s.bv.array() += 0.5f;
        s.wo(0, 2) += 1.f;
        s.bo[3] -= 0.7f;
        ASSERT_TRUE(run.setHeadWeights(layer, head, s));
        EXPECT_EQ(run.restartedFrom(), layer);
        EXPECT_TRUE(run.hasEditedWeights());

        // The same edit made directly on copies of the checkpoint's tensors (outputs × inputs,
        // GPT-2's Conv1D ones as the loader shows them).
        std::vector<std::shared_ptr<std::vector<float>>> keep;
        auto edited = std::make_shared<ModelWeights>(*w);
        LayerWeights &L = edited->layers[layer];
        L.query = copyOf(L.query, keep);
        L.valueBias = copyOf(L.valueBias, keep);
        L.attnOut = copyOf(L.attnOut, keep);
        L.attnOutBias = copyOf(L.attnOutBias, keep);
        for (int j = 0; j < dh; ++j)
            for (int i = 0; i < d; ++i)
                cell(L.query, first + j, i) *= 2.f;
        for (int j = 0; j < dh; ++j)
            cell(L.valueBias, 0, first + j) += 0.5f;
        cell(L.attnOut, 2, first + 0) += 1.f; // out × in: W_O(0, 2) is weight[2][first]
        cell(L.attnOutBias, 0, 3) -= 0.7f;
        const Reference ref
            = gpt2 ? gpt2Reference(*edited, ids, allOn(c)) : bertReference(*edited, ids, int(ids.size()) - 1, allOn(c));
        expectMatchesReference(run, ref);
        EXPECT_GT((run.probabilities() - original).cwiseAbs().maxCoeff(), 1e-4);

        // The board reopens the edited head; the checkpoint itself is untouched.
        const Scene again = headScene(run, layer, head, tokens);
        EXPECT_LE((again.wq - s.wq).cwiseAbs().maxCoeff(), 0.f);
        EXPECT_LE((again.bo - s.bo).cwiseAbs().maxCoeff(), 0.f);
        const Scene pristine = headScene(*w, run.attentionInput(layer), layer, head, tokens);
        EXPECT_GT((pristine.wq - s.wq).cwiseAbs().maxCoeff(), 0.f);

        Scene bad = s;
        bad.wq.conservativeResize(d, dh - 1);
        EXPECT_THROW(run.setHeadWeights(layer, head, bad), std::invalid_argument);
        EXPECT_THROW(run.setHeadWeights(layer, c.heads, s), std::invalid_argument);

        ASSERT_TRUE(run.resetWeights());
        EXPECT_EQ(run.restartedFrom(), layer);
        EXPECT_FALSE(run.hasEditedWeights());
        EXPECT_LE((run.probabilities() - original).cwiseAbs().maxCoeff(), 1e-7);
    }
}
