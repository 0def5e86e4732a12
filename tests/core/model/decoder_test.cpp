// The KV-cache Decoder (core/model/decoder) against the ForwardRunner and the independent naive
// reference of tests/testutil/modelreference: at every step of a generation, the logits of the
// last position must be those of a full forward pass over the same ids.

#include "core/model/decoder.h"
#include "core/model/forward.h"
#include "core/model/forwardcheck.h"
#include "core/model/modelconfig.h"
#include "core/model/modelerror.h"

#include "modelreference.h"
#include "rotaryreference.h"

#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

using namespace attnlab::core;
using namespace attnlab::core::model;
using namespace attnlab::test;

namespace {

constexpr double kTolerance = 2e-5;

double maxAbs(const RowVector &a, const RowVector &b)
{
    return a.size() == b.size() ? double((a - b).cwiseAbs().maxCoeff()) : 1e9;
}

// The last position of a full pass over `ids`: the runner's logits and probabilities.
struct FullPass {
    RowVector logits, probabilities;
    std::vector<Matrix> weights; // [layer], heads × n: each head's last query row
};

FullPass fullPass(const std::shared_ptr<const ModelWeights> &w, const std::vector<int> &ids, const Matrix &mask)
{
    ForwardRunner runner(w);
    runner.setHeadMask(mask);
    EXPECT_TRUE(runner.run(ids));
    FullPass pass {runner.logits(), runner.probabilities(), {}};
    const int n = int(ids.size());
    for (int l = 0; l < runner.layers(); ++l) {
        Matrix last(runner.heads(), n);
        for (int h = 0; h < runner.heads(); ++h)
            last.row(h) = runner.attentionWeights(l, h).row(n - 1);
        pass.weights.push_back(last);
    }
    return pass;
}

// Prefills `prompt` ids of `ids`, then appends the rest one at a time, checking every step
// against a full pass (and the naive reference for an unablated GPT-2).
void expectEveryStepMatchesTheFullPass(
    const std::shared_ptr<const ModelWeights> &w, const std::vector<int> &ids, int prompt, const Matrix &mask)
{
    Decoder decoder(w);
    decoder.setHeadMask(mask);
    ASSERT_TRUE(decoder.append(std::vector<int>(ids.begin(), ids.begin() + prompt)));
    for (int n = prompt;; ++n) {
        SCOPED_TRACE("tokens " + std::to_string(n));
        const std::vector<int> prefix(ids.begin(), ids.begin() + n);
        ASSERT_EQ(decoder.tokenIds(), prefix);
        const FullPass pass = fullPass(w, prefix, mask);
        EXPECT_LT(maxAbs(decoder.logits(), pass.logits), kTolerance);
        EXPECT_LT(maxAbs(decoder.probabilities(), pass.probabilities), kTolerance);
        for (int l = 0; l < decoder.layers(); ++l) {
            EXPECT_EQ(decoder.cachedRows(l), n);
            EXPECT_EQ(decoder.keys(l).rows(), n);
            ASSERT_EQ(decoder.lastAttention(l).cols(), n);
            EXPECT_LT(double((decoder.lastAttention(l) - pass.weights[size_t(l)]).cwiseAbs().maxCoeff()), kTolerance);
        }
        if (n == int(ids.size()))
            break;
        ASSERT_TRUE(decoder.append({ids[size_t(n)]}));
    }
}

Mat toMat(const Matrix &m)
{
    Mat out(size_t(m.rows()), Vec(size_t(m.cols())));
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            out[size_t(r)][size_t(c)] = m(r, c);
    return out;
}

} // namespace

TEST(Decoder, Gpt2LogitsEqualTheFullForwardPassAtEveryStep)
{
    const auto w = makeGpt2(gpt2Config());
    const Matrix on = Matrix::Ones(w->config.layers, w->config.heads);
    expectEveryStepMatchesTheFullPass(w, gpt2Ids(), 1, on);
    expectEveryStepMatchesTheFullPass(w, gpt2Ids(), 4, on);
}

TEST(Decoder, Gpt2MatchesTheNaiveReferenceAfterGeneratingTokenByToken)
{
    const auto w = makeGpt2(gpt2Config());
    const std::vector<int> ids = gpt2Ids();
    Decoder decoder(w);
    decoder.append({ids[0], ids[1]});
    for (size_t i = 2; i < ids.size(); ++i)
        decoder.append({ids[i]});
    const Reference ref = gpt2Reference(*w, ids, allOn(w->config));
    EXPECT_LT(maxDiff(decoder.probabilities(), ref.probabilities), kTolerance);
}

TEST(Decoder, Qwen2AndLlamaWithGroupedQueryAttentionEqualTheFullPassAtEveryStep)
{
    RotaryShape qwen; // 4 heads reading 2 key/value heads
    RotaryShape llama;
    llama.family = "llama";
    llama.heads = 4;
    llama.kvHeads = 1; // every query head reads the one key/value head
    llama.headDim = 6; // not dModel / heads
    llama.scaling.type = "llama3";
    llama.scaling.factor = 8;
    llama.scaling.originalMaxPositions = 8;
    llama.tied = true;
    RotaryShape biased = llama;
    biased.kvHeads = 4; // no grouping
    biased.attentionBias = true;
    biased.mlpBias = true;
    biased.tied = false;
    for (const RotaryShape &shape : {qwen, llama, biased}) {
        SCOPED_TRACE(shape.family + ", kv heads " + std::to_string(shape.kvHeads));
        const auto w = makeRotary(rotaryConfig(shape));
        Matrix mask = Matrix::Ones(w->config.layers, w->config.heads);
        expectEveryStepMatchesTheFullPass(w, rotaryIds(), 2, mask);
        mask(1, 2) = 0;
        expectEveryStepMatchesTheFullPass(w, rotaryIds(), 3, mask);
        Decoder decoder(w);
        for (int id : rotaryIds())
            decoder.append({id});
        EXPECT_LT(maxDiff(decoder.probabilities(), rotaryReference(*w, rotaryIds(), allOn(w->config)).probabilities),
            kTolerance);
        EXPECT_EQ(decoder.keys(0).cols(), w->config.keyValueHeads() * w->config.headDim());
    }
}

TEST(Decoder, AblatedHeadsStayAblatedWhileGenerating)
{
    const auto w = makeGpt2(gpt2Config());
    Matrix mask = Matrix::Ones(w->config.layers, w->config.heads);
    mask(0, 1) = 0;
    mask(2, 3) = 0;
    mask(1, 0) = 0.5f;
    expectEveryStepMatchesTheFullPass(w, gpt2Ids(), 2, mask);
    // The reference agrees too (and the mask changes the result).
    Decoder decoder(w);
    decoder.setHeadMask(mask);
    decoder.append(gpt2Ids());
    EXPECT_LT(maxDiff(decoder.probabilities(), gpt2Reference(*w, gpt2Ids(), toMat(mask)).probabilities), kTolerance);
    EXPECT_GT(maxDiff(decoder.probabilities(), gpt2Reference(*w, gpt2Ids(), allOn(w->config)).probabilities), 1e-3);
}

TEST(Decoder, ChangingTheHeadMaskRecomputesTheCachedRows)
{
    const auto w = makeGpt2(gpt2Config());
    Matrix mask = Matrix::Ones(w->config.layers, w->config.heads);
    mask(1, 2) = 0;
    Decoder decoder(w);
    decoder.append(gpt2Ids());
    const RowVector before = decoder.logits();
    ASSERT_TRUE(decoder.setHeadMask(mask));
    EXPECT_EQ(decoder.tokenIds(), gpt2Ids());
    EXPECT_LT(maxAbs(decoder.logits(), fullPass(w, gpt2Ids(), mask).logits), kTolerance);
    EXPECT_GT(maxAbs(decoder.logits(), before), 1e-3);
}

TEST(Decoder, OnePrefillEqualsTokenByToken)
{
    const auto w = makeGpt2(gpt2Config());
    Decoder whole(w), steps(w);
    whole.append(gpt2Ids());
    for (int id : gpt2Ids())
        steps.append({id});
    EXPECT_LT(maxAbs(whole.logits(), steps.logits()), kTolerance);
    for (int l = 0; l < whole.layers(); ++l) {
        EXPECT_LT(double((whole.keys(l) - steps.keys(l)).cwiseAbs().maxCoeff()), kTolerance);
        EXPECT_LT(double((whole.values(l) - steps.values(l)).cwiseAbs().maxCoeff()), kTolerance);
    }
}

TEST(Decoder, ACancelledAppendLeavesTheCacheAsItWas)
{
    const auto w = makeGpt2(gpt2Config());
    Decoder decoder(w);
    decoder.append({3, 17, 0});
    const RowVector logits = decoder.logits();
    const Matrix attention = decoder.lastAttention(1);
    EXPECT_FALSE(decoder.append({22, 9}, [](int layer, int) { return layer < 2; }));
    EXPECT_EQ(decoder.tokenIds(), (std::vector<int> {3, 17, 0}));
    EXPECT_EQ(decoder.logits(), logits);
    EXPECT_EQ(decoder.lastAttention(1), attention);
    EXPECT_EQ(decoder.keys(0).rows(), 3);
    // Appending again continues as if nothing had happened.
    ASSERT_TRUE(decoder.append({22, 9}));
    EXPECT_LT(maxAbs(decoder.logits(), fullPass(w, {3, 17, 0, 22, 9}, Matrix::Ones(3, 4)).logits), kTolerance);
}

TEST(Decoder, ClearStartsANewText)
{
    const auto w = makeGpt2(gpt2Config());
    Decoder decoder(w);
    decoder.append({1, 2, 3, 4});
    decoder.clear();
    EXPECT_EQ(decoder.tokenCount(), 0);
    EXPECT_EQ(decoder.logits().size(), 0);
    decoder.append({5, 6});
    EXPECT_LT(maxAbs(decoder.logits(), fullPass(w, {5, 6}, Matrix::Ones(3, 4)).logits), kTolerance);
}

TEST(Decoder, RefusesTokensPastThePositionsAndChangesNothing)
{
    const auto w = makeGpt2(gpt2Config()); // 10 positions, 23 tokens
    Decoder decoder(w);
    decoder.append({1, 2, 3, 4, 5, 6, 7, 8});
    EXPECT_EQ(decoder.positionsLeft(), 2);
    const RowVector logits = decoder.logits();
    EXPECT_THROW(decoder.append({1, 2, 3}), ForwardError);
    EXPECT_THROW(decoder.append({23}), ForwardError);
    EXPECT_THROW(decoder.append({-1}), ForwardError);
    EXPECT_THROW(decoder.append({}), ForwardError);
    EXPECT_EQ(decoder.tokenCount(), 8);
    EXPECT_EQ(decoder.logits(), logits);
    decoder.append({9, 10});
    EXPECT_EQ(decoder.positionsLeft(), 0);
    EXPECT_THROW(decoder.append({1}), ForwardError);
}

TEST(Decoder, BertCannotGenerateAndSaysSo)
{
    const auto w = makeBert(bertConfig());
    EXPECT_FALSE(Decoder::canGenerate(w->config));
    EXPECT_TRUE(Decoder::canGenerate(gpt2Config()));
    try {
        Decoder decoder(w);
        FAIL() << "BERT was accepted";
    } catch (const ForwardError &e) {
        EXPECT_NE(std::string(e.what()).find("BERT cannot generate text"), std::string::npos) << e.what();
    }
}

TEST(Decoder, CacheBytesCountKeysAndValuesOfEveryLayerAndKvHead)
{
    ModelConfig c = gpt2Config(); // 3 layers, 4 heads of 4 dimensions
    EXPECT_EQ(Decoder::cacheBytes(c, 10, 4), 2 * 3 * 4 * 4 * 10 * 4);
    EXPECT_EQ(Decoder::cacheBytesWithoutGqa(c, 10, 4), Decoder::cacheBytes(c, 10, 4));
    // Grouped-query attention: 2 key/value heads for 4 query heads halve the cache.
    c.kvHeads = 2;
    EXPECT_EQ(Decoder::cacheBytes(c, 10, 2), 2 * 3 * 2 * 4 * 10 * 2);
    EXPECT_EQ(Decoder::cacheBytesWithoutGqa(c, 10, 2), 2 * Decoder::cacheBytes(c, 10, 2));

    const auto w = makeGpt2(gpt2Config());
    Decoder decoder(w);
    decoder.append({1, 2, 3});
    EXPECT_EQ(decoder.cacheBytes(), 2 * 3 * 4 * 4 * 3 * 4);
    EXPECT_EQ(decoder.layerCacheBytes() * decoder.layers(), decoder.cacheBytes());

    // A Qwen2-shaped model: 2 layers, 2 key/value heads of 4 dimensions for 4 query heads.
    const auto qwen = makeRotary(rotaryConfig(RotaryShape()));
    Decoder grouped(qwen);
    grouped.append({1, 2, 3, 4, 5});
    EXPECT_EQ(grouped.cacheBytes(), 2 * 2 * 2 * 4 * 5 * 4);
    EXPECT_EQ(Decoder::cacheBytesWithoutGqa(qwen->config, 5, 4), 2 * grouped.cacheBytes());
}

TEST(Decoder, EndOfSequenceIdsComeFromConfigAsAnIdOrAList)
{
    EXPECT_EQ(
        parseModelConfig(R"({"model_type": "gpt2", "eos_token_id": 50256})").eosTokenIds, (std::vector<int> {50256}));
    EXPECT_EQ(parseModelConfig(R"({"model_type": "gpt2", "eos_token_id": [128001, 128008, 128009]})").eosTokenIds,
        (std::vector<int> {128001, 128008, 128009}));
    EXPECT_TRUE(parseModelConfig(R"({"model_type": "gpt2"})").eosTokenIds.empty());
    EXPECT_TRUE(parseModelConfig(R"({"model_type": "gpt2", "eos_token_id": null})").eosTokenIds.empty());
    for (const char *bad : {R"("2")", "-1", "1.5", R"([1, "x"])", "[[1]]", "true"}) {
        SCOPED_TRACE(bad);
        try {
            parseModelConfig(std::string(R"({"model_type": "gpt2", "eos_token_id": )") + bad + "}");
            ADD_FAILURE() << "accepted";
        } catch (const ModelError &e) {
            EXPECT_NE(std::string(e.what()).find("eos_token_id"), std::string::npos) << e.what();
        }
    }
}
