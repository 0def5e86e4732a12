// Editing the block's own tensors (core/model/family/blocktensor.h, ForwardRunner::setBlockCells):
// the norms, W_O and the MLP matrices of every family, F32 and BF16 checkpoints, against the
// independent naive references of tests/testutil run on copies of the checkpoint edited by hand
// in the checkpoint's own layout.
#include "core/model/family/blocktensor.h"
#include "core/model/forward.h"
#include "core/model/headscene.h"
#include "core/model/modelloader.h"

#include "modelfixtures.h"
#include "modelreference.h"
#include "rotaryreference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <sys/stat.h>

using namespace attnlab::core;
using namespace attnlab::core::model;
using namespace attnlab::test;

namespace {

using ReferenceOf = std::function<Reference(const ModelWeights &)>;

// A row-major float copy of any view (outputs × inputs; 16-bit ones widened by the reference's own
// reader), kept alive by `keep`.
TensorView floatCopy(const TensorView &t, std::vector<std::shared_ptr<std::vector<float>>> &keep)
{
    auto values = std::make_shared<std::vector<float>>();
    for (int r = 0; r < t.rows; ++r)
        for (int c = 0; c < t.cols; ++c)
            values->push_back(float(at(t, r, c)));
    keep.push_back(values);
    return {values->data(), t.rows, t.cols};
}

float &element(TensorView &t, int i)
{
    return const_cast<float *>(t.data)[i];
}

// For every block tensor of layer 0 (so the edit also flows through the layers above it): one
// cell, and for a matrix a 2 × 2 block at the origin too, edited through the runner and by hand
// on a copy of the checkpoint; both give the reference's every layer and prediction.
void expectBlockEditsMatch(const std::shared_ptr<const ModelWeights> &w, const std::vector<int> &ids, int position,
    const ReferenceOf &reference, size_t expectedTensors)
{
    const ModelConfig &c = w->config;
    const ModelFamily &f = *c.family;
    const int layer = 0;
    ForwardRunner pristine(w);
    ASSERT_TRUE(pristine.run(ids, position));
    const std::vector<BlockTensor> tensors = blockTensorsOf(f, w->layers[layer]);
    EXPECT_EQ(tensors.size(), expectedTensors);
    for (const BlockTensor t : tensors) {
        const BlockTensorSpec &spec = blockTensorSpec(t);
        SCOPED_TRACE(spec.key);
        ForwardRunner run(w);
        ASSERT_TRUE(run.run(ids, position));
        const Matrix before = run.blockTensor(layer, t);
        const BlockShape shape = blockTensorShape(t, blockTensorView(w->layers[layer], t));
        ASSERT_EQ(before.rows(), shape.rows);
        ASSERT_EQ(before.cols(), shape.cols);

        // One cell, then (matrices) a block: the board's orientation, inputs × outputs.
        const int row = shape.rows / 2, col = shape.cols - 1;
        Matrix after = before;
        after(row, col) += 2.f;
        ASSERT_TRUE(run.setBlockCells(layer, t, row, col, after.block(row, col, 1, 1)));
        EXPECT_EQ(run.restartedFrom(), layer);
        if (spec.matrix) {
            after.block(0, 0, 2, 2) *= -1.5f;
            ASSERT_TRUE(run.setBlockCells(layer, t, 0, 0, after.block(0, 0, 2, 2)));
        }
        EXPECT_EQ(run.blockTensor(layer, t), after);
        EXPECT_EQ(run.blockTensorCells(layer, t, row, col, 1, 1)(0, 0), after(row, col));

        // The same edit by hand, on the weights' outputs × inputs (the board's transpose).
        std::vector<std::shared_ptr<std::vector<float>>> keep;
        auto edited = std::make_shared<ModelWeights>(*w);
        TensorView &v = blockTensorView(edited->layers[layer], t);
        v = floatCopy(v, keep);
        for (int r = 0; r < shape.rows; ++r)
            for (int k = 0; k < shape.cols; ++k) {
                const int i = !spec.matrix ? k : k * v.cols + r;
                element(v, i) = after(r, k);
            }
        expectMatchesReference(run, reference(*edited));
        EXPECT_GT((run.probabilities() - pristine.probabilities()).cwiseAbs().maxCoeff(), 1e-6);

        // The checkpoint itself is untouched, and so is every other layer.
        const TensorView &original = blockTensorView(w->layers[layer], t);
        EXPECT_NE(blockTensorView(run.layerWeights(layer), t).data, original.data);
        EXPECT_FLOAT_EQ(float(at(original, 0)), float(at(blockTensorView(pristine.layerWeights(layer), t), 0)));
        EXPECT_EQ(run.blockTensor(1, t), pristine.blockTensor(1, t));

        ASSERT_TRUE(run.resetWeights());
        EXPECT_FALSE(run.hasEditedWeights());
        EXPECT_LE((run.probabilities() - pristine.probabilities()).cwiseAbs().maxCoeff(), 1e-7);
        EXPECT_EQ(run.blockTensor(layer, t), before);
    }
}

RotaryShape rotaryShape(const std::string &family, bool biases)
{
    RotaryShape s;
    s.family = family;
    s.headDim = 6; // W_O is heads·d_head × d = 24 × 16, not square
    s.attentionBias = biases;
    s.mlpBias = biases;
    return s;
}

} // namespace

TEST(BlockEdit, TheTableNamesEachFamilysTensors)
{
    EXPECT_EQ(blockTensorName(*findFamily("gpt2"), BlockTensor::MlpIn), "mlp.c_fc.weight");
    EXPECT_EQ(blockTensorName(*findFamily("gpt2"), BlockTensor::AttnNormBias), "ln_1.bias");
    EXPECT_EQ(blockTensorName(*findFamily("bert"), BlockTensor::AttnNormBias), "attention.output.LayerNorm.bias");
    EXPECT_EQ(blockTensorName(*findFamily("bert"), BlockTensor::MlpOut), "output.dense.weight");
    EXPECT_EQ(blockTensorName(*findFamily("llama"), BlockTensor::MlpGate), "mlp.gate_proj.weight");
    EXPECT_EQ(blockTensorName(*findFamily("qwen2"), BlockTensor::MlpNormWeight), "post_attention_layernorm.weight");
    EXPECT_FALSE(blockTensorTransposed(*findFamily("gpt2"), BlockTensor::AttnOut));
    EXPECT_TRUE(blockTensorTransposed(*findFamily("bert"), BlockTensor::AttnOut));
    EXPECT_FALSE(blockTensorTransposed(*findFamily("bert"), BlockTensor::AttnOutBias));
}

TEST(BlockEdit, Gpt2BlockTensorsMatchTheReferenceWhenEdited)
{
    auto w = makeGpt2(gpt2Config(2));
    // Two norms × (weight, bias), W_O, the MLP's two matrices, and their biases.
    expectBlockEditsMatch(
        w, gpt2Ids(), -1, [](const ModelWeights &e) { return gpt2Reference(e, gpt2Ids(), allOn(e.config)); }, 10);
    ForwardRunner run(w);
    EXPECT_EQ(run.blockTensor(0, BlockTensor::MlpIn).rows(), 16);
    EXPECT_EQ(run.blockTensor(0, BlockTensor::MlpIn).cols(), 24);
    EXPECT_EQ(run.blockTensor(0, BlockTensor::MlpOut).rows(), 24);
}

TEST(BlockEdit, BertBlockTensorsMatchTheReferenceWhenEdited)
{
    auto w = makeBert(bertConfig());
    const int position = int(bertIds().size()) - 1;
    expectBlockEditsMatch(
        w, bertIds(), position,
        [position](const ModelWeights &e) { return bertReference(e, bertIds(), position, allOn(e.config)); }, 10);
    // nn.Linear is out × in; the board shows intermediate.dense as d × inner.
    ForwardRunner run(w);
    EXPECT_EQ(run.blockTensor(0, BlockTensor::MlpIn).rows(), 8);
    EXPECT_EQ(run.blockTensor(0, BlockTensor::MlpIn).cols(), 20);
}

TEST(BlockEdit, RotaryBlockTensorsMatchTheReferenceWhenEdited)
{
    const auto reference = [](const ModelWeights &e) { return rotaryReference(e, rotaryIds(), allOn(e.config)); };
    // Qwen2: RMSNorm weights only, W_O and the MLP without biases.
    auto qwen = makeRotary(rotaryConfig(rotaryShape("qwen2", false)));
    expectBlockEditsMatch(qwen, rotaryIds(), -1, reference, 6);
    ForwardRunner run(qwen);
    EXPECT_EQ(run.blockTensor(0, BlockTensor::AttnOut).rows(), 24);
    EXPECT_EQ(run.blockTensor(0, BlockTensor::AttnOut).cols(), 16);
    EXPECT_EQ(run.blockTensor(0, BlockTensor::MlpGate).cols(), 24);
    // Llama with attention_bias and mlp_bias: o_proj's bias and the MLP's three too.
    auto llama = makeRotary(rotaryConfig(rotaryShape("llama", true)), 9);
    expectBlockEditsMatch(llama, rotaryIds(), -1, reference, 10);
}

TEST(BlockEdit, Bf16CheckpointsAreCopiedAsFloatsOnTheFirstEdit)
{
    const std::string dir = makeTempDir("blockedit");
    for (const bool gpt2 : {true, false}) {
        SCOPED_TRACE(gpt2 ? "GPT-2" : "Qwen2");
        const std::string folder = dir + (gpt2 ? "/gpt2" : "/qwen2");
        ASSERT_EQ(::mkdir(folder.c_str(), 0700), 0);
        TinyModelOptions o;
        o.dtype = "BF16";
        gpt2 ? writeTinyGpt2(folder, o) : writeTinyQwen2(folder, o);
        LoadModelResult loaded = loadModel(folder);
        ASSERT_TRUE(loaded.ok()) << loaded.error;
        auto w = std::make_shared<const ModelWeights>(std::move(*loaded.weights));
        ASSERT_TRUE(w->layers[0].fcIn.isHalf());
        const std::vector<int> ids = gpt2Ids();
        const ReferenceOf reference = [gpt2, ids](const ModelWeights &e) {
            return gpt2 ? gpt2Reference(e, ids, allOn(e.config)) : rotaryReference(e, ids, allOn(e.config));
        };
        expectBlockEditsMatch(w, ids, -1, reference, gpt2 ? 10 : 6);
        ForwardRunner run(w);
        ASSERT_TRUE(run.run(ids));
        ASSERT_TRUE(run.setBlockCells(0, BlockTensor::MlpOut, 1, 2, Matrix::Constant(1, 1, 0.5f)));
        EXPECT_FALSE(run.layerWeights(0).fcOut.isHalf());
        EXPECT_TRUE(run.layerWeights(0).fcIn.isHalf()); // only what was edited is copied
        EXPECT_TRUE(w->layers[0].fcOut.isHalf());
    }
    removeTree(dir);
}

TEST(BlockEdit, BadEditsAreRefusedAndChangeNothing)
{
    auto w = makeRotary(rotaryConfig(rotaryShape("qwen2", false)));
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(rotaryIds()));
    const RowVector before = run.probabilities();
    const Matrix one = Matrix::Constant(1, 1, 0.25f);
    EXPECT_THROW(run.setBlockCells(-1, BlockTensor::MlpIn, 0, 0, one), std::invalid_argument);
    EXPECT_THROW(run.setBlockCells(2, BlockTensor::MlpIn, 0, 0, one), std::invalid_argument);
    // RMSNorm has no bias; Qwen2's o_proj none either.
    EXPECT_THROW(run.setBlockCells(0, BlockTensor::AttnNormBias, 0, 0, one), std::invalid_argument);
    EXPECT_THROW(run.setBlockCells(0, BlockTensor::AttnOutBias, 0, 0, one), std::invalid_argument);
    EXPECT_THROW(run.blockTensor(0, BlockTensor::MlpOutBias), std::invalid_argument);
    // Outside the 16 × 24 gate, a vector's second row, a value that is not finite.
    EXPECT_THROW(run.setBlockCells(0, BlockTensor::MlpGate, 15, 23, Matrix::Zero(2, 1)), std::invalid_argument);
    EXPECT_THROW(run.setBlockCells(0, BlockTensor::MlpGate, 0, 24, one), std::invalid_argument);
    EXPECT_THROW(run.setBlockCells(0, BlockTensor::MlpNormWeight, 1, 0, one), std::invalid_argument);
    EXPECT_THROW(
        run.setBlockCells(0, BlockTensor::MlpIn, 0, 0, Matrix::Constant(1, 1, std::nanf(""))), std::invalid_argument);
    EXPECT_THROW(
        run.setBlockCells(0, BlockTensor::MlpIn, 0, 0, Matrix::Constant(1, 1, std::numeric_limits<float>::infinity())),
        std::invalid_argument);
    EXPECT_FALSE(run.hasEditedWeights());
    EXPECT_EQ(run.probabilities(), before);

    // Before any text: the edit is kept for the first run.
    ForwardRunner fresh(w);
    ASSERT_TRUE(fresh.setBlockCells(1, BlockTensor::MlpIn, 0, 0, one));
    EXPECT_TRUE(fresh.hasEditedWeights());
    EXPECT_EQ(fresh.blockTensorCells(1, BlockTensor::MlpIn, 0, 0, 1, 1)(0, 0), 0.25f);
}

TEST(BlockEdit, HeadAndBlockEditsOfOneLayerShareItsCopies)
{
    // W_O is both a block tensor and a slice of each head's scene: an edit through one stays when
    // the other edits the layer, in either order.
    for (const bool gpt2 : {true, false}) {
        SCOPED_TRACE(gpt2 ? "GPT-2" : "BERT");
        auto w = gpt2 ? makeGpt2(gpt2Config(2)) : makeBert(bertConfig());
        const std::vector<int> ids = gpt2 ? gpt2Ids() : bertIds();
        ForwardRunner run(w);
        ASSERT_TRUE(run.run(ids, int(ids.size()) - 1));
        const int dh = w->config.headDim();
        // A cell of W_O in head 1's rows, then head 0 given its own unchanged weights.
        ASSERT_TRUE(run.setBlockCells(1, BlockTensor::AttnOut, dh, 3, Matrix::Constant(1, 1, 4.f)));
        std::vector<std::string> tokens(ids.size(), "t");
        ASSERT_TRUE(run.setHeadWeights(1, 0, headScene(run, 1, 0, tokens)));
        EXPECT_EQ(run.blockTensorCells(1, BlockTensor::AttnOut, dh, 3, 1, 1)(0, 0), 4.f);
        // And the other way round: the head's scene carries the edited cell.
        const Scene head1 = headScene(run, 1, 1, tokens);
        EXPECT_EQ(head1.wo(0, 3), 4.f);
        Scene changed = head1;
        changed.wo(1, 2) = -3.f;
        ASSERT_TRUE(run.setHeadWeights(1, 1, changed));
        ASSERT_TRUE(run.setBlockCells(1, BlockTensor::MlpIn, 0, 0, Matrix::Constant(1, 1, 1.f)));
        EXPECT_EQ(run.blockTensorCells(1, BlockTensor::AttnOut, dh + 1, 2, 1, 1)(0, 0), -3.f);
        EXPECT_EQ(run.blockTensorCells(1, BlockTensor::AttnOut, dh, 3, 1, 1)(0, 0), 4.f);
    }
}
