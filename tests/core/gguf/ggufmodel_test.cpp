// A GGUF model file computes what the same model as a safetensors folder computes: the llama,
// qwen2 and qwen3 architectures, float32 and every readable quantized type, llama's paired q and
// k rows put back; and a file that cannot be a model is refused naming the key or tensor.
#include "core/gguf/dequantize.h"
#include "core/gguf/gguffile.h"
#include "core/gguf/ggufmodel.h"
#include "core/model/block/blockmath.h"
#include "core/model/forward.h"

#include "ggufwriter.h"
#include "modelfixtures.h"
#include "testutil.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <malloc.h>
#include <memory>

namespace {

using namespace attnlab;
using core::model::ForwardRunner;
using core::model::LoadModelResult;
using core::model::ModelWeights;

class GgufModelTest : public ::testing::Test {
protected:
    void SetUp() override { m_dir = test::makeTempDir("ggufmodel"); }
    void TearDown() override { test::removeTree(m_dir); }

    // Loads both files and compares the logits of the last position and every head's attention
    // weights.
    void expectSameModel(
        const std::string &arch, const test::TinyModelOptions &o, const std::vector<std::uint32_t> &types = {})
    {
        const std::string gguf = test::writeTinyGgufPair(m_dir, arch, o, types);
        LoadModelResult fromFolder = core::model::loadModel(m_dir);
        ASSERT_TRUE(fromFolder.ok()) << fromFolder.error;
        LoadModelResult fromGguf = core::gguf::loadGgufModel(gguf);
        ASSERT_TRUE(fromGguf.ok()) << fromGguf.error;
        const auto a = std::make_shared<ModelWeights>(std::move(*fromFolder.weights));
        const auto b = std::make_shared<ModelWeights>(std::move(*fromGguf.weights));
        EXPECT_EQ(b->config.family, a->config.family);
        EXPECT_EQ(b->config.layers, a->config.layers);
        EXPECT_EQ(b->config.kvHeads, a->config.kvHeads);
        EXPECT_EQ(b->config.headDim(), a->config.headDim());
        EXPECT_EQ(b->config.tiedOutputHead, a->config.tiedOutputHead);
        EXPECT_EQ(b->config.qkvBias, a->config.qkvBias);
        EXPECT_DOUBLE_EQ(b->config.ropeTheta, a->config.ropeTheta);
        EXPECT_FLOAT_EQ(b->config.layerNormEps, a->config.layerNormEps);
        ForwardRunner ra(a), rb(b);
        const std::vector<int> ids = {1, 5, 2, 7, 3, 0, 4};
        ASSERT_TRUE(ra.run(ids));
        ASSERT_TRUE(rb.run(ids));
        ASSERT_EQ(ra.logits().size(), rb.logits().size());
        double logitScale = 0, worst = 0;
        for (int i = 0; i < ra.logits().size(); ++i) {
            logitScale = std::max(logitScale, double(std::fabs(ra.logits()[i])));
            worst = std::max(worst, double(std::fabs(ra.logits()[i] - rb.logits()[i])));
        }
        EXPECT_GT(logitScale, 1e-3); // the model computes something
        EXPECT_LE(worst, 1e-4 * std::max(1.0, logitScale));
        for (int l = 0; l < a->config.layers; ++l)
            for (int h = 0; h < a->config.heads; ++h)
                EXPECT_MATRIX_NEAR(ra.attentionWeights(l, h), rb.attentionWeights(l, h), 1e-5)
                    << "layer " << l << " head " << h;
    }

    std::string m_dir;
};

test::TinyModelOptions smallSizes()
{
    return test::smallGgufSizes(40);
}

TEST_F(GgufModelTest, LlamaInFloat32WithItsPairedRowsPutBack)
{
    test::TinyModelOptions o = smallSizes();
    o.attentionBias = true; // the converter pairs the q and k biases' rows too
    expectSameModel("llama", o);
}

TEST_F(GgufModelTest, Qwen2WithTiedHeadAndQwen3WithQkNorm)
{
    test::TinyModelOptions o = smallSizes();
    o.tied = true;
    expectSameModel("qwen2", o);
    test::TinyModelOptions q3 = smallSizes();
    q3.headDim = 16;
    expectSameModel("qwen3", q3);
}

TEST_F(GgufModelTest, LegacyQuantsF16AndBF16GiveTheDequantizedModel)
{
    // Q8_0, Q4_0, Q4_1, Q5_0, Q5_1, F16, BF16 dealt out over the matrices.
    expectSameModel("llama", smallSizes(), {8, 2, 3, 6, 7, 1, 30});
    expectSameModel("qwen2", smallSizes(), {6, 8, 30, 3});
}

TEST_F(GgufModelTest, KQuantsGiveTheDequantizedModel)
{
    test::TinyModelOptions o = smallSizes();
    o.dModel = 256;
    o.dInner = 256;
    o.heads = 4;
    o.kvHeads = 2;
    expectSameModel("llama", o, {12, 13, 14});
    o.headDim = 64;
    expectSameModel("qwen3", o, {14, 12, 13});
}

TEST_F(GgufModelTest, EachQuantTypeStaysQuantizedInMemoryAndGivesTheDequantizedModel)
{
    // Every matrix of one type, the head tied to the quantized embeddings (qwen2) or its own
    // (llama, whose q and k rows the loader reorders in their blocks).
    for (const std::uint32_t type : {8u, 2u, 3u, 6u, 7u, 12u, 13u, 14u}) {
        SCOPED_TRACE(core::gguf::ggmlTypeInfo(type)->name);
        test::TinyModelOptions o = smallSizes();
        if (type >= 12) { // a k-quant row is 256 wide
            o.dModel = 256;
            o.dInner = 256;
            o.headDim = 64;
        }
        for (const std::string arch : {"qwen2", "llama"}) {
            o.tied = arch == "qwen2";
            expectSameModel(arch, o, {type});
            const LoadModelResult loaded = core::gguf::loadGgufModel(m_dir + "/model.gguf");
            ASSERT_TRUE(loaded.ok()) << loaded.error;
            const ModelWeights &w = *loaded.weights;
            const core::model::ElementType want = core::gguf::quantElementType(core::gguf::GgmlType(type));
            for (const core::model::TensorView *v :
                {&w.tokenEmbeddings, &w.layers[0].query, &w.layers[1].key, &w.layers[1].fcOut, &w.layers[0].mlpGate}) {
                EXPECT_TRUE(v->isQuantized());
                EXPECT_EQ(v->type, want);
            }
            EXPECT_EQ(w.outputHead.isQuantized(), arch == "llama");
            EXPECT_FALSE(w.finalNorm.weight.isQuantized()); // vectors are floats
        }
    }
}

// Heap bytes in use (glibc), small blocks and mapped large ones.
std::size_t heapInUse()
{
    const struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

TEST_F(GgufModelTest, AQuantizedFileTakesAboutItsOwnSizeNotFourBytesPerWeight)
{
    test::TinyModelOptions o = smallSizes();
    o.dModel = 256;
    o.dInner = 768;
    o.vocab = 512;
    o.headDim = 64;
    o.tied = true;
    const std::string gguf = test::writeTinyGgufPair(m_dir, "llama", o, {12}); // Q4_K
    const auto fileBytes = std::int64_t(test::readBytes(gguf).size());
    const std::size_t before = heapInUse();
    const LoadModelResult loaded = core::gguf::loadGgufModel(gguf);
    const auto grown = std::int64_t(heapInUse()) - std::int64_t(before);
    ASSERT_TRUE(loaded.ok()) << loaded.error;
    const ModelWeights &w = *loaded.weights;
    std::int64_t weights = 0, stored = 0;
    const auto count = [&](const core::model::TensorView &v) {
        weights += std::int64_t(v.rows) * v.cols;
        stored += core::model::tensorBytes(v);
    };
    count(w.tokenEmbeddings);
    for (const core::model::LayerWeights &L : w.layers)
        for (const core::model::TensorView *v : {&L.query, &L.key, &L.value, &L.attnOut, &L.mlpGate, &L.fcIn, &L.fcOut})
            count(*v);
    // Q4_K: 144 bytes per 256 weights, 4.5 bits each; the file is those blocks and a little more.
    EXPECT_EQ(stored * 256, weights * 144);
    EXPECT_LT(stored, fileBytes);
    EXPECT_GT(stored, fileBytes * 9 / 10);
    // What loading allocated: llama's reordered q and k (in their blocks), the norms and the
    // metadata — well under the file, where float32 weights would take 4 · weights, 7 times it.
    EXPECT_LT(grown, fileBytes / 4) << "weights " << weights;
}

TEST_F(GgufModelTest, RefusesFilesThatAreNoModelNamingTheKeyOrTensor)
{
    const std::string path = m_dir + "/bad.gguf";
    {
        test::GgufWriter w;
        w.addString("general.architecture", "mamba");
        w.write(path);
        EXPECT_EQ(core::gguf::loadGgufModel(path).error,
            "bad.gguf: architecture \"mamba\" cannot be opened as a model (llama, qwen2, qwen3 can)");
    }
    {
        test::GgufWriter w;
        w.addString("general.architecture", "llama");
        w.addUInt32("llama.block_count", 1);
        w.write(path);
        EXPECT_EQ(core::gguf::loadGgufModel(path).error, "bad.gguf: the key \"llama.embedding_length\" is missing");
    }
    {
        const std::string gguf = test::writeTinyGgufPair(m_dir, "qwen2", smallSizes());
        const std::string bytes = test::readBytes(gguf);
        // Rename one tensor in place (same length): the loader names what it misses.
        std::string renamed = bytes;
        const size_t at = renamed.find("blk.1.ffn_up.weight");
        ASSERT_NE(at, std::string::npos);
        renamed.replace(at, 19, "blk.1.ffn_uq.weight");
        test::writeBytes(path, renamed);
        EXPECT_EQ(
            core::gguf::loadGgufModel(path).error, "bad.gguf: required tensor \"blk.1.ffn_up.weight\" is missing");
    }
    EXPECT_FALSE(core::gguf::loadGgufModel(m_dir + "/absent.gguf").ok());
    EXPECT_TRUE(core::gguf::isGgufPath("x/Model.Q4_K_M.GGUF"));
    EXPECT_FALSE(core::gguf::isGgufPath("x/model.safetensors"));
    // An Ollama blob has no extension: its first four bytes say GGUF.
    const std::string dir = test::makeTempDir("gguf-magic");
    std::ofstream(dir + "/sha256-blob") << "GGUF\x03";
    std::ofstream(dir + "/other") << "PK\x03\x04";
    EXPECT_TRUE(core::gguf::isGgufFile(dir + "/sha256-blob"));
    EXPECT_FALSE(core::gguf::isGgufFile(dir + "/other"));
    EXPECT_FALSE(core::gguf::isGgufFile(dir)); // a folder
    EXPECT_FALSE(core::gguf::isGgufFile(dir + "/absent.gguf"));
    test::removeTree(dir);
}

TEST_F(GgufModelTest, TheFoldersTensorsInTheGgufLayoutEqualTheFilesTensors)
{
    // llama pairs q's and k's rows in the file; the folder's copy is paired again to match.
    for (const std::string arch : {"llama", "qwen2"}) {
        SCOPED_TRACE(arch);
        const std::string gguf = test::writeTinyGgufPair(m_dir, arch, smallSizes(), {8, 2, 1});
        const LoadModelResult folder = core::model::loadModel(m_dir);
        ASSERT_TRUE(folder.ok()) << folder.error;
        const auto file = core::gguf::GgufFile::open(gguf);
        int matrices = 0;
        for (const core::gguf::GgufTensor &t : file->tensors()) {
            if (t.extents.size() != 2)
                continue;
            SCOPED_TRACE(t.name);
            const std::vector<float> values = core::gguf::ggufLayoutValues(*folder.weights, arch, t.name);
            ASSERT_EQ(values, file->floats(t));
            ++matrices;
        }
        EXPECT_EQ(matrices, 2 * 7 + 2); // 7 per layer, the embeddings and the untied head
    }
    const LoadModelResult folder = core::model::loadModel(m_dir);
    EXPECT_TRUE(core::gguf::ggufLayoutValues(*folder.weights, "qwen2", "blk.9.attn_q.weight").empty());
    EXPECT_TRUE(core::gguf::ggufLayoutValues(*folder.weights, "qwen2", "blk.0.attn_z.weight").empty());
    EXPECT_TRUE(core::gguf::ggufLayoutValues(*folder.weights, "mamba", "blk.0.attn_q.weight").empty());
}

} // namespace
