// Several files of one model side by side (core/gguf/quantcompare.h): each file's head equals
// its own runner's, the difference heatmap is the difference, the costs follow the tensor table,
// and a decode is timed and can be cancelled.
#include "core/gguf/gguffile.h"
#include "core/gguf/ggufmodel.h"
#include "core/gguf/quantcompare.h"
#include "core/model/block/blockmath.h"
#include "core/model/forward.h"
#include "core/model/topk.h"

#include "ggufwriter.h"
#include "modelfixtures.h"
#include "testutil.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <memory>

namespace {

using namespace attnlab;
using core::Matrix;
using core::model::ForwardRunner;
using core::model::ModelWeights;

class QuantCompareTest : public ::testing::Test {
protected:
    void SetUp() override { m_dir = test::makeTempDir("quantcompare"); }
    void TearDown() override { test::removeTree(m_dir); }

    // The tiny model as a GGUF file of `types` (none: float32) in a folder of its own.
    std::string write(const std::string &name, const std::vector<std::uint32_t> &types)
    {
        const std::string dir = m_dir + "/" + name;
        std::filesystem::create_directories(dir);
        return test::writeTinyGgufPair(dir, "qwen2", test::smallGgufSizes(40), types);
    }
    static std::shared_ptr<const ModelWeights> load(const std::string &path)
    {
        core::model::LoadModelResult r = core::gguf::loadGgufModel(path);
        EXPECT_TRUE(r.ok()) << r.error;
        return std::make_shared<const ModelWeights>(std::move(*r.weights));
    }

    std::string m_dir;
    const std::vector<int> m_ids = {1, 5, 2, 7, 3, 0, 4};
    const std::vector<std::string> m_tokens = {"a", "b", "c", "d", "e", "f", "g"};
};

TEST_F(QuantCompareTest, EachFilesHeadAndPredictionAreThoseOfItsOwnRunner)
{
    for (const std::vector<std::uint32_t> &types : {std::vector<std::uint32_t> {}, {8}, {2}}) {
        ForwardRunner runner(load(write("t" + std::to_string(types.empty() ? 0 : types[0]), types)));
        ASSERT_TRUE(runner.run(m_ids));
        const core::gguf::FileHead h = core::gguf::fileHead(runner, 1, 2, m_tokens);
        const Matrix weights = runner.attentionWeights(1, 2);
        ASSERT_EQ(h.weights.rows(), 7);
        ASSERT_EQ(h.weights.cols(), 7);
        EXPECT_LT((h.weights - weights).cwiseAbs().maxCoeff(), 2e-5);
        ASSERT_EQ(h.context.rows(), 7);
        EXPECT_EQ(h.context.cols(), runner.config().headDim());
        for (int i = 0; i < 7; ++i)
            for (int j = 0; j < 7; ++j) {
                // Causal: the later keys hidden; the visible scores soft-max to the weights.
                if (j > i) {
                    EXPECT_EQ(h.scores(i, j), -std::numeric_limits<float>::infinity());
                    continue;
                }
                double sum = 0;
                for (int c = 0; c <= i; ++c)
                    sum += std::exp(double(h.scores(i, c) - h.scores(i, j)));
                EXPECT_NEAR(1 / sum, weights(i, j), 2e-5);
            }
        const auto top = core::model::topK(runner.probabilities(), 5);
        ASSERT_EQ(h.top.size(), 5u);
        for (size_t k = 0; k < 5; ++k) {
            EXPECT_EQ(h.top[k].id, top[k].id);
            EXPECT_FLOAT_EQ(h.top[k].probability, runner.probabilities()[top[k].id]);
        }
    }
}

TEST_F(QuantCompareTest, TheDifferenceIsTheOtherFilesWeightsMinusTheFirsts)
{
    ForwardRunner a(load(write("f32", {}))), b(load(write("q4", {2})));
    ASSERT_TRUE(a.run(m_ids));
    ASSERT_TRUE(b.run(m_ids));
    const core::gguf::FileHead ha = core::gguf::fileHead(a, 0, 1, m_tokens);
    const core::gguf::FileHead hb = core::gguf::fileHead(b, 0, 1, m_tokens);
    const Matrix d = core::gguf::weightDifference(ha, hb);
    ASSERT_EQ(d.rows(), 7);
    for (int i = 0; i < 7; ++i)
        for (int j = 0; j < 7; ++j)
            EXPECT_FLOAT_EQ(d(i, j), hb.weights(i, j) - ha.weights(i, j));
    EXPECT_GT(d.cwiseAbs().maxCoeff(), 1e-4); // two different files differ
    core::gguf::FileHead shorter = hb;
    shorter.weights.conservativeResize(6, 6);
    EXPECT_EQ(core::gguf::weightDifference(ha, shorter).size(), 0);
}

TEST_F(QuantCompareTest, TheCostsFollowTheTensorTable)
{
    const std::string f32 = write("f32", {});
    const std::string q8 = write("q8", {8});
    const core::gguf::FileCost c32 = core::gguf::fileCost(*core::gguf::GgufFile::open(f32));
    EXPECT_EQ(c32.quantization, "F32");
    EXPECT_DOUBLE_EQ(c32.bitsPerWeight, 32.0);
    EXPECT_EQ(c32.fileBytes, std::filesystem::file_size(f32));
    EXPECT_EQ(c32.memoryBytes, 4 * c32.weightElements);

    const auto file = core::gguf::GgufFile::open(q8);
    const core::gguf::FileCost c8 = core::gguf::fileCost(*file);
    EXPECT_EQ(c8.quantization, "Q8_0");
    // Q8_0: 32 weights in 34 bytes (a half-precision scale and 32 codes), 8.5 bits; the norms
    // stay float32.
    double bits = 0, elements = 0;
    for (const core::gguf::GgufTensor &t : file->tensors()) {
        bits += double(t.elements) * (t.extents.size() == 2 ? 8.5 : 32.0);
        elements += double(t.elements);
    }
    EXPECT_NEAR(c8.bitsPerWeight, bits / elements, 1e-9);
    EXPECT_GT(c8.bitsPerWeight, 8.5);
    EXPECT_LT(c8.bitsPerWeight, 10.0);
    EXPECT_EQ(c8.weightElements, c32.weightElements);
    // The matrices stay in their blocks, the norms become float32: the memory is the loaded
    // model's, a little over the Q8_0 blocks and far under float32.
    const auto weights = load(q8);
    std::uint64_t held = 0;
    held += std::uint64_t(core::model::tensorBytes(weights->tokenEmbeddings)
        + core::model::tensorBytes(weights->outputHead) + core::model::tensorBytes(weights->finalNorm.weight));
    for (const core::model::LayerWeights &L : weights->layers)
        for (const core::model::TensorView *v : {&L.attnNorm.weight, &L.mlpNorm.weight, &L.query, &L.queryBias, &L.key,
                 &L.keyBias, &L.value, &L.valueBias, &L.attnOut, &L.mlpGate, &L.fcIn, &L.fcOut})
            held += std::uint64_t(core::model::tensorBytes(*v));
    EXPECT_EQ(c8.memoryBytes, held);
    EXPECT_LT(c8.memoryBytes * 3, c32.memoryBytes);
    EXPECT_LT(c8.fileBytes, c32.fileBytes / 3);
}

TEST_F(QuantCompareTest, ADecodeIsTimedAndCanBeCancelled)
{
    const auto weights = load(write("q8", {8}));
    core::gguf::DecodeSpeed speed;
    ASSERT_TRUE(core::gguf::measureDecodeSpeed(weights, {1, 2, 3}, 5, {}, &speed));
    EXPECT_EQ(speed.tokens, 5);
    EXPECT_GT(speed.seconds, 0);
    EXPECT_NEAR(speed.tokensPerSecond(), 5 / speed.seconds, 1e-9);
    // The context holds 16 positions: 3 + 13 at most.
    ASSERT_TRUE(core::gguf::measureDecodeSpeed(weights, {1, 2, 3}, 40, {}, &speed));
    EXPECT_EQ(speed.tokens, 13);
    int asked = 0;
    EXPECT_FALSE(core::gguf::measureDecodeSpeed(
        weights, {1, 2, 3}, 5, [&asked] { return ++asked > 4; }, &speed));
    EXPECT_GT(asked, 4);
}

} // namespace
