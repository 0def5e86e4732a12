// --translate (issue 35), run as a real process on a tiny random Marian folder with real
// SentencePiece models (tests/testutil/marianreference): the tokens it prints are the independent
// float64 reference's greedy search, the rules of generation_config.json hold, and a folder
// without source.spm or a decoder-only model is refused with one line and exit code 2.
#include "marianreference.h"
#include "modelfixtures.h"
#include "runattnlab.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace {

using namespace attnlab;
using nlohmann::json;

class MarianFolder {
public:
    explicit MarianFolder(test::TinyMarianOptions options = {})
        : m_dir(test::makeTempDir("marian-cli"))
        , m_model(test::writeTinyMarian(m_dir, options))
    {
    }
    ~MarianFolder() { test::removeTree(m_dir); }
    const std::string &dir() const { return m_dir; }
    const test::TinyMarian &model() const { return m_model; }

private:
    std::string m_dir;
    test::TinyMarian m_model;
};

std::vector<int> generatedIds(const json &out)
{
    std::vector<int> ids;
    for (const json &g : out.at("generated"))
        ids.push_back(g.at("id").get<int>());
    return ids;
}

} // namespace

TEST(TranslateCli, PrintsTheReferencesGreedyTranslationAsJson)
{
    const MarianFolder folder;
    const test::Run run
        = test::runAttnlab("--translate --model '" + folder.dir() + "' --text 猫吃鱼 --max-new-tokens 6");
    ASSERT_EQ(run.code, 0) << run.err;
    const json out = json::parse(run.out);
    const std::vector<int> source = out.at("source_ids").get<std::vector<int>>();
    EXPECT_EQ(source, (std::vector<int> {7, 8, 5, 0}));
    const std::vector<int> ids = generatedIds(out);
    EXPECT_EQ(ids, test::marianGreedy(folder.model(), source, 6));
    ASSERT_FALSE(ids.empty());
    EXPECT_EQ(ids.back(), folder.model().eos); // reached, or forced as the 6th token
    for (const json &g : out.at("generated")) {
        EXPECT_NE(g.at("id").get<int>(), folder.model().pad);
        EXPECT_GT(g.at("probability").get<double>(), 0.0);
        EXPECT_LE(g.at("probability").get<double>(), 1.0);
        EXPECT_TRUE(g.at("token").is_string());
    }
    EXPECT_TRUE(out.at("text").is_string());
    // The keys in the documented order.
    const nlohmann::ordered_json ordered = nlohmann::ordered_json::parse(run.out);
    std::vector<std::string> keys;
    for (auto it = ordered.begin(); it != ordered.end(); ++it)
        keys.push_back(it.key());
    EXPECT_EQ(keys, (std::vector<std::string> {"source_ids", "generated", "text"}));
}

TEST(TranslateCli, TheDefaultIs64NewTokensAtMost)
{
    test::TinyMarianOptions o;
    o.forcedEos = false;
    const MarianFolder folder(o);
    const test::Run run = test::runAttnlab("--translate --model '" + folder.dir() + "' --text 小猫吃鱼");
    ASSERT_EQ(run.code, 0) << run.err;
    const json out = json::parse(run.out);
    const std::vector<int> source = out.at("source_ids").get<std::vector<int>>();
    EXPECT_EQ(generatedIds(out), test::marianGreedy(folder.model(), source, 64));
    EXPECT_LE(out.at("generated").size(), 64u);
}

TEST(TranslateCli, AFolderWithoutSourceSpmIsOneLineNamingIt)
{
    const MarianFolder folder;
    std::filesystem::remove(std::filesystem::path(folder.dir()) / "source.spm");
    const test::Run run = test::runAttnlab("--lang en --translate --model '" + folder.dir() + "' --text 猫");
    EXPECT_EQ(run.code, 2);
    EXPECT_TRUE(run.out.empty());
    EXPECT_NE(run.err.find("source.spm"), std::string::npos) << run.err;
    EXPECT_EQ(run.err.find('\n'), run.err.size() - 1) << run.err;
}

TEST(TranslateCli, ADecoderOnlyModelIsRefused)
{
    const std::string dir = test::makeTempDir("marian-cli-gpt2");
    test::writeTinyGpt2(dir);
    const test::Run run = test::runAttnlab("--lang en --translate --model '" + dir + "' --text cat");
    test::removeTree(dir);
    EXPECT_EQ(run.code, 2);
    EXPECT_NE(run.err.find("model_type"), std::string::npos) << run.err;
    EXPECT_EQ(run.err.find('\n'), run.err.size() - 1) << run.err;
}

TEST(TranslateCli, OptionsOfOtherCommandsAreRefused)
{
    const MarianFolder folder;
    const test::Run run
        = test::runAttnlab("--lang en --translate --model '" + folder.dir() + "' --text 猫 --temperature 0.5");
    EXPECT_EQ(run.code, 2);
    EXPECT_NE(run.err.find("temperature"), std::string::npos) << run.err;
    const test::Run noText = test::runAttnlab("--lang en --translate --model '" + folder.dir() + "'");
    EXPECT_EQ(noText.code, 2);
    EXPECT_NE(noText.err.find("--text"), std::string::npos) << noText.err;
}

namespace {

test::MatrixD matrixOf(const json &rows)
{
    test::MatrixD m(int(rows.size()), rows.empty() ? 0 : int(rows[0].size()));
    for (int r = 0; r < m.rows(); ++r)
        for (int c = 0; c < m.cols(); ++c)
            m(r, c) = rows[size_t(r)][size_t(c)].get<double>();
    return m;
}

} // namespace

TEST(TranslateCli, DumpPrintsOneHeadOfEachKindAsTheReferenceComputesIt)
{
    const MarianFolder folder;
    const struct {
        const char *name;
        test::MarianAttention kind;
    } kinds[] = {{"encoder", test::MarianAttention::Encoder}, {"decoder", test::MarianAttention::Decoder},
        {"cross", test::MarianAttention::Cross}};
    for (const auto &k : kinds) {
        const test::Run run = test::runAttnlab("--dump --model '" + folder.dir()
            + "' --text 猫吃鱼 --target-text 'The cat' --attention " + k.name + " --layer 2 --head 1");
        ASSERT_EQ(run.code, 0) << k.name << ": " << run.err;
        const json out = json::parse(run.out);
        const std::vector<int> source = out.at("source_ids").get<std::vector<int>>();
        const std::vector<int> target = out.at("target_ids").get<std::vector<int>>();
        // [decoder start] + the target text's ids without </s>: ▁ T h e ▁cat.
        EXPECT_EQ(target, (std::vector<int> {folder.model().decoderStart, 3, 32, 30, 26, 38}));
        test::MarianHeadRef want;
        const test::MatrixD enc
            = test::marianEncode(folder.model(), source, k.kind == test::MarianAttention::Encoder ? 1 : -1, 0, &want);
        if (k.kind != test::MarianAttention::Encoder)
            test::marianDecode(folder.model(), enc, target, k.kind, 1, 0, &want);
        ASSERT_EQ(out.at("heads").size(), 1u);
        const json &head = out.at("heads")[0];
        const std::pair<const char *, const test::MatrixD *> parts[]
            = {{"Q", &want.q}, {"K", &want.k}, {"V", &want.v}, {"weights", &want.weights}, {"context", &want.context}};
        for (const auto &[name, matrix] : parts) {
            const test::MatrixD got = matrixOf(head.at(name));
            ASSERT_EQ(got.rows(), matrix->rows()) << k.name << " " << name;
            ASSERT_EQ(got.cols(), matrix->cols()) << k.name << " " << name;
            EXPECT_LT((got - *matrix).cwiseAbs().maxCoeff(), 1e-4) << k.name << " " << name;
        }
        if (k.kind == test::MarianAttention::Cross) {
            // target × source
            EXPECT_EQ(head.at("weights").size(), target.size());
            EXPECT_EQ(head.at("weights")[0].size(), source.size());
        }
    }
}

TEST(TranslateCli, PredictGivesTheNextTargetTokenOfTheReference)
{
    const MarianFolder folder;
    const test::Run run
        = test::runAttnlab("--predict --model '" + folder.dir() + "' --text 猫吃鱼 --target-text 'The' --top 3");
    ASSERT_EQ(run.code, 0) << run.err;
    const json out = json::parse(run.out);
    const std::vector<int> source = out.at("source_ids").get<std::vector<int>>();
    const std::vector<int> target = out.at("target_ids").get<std::vector<int>>();
    const test::MatrixD logits = test::marianDecode(folder.model(), test::marianEncode(folder.model(), source), target);
    Eigen::Index best = 0;
    logits.row(logits.rows() - 1).maxCoeff(&best);
    ASSERT_EQ(out.at("top").size(), 3u);
    EXPECT_EQ(out.at("top")[0].at("id").get<int>(), int(best));
    const Eigen::RowVectorXd row = logits.row(logits.rows() - 1);
    const double p = 1.0 / (row.array() - row.maxCoeff()).exp().sum();
    EXPECT_NEAR(out.at("top")[0].at("probability").get<double>(), p, 1e-5);
}

TEST(TranslateCli, CrossAttentionOfADecoderOnlyModelIsOneLine)
{
    const std::string dir = test::makeTempDir("marian-cli-gpt2");
    test::writeTinyGpt2(dir);
    const test::Run cross
        = test::runAttnlab("--lang en --dump --model '" + dir + "' --text cat --attention cross --layer 1 --head 1");
    const test::Run target = test::runAttnlab(
        "--lang en --dump --model '" + dir + "' --text cat --target-text cat --attention cross --layer 1 --head 1");
    const test::Run predict
        = test::runAttnlab("--lang en --predict --model '" + dir + "' --text cat --target-text cat");
    test::removeTree(dir);
    for (const test::Run *run : {&cross, &target, &predict}) {
        EXPECT_EQ(run->code, 2) << run->err;
        EXPECT_TRUE(run->out.empty());
        ASSERT_FALSE(run->err.empty());
        EXPECT_EQ(run->err.find('\n'), run->err.size() - 1) << run->err;
    }
    EXPECT_NE(cross.err.find("--attention"), std::string::npos) << cross.err;
    EXPECT_NE(target.err.find("model_type"), std::string::npos) << target.err;
}
