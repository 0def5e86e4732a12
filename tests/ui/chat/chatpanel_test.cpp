// The model room's Chat tab: a conversation through the model's chat template, each answer
// written by the Generate tab's generator, the whole conversation the model's text (classroom
// trial, issue 36 item 20).
#include "../generate/generateroom.h"
#include "core/chat/chatprompt.h"
#include "core/tokenize/tokenizer.h"
#include "ui/chat/chatpanel.h"
#include "ui/i18n/language.h"

#include <QAction>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QTextBrowser>

#include <gtest/gtest.h>

namespace {

using namespace attnlab;

// A tiny Qwen2 with a ChatML template, as Qwen2.5's begins.
struct ChatFolder {
    std::string dir = test::makeTempDir("chatpanel");
    ChatFolder() { test::writeTinyChatQwen(dir, 256); }
    ~ChatFolder() { test::removeTree(dir); }
};

struct ChatRoom : test::GenerateRoom {
    ui::ChatPanel *chat = new ui::ChatPanel(session, panel->generator());
    ChatRoom() { room->addPanel(chat); }

    bool open(const std::string &dir)
    {
        openModel(QString::fromStdString(dir));
        return QTest::qWaitFor([&] { return session->hasModel() && !session->isBusy(); }, 10000);
    }
    // Sends `text` and waits until the answer is finished.
    bool say(const QString &text)
    {
        chat->messageBox()->setPlainText(text);
        if (!chat->send())
            return false;
        return QTest::qWaitFor([&] { return !chat->isAnswering() && !session->isBusy(); }, 20000);
    }
};

std::string answerOf(const std::string &dir, const std::string &prompt, const std::vector<int> &generated)
{
    const core::model::TokenizerLoadResult loaded = core::model::loadTokenizer(dir);
    EXPECT_TRUE(loaded.ok());
    std::vector<int> ids;
    for (const core::model::Token &t : loaded.tokenizer->encode(prompt, false))
        ids.push_back(t.id);
    return loaded.tokenizer->decodeContinuation(ids, generated);
}

} // namespace

TEST(ChatPanel, EachMessageGoesThroughTheTemplateWithEveryEarlierTurnAndTheAnswerIsKept)
{
    // English plurals come from attnlab_en.qm.
    ASSERT_TRUE(ui::Language::instance()->apply(QStringLiteral("en")));
    const ChatFolder folder;
    ChatRoom room;
    ASSERT_TRUE(room.open(folder.dir));
    room.chat->systemBox()->setText(QStringLiteral("你是老师。"));
    room.chat->limitBox()->setValue(3);

    ASSERT_TRUE(room.say(QStringLiteral("猫吃鱼")));
    ASSERT_EQ(room.chat->turns().size(), 2u);
    const std::string first = core::chat::chatPrompt(folder.dir, {{"system", "你是老师。"}, {"user", "猫吃鱼"}});
    // The answer is what the three generated ids add after the prompt, decoded together.
    ASSERT_EQ(room.session->generatedIds().size(), 3u);
    const std::string answer = answerOf(folder.dir, first, room.session->generatedIds());
    EXPECT_EQ(room.chat->turns()[1].role, "assistant");
    EXPECT_EQ(room.chat->turns()[1].content, answer);
    // The model's text in the room is the conversation: prompt and answer.
    EXPECT_EQ(room.session->text().toStdString(), first + answer);
    EXPECT_TRUE(room.chat->transcript()->toPlainText().contains(QStringLiteral("猫吃鱼")));
    EXPECT_TRUE(room.chat->statusText().contains(QStringLiteral("tokens/s"))) << room.chat->statusText().toStdString();
    EXPECT_TRUE(room.chat->statusText().contains(QStringLiteral("reached the limit of 3 tokens")))
        << room.chat->statusText().toStdString();

    // The second message carries the first answer back, without an end token.
    ASSERT_TRUE(room.say(QStringLiteral("为什么？")));
    ASSERT_EQ(room.chat->turns().size(), 4u);
    const std::string second = core::chat::chatPrompt(
        folder.dir, {{"system", "你是老师。"}, {"user", "猫吃鱼"}, {"assistant", answer}, {"user", "为什么？"}});
    EXPECT_EQ(room.session->text().toStdString(), second + answerOf(folder.dir, second, room.session->generatedIds()));

    // New Chat forgets the turns and keeps the system prompt.
    room.chat->newChatAction()->trigger();
    EXPECT_TRUE(room.chat->turns().empty());
    EXPECT_EQ(room.chat->systemBox()->text(), QStringLiteral("你是老师。"));
}

TEST(ChatPanel, StopKeepsWhatWasWritten)
{
    const ChatFolder folder;
    ChatRoom room;
    ASSERT_TRUE(room.open(folder.dir));
    room.chat->limitBox()->setValue(200);
    room.chat->messageBox()->setPlainText(QStringLiteral("猫吃鱼"));
    ASSERT_TRUE(room.chat->send());
    ASSERT_TRUE(QTest::qWaitFor([&] { return room.session->generatedIds().size() >= 2; }, 20000));
    EXPECT_TRUE(room.chat->stopAction()->isEnabled());
    room.chat->stopAction()->trigger();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !room.chat->isAnswering() && !room.session->isBusy(); }, 20000));
    ASSERT_EQ(room.chat->turns().size(), 2u);
    const size_t written = room.session->generatedIds().size();
    EXPECT_LT(written, 200u);
    EXPECT_EQ(room.chat->turns()[1].content, room.session->continuationText(int(written)).toStdString());
    EXPECT_TRUE(room.chat->statusText().contains(QStringLiteral("it was stopped")))
        << room.chat->statusText().toStdString();
    EXPECT_FALSE(room.chat->stopAction()->isEnabled());
}

TEST(ChatPanel, EnterSendsAndShiftEnterStartsANewLine)
{
    const ChatFolder folder;
    ChatRoom room;
    ASSERT_TRUE(room.open(folder.dir));
    room.chat->limitBox()->setValue(1);
    QPlainTextEdit *box = room.chat->messageBox();
    box->setFocus();
    QTest::keyClicks(box, QStringLiteral("cat"));
    QTest::keyClick(box, Qt::Key_Return, Qt::ShiftModifier);
    QTest::keyClicks(box, QStringLiteral("fish"));
    EXPECT_EQ(box->toPlainText(), QStringLiteral("cat\nfish"));
    QTest::keyClick(box, Qt::Key_Return);
    EXPECT_TRUE(box->toPlainText().isEmpty());
    ASSERT_FALSE(room.chat->turns().empty());
    EXPECT_EQ(room.chat->turns()[0].content, "cat\nfish");
    ASSERT_TRUE(QTest::qWaitFor([&] { return !room.chat->isAnswering() && !room.session->isBusy(); }, 20000));
    EXPECT_EQ(room.chat->turns().size(), 2u);
}

TEST(ChatPanel, AModelWithoutAChatTemplateSaysSoAndKeepsTheMessage)
{
    const test::TinyFolder gpt2(false);
    ChatRoom room;
    ASSERT_TRUE(room.open(gpt2.dir));
    room.chat->messageBox()->setPlainText(QStringLiteral("猫吃鱼"));
    EXPECT_FALSE(room.chat->send());
    EXPECT_TRUE(room.chat->turns().empty());
    EXPECT_EQ(room.chat->messageBox()->toPlainText(), QStringLiteral("猫吃鱼"));
    EXPECT_TRUE(room.chat->statusText().startsWith(QStringLiteral("This model cannot chat:")))
        << room.chat->statusText().toStdString();
    EXPECT_FALSE(room.chat->isAnswering());
}
