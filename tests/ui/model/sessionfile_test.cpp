// Model session files (issue 36, classroom item 19): what was done to an opened model is saved and
// comes back with the model, and no model replaces one with unsaved changes without asking.
#include "core/session/modelsessionfile.h"
#include "modelroomfixture.h"
#include "testutil.h"
#include "ui/i18n/language.h"
#include "ui/model/modelsession.h"
#include "ui/session/sessionfileactions.h"

#include <QFile>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::Room;
using attnlab::test::TinyFolder;
using attnlab::test::waitComputed;
using core::model::BlockTensor;

namespace {

struct SessionRoom : Room {
    SessionFileActions *files = new SessionFileActions(actions, &window);
    SessionRoom() { files->setQuiet(true); }
};

bool waitRestored(QSignalSpy &spy, ModelSession *session)
{
    return (spy.count() > 0 || spy.wait(10000)) && waitComputed(session);
}

} // namespace

TEST(SessionFile, ASavedSessionOpensTheModelAgainWithItsHeadsOffAndItsWeightsEdited)
{
    TinyFolder gpt2(false);
    TinyFolder bert(true);
    const std::string dir = test::makeTempDir("sessionfile");
    const QString file = QString::fromStdString(dir + "/edited.attnmodel.json");
    SessionRoom room;
    room.openModel(gpt2.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    const core::RowVector original = room.session->runner()->probabilities();
    const core::Matrix checkpoint = room.session->runner()->blockTensorCells(1, BlockTensor::MlpIn, 2, 3, 2, 2);

    room.session->toggleAblation(0, 1);
    core::Matrix values(2, 2);
    values << 0.5f, -1.25f, 2.0f, 1.0f / 3.0f;
    ASSERT_TRUE(room.session->editBlockCells(1, BlockTensor::MlpIn, 2, 3, values));
    ASSERT_TRUE(waitComputed(room.session));
    const core::RowVector edited = room.session->runner()->probabilities();
    ASSERT_GT((edited - original).cwiseAbs().maxCoeff(), 1e-6) << "the edits change the prediction";
    EXPECT_TRUE(room.session->isModified());

    ASSERT_TRUE(room.files->saveTo(file)) << room.files->lastError().toStdString();
    EXPECT_FALSE(room.session->isModified());

    // Another model replaces it (nothing unsaved now), then the session file brings it back.
    room.openModel(bert.path(), QStringLiteral("the [MASK] sat"));
    ASSERT_TRUE(waitComputed(room.session));
    ASSERT_EQ(room.session->filePath(), bert.path());
    QSignalSpy restored(room.files, &SessionFileActions::sessionRestored);
    ASSERT_TRUE(room.files->openFile(file)) << room.files->lastError().toStdString();
    ASSERT_TRUE(waitRestored(restored, room.session));
    EXPECT_EQ(restored.front().front().toString(), QString());
    EXPECT_EQ(room.session->filePath(), gpt2.path());
    EXPECT_EQ(room.session->text(), QStringLiteral("the cat sat"));
    EXPECT_TRUE(room.session->isAblated(0, 1));
    EXPECT_FALSE(room.session->isAblated(0, 0));
    EXPECT_EQ(room.session->runner()->blockTensorCells(1, BlockTensor::MlpIn, 2, 3, 2, 2), values);
    EXPECT_LE((room.session->runner()->probabilities() - edited).cwiseAbs().maxCoeff(), 1e-6);
    EXPECT_FALSE(room.session->isModified()) << "the room is as the file says";

    // One history entry: Undo takes the model back to its checkpoint.
    EXPECT_EQ(room.session->undoStack()->count(), 1);
    room.session->undoStack()->undo();
    ASSERT_TRUE(waitComputed(room.session));
    EXPECT_FALSE(room.session->isAblated(0, 1));
    EXPECT_EQ(room.session->runner()->blockTensorCells(1, BlockTensor::MlpIn, 2, 3, 2, 2), checkpoint);
    EXPECT_LE((room.session->runner()->probabilities() - original).cwiseAbs().maxCoeff(), 1e-6);
    EXPECT_TRUE(room.session->isModified());
    test::removeTree(dir);
}

TEST(SessionFile, AnotherModelDoesNotReplaceUnsavedChangesUnlessTheyAreDiscarded)
{
    TinyFolder gpt2(false);
    TinyFolder bert(true);
    SessionRoom room;
    room.openModel(gpt2.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    EXPECT_TRUE(room.files->maybeKeepEdits()) << "nothing to lose yet";
    room.session->toggleAblation(1, 0);
    ASSERT_TRUE(waitComputed(room.session));

    room.files->setAnswerForTesting(QMessageBox::Cancel);
    room.openModel(bert.path(), QStringLiteral("the [MASK] sat"));
    EXPECT_FALSE(room.session->isBusy()) << "nothing was started";
    EXPECT_EQ(room.session->filePath(), gpt2.path());
    EXPECT_TRUE(room.session->isAblated(1, 0));

    room.files->setAnswerForTesting(QMessageBox::Discard);
    room.openModel(bert.path(), QStringLiteral("the [MASK] sat"));
    ASSERT_TRUE(waitComputed(room.session));
    EXPECT_EQ(room.session->filePath(), bert.path());
    EXPECT_FALSE(room.session->isAblated(1, 0));
}

TEST(SessionFile, ABrokenFileNamesItsFieldAndChangesNothing)
{
    Language::instance()->apply("en");
    TinyFolder gpt2(false);
    const std::string dir = test::makeTempDir("sessionfile-bad");
    SessionRoom room;
    room.openModel(gpt2.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));

    const std::string bad = dir + "/bad.attnmodel.json";
    test::writeTextFile(bad,
        R"({"format": "attnlab-model-session", "version": 1, "model": ")" + gpt2.dir
            + R"(", "text": "t", "cells": [{"layer": 0, "tensor": "wpe", "row": 0, "col": 0, "values": [[1]]}]})");
    EXPECT_FALSE(room.files->openFile(QString::fromStdString(bad)));
    EXPECT_TRUE(room.files->lastError().contains(QStringLiteral("cells[0].tensor")))
        << room.files->lastError().toStdString();
    EXPECT_FALSE(room.session->isBusy());

    const std::string missing = dir + "/missing.attnmodel.json";
    test::writeTextFile(
        missing, R"({"format": "attnlab-model-session", "version": 1, "model": "/no/such/model", "text": "t"})");
    EXPECT_FALSE(room.files->openFile(QString::fromStdString(missing)));
    EXPECT_TRUE(room.files->lastError().contains(QStringLiteral("/no/such/model")))
        << room.files->lastError().toStdString();

    // Cells outside this model's weights: the model opens, without the changes, and says why.
    const std::string outside = dir + "/outside.attnmodel.json";
    test::writeTextFile(outside,
        R"({"format": "attnlab-model-session", "version": 1, "model": ")" + gpt2.dir
            + R"(", "text": "the cat", "cells": [{"layer": 2, "tensor": "mlp_in.weight", "row": 100000, "col": 0, "values": [[1]]}]})");
    QSignalSpy restored(room.files, &SessionFileActions::sessionRestored);
    ASSERT_TRUE(room.files->openFile(QString::fromStdString(outside)));
    ASSERT_TRUE(waitRestored(restored, room.session));
    EXPECT_TRUE(restored.front().front().toString().contains(QStringLiteral("cells[0]")));
    EXPECT_EQ(room.session->undoStack()->count(), 0);
    EXPECT_EQ(room.session->text(), QStringLiteral("the cat"));
    test::removeTree(dir);
}
