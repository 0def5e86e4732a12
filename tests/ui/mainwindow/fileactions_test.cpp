// File menu logic without dialogs: round trips, failed opens, the unsaved-changes prompt,
// recent files and dropped files.
#include "core/scene/sceneio.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/mainwindow/fileactions.h"

#include <QDir>
#include <QFile>
#include <QMimeData>
#include <QSettings>
#include <QTemporaryDir>
#include <QUrl>
#include <QWidget>

#include "../uitestscenes.h"

#include <gtest/gtest.h>

using namespace attnlab;
using test::example;
using namespace attnlab::ui;

namespace {

void writeText(const QString &path, const QByteArray &text)
{
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(text);
}

struct Fixture : ::testing::Test {
    QWidget window;
    Document document;
    FileActions actions {&document, &window};
    QTemporaryDir dir;
    QStringList errors;

    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        actions.clearRecentFiles();
        actions.setErrorReporter([this](const QString &, const QString &text) { errors << text; });
        document.load(example("cat-eats-fish"));
    }
};

} // namespace

TEST_F(Fixture, SaveThenOpenGivesBackTheEditedScene)
{
    document.setCell(MatrixId::WQ, 1, 2, 0.625f);
    document.flush();
    ASSERT_TRUE(document.isModified());
    const core::Scene edited = document.scene();
    const QString path = dir.filePath(QStringLiteral("edited.attn.json"));

    QString error;
    ASSERT_TRUE(actions.saveTo(path, &error)) << error.toStdString();
    EXPECT_FALSE(document.isModified());
    EXPECT_EQ(document.filePath(), QFileInfo(path).absoluteFilePath());

    document.load(example("cat-eats-fish-handcalc"));
    ASSERT_NE(document.scene(), edited);
    ASSERT_TRUE(actions.openPath(path));
    EXPECT_EQ(document.scene(), edited);
    EXPECT_FLOAT_EQ(document.scene().wq(1, 2), 0.625f);
    EXPECT_FALSE(document.isModified());
}

TEST_F(Fixture, FailedOpenLeavesTheSceneUntouchedAndReportsLikeValidate)
{
    document.setCell(MatrixId::WK, 0, 0, 0.5f);
    const core::Scene before = document.scene();
    const QString path = dir.filePath(QStringLiteral("broken.attn.json"));
    writeText(path, "{\"format\": \"attnlab.scene\",\n \"version\": 1,\n \"tokens\": [1, 2");

    QStringList problems;
    EXPECT_FALSE(actions.openPath(path, &problems));
    EXPECT_EQ(document.scene(), before);
    EXPECT_TRUE(document.isModified());
    EXPECT_TRUE(document.filePath().isEmpty());

    // The same lines `attnlab --validate FILE` prints.
    const core::LoadResult expected = loadSceneFile(path);
    ASSERT_FALSE(expected.ok());
    ASSERT_EQ(problems.size(), qsizetype(expected.problems.size()));
    EXPECT_EQ(problems.first().toStdString(),
        core::formatProblem(QDir::toNativeSeparators(path).toStdString(), expected.problems.front()));
    EXPECT_TRUE(problems.first().startsWith(QDir::toNativeSeparators(path) + QLatin1Char(':')));

    EXPECT_FALSE(actions.openInteractive(path));
    ASSERT_EQ(errors.size(), 1);
    EXPECT_TRUE(errors.first().contains(problems.first()));
    EXPECT_EQ(document.scene(), before);
}

TEST_F(Fixture, SavingIntoAMissingFolderFailsWithoutWritingAnything)
{
    const QString path = dir.filePath(QStringLiteral("no/such/folder/x.attn.json"));
    QString error;
    EXPECT_FALSE(actions.saveTo(path, &error));
    EXPECT_FALSE(error.isEmpty());
    EXPECT_FALSE(QFile::exists(path));
    EXPECT_TRUE(document.filePath().isEmpty());
}

TEST_F(Fixture, SavingOverAFileReplacesItWhole)
{
    const QString path = dir.filePath(QStringLiteral("s.attn.json"));
    writeText(path, QByteArray(100000, 'x'));
    ASSERT_TRUE(actions.saveTo(path));
    const core::LoadResult back = loadSceneFile(path);
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(*back.scene, document.scene());
}

TEST_F(Fixture, UnsavedChangesPromptDecidesWhetherToGoOn)
{
    EXPECT_TRUE(actions.maybeSave()); // nothing to save: no question asked
    document.setCell(MatrixId::WV, 0, 0, 0.25f);
    int asked = 0;
    actions.setSavePrompt([&] {
        ++asked;
        return FileActions::Answer::Cancel;
    });
    EXPECT_FALSE(actions.maybeSave());
    EXPECT_EQ(asked, 1);

    actions.setSavePrompt([] { return FileActions::Answer::Discard; });
    EXPECT_TRUE(actions.maybeSave());
    EXPECT_TRUE(document.isModified());

    const QString path = dir.filePath(QStringLiteral("chosen"));
    actions.setSavePrompt([] { return FileActions::Answer::Save; });
    actions.setFileChooser([&](bool forSaving) { return forSaving ? path : QString(); });
    EXPECT_TRUE(actions.maybeSave());
    EXPECT_FALSE(document.isModified());
    // Save As adds the scene suffix to a bare name.
    EXPECT_TRUE(QFile::exists(path + QStringLiteral(".attn.json")));

    // Cancelling the file dialog cancels the save, and with it the close.
    document.setCell(MatrixId::WV, 0, 0, 0.5f);
    actions.setFileChooser([](bool) { return QString(); });
    document.setFilePath(QString());
    EXPECT_FALSE(actions.maybeSave());
    EXPECT_TRUE(document.isModified());
}

TEST_F(Fixture, RecentFilesListNewestFirstWithoutDuplicates)
{
    const QString a = dir.filePath(QStringLiteral("a.attn.json"));
    const QString b = dir.filePath(QStringLiteral("b.attn.json"));
    ASSERT_TRUE(actions.saveTo(a));
    ASSERT_TRUE(actions.saveTo(b));
    ASSERT_TRUE(actions.openPath(a));
    const QStringList recent = actions.recentFiles();
    ASSERT_EQ(recent.size(), 2);
    EXPECT_EQ(recent.at(0), QFileInfo(a).absoluteFilePath());
    EXPECT_EQ(recent.at(1), QFileInfo(b).absoluteFilePath());
    actions.clearRecentFiles();
    EXPECT_TRUE(actions.recentFiles().isEmpty());
}

TEST_F(Fixture, ExamplesAndNewHaveNoFile)
{
    const QString path = dir.filePath(QStringLiteral("a.attn.json"));
    ASSERT_TRUE(actions.saveTo(path));
    ASSERT_TRUE(actions.openExample(QStringLiteral("cat-eats-fish-handcalc")));
    EXPECT_TRUE(document.scene().direct);
    EXPECT_TRUE(document.filePath().isEmpty());
    EXPECT_FALSE(actions.openExample(QStringLiteral("no-such-example")));
    EXPECT_TRUE(document.scene().direct);

    actions.newScene();
    EXPECT_FALSE(document.scene().direct);
    EXPECT_TRUE(document.scene().title.empty());
    EXPECT_TRUE(document.filePath().isEmpty());
    EXPECT_FALSE(document.isModified());
}

TEST(FileActionsDrop, PicksTheFirstLocalSceneFile)
{
    QMimeData mime;
    mime.setUrls(
        {QUrl(QStringLiteral("https://example.org/x.attn.json")), QUrl::fromLocalFile(QStringLiteral("/tmp/notes.txt")),
            QUrl::fromLocalFile(QStringLiteral("/tmp/scene.attn.json"))});
    EXPECT_EQ(FileActions::sceneFileFromMimeData(&mime), QStringLiteral("/tmp/scene.attn.json"));
    QMimeData none;
    none.setText(QStringLiteral("/tmp/scene.attn.json"));
    EXPECT_TRUE(FileActions::sceneFileFromMimeData(&none).isEmpty());
}

TEST_F(Fixture, AnExampleIsNamedByItsTitleWhenAskingToSaveAndInSaveAs)
{
    ASSERT_TRUE(actions.openExample(QStringLiteral("cat-eats-fish-handcalc")));
    document.setCell(MatrixId::DirectQ, 0, 0, 0.5f);
    document.flush();
    ASSERT_TRUE(document.isModified());
    // "猫吃鱼 — hand calculation": the title, not "The scene", and not untitled.attn.json.
    const QString question = actions.unsavedChangesQuestion();
    EXPECT_TRUE(question.contains(QStringLiteral("猫吃鱼 — hand calculation"))) << question.toStdString();
    EXPECT_FALSE(question.contains(QStringLiteral("The scene"))) << question.toStdString();
    EXPECT_EQ(actions.suggestedFileName(), QStringLiteral("猫吃鱼 — hand calculation.attn.json"));

    // Characters a file system refuses are left out of the name; a saved file keeps its own.
    core::Scene scene = document.scene();
    scene.title = "a/b: c?";
    document.load(scene);
    EXPECT_EQ(actions.suggestedFileName(), QStringLiteral("a b c.attn.json"));
    const QString path = dir.filePath(QStringLiteral("mine.attn.json"));
    ASSERT_TRUE(actions.saveTo(path));
    EXPECT_EQ(actions.suggestedFileName(), QStringLiteral("mine.attn.json"));
    document.setCell(MatrixId::DirectQ, 0, 0, 0.25f);
    document.flush();
    EXPECT_TRUE(actions.unsavedChangesQuestion().startsWith(QStringLiteral("mine.attn.json")))
        << actions.unsavedChangesQuestion().toStdString();

    actions.newScene();
    EXPECT_EQ(actions.suggestedFileName(), QStringLiteral("untitled.attn.json"));
    EXPECT_TRUE(actions.unsavedChangesQuestion().startsWith(QStringLiteral("The scene")));
}
