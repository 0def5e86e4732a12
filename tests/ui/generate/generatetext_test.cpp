// The text generation writes and where it stops: generated ids decoded together (a Chinese
// character split across byte-level tokens enters the sentence whole, never as hex), and a run
// that ends at config.json's eos_token_id, keeping that token.
#include "core/model/sampling.h"
#include "generateroom.h"
#include "ui/generate/generatepanel.h"
#include "ui/generate/generator.h"
#include "ui/model/modelsentence.h"

#include <QAction>
#include <QLineEdit>
#include <QSpinBox>

#include <gtest/gtest.h>

#include <algorithm>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::directRunner;
using attnlab::test::GenerateRoom;
using attnlab::test::TinyFolder;
using attnlab::test::waitComputed;
namespace model = attnlab::core::model;

namespace {

// A tiny GPT-2 as TinyFolder writes it, with config.json's eos_token_id set to `eos` (raw JSON).
struct EosFolder {
    std::string dir = test::makeTempDir("generate-eos");
    explicit EosFolder(const std::string &eos)
    {
        test::TinyModelOptions options;
        options.layers = 3;
        options.heads = 2;
        options.positions = 16;
        options.vocab = test::kGpt2FixtureVocabSize;
        options.addFiles = [](const std::string &d) { test::writeGpt2Tokenizer(d); };
        options.configEdits["eos_token_id"] = eos;
        test::writeTinyGpt2(dir, options);
    }
    ~EosFolder() { test::removeTree(dir); }
};

std::vector<int> greedy(const std::string &dir, std::vector<int> ids, int count)
{
    auto runner = directRunner(dir);
    std::vector<int> out;
    for (int i = 0; i < count; ++i) {
        runner->run(ids);
        out.push_back(model::greedyToken(runner->logits()));
        ids.push_back(out.back());
    }
    return out;
}

} // namespace

TEST(GenerateText, ACharacterSplitAcrossTokensEntersTheSentenceWholeOnceComplete)
{
    TinyFolder folder(false);
    GenerateRoom room;
    room.openModel(folder.path(), QStringLiteral("The"));
    ASSERT_TRUE(waitComputed(room.session));
    // The fixture's 274 is e7 8c, the first two bytes of 猫, and 104 its last byte ab.
    ASSERT_TRUE(room.session->appendToken(274));
    ASSERT_TRUE(waitComputed(room.session));
    EXPECT_EQ(room.session->text(), QStringLiteral("The"));
    EXPECT_EQ(room.room->sentence()->edit()->text(), QStringLiteral("The"));
    ASSERT_TRUE(room.session->appendToken(104));
    ASSERT_TRUE(waitComputed(room.session));
    EXPECT_EQ(room.session->text(), QStringLiteral("The猫"));
    EXPECT_EQ(room.room->sentence()->edit()->text(), QStringLiteral("The猫"));
    EXPECT_EQ(room.session->generatedIds(), (std::vector<int> {274, 104}));
    // The chips still show each token's own bytes.
    EXPECT_EQ(room.session->tokens().back().display, "\u2039ab\u203a");
    ASSERT_TRUE(room.session->appendToken(261)); // "Ġcat"
    ASSERT_TRUE(waitComputed(room.session));
    EXPECT_EQ(room.session->text(), QStringLiteral("The猫 cat"));
    // The sentence is the typed text plus what was generated: committing it changes nothing.
    room.room->sentence()->commit();
    EXPECT_EQ(room.session->tokens().size(), 4u);
    // Typing starts a new prompt: the generated ids are forgotten.
    room.session->setText(QStringLiteral("a"));
    EXPECT_TRUE(room.session->generatedIds().empty());
}

TEST(GenerateText, ARunStopsAtTheConfigsEndTokenAndKeepsIt)
{
    TinyFolder plain(false);
    // Where greedy decoding goes from this prompt; the third new token becomes the end token.
    const model::Tokenizer tokenizer = *model::loadTokenizer(plain.dir).tokenizer;
    std::vector<int> prompt;
    for (const model::Token &t : tokenizer.encode("the cat"))
        prompt.push_back(t.id);
    const std::vector<int> path = greedy(plain.dir, prompt, 6);
    const int eos = path[2];
    const size_t stop = size_t(std::find(path.begin(), path.end(), eos) - path.begin()) + 1;
    for (const std::string &json :
        {std::to_string(eos), "[" + std::to_string(eos + 1) + ", " + std::to_string(eos) + "]"}) {
        EosFolder folder(json);
        GenerateRoom room;
        room.openModel(QString::fromStdString(folder.dir), QStringLiteral("the cat"));
        ASSERT_TRUE(waitComputed(room.session));
        GeneratePanel *panel = room.panel;
        EXPECT_TRUE(panel->statusText().isEmpty());
        panel->countBox()->setValue(6);
        panel->runAction()->trigger();
        ASSERT_TRUE(
            QTest::qWaitFor([&] { return !panel->generator()->isRunning() && !room.session->isBusy(); }, 20000));
        ASSERT_TRUE(waitComputed(room.session));
        std::vector<int> generated;
        for (const Generator::Step &step : panel->generator()->steps())
            generated.push_back(step.id);
        EXPECT_EQ(generated, std::vector<int>(path.begin(), path.begin() + std::ptrdiff_t(stop))) << json;
        EXPECT_TRUE(panel->generator()->endedAtEndToken());
        EXPECT_TRUE(panel->statusText().contains(room.session->tokenDisplay(eos))) << panel->statusText().toStdString();
        EXPECT_FALSE(panel->stopAction()->isEnabled());
        // Next Token goes on past it when asked; the note goes with the end token.
        if (path[stop] != eos) {
            ASSERT_TRUE(panel->generator()->step());
            ASSERT_TRUE(waitComputed(room.session));
            EXPECT_TRUE(panel->statusText().isEmpty());
        }
    }
}
