#include "../editors/editortestutil.h"
#include "core/scene/sceneedits.h"
#include "testutil.h"
#include "ui/board/heatmapview.h"
#include "ui/board/pipelineboard.h"
#include "ui/board/stepcontroller.h"
#include "ui/board/tokenbar.h"
#include "ui/mainwindow/mainwindow.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QKeyEvent>
#include <QLineEdit>

#include <QSettings>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>
#include <random>

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
    EXPECT_EQ(doc.scene().vocabulary.size(), 3u + before.vocabulary.size()) << "the example's rows stay";
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
    EXPECT_EQ(bar.chipTexts().size(), 3) << "a keystroke alone is not tokenized";
    EXPECT_TRUE(bar.isCommitPending());
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

TEST(TokenBar, AClearedSentenceGetsTheBoardsTokensBackWhenEditingEnds)
{
    Document doc;
    editortest::loadExampleInto(doc);
    const core::Scene before = doc.scene();
    TokenBar bar(&doc);
    QLineEdit *edit = bar.findChild<QLineEdit *>();
    ASSERT_NE(edit, nullptr);
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Delete);
    EXPECT_TRUE(bar.text().isEmpty());
    EXPECT_TRUE(bar.isCommitPending());
    EXPECT_FALSE(bar.commit()) << "a pause in typing keeps the empty field, so the typist can go on";
    EXPECT_TRUE(bar.text().isEmpty());
    EXPECT_TRUE(bar.message().contains(QStringLiteral("猫 吃 鱼"))) << bar.message().toStdString();

    QTest::keyClick(edit, Qt::Key_Return);
    EXPECT_EQ(bar.text(), QStringLiteral("猫吃鱼")) << "the field shows what the board shows";
    EXPECT_EQ(bar.chipTexts(), (QStringList {QStringLiteral("猫"), QStringLiteral("吃"), QStringLiteral("鱼")}));
    EXPECT_TRUE(bar.message().contains(QStringLiteral("猫 吃 鱼"))) << bar.message().toStdString();
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

TEST(TokenBar, ALongSentenceTypedQuicklyIsTokenizedOnceAndTheBoardUpdatesTogether)
{
    QSettings().clear();
    Document doc;
    editortest::loadExampleInto(doc);
    MainWindow window(&doc);
    window.show();
    window.steps()->setShowAll(true);
    auto *bar = window.findChild<TokenBar *>();
    QLineEdit *edit = bar->findChild<QLineEdit *>();
    edit->clear();
    QSignalSpy changed(&doc, &Document::sceneChanged);
    QString sentence;
    for (int i = 0; i < 200; ++i)
        sentence += QStringLiteral("w%1 ").arg(i);
    QElapsedTimer clock;
    clock.start();
    QTest::keyClicks(edit, sentence.trimmed()); // about 1000 keystrokes, no pause
    const qint64 typing = clock.elapsed();
    EXPECT_EQ(changed.count(), 0) << "nothing is applied while the typist has not paused";
    EXPECT_TRUE(bar->isCommitPending());
    EXPECT_LT(typing, 5000) << "a keystroke costs no tokenizing and no board update";

    // Enter applies at once, in one step, and every card shows the new shape before the
    // next paint: no board that mixes the old scene and the new one.
    QTest::keyClick(edit, Qt::Key_Return);
    EXPECT_EQ(changed.count(), 1);
    EXPECT_FALSE(bar->isCommitPending());
    ASSERT_EQ(doc.scene().tokenCount(), 200);
    EXPECT_EQ(doc.undoStack()->count(), 1);
    const QList<HeatmapView *> views = window.board()->findChildren<HeatmapView *>();
    ASSERT_FALSE(views.isEmpty());
    for (HeatmapView *view : views)
        EXPECT_EQ(view->shownRows(), 200) << core::stageName(view->stage());
}

TEST(TokenBar, AHeadFromARealModelCannotBeRetypedAndSaysWhy)
{
    std::mt19937 rng(21);
    core::Scene scene = test::randomScene(rng, 4, 8, 1, 8);
    test::giveInputX(scene);
    Document doc;
    doc.load(scene);
    TokenBar bar(&doc);
    auto *edit = bar.findChild<QLineEdit *>();
    ASSERT_NE(edit, nullptr);
    EXPECT_TRUE(edit->isReadOnly());
    EXPECT_TRUE(edit->toolTip().contains(QStringLiteral("real model"))) << edit->toolTip().toStdString();
    std::mt19937 again(22);
    doc.load(test::randomScene(again, 4, 8, 1, 8));
    EXPECT_FALSE(edit->isReadOnly());
}
