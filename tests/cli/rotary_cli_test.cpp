// The model commands on tiny Qwen2 and Llama folders (issue 18): --predict with a vocabulary
// padded past the tokenizer's, --dump of a head that reads a shared key/value head, and the bad
// inputs of their config.json, each exit 2 with one line on stderr and nothing on stdout.
#include "modelfixtures.h"
#include "runattnlab.h"
#include "tokenizerfixtures.h"

#include "core/model/forward.h"
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
using nlohmann::json;

// Ids past the tokenizer's last entry exist only in the model (Qwen pads its embedding).
constexpr int kPadding = 20;

class RotaryFolder {
public:
    explicit RotaryFolder(bool qwen, test::TinyModelOptions o = {})
        : m_dir(test::makeTempDir(qwen ? "cli-qwen2" : "cli-llama"))
    {
        o.layers = 2;
        o.heads = 4;
        if (o.kvHeads == 0)
            o.kvHeads = 2;
        o.dModel = 16;
        o.dInner = 20;
        o.positions = 16;
        o.vocab = test::kGpt2FixtureVocabSize + kPadding;
        o.addFiles = [](const std::string &dir) { test::writeGpt2Tokenizer(dir); };
        if (qwen)
            test::writeTinyQwen2(m_dir, o);
        else
            test::writeTinyLlama(m_dir, o);
    }
    ~RotaryFolder() { test::removeTree(m_dir); }
    RotaryFolder(const RotaryFolder &) = delete;
    RotaryFolder &operator=(const RotaryFolder &) = delete;
    std::string arg() const { return "--model '" + m_dir + "'"; }
    const std::string &dir() const { return m_dir; }

private:
    std::string m_dir;
};

void expectBadInput(const test::Run &r, const std::string &mentions)
{
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind("attnlab: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(mentions), std::string::npos) << "expected \"" << mentions << "\" in: " << r.err;
}

std::unique_ptr<core::model::ForwardRunner> runnerOf(const std::string &dir)
{
    core::model::LoadModelResult loaded = core::model::loadModel(dir);
    EXPECT_TRUE(loaded.ok()) << loaded.error;
    return std::make_unique<core::model::ForwardRunner>(
        std::make_shared<const core::model::ModelWeights>(std::move(*loaded.weights)));
}

} // namespace

TEST(RotaryCli, PredictGivesTheModelsTopTokensAndAnEmptyTextForPaddedIds)
{
    for (const bool qwen : {true, false}) {
        RotaryFolder folder(qwen);
        // Every id of the padded vocabulary, so the top list reaches ids the tokenizer lacks.
        const test::Run r = test::runAttnlab("--predict " + folder.arg() + " --text 'The cat sat' --top 320");
        ASSERT_EQ(r.code, 0) << r.err;
        const json out = json::parse(r.out);
        auto runner = runnerOf(folder.dir());
        std::vector<int> ids;
        for (const auto &id : out["token_ids"])
            ids.push_back(id.get<int>());
        ASSERT_FALSE(ids.empty());
        ASSERT_TRUE(runner->run(ids));
        const auto top = core::model::topK(runner->probabilities(), 320);
        ASSERT_EQ(out["top"].size(), top.size());
        int padded = 0;
        for (size_t i = 0; i < top.size(); ++i) {
            EXPECT_EQ(out["top"][i]["id"].get<int>(), top[i].id);
            EXPECT_NEAR(out["top"][i]["probability"].get<double>(), top[i].probability, 1e-6);
            if (top[i].id >= test::kGpt2FixtureVocabSize) {
                EXPECT_EQ(out["top"][i]["token"], "");
                ++padded;
            }
        }
        EXPECT_EQ(padded, kPadding);
    }
}

TEST(RotaryCli, DumpOfAHeadShowsItsQueriesAndKeysAroundTheRotationAndTheSharedKeys)
{
    for (const bool qwen : {true, false}) {
        RotaryFolder folder(qwen);
        // Head 4 reads key/value head 2 (4 heads over 2 key/value heads).
        const test::Run r = test::runAttnlab("--dump " + folder.arg() + " --text 'The cat sat' --layer 2 --head 4");
        ASSERT_EQ(r.code, 0) << r.err;
        const nlohmann::ordered_json out = nlohmann::ordered_json::parse(r.out);
        auto runner = runnerOf(folder.dir());
        std::vector<int> ids;
        for (const auto &id : out["token_ids"])
            ids.push_back(id.get<int>());
        ASSERT_TRUE(runner->run(ids));
        const core::Matrix weights = runner->attentionWeights(1, 3);
        core::Matrix q, k, qRot, kRot, q3, k3;
        runner->headQueryKey(1, 3, false, q, k);
        runner->headQueryKey(1, 3, true, qRot, kRot);
        runner->headQueryKey(1, 2, true, q3, k3);
        EXPECT_EQ(kRot, k3); // heads 3 and 4 share key/value head 2
        EXPECT_GT((q - qRot).cwiseAbs().maxCoeff(), 1e-3); // the rotation moves the queries
        const nlohmann::ordered_json &head = out["heads"][0];
        std::vector<std::string> keys;
        for (auto it = head.begin(); it != head.end(); ++it)
            keys.push_back(it.key());
        ASSERT_GE(keys.size(), 7u);
        EXPECT_EQ(std::vector<std::string>(keys.begin(), keys.begin() + 5),
            (std::vector<std::string> {"Q", "K", "V", "Q_rot", "K_rot"}));
        EXPECT_NE(std::find(keys.begin(), keys.end(), "weights"), keys.end());
        EXPECT_NE(std::find(keys.begin(), keys.end(), "context"), keys.end());
        EXPECT_EQ(std::find(keys.begin(), keys.end(), "Q_rotated"), keys.end()) << "Q_rot only, not twice";
        EXPECT_EQ(std::find(keys.begin(), keys.end(), "K_rotated"), keys.end());
        const auto expectRows = [&head](const char *name, const core::Matrix &m) {
            ASSERT_EQ(head[name].size(), size_t(m.rows())) << name;
            for (Eigen::Index i = 0; i < m.rows(); ++i)
                for (Eigen::Index j = 0; j < m.cols(); ++j)
                    EXPECT_NEAR(head[name][i][j].get<double>(), m(i, j), 1e-5) << name;
        };
        expectRows("Q", q);
        expectRows("K", k);
        expectRows("Q_rot", qRot);
        expectRows("K_rot", kRot);
        expectRows("weights", weights);
    }
}

TEST(RotaryCli, ASavedHeadIsASceneUnderRotateHalfRopeThatGivesTheModelsWeights)
{
    for (const bool qwen : {true, false}) {
        RotaryFolder folder(qwen);
        const std::string file = folder.dir() + "/head.attn.json";
        const test::Run saved
            = test::runAttnlab(folder.arg() + " --text 'The cat sat' --layer 2 --head 3 --out '" + file + "'");
        ASSERT_EQ(saved.code, 0) << saved.err;
        const json scene = json::parse(test::readBytes(file));
        EXPECT_EQ(scene["positional_encoding"], "rope");
        EXPECT_EQ(scene["rope_convention"], "rotate_half");
        EXPECT_EQ(scene["rope_theta"].get<double>(), qwen ? 1e6 : 5e5); // the fixtures' rope_theta
        EXPECT_TRUE(scene.contains("X"));

        const test::Run r = test::runAttnlab("--dump '" + file + "'");
        ASSERT_EQ(r.code, 0) << r.err;
        const json head = json::parse(r.out)["heads"][0];
        auto runner = runnerOf(folder.dir());
        const json ids = json::parse(test::runAttnlab("--dump " + folder.arg()
            + " --text 'The cat sat' --layer 2 "
              "--head 3")
                                         .out)["token_ids"];
        ASSERT_TRUE(runner->run(ids.get<std::vector<int>>()));
        const core::Matrix weights = runner->attentionWeights(1, 2);
        ASSERT_EQ(head["weights"].size(), size_t(weights.rows()));
        for (Eigen::Index i = 0; i < weights.rows(); ++i)
            for (Eigen::Index j = 0; j < weights.cols(); ++j)
                EXPECT_NEAR(head["weights"][i][j].get<double>(), weights(i, j), 1e-5);
    }
}

TEST(RotaryCli, BadRotaryConfigsAreRefusedWithOneLine)
{
    {
        test::TinyModelOptions o;
        o.kvHeads = 3; // 4 heads over 3 key/value heads
        RotaryFolder folder(true, o);
        expectBadInput(test::runAttnlab("--predict " + folder.arg() + " --text 'The cat'"),
            "\"num_attention_heads\" (4) is not divisible by \"num_key_value_heads\" (3)");
        expectBadInput(test::runAttnlab("--lang zh_CN --predict " + folder.arg() + " --text 'The cat'"),
            "\"num_attention_heads\"（4）不能被 \"num_key_value_heads\"（3）整除");
    }
    {
        test::TinyModelOptions o;
        o.configEdits["rope_scaling"] = R"({"rope_type": "yarn", "factor": 4.0})";
        RotaryFolder folder(false, o);
        expectBadInput(test::runAttnlab("--predict " + folder.arg() + " --text 'The cat'"), "\"yarn\"");
        expectBadInput(test::runAttnlab("--dump " + folder.arg() + " --text 'The cat' --layer 1 --head 1"), "\"yarn\"");
        expectBadInput(
            test::runAttnlab("--lang zh_CN --predict " + folder.arg() + " --text 'The cat'"), "类型 \"yarn\" 不受支持");
    }
    {
        test::TinyModelOptions o;
        o.configEdits["hidden_act"] = "\"no_such_activation\"";
        RotaryFolder folder(false, o);
        expectBadInput(test::runAttnlab("--predict " + folder.arg() + " --text 'The cat'"), "no_such_activation");
    }
}
