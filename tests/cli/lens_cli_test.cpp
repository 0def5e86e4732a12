// Issue 19's model commands (a public contract): --lens, --attribute and --dump --block, run as a
// real process on tiny GPT-2 and BERT folders the fixtures write. Expected numbers come from the
// core run directly on the same folder; the core itself is checked against the naive reference in
// tests/core/lens/.
#include "chinesemessages.h"
#include "modelfixtures.h"
#include "runattnlab.h"
#include "testutil.h"
#include "tokenizerfixtures.h"

#include "core/model/forward.h"
#include "core/model/lens/attribution.h"
#include "core/model/lens/block.h"
#include "core/model/lens/lens.h"
#include "core/model/modelloader.h"
#include "core/model/topk.h"
#include "core/tokenize/tokenizer.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

namespace {

using namespace attnlab;
using attnlab::core::Matrix;
using attnlab::core::model::ForwardRunner;
using CliRun = attnlab::test::Run;
using nlohmann::json;

constexpr int kLayers = 2;
constexpr int kHeads = 2;

std::string quoted(const std::string &s)
{
    return "'" + s + "'";
}

// A tiny model folder (2 layers, 2 heads), removed at the end of the test.
class Folder {
public:
    enum Kind { Gpt2, Bert };
    explicit Folder(Kind kind, test::TinyModelOptions options = {})
        : m_dir(test::makeTempDir(kind == Gpt2 ? "lens-gpt2" : "lens-bert"))
    {
        options.layers = kLayers;
        options.heads = kHeads;
        if (kind == Gpt2) {
            options.vocab = test::kGpt2FixtureVocabSize;
            options.addFiles = [](const std::string &dir) { test::writeGpt2Tokenizer(dir); };
            test::writeTinyGpt2(m_dir, options);
        } else {
            options.vocab = test::kBertFixtureVocabSize;
            options.addFiles = [](const std::string &dir) { test::writeBertTokenizer(dir); };
            test::writeTinyBert(m_dir, options);
        }
    }
    ~Folder() { test::removeTree(m_dir); }
    Folder(const Folder &) = delete;
    Folder &operator=(const Folder &) = delete;

    const std::string &dir() const { return m_dir; }
    std::string arg() const { return "--model " + quoted(m_dir); }

private:
    std::string m_dir;
};

// The core's own run of a folder and a text at `position` (−1: the last).
struct CoreRun {
    std::unique_ptr<ForwardRunner> runner;
    std::vector<int> ids;

    CoreRun(const std::string &dir, const std::string &text, int position)
    {
        core::model::LoadModelResult loaded = core::model::loadModel(dir);
        core::model::TokenizerLoadResult t = core::model::loadTokenizer(dir);
        if (!loaded.ok() || !t.ok())
            throw std::runtime_error("fixture folder did not load");
        for (const core::model::Token &token : t.tokenizer->encode(text))
            ids.push_back(token.id);
        runner = std::make_unique<ForwardRunner>(
            std::make_shared<const core::model::ModelWeights>(std::move(*loaded.weights)));
        runner->run(ids, position);
    }
};

Matrix matrixOf(const json &rows)
{
    Matrix m(rows.size(), rows.empty() ? 0 : rows[0].size());
    for (size_t r = 0; r < rows.size(); ++r)
        for (size_t c = 0; c < rows[r].size(); ++c)
            m(Eigen::Index(r), Eigen::Index(c)) = rows[r][c].get<float>();
    return m;
}

json parsed(const CliRun &r)
{
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
    return json::parse(r.out);
}

// Bad input: exit 2, nothing on stdout, one line on stderr that contains `mentions`; the same in
// Chinese with no English sentence left.
void expectBadInput(const std::string &args, const std::string &mentions)
{
    const CliRun r = test::runAttnlab(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    ASSERT_FALSE(r.err.empty()) << args;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind("attnlab: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(mentions), std::string::npos) << "expected \"" << mentions << "\" in: " << r.err;

    const CliRun zh = test::runAttnlab("--lang zh_CN " + args);
    EXPECT_EQ(zh.code, 2) << args;
    EXPECT_TRUE(zh.out.empty()) << zh.out;
    EXPECT_EQ(std::count(zh.err.begin(), zh.err.end(), '\n'), 1) << zh.err;
    EXPECT_EQ(test::englishSentence(zh.err), "") << args << "\n" << zh.err;
    EXPECT_NE(zh.err.find(mentions), std::string::npos) << "expected \"" << mentions << "\" in: " << zh.err;
}

CliRun cli(const std::string &args)
{
    return test::runAttnlab(args);
}

const std::string kGpt2Text = "The cat sat";
const std::string kBertText = "the cat [MASK] on the mat";

// ---- --lens ------------------------------------------------------------------------------------

TEST(LensCli, Gpt2ListsEveryLayerAndItsLastLayerIsThePrediction)
{
    const Folder folder(Folder::Gpt2);
    const CoreRun ref(folder.dir(), kGpt2Text, -1);
    const core::model::LogitLens lens = core::model::logitLens(*ref.runner);
    const json out = parsed(cli("--lens " + folder.arg() + " --text " + quoted(kGpt2Text) + " --top 4"));
    EXPECT_EQ(out["token_ids"].get<std::vector<int>>(), ref.ids);
    EXPECT_EQ(out["position"], 2);
    ASSERT_EQ(out["layers"].size(), size_t(kLayers + 1));
    for (int l = 0; l <= kLayers; ++l) {
        const json &layer = out["layers"][size_t(l)];
        EXPECT_EQ(layer["layer"], l);
        const auto expected = core::model::topK(lens.probabilities.row(l), 4);
        ASSERT_EQ(layer["top"].size(), 4u);
        for (size_t i = 0; i < 4; ++i) {
            EXPECT_EQ(layer["top"][i]["id"], expected[i].id) << l << " " << i;
            EXPECT_NEAR(layer["top"][i]["probability"].get<double>(), expected[i].probability, 1e-9);
        }
    }
    // The embeddings alone predict something else than the whole model (so the layers differ).
    EXPECT_NE(out["layers"][0]["top"], out["layers"][size_t(kLayers)]["top"]);
    // The last layer IS --predict, byte for byte.
    const json predict = parsed(cli("--predict " + folder.arg() + " --text " + quoted(kGpt2Text) + " --top 4"));
    EXPECT_EQ(out["layers"][size_t(kLayers)]["top"].dump(), predict["top"].dump());
}

TEST(LensCli, BertReadsTheFirstMaskAndListsTenByDefault)
{
    const Folder folder(Folder::Bert);
    const json out = parsed(cli(folder.arg() + " --text " + quoted(kBertText) + " --lens"));
    EXPECT_EQ(out["position"], 3);
    ASSERT_EQ(out["layers"].size(), size_t(kLayers + 1));
    EXPECT_EQ(out["layers"][0]["top"].size(), 10u);
    const json predict = parsed(cli("--predict " + folder.arg() + " --text " + quoted(kBertText)));
    EXPECT_EQ(out["layers"][size_t(kLayers)]["top"].dump(), predict["top"].dump());
}

// ---- --attribute -------------------------------------------------------------------------------

TEST(AttributeCli, Gpt2NamesEveryHeadAndMlpAndSumsToTheLogit)
{
    const Folder folder(Folder::Gpt2);
    const CoreRun ref(folder.dir(), kGpt2Text, -1);
    const json predict = parsed(cli("--predict " + folder.arg() + " --text " + quoted(kGpt2Text) + " --top 1"));
    const json out = parsed(cli("--attribute " + folder.arg() + " --text " + quoted(kGpt2Text)));
    // By default the predicted token.
    EXPECT_EQ(out["token"], predict["top"][0]["id"]);
    const int token = out["token"];
    EXPECT_NEAR(out["logit"].get<double>(), ref.runner->logits()(token), 1e-5);
    EXPECT_EQ(out["decomposition"], "direct");
    std::vector<std::string> names;
    double sum = 0;
    for (const json &c : out["components"]) {
        names.push_back(c["name"]);
        sum += c["value"].get<double>();
    }
    EXPECT_EQ(names, (std::vector<std::string> {"embeddings", "1.1", "1.2", "1.mlp", "2.1", "2.2", "2.mlp", "biases"}));
    EXPECT_NEAR(sum, out["logit"].get<double>(), 1e-4 * std::abs(out["logit"].get<double>()));
    const core::model::Attribution a = core::model::attributeLogit(*ref.runner, token);
    for (size_t i = 0; i < a.parts.size(); ++i)
        EXPECT_NEAR(out["components"][i]["value"].get<double>(), a.parts[i].value, 1e-6) << names[i];
}

TEST(AttributeCli, TokenPicksTheLogitToExplain)
{
    const Folder folder(Folder::Gpt2);
    const CoreRun ref(folder.dir(), kGpt2Text, -1);
    for (int token : {0, 261, test::kGpt2FixtureVocabSize - 1}) {
        const json out = parsed(
            cli("--attribute --token " + std::to_string(token) + " " + folder.arg() + " --text " + quoted(kGpt2Text)));
        EXPECT_EQ(out["token"], token);
        EXPECT_NEAR(out["logit"].get<double>(), ref.runner->logits()(token), 1e-5);
        double sum = 0;
        for (const json &c : out["components"])
            sum += c["value"].get<double>();
        EXPECT_NEAR(sum, out["logit"].get<double>(), 1e-4 * std::abs(out["logit"].get<double>())) << token;
    }
}

TEST(AttributeCli, BertSaysItIsPerLayerOnly)
{
    const Folder folder(Folder::Bert);
    const CoreRun ref(folder.dir(), kBertText, 3);
    const json out = parsed(cli("--attribute --token 7 " + folder.arg() + " --text " + quoted(kBertText)));
    EXPECT_EQ(out["token"], 7);
    EXPECT_EQ(out["decomposition"], "per_layer");
    ASSERT_EQ(out["components"].size(), size_t(kLayers + 1));
    EXPECT_EQ(out["components"][0]["name"], "embeddings");
    EXPECT_EQ(out["components"][1]["name"], "1");
    EXPECT_EQ(out["components"][2]["name"], "2");
    double sum = 0;
    for (const json &c : out["components"])
        sum += c["value"].get<double>();
    EXPECT_NEAR(out["logit"].get<double>(), ref.runner->logits()(7), 1e-5);
    EXPECT_NEAR(sum, out["logit"].get<double>(), 1e-4 * std::abs(out["logit"].get<double>()));
}

// ---- --dump --block ----------------------------------------------------------------------------

TEST(BlockCli, DumpsEveryStageOfTheLayerOneRowPerToken)
{
    for (const auto kind : {Folder::Gpt2, Folder::Bert}) {
        const Folder folder(kind);
        const std::string text = kind == Folder::Gpt2 ? kGpt2Text : kBertText;
        const CoreRun ref(folder.dir(), text, -1);
        const json out = parsed(cli("--dump --block --layer 2 " + folder.arg() + " --text " + quoted(text)));
        EXPECT_EQ(out["token_ids"].get<std::vector<int>>(), ref.ids);
        const core::model::BlockStages s = core::model::blockStages(*ref.runner, 1);
        const std::vector<std::pair<const char *, const Matrix *>> stages {{"input", &s.input}, {"attn_in", &s.attnIn},
            {"attn_out", &s.attnOut}, {"after_attn", &s.afterAttn}, {"mlp_in", &s.mlpIn}, {"mlp_act", &s.mlpAct},
            {"mlp_out", &s.mlpOut}, {"output", &s.output}};
        ASSERT_EQ(out["block"].size(), stages.size());
        for (const auto &[name, matrix] : stages) {
            ASSERT_TRUE(out["block"].contains(name)) << name;
            EXPECT_EQ(out["block"][name].size(), ref.ids.size()) << name;
            EXPECT_MATRIX_NEAR(matrixOf(out["block"][name]), *matrix, 1e-6);
        }
        // The layer's output is the residual stream the model hands on.
        EXPECT_MATRIX_NEAR(matrixOf(out["block"]["output"]), ref.runner->layerInput(2), 1e-5);
    }
}

// ---- Bad input ---------------------------------------------------------------------------------

TEST(LensCli, BadInputExitsTwoWithOneLineInEitherLanguage)
{
    const Folder gpt2(Folder::Gpt2);
    const Folder bert(Folder::Bert);
    const std::string text = " --text " + quoted(kGpt2Text);
    const std::string block = "--dump --block " + gpt2.arg() + text;
    for (const char *layer : {"0", "3", "x", "-1"})
        expectBadInput(block + " --layer " + quoted(layer), "--layer");
    const std::string attribute = "--attribute " + gpt2.arg() + text;
    for (const char *token : {"300", "-1", "abc", "1.5", ""})
        expectBadInput(attribute + " --token " + quoted(token), "--token");
    expectBadInput("--attribute " + bert.arg() + " --text 'the cat sat'", "[MASK]");
    expectBadInput("--lens " + bert.arg() + " --text 'the cat sat'", "[MASK]");
    expectBadInput("--lens " + gpt2.arg() + text + " --top 0", "--top");
    test::TinyModelOptions headless;
    headless.mlmHead = false;
    const Folder noHead(Folder::Bert, headless);
    expectBadInput("--lens " + noHead.arg() + " --text " + quoted(kBertText), "cls.predictions");
}

TEST(LensCli, OptionsThatDoNotBelongTogetherExitTwo)
{
    const Folder gpt2(Folder::Gpt2);
    const std::string model = gpt2.arg() + " --text a";
    expectBadInput("--lens --text a", "--lens");
    expectBadInput("--attribute --text a", "--attribute");
    expectBadInput("--lens " + model + " --attribute", "--attribute");
    expectBadInput("--lens " + model + " --predict", "--predict");
    expectBadInput("--lens " + model + " --layer 1", "--layer");
    expectBadInput("--attribute " + model + " --top 3", "--top");
    expectBadInput("--attribute " + model + " --ablate 1.1", "--ablate");
    expectBadInput("--lens " + model + " --token 3", "--token");
    expectBadInput("--dump " + model + " --layer 1 --head 1 --token 3", "--token");
    expectBadInput("--dump --block " + model, "--layer");
    expectBadInput("--dump --block --head 1 --layer 1 " + model, "--head");
    expectBadInput("--block --layer 1 " + model, "--dump");
    expectBadInput("--dump --block --layer 1 --export board " + model, "--export");
    expectBadInput("--dump --block --layer 1 --text a", "--block");
}

} // namespace
