// The model commands on tiny Qwen3 folders (issue 31): --dump of a head whose q and k are
// normalised before the rotation (QK-norm), --dump --block, --predict and --generate, each checked
// against the library's own pass and decoder (which tests/core/model/qwen3_test.cpp checks
// against the naive reference).
#include "modelfixtures.h"
#include "runattnlab.h"
#include "tokenizerfixtures.h"

#include "core/model/decoder.h"
#include "core/model/forward.h"
#include "core/model/lens/block.h"
#include "core/model/modelloader.h"
#include "core/model/topk.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace {

using namespace attnlab;
using core::Matrix;
using nlohmann::json;

class Qwen3Folder {
public:
    explicit Qwen3Folder(test::TinyModelOptions o = {}, bool moe = false)
        : m_dir(test::makeTempDir(moe ? "cli-qwen3moe" : "cli-qwen3"))
    {
        o.layers = 2;
        o.heads = 4;
        o.kvHeads = 2;
        o.dModel = 16;
        o.headDim = 6;
        o.dInner = 20;
        o.positions = 32;
        o.vocab = test::kGpt2FixtureVocabSize;
        o.addFiles = [](const std::string &dir) { test::writeGpt2Tokenizer(dir); };
        if (moe)
            test::writeTinyQwen3Moe(m_dir, o);
        else
            test::writeTinyQwen3(m_dir, o);
    }
    ~Qwen3Folder() { test::removeTree(m_dir); }
    Qwen3Folder(const Qwen3Folder &) = delete;
    Qwen3Folder &operator=(const Qwen3Folder &) = delete;
    std::string arg() const { return "--model '" + m_dir + "'"; }
    const std::string &dir() const { return m_dir; }

private:
    std::string m_dir;
};

std::shared_ptr<const core::model::ModelWeights> weightsOf(const std::string &dir)
{
    core::model::LoadModelResult loaded = core::model::loadModel(dir);
    EXPECT_TRUE(loaded.ok()) << loaded.error;
    return std::make_shared<const core::model::ModelWeights>(std::move(*loaded.weights));
}

std::vector<int> idsOf(const json &out)
{
    return out["token_ids"].get<std::vector<int>>();
}

void expectRows(const json &got, const Matrix &want, const std::string &name, double tolerance = 1e-5)
{
    ASSERT_EQ(got.size(), size_t(want.rows())) << name;
    for (Eigen::Index i = 0; i < want.rows(); ++i) {
        ASSERT_EQ(got[size_t(i)].size(), size_t(want.cols())) << name;
        for (Eigen::Index j = 0; j < want.cols(); ++j)
            EXPECT_NEAR(got[size_t(i)][size_t(j)].get<double>(), want(i, j), tolerance) << name << " " << i << "," << j;
    }
}

constexpr const char *kText = "The cat sat on the mat";

// Qwen3-MoE: layer 1 sparse (5 experts, 2 per token, renormalised), layer 2 dense.
test::TinyModelOptions moeOptions()
{
    test::TinyModelOptions o;
    o.experts = 5;
    o.expertsPerToken = 2;
    o.expertInner = 6;
    o.normTopk = true;
    o.mlpOnlyLayers = {1};
    return o;
}

void expectBadInput(const test::Run &r, const std::string &mentions)
{
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(mentions), std::string::npos) << "expected \"" << mentions << "\" in: " << r.err;
}

} // namespace

TEST(Qwen3Cli, DumpOfAHeadGivesTheNormalisedRotatedVectorsAndTheModelsWeights)
{
    Qwen3Folder folder;
    // Head 4 reads key/value head 2.
    const test::Run r = test::runAttnlab("--dump " + folder.arg() + " --text '" + kText + "' --layer 2 --head 4");
    ASSERT_EQ(r.code, 0) << r.err;
    const nlohmann::ordered_json out = nlohmann::ordered_json::parse(r.out);
    core::model::ForwardRunner runner(weightsOf(folder.dir()));
    ASSERT_TRUE(runner.run(idsOf(json::parse(r.out))));
    Matrix q, k, qRot, kRot;
    runner.headQueryKey(1, 3, false, q, k);
    runner.headQueryKey(1, 3, true, qRot, kRot);
    const Matrix weights = runner.attentionWeights(1, 3);
    const nlohmann::ordered_json &head = out["heads"][0];
    std::vector<std::string> keys;
    for (auto it = head.begin(); it != head.end(); ++it)
        keys.push_back(it.key());
    EXPECT_EQ(keys,
        (std::vector<std::string> {
            "Q", "K", "V", "Q_rot", "K_rot", "scores", "scaled", "masked", "weights", "context"}));
    const json h = json::parse(head.dump());
    expectRows(h["Q"], q, "Q");
    expectRows(h["K"], k, "K");
    expectRows(h["Q_rot"], qRot, "Q_rot");
    expectRows(h["K_rot"], kRot, "K_rot");
    expectRows(h["weights"], weights, "weights");
    // Position 0 is not rotated: Q_rot's first row is the normalised projection, not the projection.
    EXPECT_GT((qRot.row(0) - q.row(0)).cwiseAbs().maxCoeff(), 1e-3);
    // The context is the weights times the values, and the head's output its context through W_O.
    Matrix v(q.rows(), q.cols());
    for (size_t i = 0; i < h["V"].size(); ++i)
        for (size_t j = 0; j < h["V"][i].size(); ++j)
            v(Eigen::Index(i), Eigen::Index(j)) = h["V"][i][j].get<float>();
    expectRows(h["context"], weights * v, "context");
    expectRows(json::parse(r.out)["concat"], weights * v, "concat");
}

TEST(Qwen3Cli, BlockPredictAndGenerateAreThoseOfTheLibrary)
{
    Qwen3Folder folder;
    const auto w = weightsOf(folder.dir());
    // --dump --block: the layer's stages, its output the next layer's input.
    const test::Run block = test::runAttnlab("--dump " + folder.arg() + " --text '" + kText + "' --layer 1 --block");
    ASSERT_EQ(block.code, 0) << block.err;
    const json b = json::parse(block.out);
    core::model::ForwardRunner runner(w);
    ASSERT_TRUE(runner.run(idsOf(b)));
    expectRows(b["block"]["output"], runner.layerInput(1), "output", 1e-4);
    EXPECT_FALSE(b["block"].contains("router"));

    // --predict: the pass's top tokens.
    const test::Run predict = test::runAttnlab("--predict " + folder.arg() + " --text '" + kText + "' --top 5");
    ASSERT_EQ(predict.code, 0) << predict.err;
    const json p = json::parse(predict.out);
    const auto top = core::model::topK(runner.probabilities(), 5);
    ASSERT_EQ(p["top"].size(), top.size());
    for (size_t i = 0; i < top.size(); ++i) {
        EXPECT_EQ(p["top"][i]["id"].get<int>(), top[i].id);
        EXPECT_NEAR(p["top"][i]["probability"].get<double>(), top[i].probability, 1e-6);
    }

    // --generate: greedy, the decoder's most likely token at each step.
    const test::Run gen = test::runAttnlab("--generate " + folder.arg() + " --text '" + kText + "' --max-new-tokens 5");
    ASSERT_EQ(gen.code, 0) << gen.err;
    const json g = json::parse(gen.out);
    core::model::Decoder decoder(w);
    ASSERT_TRUE(decoder.append(runner.tokenIds()));
    ASSERT_EQ(g["generated"].size(), 5u);
    for (const json &step : g["generated"]) {
        Eigen::Index best = 0;
        decoder.probabilities().maxCoeff(&best);
        EXPECT_EQ(step["id"].get<int>(), int(best));
        ASSERT_TRUE(decoder.append({int(best)}));
    }
}

TEST(Qwen3MoeCli, BlockOfASparseLayerAddsTheRouterAndPredictAndGenerateFollowTheLibrary)
{
    Qwen3Folder folder(moeOptions(), true);
    const auto w = weightsOf(folder.dir());
    const test::Run block = test::runAttnlab("--dump " + folder.arg() + " --text '" + kText + "' --layer 1 --block");
    ASSERT_EQ(block.code, 0) << block.err;
    const json b = json::parse(block.out);
    core::model::ForwardRunner runner(w);
    ASSERT_TRUE(runner.run(idsOf(b)));
    const core::model::BlockStages s = core::model::blockStages(runner, 0);
    const json &router = b["block"]["router"];
    ASSERT_TRUE(router.is_object()) << block.out;
    EXPECT_FALSE(b["block"].contains("mlp_act"));
    expectRows(router["logits"], s.routing.logits, "logits");
    expectRows(router["weights"], s.routing.weights, "weights");
    ASSERT_EQ(router["experts"].size(), size_t(s.routing.experts.rows()));
    for (Eigen::Index r = 0; r < s.routing.experts.rows(); ++r) {
        ASSERT_EQ(router["experts"][size_t(r)].size(), 2u);
        for (Eigen::Index j = 0; j < 2; ++j)
            EXPECT_EQ(router["experts"][size_t(r)][size_t(j)].get<int>(), s.routing.experts(r, j));
        EXPECT_NEAR(
            router["weights"][size_t(r)][0].get<double>() + router["weights"][size_t(r)][1].get<double>(), 1, 1e-6);
    }
    expectRows(b["block"]["output"], runner.layerInput(1), "output", 1e-4);
    // Layer 2 is in mlp_only_layers: a dense MLP, no router.
    const json dense
        = json::parse(test::runAttnlab("--dump " + folder.arg() + " --text '" + kText + "' --layer 2 --block").out);
    EXPECT_FALSE(dense["block"].contains("router"));
    EXPECT_TRUE(dense["block"].contains("mlp_act"));

    const json p = json::parse(test::runAttnlab("--predict " + folder.arg() + " --text '" + kText + "' --top 3").out);
    const auto top = core::model::topK(runner.probabilities(), 3);
    ASSERT_EQ(p["top"].size(), top.size());
    for (size_t i = 0; i < top.size(); ++i)
        EXPECT_EQ(p["top"][i]["id"].get<int>(), top[i].id);

    const test::Run gen = test::runAttnlab("--generate " + folder.arg() + " --text '" + kText + "' --max-new-tokens 4");
    ASSERT_EQ(gen.code, 0) << gen.err;
    core::model::Decoder decoder(w);
    ASSERT_TRUE(decoder.append(runner.tokenIds()));
    const json generated = json::parse(gen.out); // kept: the loop reads into it
    for (const json &step : generated["generated"]) {
        Eigen::Index best = 0;
        decoder.probabilities().maxCoeff(&best);
        EXPECT_EQ(step["id"].get<int>(), int(best));
        ASSERT_TRUE(decoder.append({int(best)}));
    }
}

TEST(Qwen3MoeCli, BadExpertConfigsAndMissingExpertsExitTwoNamingThem)
{
    test::TinyModelOptions tooMany = moeOptions();
    tooMany.configEdits["num_experts_per_tok"] = "6";
    const Qwen3Folder many(tooMany, true);
    expectBadInput(test::runAttnlab("--predict " + many.arg() + " --text 'The cat'"), "num_experts_per_tok");

    test::TinyModelOptions missing = moeOptions();
    missing.editTensors = [](std::vector<test::FixtureTensor> &tensors) {
        tensors.erase(
            std::remove_if(tensors.begin(), tensors.end(),
                [](const test::FixtureTensor &t) { return t.name == "model.layers.0.mlp.experts.4.down_proj.weight"; }),
            tensors.end());
    };
    const Qwen3Folder gone(missing, true);
    expectBadInput(
        test::runAttnlab("--predict " + gone.arg() + " --text 'The cat'"), "layers.0.mlp.experts.4.down_proj.weight");

    test::TinyModelOptions noNorm;
    noNorm.editTensors = [](std::vector<test::FixtureTensor> &tensors) {
        tensors.erase(
            std::remove_if(tensors.begin(), tensors.end(),
                [](const test::FixtureTensor &t) { return t.name == "model.layers.1.self_attn.q_norm.weight"; }),
            tensors.end());
    };
    const Qwen3Folder qwen3(noNorm);
    expectBadInput(
        test::runAttnlab("--predict " + qwen3.arg() + " --text 'The cat'"), "layers.1.self_attn.q_norm.weight");
}
