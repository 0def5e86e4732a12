// The model room's error texts follow View → Language: a refused text, a failed run and a folder
// that cannot be opened are kept as the way to write them (core problems with their arguments),
// not as text in the language of the moment.
#include "modelroomfixture.h"
#include "ui/i18n/language.h"
#include "ui/model/modelsentence.h"
#include "ui/model/predictionpanel.h"

#include <QAction>
#include <QCoreApplication>
#include <QLabel>
#include <QRegularExpression>
#include <QSignalSpy>

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::Room;
using attnlab::test::TinyFolder;
using attnlab::test::waitComputed;

namespace {

class ModelRoomLanguage : public ::testing::Test {
protected:
    void SetUp() override { ASSERT_TRUE(switchTo(QStringLiteral("en"))); }
    void TearDown() override { switchTo(QStringLiteral("en")); }

    static bool switchTo(const QString &code)
    {
        const bool ok = Language::instance()->apply(code);
        QCoreApplication::processEvents(); // the LanguageChange events
        return ok;
    }
};

bool hasHan(const QString &text)
{
    return text.contains(QRegularExpression(QStringLiteral("\\p{Han}")));
}

// Two English words in a row outside quotes (the user's own sentence is quoted): a sentence left
// untranslated.
bool hasEnglishSentence(QString text)
{
    text.remove(QRegularExpression(QStringLiteral("“[^”]*”")));
    return text.contains(QRegularExpression(QStringLiteral("[A-Za-z]{2,} [A-Za-z]{2,}")));
}

} // namespace

TEST_F(ModelRoomLanguage, ARefusedTextAndAFolderThatCannotOpenAreRewrittenOnALanguageSwitch)
{
    TinyFolder folder(false); // 16 positions
    Room room;
    room.window.show();
    room.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    room.session->setText(QStringLiteral("the cat sat on the mat and the dog sat on the rug and then they all slept"));
    const QString staleEnglish = room.room->staleLabel()->text();
    const QString refusedEnglish = room.room->sentence()->message();
    ASSERT_TRUE(staleEnglish.contains(QStringLiteral("at most 16"))) << staleEnglish.toStdString();
    ASSERT_TRUE(refusedEnglish.contains(QStringLiteral("at most 16"))) << refusedEnglish.toStdString();

    // A folder without tokenizer files: the checkpoint loads, the tokenizer does not.
    TinyFolder noTokenizer(false);
    for (const char *file : {"/tokenizer.json", "/vocab.json", "/merges.txt", "/vocab.txt"})
        std::remove((noTokenizer.dir + file).c_str());
    QSignalSpy failed(room.session, &ModelSession::loadFailed);
    room.openModel(noTokenizer.path());
    ASSERT_TRUE(QTest::qWaitFor([&] { return failed.count() == 1; }, 10000));
    const QString loadEnglish = room.actions->lastError();
    ASSERT_TRUE(loadEnglish.contains(QStringLiteral("no tokenizer.json"))) << loadEnglish.toStdString();

    ASSERT_TRUE(switchTo(QStringLiteral("zh_CN")));
    for (const QString &text :
        {room.room->staleLabel()->text(), room.room->sentence()->message(), room.actions->lastError()}) {
        EXPECT_TRUE(hasHan(text)) << text.toStdString();
        EXPECT_FALSE(hasEnglishSentence(text)) << text.toStdString();
    }
    EXPECT_TRUE(room.room->staleLabel()->text().contains(QStringLiteral("16")));
    EXPECT_TRUE(room.room->staleLabel()->text().contains(QStringLiteral("the cat sat"))); // the user's text
    EXPECT_TRUE(room.room->sentence()->message().contains(QStringLiteral("16")));
    EXPECT_TRUE(room.actions->lastError().contains(noTokenizer.path())) << room.actions->lastError().toStdString();

    // And back, word for word as before.
    ASSERT_TRUE(switchTo(QStringLiteral("en")));
    EXPECT_EQ(room.room->staleLabel()->text(), staleEnglish);
    EXPECT_EQ(room.room->sentence()->message(), refusedEnglish);
    EXPECT_EQ(room.actions->lastError(), loadEnglish);
}

TEST_F(ModelRoomLanguage, AFailedRunIsReportedWithTheForwardPassMessageInTheCurrentLanguage)
{
    // The model's vocabulary (290) is smaller than the tokenizer's (300): <|endoftext|> is id 299.
    TinyFolder folder(false, true, 16, 290);
    Room room;
    room.window.show();
    room.openModel(folder.path(), QStringLiteral("the cat"));
    ASSERT_TRUE(waitComputed(room.session));
    QSignalSpy errors(room.session, &ModelSession::error);
    room.session->setText(QStringLiteral("<|endoftext|>"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !room.session->isBusy(); }, 10000));
    ASSERT_EQ(errors.count(), 1);
    EXPECT_EQ(
        errors[0][0].toString(), QStringLiteral("token id 299 at position 0 is outside the vocabulary (size 290)"));
    const QString staleEnglish = room.room->staleLabel()->text();
    EXPECT_TRUE(staleEnglish.startsWith(QStringLiteral("The run failed: token id 299"))) << staleEnglish.toStdString();

    ASSERT_TRUE(switchTo(QStringLiteral("zh_CN")));
    const QString stale = room.room->staleLabel()->text();
    EXPECT_TRUE(hasHan(stale)) << stale.toStdString();
    EXPECT_FALSE(hasEnglishSentence(stale)) << stale.toStdString();
    EXPECT_TRUE(stale.contains(QStringLiteral("299")) && stale.contains(QStringLiteral("290"))) << stale.toStdString();
    EXPECT_TRUE(hasHan(room.room->sentence()->message())) << room.room->sentence()->message().toStdString();
    EXPECT_EQ(room.session->errorText(), room.room->sentence()->message());
    // The prediction panel keeps the last good result beside the stale line; its heading follows too.
    EXPECT_FALSE(room.room->prediction()->entries().empty());
    for (const QLabel *label : room.room->prediction()->findChildren<QLabel *>())
        EXPECT_FALSE(label->text().contains(QStringLiteral("Next token"))) << label->text().toStdString();
}

TEST_F(ModelRoomLanguage, TheToolBarsUndoAndRedoFollowTheLanguageWithTheirEntries)
{
    TinyFolder folder(false);
    Room room;
    room.window.show();
    room.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    QAction *undo = room.room->undoAction();
    QAction *redo = room.room->redoAction();
    EXPECT_FALSE(undo->isEnabled());
    room.session->toggleAblation(0, 1);
    ASSERT_TRUE(waitComputed(room.session));
    ASSERT_TRUE(undo->isEnabled());
    const QString englishUndo = undo->text();
    EXPECT_TRUE(englishUndo.startsWith(QStringLiteral("&Undo"))) << englishUndo.toStdString();
    EXPECT_TRUE(englishUndo.contains(QStringLiteral("1.2"))) << englishUndo.toStdString();

    ASSERT_TRUE(switchTo(QStringLiteral("zh_CN")));
    for (const QString &text : {undo->text(), redo->text()}) {
        EXPECT_TRUE(hasHan(text)) << text.toStdString();
        EXPECT_FALSE(text.contains(QStringLiteral("Undo")) || text.contains(QStringLiteral("Redo")))
            << text.toStdString();
    }
    // The entry's own words, not only the prefix: no English left but the head's name.
    EXPECT_FALSE(undo->text().contains(QRegularExpression(QStringLiteral("[A-Za-z]{3,}"))))
        << undo->text().toStdString();
    undo->trigger();
    ASSERT_TRUE(waitComputed(room.session));
    EXPECT_TRUE(redo->isEnabled());
    EXPECT_TRUE(hasHan(redo->text())) << redo->text().toStdString();
    EXPECT_TRUE(redo->text().contains(QStringLiteral("1.2"))) << redo->text().toStdString();
    ASSERT_TRUE(switchTo(QStringLiteral("en")));
    EXPECT_TRUE(redo->text().startsWith(QStringLiteral("&Redo"))) << redo->text().toStdString();
}
