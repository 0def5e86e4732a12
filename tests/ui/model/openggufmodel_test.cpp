// File → Open GGUF Model File… (issue 34): the file dialog offers *.gguf files, and the file
// picked opens in the model room as a folder does; the place is remembered for the next time.
#include "ggufwriter.h"
#include "modelroomfixture.h"
#include "tokenizerfixtures.h"
#include "ui/model/modelactions.h"
#include "ui/model/modelsession.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QFileDialog>
#include <QSettings>
#include <QTimer>

#include <gtest/gtest.h>

#include <filesystem>

namespace {

using namespace attnlab;

// Answers the next file dialog: records its name filters, then picks `path` (or cancels when
// `path` is empty).
struct DialogAnswer {
    QStringList filters;
    bool seen = false;
    explicit DialogAnswer(const QString &path)
    {
        QTimer::singleShot(0, [this, path] { answer(path); });
    }
    void answer(const QString &path)
    {
        auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
        if (!dialog) {
            QTimer::singleShot(20, [this, path] { answer(path); });
            return;
        }
        seen = true;
        filters = dialog->nameFilters();
        if (path.isEmpty()) {
            dialog->reject();
            return;
        }
        dialog->selectFile(path);
        static_cast<QDialog *>(dialog)->accept(); // QFileDialog makes it protected
    }
};

TEST(OpenGgufModel, TheFileDialogOffersGgufFilesAndOpensThePickedOne)
{
    const std::string dir = test::makeTempDir("open-gguf");
    test::TinyModelOptions o = test::smallGgufSizes(test::kGpt2FixtureVocabSize);
    o.addFiles = [](const std::string &folder) { test::writeGpt2Tokenizer(folder); };
    const std::string gguf = test::writeTinyGgufPair(dir, "qwen2", o, {8}, test::addGpt2FixtureTokenizer);
    const QString path = QString::fromStdString(gguf);

    test::Room room;
    QAction *action = room.actions->openFileAction();
    EXPECT_FALSE(action->toolTip().isEmpty());
    EXPECT_TRUE(action->text().contains(QStringLiteral("GGUF"))) << action->text().toStdString();

    // Cancelled: nothing opens.
    {
        DialogAnswer cancel {QString()};
        action->trigger();
        EXPECT_TRUE(cancel.seen);
        EXPECT_FALSE(room.session->hasModel());
    }
    DialogAnswer pick(path);
    action->trigger();
    ASSERT_TRUE(pick.seen);
    EXPECT_EQ(pick.filters.value(0), QStringLiteral("GGUF files (*.gguf)")) << pick.filters.join('|').toStdString();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !room.session->isBusy() && room.session->hasModel(); }, 10000))
        << room.actions->lastError().toStdString();
    EXPECT_EQ(room.session->filePath(), path);
    EXPECT_EQ(room.session->config()->layers, 2);
    EXPECT_EQ(QSettings().value(QStringLiteral("model/lastGgufFile")).toString(), path);
    test::removeTree(dir);
}

} // namespace
