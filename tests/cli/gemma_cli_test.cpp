// The model commands on a tiny Gemma 2 folder (issue 31): --predict, --generate, --dump --block,
// --lens, --attribute and --dump of a head, each against the core's own pass (itself checked
// against the float64 reference in tests/core/model/gemma_test.cpp), and the bad configs, each
// exit 2 with one line naming the field.
#include "gemmafixture.h"
#include "runattnlab.h"
#include "tokenizerfixtures.h"

#include "core/model/decoder.h"
#include "core/model/forward.h"
#include "core/model/lens/block.h"
#include "core/model/modelloader.h"
#include "core/model/sampling.h"
#include "core/model/topk.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

namespace {

using namespace attnlab;
using nlohmann::json;

// Longer than the window of 3 once tokenized.
const std::string kText = "The cat sat on the mat and the dog ate";

class GemmaFolder {
public:
    explicit GemmaFolder(test::TinyGemmaOptions o = {})
        : m_dir(test::makeTempDir("cli-gemma2"))
    {
        o.vocab = test::kGpt2FixtureVocabSize;
        // No end token, so greedy generation runs the count asked for.
        o.configEdits.emplace("eos_token_id", "");
        o.addFiles = [](const std::string &dir) { test::writeGpt2Tokenizer(dir); };
        test::writeTinyGemma(m_dir, o);
    }
    ~GemmaFolder() { test::removeTree(m_dir); }
    GemmaFolder(const GemmaFolder &) = delete;
    GemmaFolder &operator=(const GemmaFolder &) = delete;
    std::string arg() const { return "--model '" + m_dir + "'"; }
    const std::string &dir() const { return m_dir; }

private:
    std::string m_dir;
};

json parsed(const test::Run &r)
{
    EXPECT_EQ(r.code, 0) << r.err;
    return r.code == 0 ? json::parse(r.out) : json();
}

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

void expectBadInput(const test::Run &r, const std::string &mentions)
{
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind("attnlab: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(mentions), std::string::npos) << "expected \"" << mentions << "\" in: " << r.err;
}

} // namespace

TEST(GemmaCli, PredictGivesThePassesCappedTopTokens)
{
    const GemmaFolder folder;
    const json out = parsed(test::runAttnlab("--predict " + folder.arg() + " --text '" + kText + "' --top 5"));
    const std::vector<int> ids = idsOf(out);
    ASSERT_GT(ids.size(), 3u);
    core::model::ForwardRunner runner(weightsOf(folder.dir()));
    ASSERT_TRUE(runner.run(ids));
    const auto top = core::model::topK(runner.probabilities(), 5);
    ASSERT_EQ(out["top"].size(), top.size());
    for (size_t i = 0; i < top.size(); ++i) {
        EXPECT_EQ(out["top"][i]["id"].get<int>(), top[i].id);
        EXPECT_NEAR(out["top"][i]["probability"].get<double>(), top[i].probability, 1e-6);
    }
}

TEST(GemmaCli, GreedyGenerationEqualsAFullPassPerToken)
{
    const GemmaFolder folder;
    const json out
        = parsed(test::runAttnlab("--generate " + folder.arg() + " --text '" + kText + "' --max-new-tokens 6"));
    std::vector<int> ids = idsOf(out);
    const auto weights = weightsOf(folder.dir());
    ASSERT_EQ(out["generated"].size(), 6u);
    for (const json &step : out["generated"]) {
        core::model::ForwardRunner runner(weights);
        ASSERT_TRUE(runner.run(ids));
        const int expected = core::model::greedyToken(runner.logits());
        EXPECT_EQ(step["id"].get<int>(), expected);
        ids.push_back(expected);
    }
}

TEST(GemmaCli, DumpBlockGivesTheBlockStagesWithTheSandwichNorms)
{
    const GemmaFolder folder;
    const json out = parsed(test::runAttnlab("--dump --block --layer 1 " + folder.arg() + " --text '" + kText + "'"));
    core::model::ForwardRunner runner(weightsOf(folder.dir()));
    ASSERT_TRUE(runner.run(idsOf(out)));
    const core::model::BlockStages s = core::model::blockStages(runner, 0);
    for (const auto &[name, m] : std::vector<std::pair<const char *, const core::Matrix *>> {
             {"attn_out", &s.attnOut}, {"after_attn", &s.afterAttn}, {"mlp_out", &s.mlpOut}, {"output", &s.output}}) {
        const json &rows = out["block"][name];
        ASSERT_EQ(rows.size(), size_t(m->rows())) << name;
        for (Eigen::Index i = 0; i < m->rows(); ++i)
            for (Eigen::Index j = 0; j < m->cols(); ++j)
                EXPECT_NEAR(rows[size_t(i)][size_t(j)].get<double>(), (*m)(i, j), 1e-5) << name;
    }
}

TEST(GemmaCli, LensEndsAtThePredictionAndAttributeIsPerLayer)
{
    const GemmaFolder folder;
    const std::string text = " --text '" + kText + "'";
    const json lens = parsed(test::runAttnlab("--lens " + folder.arg() + text + " --top 4"));
    const json predict = parsed(test::runAttnlab("--predict " + folder.arg() + text + " --top 4"));
    ASSERT_EQ(lens["layers"].size(), 4u);
    EXPECT_EQ(lens["layers"][3]["top"].dump(), predict["top"].dump());
    const json a = parsed(test::runAttnlab("--attribute " + folder.arg() + text));
    EXPECT_EQ(a["decomposition"], "per_layer");
    double sum = 0;
    for (const json &c : a["components"])
        sum += c["value"].get<double>();
    EXPECT_NEAR(sum, a["logit"].get<double>(), 1e-4);
    EXPECT_LT(std::abs(a["logit"].get<double>()), 3.0); // final_logit_softcapping 3
}

// --dump of a head gives the model's weights: the sliding window of layer 1, and with
// attn_logit_softcapping the capped scores (issue 31: weights after soft-capping, masking and
// softmax). The capped and the uncapped folder differ only in the cap, so their weights differ.
TEST(GemmaCli, DumpOfAHeadShowsTheSlidingWindowAndTheCappedScores)
{
    std::vector<json> dumps;
    for (const char *cap : {"null", "2.5"}) {
        SCOPED_TRACE(cap);
        test::TinyGemmaOptions o;
        o.attnSoftcap = cap;
        const GemmaFolder folder(o);
        const json out
            = parsed(test::runAttnlab("--dump " + folder.arg() + " --text '" + kText + "' --layer 1 --head 3"));
        core::model::ForwardRunner runner(weightsOf(folder.dir()));
        const std::vector<int> ids = idsOf(out);
        ASSERT_TRUE(runner.run(ids));
        const core::Matrix weights = runner.attentionWeights(0, 2);
        const json &w = out["heads"][0]["weights"];
        ASSERT_EQ(w.size(), ids.size());
        for (Eigen::Index i = 0; i < weights.rows(); ++i)
            for (Eigen::Index j = 0; j < weights.cols(); ++j)
                EXPECT_NEAR(w[size_t(i)][size_t(j)].get<double>(), weights(i, j), 1e-5) << i << " " << j;
        // Layer 1 slides: the last query sees its three latest keys only.
        const size_t last = ids.size() - 1;
        EXPECT_EQ(w[last][last - 3].get<double>(), 0.0);
        EXPECT_GT(w[last][last - 2].get<double>(), 0.0);
        dumps.push_back(out);
    }
    ASSERT_EQ(dumps.size(), 2u);
    const json &uncapped = dumps[0]["heads"][0]["weights"], &capped = dumps[1]["heads"][0]["weights"];
    double largest = 0;
    for (size_t i = 0; i < capped.size(); ++i)
        for (size_t j = 0; j < capped[i].size(); ++j)
            largest = std::max(largest, std::abs(capped[i][j].get<double>() - uncapped[i][j].get<double>()));
    EXPECT_GT(largest, 1e-3);
}

TEST(GemmaCli, BadConfigsExitTwoNamingTheField)
{
    const auto run = [](const test::TinyGemmaOptions &o) {
        const GemmaFolder folder(o);
        return test::runAttnlab("--predict " + folder.arg() + " --text '" + kText + "'");
    };
    test::TinyGemmaOptions window;
    window.slidingWindow = "0";
    expectBadInput(run(window), "sliding_window");
    test::TinyGemmaOptions types;
    types.configEdits = {{"layer_types", R"(["sliding_attention", "full_attention", "local"])"}};
    expectBadInput(run(types), "layer_types");
    test::TinyGemmaOptions missing;
    missing.editTensors = [](std::vector<test::FixtureTensor> &tensors) {
        tensors.erase(std::remove_if(tensors.begin(), tensors.end(),
                          [](const test::FixtureTensor &t) {
                              return t.name == "model.layers.2.post_attention_layernorm.weight";
                          }),
            tensors.end());
    };
    expectBadInput(run(missing), "layers.2.post_attention_layernorm.weight");
}
