// The model commands on tiny Gemma 3 folders (issue 31: gemma3_text, and the multimodal gemma3's
// language model): --dump of a head (Q_rot and K_rot after q_norm/k_norm and the rotation, the
// weights under the sliding window) and --predict, --generate, --dump --block, --lens and --attribute,
// checked against the independent float64 reference (tests/testutil/gemmareference.h) where it
// gives the number, else against the core's pass (itself checked against that reference in
// tests/core/model/gemma3_test.cpp); the bad configs exit 2 with one line naming the field.
#include "gemmafixture.h"
#include "gemmareference.h"
#include "runattnlab.h"
#include "tokenizerfixtures.h"

#include "core/model/forward.h"
#include "core/model/modelloader.h"

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

// Four layers: 0, 1 and 3 slide (window 3, rotary base 100), 2 is full (base 10000, linear
// scaling by 4); no soft-capping, as Gemma 3 ships.
test::TinyGemmaOptions gemma3Options(const std::string &modelType = "gemma3_text")
{
    test::TinyGemmaOptions o;
    o.modelType = modelType;
    o.layers = 4;
    o.attnSoftcap = "null";
    o.finalSoftcap = "";
    o.configEdits = {{"sliding_window_pattern", "3"}, {"rope_local_base_freq", "100.0"},
        {"rope_scaling", R"({"rope_type": "linear", "factor": 4.0})"}};
    return o;
}

test::GemmaReferenceSpec gemma3Spec()
{
    test::GemmaReferenceSpec s;
    s.queryPreAttnScalar = 12;
    s.window = 3;
    s.sliding = {true, true, false, true};
    s.theta = 10000;
    s.linearFactor = 4;
    s.localTheta = 100;
    s.qkNorm = true;
    return s;
}

class Gemma3Folder {
public:
    explicit Gemma3Folder(test::TinyGemmaOptions o = gemma3Options())
        : m_dir(test::makeTempDir("cli-gemma3"))
    {
        o.vocab = test::kGpt2FixtureVocabSize;
        // No end token, so greedy generation runs the count asked for.
        o.configEdits["eos_token_id"] = "";
        o.addFiles = [](const std::string &dir) { test::writeGpt2Tokenizer(dir); };
        test::writeTinyGemma(m_dir, o);
    }
    ~Gemma3Folder() { test::removeTree(m_dir); }
    Gemma3Folder(const Gemma3Folder &) = delete;
    Gemma3Folder &operator=(const Gemma3Folder &) = delete;
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

test::GemmaReference referenceOf(const core::model::ModelWeights &w, const std::vector<int> &ids)
{
    test::GemmaQkNorms norms;
    for (const core::model::LayerWeights &L : w.layers) {
        norms.query.push_back(L.queryNorm.weight);
        norms.key.push_back(L.keyNorm.weight);
    }
    return test::gemmaReference(w, gemma3Spec(), ids, norms);
}

std::vector<int> idsOf(const json &out)
{
    return out["token_ids"].get<std::vector<int>>();
}

// Rows of `got` against columns [first, first + count) of the reference's rows.
void expectColumns(
    const json &got, const test::Mat &want, int first, int count, const std::string &name, double tolerance = 2e-5)
{
    ASSERT_EQ(got.size(), want.size()) << name;
    for (size_t i = 0; i < want.size(); ++i) {
        ASSERT_EQ(got[i].size(), size_t(count)) << name;
        for (int j = 0; j < count; ++j)
            EXPECT_NEAR(got[i][size_t(j)].get<double>(), want[i][size_t(first + j)], tolerance)
                << name << " " << i << "," << j;
    }
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

TEST(Gemma3Cli, DumpOfAHeadGivesTheNormalisedRotatedVectorsAndTheWindowedWeightsOfTheReference)
{
    const Gemma3Folder folder;
    const auto w = weightsOf(folder.dir());
    const int dh = w->config.headDim();
    // Layer 2 slides at the local base; layer 3 is the full layer with the scaled global base.
    for (const int layer : {2, 3}) {
        const json out = parsed(test::runAttnlab(
            "--dump " + folder.arg() + " --text '" + kText + "' --layer " + std::to_string(layer) + " --head 4"));
        const std::vector<int> ids = idsOf(out);
        const test::GemmaReference ref = referenceOf(*w, ids);
        const size_t l = size_t(layer - 1);
        const json &head = out["heads"][0];
        expectColumns(head["Q_rot"], ref.qRot[l], 3 * dh, dh, "Q_rot");
        expectColumns(head["K_rot"], ref.kRot[l], 1 * dh, dh, "K_rot"); // head 4 reads key/value head 2
        expectColumns(head["weights"], ref.weights[l][3], 0, int(ids.size()), "weights");
        const size_t last = ids.size() - 1;
        if (layer == 2) {
            EXPECT_EQ(head["weights"][last][last - 3].get<double>(), 0.0);
            EXPECT_GT(head["weights"][last][last - 2].get<double>(), 0.0);
        } else {
            EXPECT_GT(head["weights"][last][0].get<double>(), 0.0);
        }
        // Q is the raw projection: the normalised, rotated Q_rot differs from it even at position 0.
        double diff = 0;
        for (size_t j = 0; j < size_t(dh); ++j)
            diff = std::max(diff, std::abs(head["Q"][0][j].get<double>() - head["Q_rot"][0][j].get<double>()));
        EXPECT_GT(diff, 1e-3);
    }
}

TEST(Gemma3Cli, PredictGenerateBlockLensAndAttributeFollowTheReference)
{
    const Gemma3Folder folder;
    const auto w = weightsOf(folder.dir());
    const std::string text = " --text '" + kText + "'";
    const json predict = parsed(test::runAttnlab("--predict " + folder.arg() + text + " --top 3"));
    std::vector<int> ids = idsOf(predict);
    const test::GemmaReference ref = referenceOf(*w, ids);
    ASSERT_EQ(predict["top"].size(), 3u);
    for (const json &t : predict["top"])
        EXPECT_NEAR(t["probability"].get<double>(), ref.probabilities[t["id"].get<size_t>()], 2e-6);
    EXPECT_EQ(predict["top"][0]["id"].get<size_t>(),
        size_t(std::max_element(ref.probabilities.begin(), ref.probabilities.end()) - ref.probabilities.begin()));

    const json block = parsed(test::runAttnlab("--dump --block --layer 3" + std::string(" ") + folder.arg() + text));
    for (const auto &[name, want] : std::vector<std::pair<const char *, const test::Mat *>> {
             {"attn_out", &ref.attentionOutputs[2]}, {"after_attn", &ref.afterAttn[2]}, {"output", &ref.inputs[3]}})
        expectColumns(block["block"][name], *want, 0, w->config.dModel, name, 5e-4);

    const json lens = parsed(test::runAttnlab("--lens " + folder.arg() + text + " --top 3"));
    ASSERT_EQ(lens["layers"].size(), 5u);
    EXPECT_EQ(lens["layers"][4]["top"].dump(), predict["top"].dump());
    const json a = parsed(test::runAttnlab("--attribute " + folder.arg() + text));
    double sum = 0;
    for (const json &c : a["components"])
        sum += c["value"].get<double>();
    EXPECT_NEAR(sum, a["logit"].get<double>(), 1e-4);

    const json generated = parsed(test::runAttnlab("--generate " + folder.arg() + text + " --max-new-tokens 5"));
    ASSERT_EQ(generated["generated"].size(), 5u);
    for (const json &step : generated["generated"]) {
        const test::Vec p = referenceOf(*w, ids).probabilities;
        const int expected = int(std::max_element(p.begin(), p.end()) - p.begin());
        EXPECT_EQ(step["id"].get<int>(), expected);
        ids.push_back(expected);
    }
}

TEST(Gemma3Cli, AMultimodalFolderPredictsAsItsTextModelDoes)
{
    const Gemma3Folder text;
    const Gemma3Folder multimodal(gemma3Options("gemma3"));
    const std::string args = " --text '" + kText + "' --top 5";
    const json a = parsed(test::runAttnlab("--predict " + text.arg() + args));
    const json b = parsed(test::runAttnlab("--predict " + multimodal.arg() + args));
    EXPECT_EQ(a["top"].dump(), b["top"].dump());
    const json block
        = parsed(test::runAttnlab("--dump --block --layer 1 " + multimodal.arg() + " --text '" + kText + "'"));
    EXPECT_TRUE(block["block"].contains("after_attn"));
}

TEST(Gemma3Cli, BadConfigsExitTwoNamingTheField)
{
    const auto run = [](const test::TinyGemmaOptions &o) {
        const Gemma3Folder folder(o);
        return test::runAttnlab("--predict " + folder.arg() + " --text '" + kText + "'");
    };
    test::TinyGemmaOptions window = gemma3Options();
    window.slidingWindow = "0";
    expectBadInput(run(window), "sliding_window");
    test::TinyGemmaOptions types = gemma3Options();
    types.configEdits["layer_types"] = R"(["sliding_attention", "full_attention", "local", "full_attention"])";
    expectBadInput(run(types), "layer_types");
    test::TinyGemmaOptions bidirectional = gemma3Options();
    bidirectional.configEdits["use_bidirectional_attention"] = "true";
    expectBadInput(run(bidirectional), "use_bidirectional_attention");
    test::TinyGemmaOptions nested = gemma3Options("gemma3");
    nested.slidingWindow = "-1";
    expectBadInput(run(nested), "text_config.sliding_window");
    test::TinyGemmaOptions missing = gemma3Options();
    missing.editTensors = [](std::vector<test::FixtureTensor> &tensors) {
        tensors.erase(
            std::remove_if(tensors.begin(), tensors.end(),
                [](const test::FixtureTensor &t) { return t.name == "model.layers.1.self_attn.q_norm.weight"; }),
            tensors.end());
    };
    expectBadInput(run(missing), "layers.1.self_attn.q_norm.weight");
}
