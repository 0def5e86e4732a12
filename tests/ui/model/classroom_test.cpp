// The classroom's headline: when the hub cache holds Qwen/Qwen2.5-0.5B-Instruct, the model room
// offers 猫吃鱼 as a chat turn, opening the cached snapshot on the prompt its chat template makes.
#include "core/chat/chatprompt.h"
#include "core/tokenize/tokenizer.h"
#include "modelroomfixture.h"
#include "ui/generate/generatepanel.h"
#include "ui/generate/generator.h"

#include <QAction>
#include <QMenu>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace {

using namespace attnlab;
namespace fs = std::filesystem;
namespace model = attnlab::core::model;

// HF_HUB_CACHE points at a fresh folder for the test's lifetime.
struct FixtureCache {
    std::string dir = test::makeTempDir("classroom-cache");
    FixtureCache() { qputenv("HF_HUB_CACHE", QByteArray::fromStdString(dir)); }
    ~FixtureCache()
    {
        qunsetenv("HF_HUB_CACHE");
        test::removeTree(dir);
    }

    // models--Qwen--Qwen2.5-0.5B-Instruct at main: a tiny Qwen2 with a ChatML template.
    std::string addQwen() const
    {
        const fs::path repo = fs::path(dir) / "models--Qwen--Qwen2.5-0.5B-Instruct";
        const fs::path snapshot = repo / "snapshots" / "0a1b2c";
        fs::create_directories(repo / "refs");
        fs::create_directories(snapshot);
        std::ofstream(repo / "refs" / "main") << "0a1b2c";
        test::writeTinyChatQwen(snapshot.string(), 128);
        return snapshot.string();
    }
};

} // namespace

TEST(Classroom, WithoutQwenInTheCacheNothingIsOffered)
{
    const FixtureCache cache;
    test::Room room;
    EXPECT_FALSE(room.actions->classroomAction()->isVisible());
    EXPECT_TRUE(room.actions->classroomSnapshot().isEmpty());
}

TEST(Classroom, TheCachedQwenOpensOnTheChatTurnOfCatEatsFish)
{
    const FixtureCache cache;
    test::Room room;
    const std::string snapshot = cache.addQwen();
    // A model that came into the cache meanwhile is offered once the cache menu is looked at.
    Q_EMIT room.actions->cacheMenu()->aboutToShow();
    QAction *offer = room.actions->classroomAction();
    ASSERT_TRUE(offer->isVisible());
    EXPECT_FALSE(offer->toolTip().isEmpty());
    EXPECT_EQ(offer->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    offer->trigger();
    ASSERT_TRUE(test::waitComputed(room.session)) << room.actions->lastError().toStdString();
    EXPECT_EQ(room.session->filePath(), QString::fromStdString(snapshot));
    const std::string prompt = core::chat::chatPromptForUserTurn(snapshot, "猫吃鱼");
    EXPECT_EQ(prompt, "<|im_start|>user\n猫吃鱼<|im_end|>\n<|im_start|>assistant\n");
    EXPECT_EQ(room.session->text(), QString::fromStdString(prompt));
    // The ids apply_chat_template gives: the prompt encoded without the post-processor's tokens.
    const model::Tokenizer tokenizer = *model::loadTokenizer(snapshot).tokenizer;
    std::vector<int> expected, ids;
    for (const model::Token &t : tokenizer.encode(prompt, false))
        expected.push_back(t.id);
    for (const model::Token &t : room.session->tokens())
        ids.push_back(t.id);
    EXPECT_EQ(ids, expected);
    // The model answers from there: a generated token goes after the assistant's header.
    auto *panel = new ui::GeneratePanel(room.session);
    room.room->addPanel(panel);
    ASSERT_TRUE(panel->generator()->step());
    ASSERT_TRUE(test::waitComputed(room.session));
    EXPECT_EQ(room.session->tokens().size(), expected.size() + 1);
}

TEST(Classroom, AChatPromptIsEncodedWithoutThePostProcessorsTokens)
{
    // BERT's post-processor puts [CLS] in front and [SEP] behind, as Llama 3's puts
    // <|begin_of_text|>: a prompt whose template already wrote them must not get them twice.
    const test::TinyFolder folder(true);
    test::Room room;
    const QString prompt = QStringLiteral("[CLS] the cat [SEP]");
    room.actions->open(folder.path(), prompt, ui::ModelSession::TextKind::ChatPrompt);
    ASSERT_TRUE(test::waitComputed(room.session)) << room.actions->lastError().toStdString();
    const model::Tokenizer tokenizer = *model::loadTokenizer(folder.dir).tokenizer;
    const auto idsOf = [](const std::vector<model::Token> &tokens) {
        std::vector<int> ids;
        for (const model::Token &t : tokens)
            ids.push_back(t.id);
        return ids;
    };
    EXPECT_EQ(room.session->textKind(), ui::ModelSession::TextKind::ChatPrompt);
    EXPECT_EQ(idsOf(room.session->tokens()), idsOf(tokenizer.encode(prompt.toStdString(), false)));
    const size_t chatCount = room.session->tokens().size();
    // Typed into the sentence box, the same text is a sentence, encoded as the tokenizer encodes it.
    room.session->setText(prompt);
    ASSERT_TRUE(test::waitComputed(room.session));
    EXPECT_EQ(room.session->textKind(), ui::ModelSession::TextKind::Sentence);
    EXPECT_EQ(idsOf(room.session->tokens()), idsOf(tokenizer.encode(prompt.toStdString())));
    EXPECT_EQ(room.session->tokens().size(), chatCount + 2);
}
