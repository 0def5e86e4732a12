#include "core/sceneedits.h"
#include "editortestutil.h"
#include "ui/board/tokenbar.h"

#include <QApplication>
#include <QKeyEvent>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

using namespace attnlab;
using namespace attnlab::ui;

TEST(TokenBar, ShowsTheSceneTokensAsSentenceAndChips)
{
    Document doc;
    editortest::loadExampleInto(doc);
    TokenBar bar(&doc);
    EXPECT_EQ(bar.text(), QStringLiteral("猫吃鱼"));
    EXPECT_EQ(bar.chipTexts(), (QStringList {QStringLiteral("猫"), QStringLiteral("吃"), QStringLiteral("鱼")}));
}

TEST(TokenBar, TypingASentenceYieldsTheExpectedTokensAsOneUndoStep)
{
    Document doc;
    editortest::loadExampleInto(doc);
    const core::Scene before = doc.scene();
    TokenBar bar(&doc);
    QLineEdit *edit = bar.findChild<QLineEdit *>();
    ASSERT_NE(edit, nullptr);
    edit->selectAll();
    QTest::keyClicks(edit, QStringLiteral("the cat saw the cat"));
    EXPECT_EQ(doc.scene().tokens, before.tokens) << "nothing is applied while typing";
    QTest::keyClick(edit, Qt::Key_Return);

    EXPECT_EQ(doc.scene().tokens, (std::vector<std::string> {"the", "cat", "saw", "the", "cat"}));
    EXPECT_EQ(doc.scene().vocabulary.size(), 3u);
    EXPECT_EQ(doc.scene().embeddings.row(1), core::edits::tokenEmbedding("cat", 8));
    EXPECT_EQ(doc.undoStack()->count(), 1);
    EXPECT_EQ(bar.chipTexts().size(), 5);
    EXPECT_TRUE(core::validate(doc.scene()).empty());
    EXPECT_GT(doc.stages().heads[0].weights.rows(), 4);

    doc.undoStack()->undo();
    EXPECT_EQ(doc.scene(), before);
    EXPECT_EQ(bar.text(), QStringLiteral("猫吃鱼"));
}

TEST(TokenBar, TypingCommitsAfterAPause)
{
    Document doc;
    editortest::loadExampleInto(doc);
    TokenBar bar(&doc);
    QLineEdit *edit = bar.findChild<QLineEdit *>();
    QTest::keyClick(edit, Qt::Key_End);
    // QTest::keyClicks handles only Latin-1; an input method delivers CJK text like this.
    QKeyEvent press(QEvent::KeyPress, 0, Qt::NoModifier, QStringLiteral("了"));
    QApplication::sendEvent(edit, &press);
    EXPECT_EQ(bar.chipTexts().size(), 4) << "chips preview the tokens at once";
    QSignalSpy changed(&doc, &Document::sceneChanged);
    EXPECT_TRUE(changed.wait(TokenBar::kCommitDelayMs * 4));
    EXPECT_EQ(doc.scene().tokens, (std::vector<std::string> {"猫", "吃", "鱼", "了"}));
}

TEST(TokenBar, ModesChangeTheTokens)
{
    Document doc;
    editortest::loadExampleInto(doc);
    TokenBar bar(&doc);
    bar.setText(QStringLiteral("猫吃 鱼"));
    bar.setMode(TokenizerMode::Whitespace);
    EXPECT_EQ(doc.scene().tokens, (std::vector<std::string> {"猫吃", "鱼"}));
    bar.setMode(TokenizerMode::Character);
    EXPECT_EQ(doc.scene().tokens, (std::vector<std::string> {"猫", "吃", "鱼"}));
    bar.setText(QStringLiteral("New York | is | big"));
    bar.setMode(TokenizerMode::Separator);
    EXPECT_EQ(doc.scene().tokens, (std::vector<std::string> {"New York", "is", "big"}));
}

TEST(TokenBar, EmptySentenceIsRefusedWithAMessage)
{
    Document doc;
    editortest::loadExampleInto(doc);
    const core::Scene before = doc.scene();
    TokenBar bar(&doc);
    bar.setText(QStringLiteral("   "));
    EXPECT_FALSE(bar.commit());
    EXPECT_FALSE(bar.message().isEmpty());
    EXPECT_EQ(doc.scene(), before);
    EXPECT_EQ(doc.undoStack()->count(), 0);
}

TEST(TokenBar, UndoOfTokensWithSpacesSwitchesToSeparatorMode)
{
    Document doc;
    editortest::loadExampleInto(doc);
    TokenBar bar(&doc);
    doc.changeScene(core::edits::withTokens(doc.scene(), {"New York", "猫"}), QStringLiteral("test"));
    EXPECT_EQ(bar.mode(), TokenizerMode::Separator);
    EXPECT_EQ(tokenize(bar.text(), bar.mode(), bar.separator()),
        (QStringList {QStringLiteral("New York"), QStringLiteral("猫")}));
}

TEST(TokenBar, ATitleThatNamedTheSentenceFollowsTheNewSentence)
{
    Document doc;
    editortest::loadExampleInto(doc);
    ASSERT_EQ(doc.scene().title, "猫吃鱼");
    TokenBar bar(&doc);
    bar.setText(QStringLiteral("鱼吃猫了"));
    ASSERT_TRUE(bar.commit());
    EXPECT_EQ(doc.scene().title, "鱼吃猫了");
    doc.undoStack()->undo();
    EXPECT_EQ(doc.scene().title, "猫吃鱼");

    core::Scene own = doc.scene();
    own.title = "Lesson 3";
    doc.load(own);
    bar.setText(QStringLiteral("鱼吃猫了"));
    ASSERT_TRUE(bar.commit());
    EXPECT_EQ(doc.scene().title, "Lesson 3") << "a title of the user's own is kept";
}
