// A family that only recombines choices the block already implements is one row of the family
// table and the config keys in it: here GPT-2's checkpoint layout (Conv1D weights, q, k and v fused
// in attn.c_attn, learned positions, ln_f, the head tied to wte) with Llama's RMSNorm and gated
// SiLU MLP. The row is not in the registry: the loader takes it as given, binds its tensors from the
// block's tensor table, and the forward pass, the decoder and the block board run it as they run
// every family, checked against the independent naive reference of tests/testutil/rotaryreference.h.

#include "core/model/decoder.h"
#include "core/model/family/blocktensor.h"
#include "core/model/forward.h"
#include "core/model/lens/block.h"
#include "core/model/modelerror.h"
#include "core/model/modelloader.h"

#include "modelfixtures.h"
#include "rotaryreference.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

using namespace attnlab::core;
using namespace attnlab::core::model;
using namespace attnlab::test;

namespace {

// The row: GPT-2's config keys and tensor names, with the norm and the MLP of Llama and a name for
// the gate (a Conv1D like c_fc).
ModelFamily gatedGpt2Row()
{
    ModelFamily f = *findFamily("gpt2");
    f.name = "GPT-2 with RMSNorm and a gated MLP";
    f.modelType = "gpt2_gated";
    f.config.activationFallback = "silu";
    f.tensors.mlpGate = "mlp.c_gate";
    f.norm = NormKind::RmsNorm;
    f.mlp = MlpKind::GatedSilu;
    return f;
}

// A GPT-2 folder turned into one of that family: model_type and activation in config.json, no
// norm biases, a c_gate (d × inner, Conv1D) and its bias in every layer.
TinyModelOptions gatedGpt2Options()
{
    TinyModelOptions o;
    o.seed = 3;
    o.layers = 2;
    o.heads = 2;
    o.dModel = 8;
    o.dInner = 12;
    o.configEdits = {{"model_type", "\"gpt2_gated\""}, {"activation_function", "\"silu\""}};
    o.editTensors = [o](std::vector<FixtureTensor> &tensors) {
        tensors.erase(std::remove_if(tensors.begin(), tensors.end(),
                          [](const FixtureTensor &t) {
                              return t.name.find(".ln_") != std::string::npos
                                  && t.name.rfind(".bias") == t.name.size() - 5;
                          }),
            tensors.end());
        tensors.erase(std::remove_if(
                          tensors.begin(), tensors.end(), [](const FixtureTensor &t) { return t.name == "ln_f.bias"; }),
            tensors.end());
        std::mt19937 rng(9);
        std::normal_distribution<float> normal(0.f, 0.5f);
        for (int l = 0; l < o.layers; ++l) {
            const std::string h = "h." + std::to_string(l) + ".mlp.c_gate.";
            FixtureTensor weight, bias;
            weight.name = h + "weight";
            weight.shape = {o.dModel, o.dInner};
            bias.name = h + "bias";
            bias.shape = {o.dInner};
            for (int i = 0; i < o.dModel * o.dInner; ++i)
                weight.values.push_back(normal(rng));
            for (int i = 0; i < o.dInner; ++i)
                bias.values.push_back(normal(rng));
            tensors.push_back(weight);
            tensors.push_back(bias);
        }
    };
    return o;
}

class MadeUpFamily : public ::testing::Test {
protected:
    void SetUp() override { m_dir = makeTempDir("madeupfamily"); }
    void TearDown() override { removeTree(m_dir); }

    std::shared_ptr<const ModelWeights> load(const ModelFamily &row)
    {
        writeTinyGpt2(m_dir, gatedGpt2Options());
        LoadModelResult r = loadModel(m_dir, row);
        EXPECT_TRUE(r.ok()) << r.error;
        if (!r.ok())
            return nullptr;
        return std::make_shared<const ModelWeights>(std::move(*r.weights));
    }

    std::string m_dir;
};

const std::vector<int> kIds = {3, 17, 0, 22, 9, 3, 11, 21, 5};

} // namespace

TEST_F(MadeUpFamily, ARowThatRecombinesExistingChoicesLoadsAndRunsAsTheReferenceSays)
{
    const ModelFamily row = gatedGpt2Row();
    const auto w = load(row);
    ASSERT_TRUE(w);
    EXPECT_EQ(w->config.family, &row);
    EXPECT_EQ(w->config.activation, "silu");
    // Conv1D windows into the file, as for GPT-2; the norms without bias; the gate bound.
    const LayerWeights &L = w->layers[1];
    EXPECT_TRUE(L.query.inputMajor);
    EXPECT_EQ(L.key.rows, 8);
    EXPECT_EQ(L.key.cols, 8);
    EXPECT_TRUE(L.attnNorm.bias.empty());
    EXPECT_EQ(L.mlpGate.rows, 12);
    EXPECT_EQ(L.mlpGate.cols, 8);

    ForwardRunner run(w);
    ASSERT_TRUE(run.run(kIds));
    expectMatchesReference(run, rotaryReference(*w, kIds, allOn(w->config)));

    // A decoding step appends a row through the same block.
    Decoder decoder(w);
    ASSERT_TRUE(decoder.append(std::vector<int>(kIds.begin(), kIds.end() - 1)));
    ASSERT_TRUE(decoder.append({kIds.back()}));
    EXPECT_LE((decoder.probabilities() - run.probabilities()).cwiseAbs().maxCoeff(), 2e-6);

    // The block board lists the row's tensors: the gate, no norm bias.
    const std::vector<BlockTensor> board = blockTensorsOf(row, L);
    EXPECT_EQ(std::count(board.begin(), board.end(), BlockTensor::MlpGate), 1);
    EXPECT_EQ(std::count(board.begin(), board.end(), BlockTensor::AttnNormBias), 0);
    EXPECT_EQ(blockTensorName(row, BlockTensor::MlpGate), "mlp.c_gate.weight");
    const BlockStages stages = blockStages(run, 1);
    EXPECT_LE(maxDiff(stages.output, rotaryReference(*w, kIds, allOn(w->config)).inputs[2]), 2e-4);
}

TEST_F(MadeUpFamily, AMissingGateIsNamedAsTheTableNamesIt)
{
    ModelFamily row = gatedGpt2Row();
    TinyModelOptions o = gatedGpt2Options();
    const auto addGates = o.editTensors;
    o.editTensors = [addGates](std::vector<FixtureTensor> &tensors) {
        addGates(tensors);
        tensors.erase(std::remove_if(tensors.begin(), tensors.end(),
                          [](const FixtureTensor &t) { return t.name == "h.1.mlp.c_gate.weight"; }),
            tensors.end());
    };
    writeTinyGpt2(m_dir, o);
    const LoadModelResult r = loadModel(m_dir, row);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error.find("h.1.mlp.c_gate.weight"), std::string::npos) << r.error;
}
