// The model commands of the command line (issue 11, a public contract), run as a real process on
// tiny GPT-2 and BERT folders the fixtures write (checkpoint + tokenizer). Expected numbers come
// from the core ForwardRunner run directly on the same folder.
#include "modelfixtures.h"
#include "runattnlab.h"
#include "testutil.h"
#include "tokenizerfixtures.h"

#include "core/model/forward.h"
#include "core/model/modelloader.h"
#include "core/model/topk.h"
#include "core/scene/pipeline.h"
#include "core/scene/sceneio.h"
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
using attnlab::core::model::Tokenizer;
using CliRun = attnlab::test::Run;
using nlohmann::json;

// Layers and heads of the tiny models (TinyModelOptions' defaults), and their positions.
constexpr int kLayers = 2;
constexpr int kHeads = 2;
constexpr int kPositions = 16;

std::string shellQuoted(const std::string &s)
{
    return "'" + s + "'";
}

// A tiny model folder, removed at the end of the test.
class ModelFolder {
public:
    enum Kind { Gpt2, Bert };
    explicit ModelFolder(Kind kind, test::TinyModelOptions options = {})
        : m_dir(test::makeTempDir(kind == Gpt2 ? "cli-gpt2" : "cli-bert"))
    {
        options.layers = kLayers;
        options.heads = kHeads;
        options.positions = kPositions;
        if (kind == Gpt2) {
            options.vocab = test::kGpt2FixtureVocabSize;
            if (!options.addFiles)
                options.addFiles = [](const std::string &dir) { test::writeGpt2Tokenizer(dir); };
            test::writeTinyGpt2(m_dir, options);
        } else {
            options.vocab = test::kBertFixtureVocabSize;
            if (!options.addFiles)
                options.addFiles = [](const std::string &dir) { test::writeBertTokenizer(dir); };
            test::writeTinyBert(m_dir, options);
        }
    }
    ~ModelFolder() { test::removeTree(m_dir); }
    ModelFolder(const ModelFolder &) = delete;
    ModelFolder &operator=(const ModelFolder &) = delete;

    const std::string &dir() const { return m_dir; }
    std::string arg() const { return "--model " + shellQuoted(m_dir); }

private:
    std::string m_dir;
};

// The core's own view of a folder and a text: what the command line must agree with.
struct Reference {
    std::unique_ptr<Tokenizer> tokenizer;
    std::unique_ptr<ForwardRunner> runner;
    std::vector<int> ids;
    std::vector<std::string> displays;

    Reference(const std::string &dir, const std::string &text)
    {
        core::model::LoadModelResult loaded = core::model::loadModel(dir);
        if (!loaded.ok())
            throw std::runtime_error(loaded.error);
        core::model::TokenizerLoadResult t = core::model::loadTokenizer(dir);
        if (!t.ok())
            throw std::runtime_error(t.error);
        tokenizer = std::make_unique<Tokenizer>(*t.tokenizer);
        for (const core::model::Token &token : tokenizer->encode(text)) {
            ids.push_back(token.id);
            displays.push_back(token.display);
        }
        runner = std::make_unique<ForwardRunner>(
            std::make_shared<const core::model::ModelWeights>(std::move(*loaded.weights)));
    }

    // Runs with the heads in `ablated` (0-based layer, head) switched off.
    void run(int position, const std::vector<std::pair<int, int>> &ablated = {})
    {
        Matrix mask = Matrix::Ones(kLayers, kHeads);
        for (auto [layer, head] : ablated)
            mask(layer, head) = 0;
        runner->setHeadMask(mask);
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

// Bad input: exit 2, nothing on stdout, exactly one line on stderr that contains `mentions`.
void expectBadInput(const CliRun &r, const std::string &mentions)
{
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    ASSERT_FALSE(r.err.empty());
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.back(), '\n');
    EXPECT_EQ(r.err.rfind("attnlab: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(mentions), std::string::npos) << "expected \"" << mentions << "\" in: " << r.err;
}

CliRun cli(const std::string &args)
{
    return test::runAttnlab(args);
}

const std::string kGpt2Text = "The cat sat";
const std::string kBertText = "the cat [MASK] on the mat";

// ---- --dump ----------------------------------------------------------------------------------

TEST(ModelCli, DumpOfAHeadIsItsSceneWithTheModelsNumbersAndTokenIds)
{
    const ModelFolder folder(ModelFolder::Gpt2);
    Reference ref(folder.dir(), kGpt2Text);
    ref.run(-1);
    // Options in any order; layers and heads count from 1.
    const json dump = parsed(cli("--head 1 --text " + shellQuoted(kGpt2Text) + " --layer 2 --dump " + folder.arg()));
    EXPECT_EQ(dump["token_ids"].get<std::vector<int>>(), (std::vector<int> {264, 261, 263}));
    EXPECT_EQ(dump["token_ids"].get<std::vector<int>>(), ref.ids);
    EXPECT_EQ(dump["tokens"].get<std::vector<std::string>>(), ref.displays);
    EXPECT_EQ(dump["tokens"][1], "\u2423cat");
    EXPECT_MATRIX_NEAR(matrixOf(dump["X"]), ref.runner->attentionInput(1), 1e-5);
    ASSERT_EQ(dump["heads"].size(), 1u);
    EXPECT_MATRIX_NEAR(matrixOf(dump["heads"][0]["weights"]), ref.runner->attentionWeights(1, 0), 1e-6);
    // The same keys as a scene's --dump, plus token_ids.
    for (const char *key : {"tokens", "X", "heads", "concat", "output", "warnings"})
        EXPECT_TRUE(dump.contains(key)) << key;
    // GPT-2's causal mask: query 0 sees only itself.
    EXPECT_TRUE(dump["heads"][0]["masked"][0][1].is_null());
}

TEST(ModelCli, DumpPicksTheHeadThatWasAskedFor)
{
    const ModelFolder folder(ModelFolder::Bert);
    Reference ref(folder.dir(), kBertText);
    ref.run(-1);
    const json dump
        = parsed(cli("--dump " + folder.arg() + " --text " + shellQuoted(kBertText) + " --layer 1 --head 2"));
    EXPECT_EQ(dump["token_ids"].get<std::vector<int>>(), ref.ids);
    EXPECT_EQ(dump["token_ids"][0], test::kBertClsId);
    EXPECT_MATRIX_NEAR(matrixOf(dump["X"]), ref.runner->attentionInput(0), 1e-5);
    const Matrix weights = matrixOf(dump["heads"][0]["weights"]);
    EXPECT_MATRIX_NEAR(weights, ref.runner->attentionWeights(0, 1), 1e-6);
    // Another head has another pattern (so the check above could fail).
    EXPECT_GT(test::maxDiff(weights, ref.runner->attentionWeights(0, 0)), 1e-4);
    // BERT has no mask: every cell of the first row is visible.
    EXPECT_FALSE(dump["heads"][0]["masked"][0][1].is_null());
}

// ---- --out FILE.attn.json ---------------------------------------------------------------------

TEST(ModelCli, SavedHeadSceneReloadsWithTheRunnersWeights)
{
    const ModelFolder folder(ModelFolder::Gpt2);
    Reference ref(folder.dir(), kGpt2Text);
    ref.run(-1);
    const std::string file = test::scratchPath("head.attn.json");
    const CliRun save
        = cli(folder.arg() + " --layer 1 --out " + shellQuoted(file) + " --head 2 --text " + shellQuoted(kGpt2Text));
    ASSERT_EQ(save.code, 0) << save.err;
    EXPECT_TRUE(save.out.empty()) << save.out;
    EXPECT_TRUE(save.err.empty()) << save.err;

    // An ordinary self-contained scene file: it loads with --dump FILE.
    const json dump = parsed(cli("--dump " + shellQuoted(file)));
    EXPECT_FALSE(dump.contains("token_ids"));
    EXPECT_MATRIX_NEAR(matrixOf(dump["heads"][0]["weights"]), ref.runner->attentionWeights(0, 1), 1e-6);
    EXPECT_EQ(cli("--validate " + shellQuoted(file)).out, "ok\n");

    // And in the core: X is the layer's attention input exactly, the weights stage the runner's.
    const core::LoadResult loaded = core::loadSceneFile(file);
    ASSERT_TRUE(loaded.ok());
    EXPECT_MATRIX_NEAR(loaded.scene->x, ref.runner->attentionInput(0), 0);
    EXPECT_EQ(loaded.scene->bq.size(), ref.runner->config().headDim());
    core::Pipeline pipeline;
    EXPECT_MATRIX_NEAR(pipeline.compute(*loaded.scene).heads[0].weights, ref.runner->attentionWeights(0, 1), 1e-6);
    std::remove(file.c_str());
}

TEST(ModelCli, SavingAHeadAsAnImageNeedsExport)
{
    const ModelFolder folder(ModelFolder::Gpt2);
    const std::string file = test::scratchPath("head.png");
    expectBadInput(cli(folder.arg() + " --text a --layer 1 --head 1 --out " + shellQuoted(file)), "--export");
}

// ---- --export ---------------------------------------------------------------------------------

TEST(ModelCli, ExportDrawsTheHeadsStages)
{
    const ModelFolder folder(ModelFolder::Bert);
    const std::string file = test::scratchPath("model-weights.png");
    std::remove(file.c_str());
    const CliRun r = cli("--export weights,X --out " + shellQuoted(file) + " " + folder.arg() + " --text "
        + shellQuoted(kBertText) + " --layer 2 --head 2");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
    const std::string png = test::readFile(file);
    ASSERT_GT(png.size(), 8u);
    EXPECT_EQ(png.substr(1, 3), "PNG");
    std::remove(file.c_str());
    expectBadInput(cli("--export weights --out " + shellQuoted(file) + " " + folder.arg() + " --text "
                       + shellQuoted(kBertText) + " --layer 2 --head 3"),
        "--head");
}

// ---- --predict --------------------------------------------------------------------------------

TEST(ModelCli, Gpt2PredictsTheNextTokenWithTheModelsOwnProbabilities)
{
    const ModelFolder folder(ModelFolder::Gpt2);
    Reference ref(folder.dir(), kGpt2Text);
    ref.run(-1);
    const json p = parsed(cli("--predict " + folder.arg() + " --text " + shellQuoted(kGpt2Text)));
    EXPECT_EQ(p["token_ids"].get<std::vector<int>>(), ref.ids);
    EXPECT_EQ(p["position"], 2);
    const auto expected = core::model::topK(ref.runner->probabilities(), 10);
    ASSERT_EQ(p["top"].size(), 10u); // the default K
    for (size_t i = 0; i < expected.size(); ++i) {
        EXPECT_EQ(p["top"][i]["id"], expected[i].id) << i;
        EXPECT_NEAR(p["top"][i]["probability"].get<double>(), expected[i].probability, 1e-9) << i;
        EXPECT_EQ(p["top"][i]["token"], ref.tokenizer->decodedText(expected[i].id)) << i;
    }
}

TEST(ModelCli, TopOfTheWholeVocabularyIsTheFullSoftmax)
{
    const ModelFolder folder(ModelFolder::Gpt2);
    Reference ref(folder.dir(), kGpt2Text);
    ref.run(-1);
    const int vocab = test::kGpt2FixtureVocabSize;
    const json p = parsed(
        cli("--predict --top " + std::to_string(vocab) + " --text " + shellQuoted(kGpt2Text) + " " + folder.arg()));
    ASSERT_EQ(int(p["top"].size()), vocab);

    // The softmax of the logits worked out here, in double.
    const core::RowVector &logits = ref.runner->logits();
    ASSERT_EQ(logits.size(), vocab);
    const double top = logits.maxCoeff();
    double total = 0;
    for (int i = 0; i < vocab; ++i)
        total += std::exp(double(logits[i]) - top);
    double sum = 0;
    double previous = 1;
    std::vector<bool> seen(size_t(vocab), false);
    for (const json &entry : p["top"]) {
        const int id = entry["id"];
        const double probability = entry["probability"];
        ASSERT_TRUE(id >= 0 && id < vocab);
        EXPECT_FALSE(seen[size_t(id)]);
        seen[size_t(id)] = true;
        EXPECT_NEAR(probability, std::exp(double(logits[id]) - top) / total, 1e-6) << id;
        EXPECT_LE(probability, previous); // largest first
        previous = probability;
        sum += probability;
    }
    EXPECT_LE(sum, 1 + 1e-5);
    EXPECT_NEAR(sum, 1, 1e-4);

    // "token" is the decoded text: a leading space as a space, a lone byte of a character shown
    // as its hex, control characters escaped in valid JSON (it parsed).
    for (const json &entry : p["top"]) {
        if (entry["id"] == 261) {
            EXPECT_EQ(entry["token"], " cat");
        }
        if (entry["id"] == 220) {
            EXPECT_EQ(entry["token"], " ");
        }
        if (entry["id"] == 198) {
            EXPECT_EQ(entry["token"], "\n");
        }
        if (entry["id"] == 104) {
            EXPECT_EQ(entry["token"], "\u2039ab\u203a");
        }
        if (entry["id"] == vocab - 1) {
            EXPECT_EQ(entry["token"], "<|endoftext|>");
        }
    }
}

TEST(ModelCli, BertPredictsTheFirstMask)
{
    const ModelFolder folder(ModelFolder::Bert);
    Reference ref(folder.dir(), kBertText);
    // [CLS] the cat [MASK] … : the mask is position 3.
    ASSERT_EQ(ref.ids[3], test::kBertMaskId);
    ref.run(3);
    const json p = parsed(cli(folder.arg() + " --text " + shellQuoted(kBertText) + " --top 5 --predict"));
    EXPECT_EQ(p["token_ids"].get<std::vector<int>>(), ref.ids);
    EXPECT_EQ(p["position"], 3);
    const auto expected = core::model::topK(ref.runner->probabilities(), 5);
    ASSERT_EQ(p["top"].size(), 5u);
    for (size_t i = 0; i < expected.size(); ++i) {
        EXPECT_EQ(p["top"][i]["id"], expected[i].id);
        EXPECT_NEAR(p["top"][i]["probability"].get<double>(), expected[i].probability, 1e-9);
        EXPECT_EQ(p["top"][i]["token"], ref.tokenizer->tokenText(expected[i].id)); // WordPiece as written
    }
}

TEST(ModelCli, AblatingHeadsChangesThePredictionAsTheHeadMaskDoes)
{
    const ModelFolder folder(ModelFolder::Gpt2);
    Reference ref(folder.dir(), kGpt2Text);
    ref.run(-1);
    const core::RowVector intact = ref.runner->probabilities();
    ref.run(-1, {{1, 0}, {0, 1}});
    const core::RowVector ablated = ref.runner->probabilities();
    ASSERT_GT((intact - ablated).cwiseAbs().maxCoeff(), 1e-4);

    const int vocab = test::kGpt2FixtureVocabSize;
    const json p = parsed(cli("--predict " + folder.arg() + " --text " + shellQuoted(kGpt2Text)
        + " --ablate 2.1,1.2 --top " + std::to_string(vocab)));
    ASSERT_EQ(int(p["top"].size()), vocab);
    double changed = 0;
    for (const json &entry : p["top"]) {
        const int id = entry["id"];
        const double probability = entry["probability"];
        EXPECT_NEAR(probability, ablated[id], 1e-9) << id;
        changed = std::max(changed, std::abs(probability - double(intact[id])));
    }
    EXPECT_GT(changed, 1e-4);
}

// ---- bad input --------------------------------------------------------------------------------

TEST(ModelCli, BadFoldersExitTwoWithOneLine)
{
    const std::string empty = test::makeTempDir("cli-empty");
    const std::string args = " --text a --layer 1 --head 1";
    expectBadInput(cli("--dump --model " + shellQuoted(empty) + args), "config.json");
    expectBadInput(cli("--predict --model " + shellQuoted(empty) + " --text a"), "config.json");
    test::removeTree(empty);

    test::TinyModelOptions mistral;
    mistral.configEdits["model_type"] = "\"mistral\"";
    const ModelFolder unsupported(ModelFolder::Gpt2, mistral);
    expectBadInput(cli("--dump " + unsupported.arg() + args), "mistral");

    test::TinyModelOptions wrongShape;
    wrongShape.editTensors = [](std::vector<test::FixtureTensor> &tensors) {
        for (test::FixtureTensor &t : tensors)
            if (t.name == "wte.weight") {
                t.shape = {test::kGpt2FixtureVocabSize - 1, 8};
                t.values.resize(size_t(test::kGpt2FixtureVocabSize - 1) * 8);
            }
    };
    const ModelFolder inconsistent(ModelFolder::Gpt2, wrongShape);
    expectBadInput(cli("--dump " + inconsistent.arg() + args), "wte.weight");

    const ModelFolder truncated(ModelFolder::Gpt2);
    const std::string file = truncated.dir() + "/model.safetensors";
    const std::string bytes = test::readBytes(file);
    test::writeBytes(file, bytes.substr(0, bytes.size() - 100));
    expectBadInput(cli("--predict " + truncated.arg() + " --text a"), "model.safetensors");

    test::TinyModelOptions noTokenizer;
    noTokenizer.addFiles = [](const std::string &) {};
    const ModelFolder untokenized(ModelFolder::Gpt2, noTokenizer);
    expectBadInput(cli("--predict " + untokenized.arg() + " --text a"), "tokenizer");

    // A tokenizer part the app does not know is refused by its name, never guessed.
    test::TinyModelOptions unknownPart;
    unknownPart.addFiles = [](const std::string &dir) {
        std::string json = test::gpt2TokenizerJson();
        const std::string byteLevel = "\"pre_tokenizer\": {\"type\": \"ByteLevel\"";
        json.replace(json.find(byteLevel), byteLevel.size(), "\"pre_tokenizer\": {\"type\": \"UnicodeScripts\"");
        test::writeTextFile(dir + "/tokenizer.json", json);
    };
    const ModelFolder unknown(ModelFolder::Gpt2, unknownPart);
    expectBadInput(cli("--predict " + unknown.arg() + " --text a"), "pre_tokenizer.type: \"UnicodeScripts\"");

    // The window's quick check refuses a folder without config.json before opening anything.
    const CliRun window = test::runAttnlab("--model /nonexistent/attnlab-model", {}, "timeout 30");
    expectBadInput(window, "/nonexistent/attnlab-model");
}

TEST(ModelCli, LayerHeadAndTextOutOfRangeExitTwo)
{
    const ModelFolder folder(ModelFolder::Gpt2);
    const std::string base = "--dump " + folder.arg() + " --text " + shellQuoted(kGpt2Text);
    expectBadInput(cli(base + " --layer 3 --head 1"), "--layer");
    expectBadInput(cli(base + " --layer 0 --head 1"), "--layer");
    expectBadInput(cli(base + " --layer x --head 1"), "--layer");
    expectBadInput(cli(base + " --layer 1 --head 3"), "--head");
    expectBadInput(cli(base + " --layer 1 --head -1"), "--head");
    expectBadInput(cli(base + " --head 1"), "--layer");
    expectBadInput(cli("--dump " + folder.arg() + " --layer 1 --head 1"), "--text");
    expectBadInput(cli("--predict " + folder.arg()), "--text");

    std::string longText;
    for (int i = 0; i < kPositions / 2 + 1; ++i)
        longText += "it was ";
    const CliRun tooLong = cli("--predict " + folder.arg() + " --text " + shellQuoted(longText));
    expectBadInput(tooLong, "--text");
    EXPECT_NE(tooLong.err.find("n_positions"), std::string::npos) << tooLong.err;
    expectBadInput(cli(base.substr(0, base.find(" --text")) + " --text '' --layer 1 --head 1"), "--text");
}

TEST(ModelCli, BadPredictOptionsExitTwo)
{
    const ModelFolder bert(ModelFolder::Bert);
    expectBadInput(cli("--predict " + bert.arg() + " --text 'the cat sat'"), "[MASK]");
    test::TinyModelOptions headless;
    headless.mlmHead = false;
    const ModelFolder noHead(ModelFolder::Bert, headless);
    expectBadInput(cli("--predict " + noHead.arg() + " --text " + shellQuoted(kBertText)), "cls.predictions");

    const ModelFolder gpt2(ModelFolder::Gpt2);
    const std::string base = "--predict " + gpt2.arg() + " --text " + shellQuoted(kGpt2Text);
    for (const char *top : {"0", "-1", "abc", "1.5", "+3", ""})
        expectBadInput(cli(base + " --top '" + top + "'"), "--top");
    for (const char *ablate : {"2", "2.x", "1.1,", "", "1..1", "a.b", "0.1"})
        expectBadInput(cli(base + " --ablate '" + ablate + "'"), "--ablate");
    for (const char *ablate : {"3.1", "1.3", "1.1,2.9"})
        expectBadInput(cli(base + " --ablate '" + ablate + "'"), "outside");
}

TEST(ModelCli, OptionsThatDoNotBelongTogetherExitTwo)
{
    const ModelFolder gpt2(ModelFolder::Gpt2);
    expectBadInput(cli("--dump --text a --layer 1 --head 1 --example cat-eats-fish"), "--text needs --model");
    expectBadInput(cli("--predict --top 3"), "needs --model");
    expectBadInput(cli("--predict " + gpt2.arg() + " --text a --dump"), "--dump");
    expectBadInput(cli("--predict " + gpt2.arg() + " --text a --layer 1"), "--layer");
    expectBadInput(cli("--dump " + gpt2.arg() + " --text a --layer 1 --head 1 --top 3"), "--top goes with --predict");
    expectBadInput(cli("--dump " + gpt2.arg() + " --text a --layer 1 --head 1 --example cat-eats-fish"), "--example");
}

} // namespace
