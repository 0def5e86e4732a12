// The Generate panel stops by the rule --generate follows (core/generate/stoppingrule.h):
// generation_config.json's end tokens in place of config.json's, the tokenizer's eos_token in a
// chat turn, and a model whose generation_config.json is bad does not generate, saying why.
#include "../model/modelroomfixture.h"
#include "core/model/sampling.h"
#include "ui/generate/generatepanel.h"
#include "ui/generate/generator.h"
#include "ui/generate/samplingchart.h"

#include <QAction>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSpinBox>

#include <gtest/gtest.h>

#include <algorithm>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::directRunner;
using attnlab::test::Room;
using attnlab::test::waitComputed;
namespace model = attnlab::core::model;

namespace {

const std::string kPrompt = "the cat";

// A tiny GPT-2 with config.json's eos_token_id set to `configEnd` (raw JSON).
struct RuleFolder {
    std::string dir = test::makeTempDir("generate-rule");
    explicit RuleFolder(const std::string &configEnd)
    {
        test::TinyModelOptions options;
        options.layers = 3;
        options.heads = 2;
        options.positions = 16;
        options.vocab = test::kGpt2FixtureVocabSize;
        options.addFiles = [](const std::string &d) { test::writeGpt2Tokenizer(d); };
        options.configEdits["eos_token_id"] = configEnd;
        test::writeTinyGpt2(dir, options);
    }
    ~RuleFolder() { test::removeTree(dir); }
    void write(const std::string &name, const std::string &text) const { test::writeTextFile(dir + "/" + name, text); }
};

struct GenerateRoom : Room {
    GeneratePanel *panel = new GeneratePanel(session);
    GenerateRoom() { room->addPanel(panel); }

    // Runs Generate for `count` tokens and returns the ids generated.
    std::vector<int> generate(int count)
    {
        panel->countBox()->setValue(count);
        panel->runAction()->trigger();
        EXPECT_TRUE(QTest::qWaitFor([&] { return !panel->generator()->isRunning() && !session->isBusy(); }, 20000));
        EXPECT_TRUE(waitComputed(session));
        std::vector<int> ids;
        for (const Generator::Step &step : panel->generator()->steps())
            ids.push_back(step.id);
        return ids;
    }
};

// Greedy decoding's path from kPrompt on the folder's model, `count` tokens.
std::vector<int> greedyPath(const std::string &dir, int count)
{
    const model::Tokenizer tokenizer = *model::loadTokenizer(dir).tokenizer;
    std::vector<int> ids;
    for (const model::Token &t : tokenizer.encode(kPrompt))
        ids.push_back(t.id);
    auto runner = directRunner(dir);
    std::vector<int> out;
    for (int i = 0; i < count; ++i) {
        runner->run(ids);
        out.push_back(model::greedyToken(runner->logits()));
        ids.push_back(out.back());
    }
    return out;
}

// The path up to and with the first `id`.
std::vector<int> upTo(const std::vector<int> &path, int id)
{
    return std::vector<int>(path.begin(), std::find(path.begin(), path.end(), id) + 1);
}

} // namespace

TEST(GenerateRule, GenerationConfigJsonsEndTokensReplaceConfigJsons)
{
    const std::vector<int> path = greedyPath(RuleFolder("null").dir, 6);
    // config.json would stop at the first token; generation_config.json names a later one.
    const auto later = std::find_if(path.begin(), path.end(), [&](int id) { return id != path[0]; });
    ASSERT_NE(later, path.end()) << "the fixture's greedy path repeats one token";
    const RuleFolder folder(std::to_string(path[0]));
    folder.write("generation_config.json", "{\"eos_token_id\": [299, " + std::to_string(*later) + "]}");
    GenerateRoom room;
    room.openModel(QString::fromStdString(folder.dir), QString::fromStdString(kPrompt));
    ASSERT_TRUE(waitComputed(room.session));
    EXPECT_EQ(room.generate(6), upTo(path, *later));
    EXPECT_TRUE(room.panel->generator()->endedAtEndToken());
    EXPECT_TRUE(room.panel->statusText().contains(room.session->tokenDisplay(*later)));
    ASSERT_NE(room.panel->generator()->rule(), nullptr);
    EXPECT_EQ(room.panel->generator()->rule()->modelEndFile, "generation_config.json");
    // The status line's tooltip says which ids end a run and which file named them.
    const QList<QLabel *> labels = room.panel->findChildren<QLabel *>();
    const auto status
        = std::find_if(labels.begin(), labels.end(), [&](QLabel *l) { return l->text() == room.panel->statusText(); });
    ASSERT_NE(status, labels.end());
    EXPECT_TRUE((*status)->isVisibleTo(room.panel));
    const QString tip = (*status)->toolTip();
    EXPECT_TRUE(tip.contains(QStringLiteral("299, %1 (generation_config.json").arg(*later))) << tip.toStdString();
}

TEST(GenerateRule, AChatTurnEndsAtTheTokenizersEosTokenAndASentenceDoesNot)
{
    const std::vector<int> path = greedyPath(RuleFolder("null").dir, 6);
    const RuleFolder folder("null");
    const model::Tokenizer tokenizer = *model::loadTokenizer(folder.dir).tokenizer;
    const int chatEnd = path[2];
    folder.write("tokenizer_config.json", "{\"eos_token\": " + test::jsonString(tokenizer.tokenText(chatEnd)) + "}");
    GenerateRoom room;
    room.actions->open(
        QString::fromStdString(folder.dir), QString::fromStdString(kPrompt), ModelSession::TextKind::ChatPrompt);
    ASSERT_TRUE(waitComputed(room.session));
    EXPECT_EQ(room.generate(6), upTo(path, chatEnd));
    EXPECT_TRUE(room.panel->generator()->endedAtEndToken());
    ASSERT_NE(room.panel->generator()->rule(), nullptr);
    EXPECT_EQ(room.panel->generator()->rule()->chatEndToken, chatEnd);
    // The same words as a sentence: the chat turn's end token is only a token.
    room.session->setText(QString::fromStdString(kPrompt));
    ASSERT_TRUE(waitComputed(room.session));
    EXPECT_EQ(room.generate(6), path);
    EXPECT_FALSE(room.panel->generator()->endedAtEndToken());
}

TEST(GenerateRule, ABadGenerationConfigJsonStopsGenerationAndSaysWhy)
{
    const RuleFolder folder("null");
    folder.write("generation_config.json", R"({"eos_token_id": [1, 5000]})");
    GenerateRoom room;
    room.openModel(QString::fromStdString(folder.dir), QString::fromStdString(kPrompt));
    ASSERT_TRUE(waitComputed(room.session));
    EXPECT_FALSE(room.panel->generator()->canStep());
    EXPECT_FALSE(room.panel->runAction()->isEnabled());
    EXPECT_FALSE(room.panel->stepAction()->isEnabled());
    EXPECT_FALSE(room.panel->generator()->step());
    const QString status = room.panel->statusText();
    EXPECT_TRUE(status.startsWith(QStringLiteral("generation_config.json: eos_token_id[1]: "))) << status.toStdString();
    EXPECT_TRUE(status.contains(QStringLiteral("5000"))) << status.toStdString();
}

// generation_config.json's sampling defaults become the boxes' starting values and a line says
// where they came from; its repetition penalty and banned ids steer the panel's greedy steps as
// they steer --generate (issue 36 item 10). A folder without the file starts greedy.
TEST(GenerateRule, GenerationConfigJsonSetsTheStartingValuesAndTheRulesOfTheSteps)
{
    const std::vector<int> path = greedyPath(RuleFolder("null").dir, 4);
    const RuleFolder folder("null");
    folder.write("generation_config.json",
        R"({"do_sample": true, "temperature": 0.7, "top_k": 20, "top_p": 0.8, "repetition_penalty": 1.3,
            "bad_words_ids": [[)"
            + std::to_string(path[0]) + "]]}");
    GenerateRoom room;
    room.openModel(QString::fromStdString(folder.dir), QString::fromStdString(kPrompt));
    ASSERT_TRUE(waitComputed(room.session));
    GeneratePanel *panel = room.panel;
    EXPECT_DOUBLE_EQ(panel->temperatureBox()->value(), 0.7);
    EXPECT_EQ(panel->topKBox()->value(), 20);
    EXPECT_DOUBLE_EQ(panel->topPBox()->value(), 0.8);
    EXPECT_DOUBLE_EQ(panel->repetitionPenaltyBox()->value(), 1.3);
    EXPECT_EQ(panel->generator()->settings().topK, 20);
    EXPECT_DOUBLE_EQ(panel->generator()->logitRules().repetitionPenalty, 1.3);
    const QString line = panel->defaultsText();
    EXPECT_TRUE(line.contains(QStringLiteral("generation_config.json"))) << line.toStdString();
    EXPECT_TRUE(line.contains(QStringLiteral("0.7")) && line.contains(QStringLiteral("1.3"))) << line.toStdString();
    // Greedy under the file's rules: the banned first token never comes.
    panel->temperatureBox()->setValue(0);
    const std::vector<int> ruled = room.generate(3);
    ASSERT_EQ(ruled.size(), 3u);
    EXPECT_NE(ruled[0], path[0]);
    EXPECT_EQ(std::count(ruled.begin(), ruled.end(), path[0]), 0);
    // The chart draws what the rules leave: the banned token has no bar height.
    const std::vector<int> &ids = panel->chart()->ids();
    EXPECT_EQ(std::find(ids.begin(), ids.end(), path[0]), ids.end());

    // Another model without the file: greedy, the penalty off, and the line says why.
    const RuleFolder plain("null");
    room.openModel(QString::fromStdString(plain.dir), QString::fromStdString(kPrompt));
    ASSERT_TRUE(waitComputed(room.session));
    EXPECT_DOUBLE_EQ(panel->temperatureBox()->value(), 0);
    EXPECT_DOUBLE_EQ(panel->repetitionPenaltyBox()->value(), 1);
    EXPECT_FALSE(panel->generator()->logitRules().active());
    EXPECT_TRUE(panel->defaultsText().contains(QStringLiteral("no generation_config.json")));
    EXPECT_EQ(room.generate(4), path);
}
