// File → Export, driven without dialogs: the current card and the whole board in each format,
// the clipboard image and the CSV table.
#include "ui/board/stepcontroller.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/export/exportactions.h"
#include "ui/export/exportdialog.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QSettings>
#include <QTemporaryDir>
#include <QWidget>

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;

namespace {

struct ExportActionsTest : ::testing::Test {
    QWidget window;
    Document document;
    StepController steps {&document};
    ExportActions actions {&document, &steps, &window};
    QTemporaryDir dir;

    void SetUp() override
    {
        const core::LoadResult r = loadExample(QStringLiteral("cat-eats-fish"));
        ASSERT_TRUE(r.ok());
        document.load(*r.scene);
        ASSERT_TRUE(dir.isValid());
    }
};

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

TEST_F(ExportActionsTest, PngOfTheCurrentCardScalesWithTheChosenFactor)
{
    steps.setCurrentStage(core::StageWeights);
    const QString one = dir.filePath(QStringLiteral("w1.png"));
    const QString three = dir.filePath(QStringLiteral("w3.png"));
    QString error;
    ASSERT_TRUE(actions.exportImage({steps.currentStage()}, one, 1, &error)) << error.toStdString();
    ASSERT_TRUE(actions.exportImage({steps.currentStage()}, three, 3, &error)) << error.toStdString();
    const QImage a(one), b(three);
    ASSERT_FALSE(a.isNull());
    ASSERT_FALSE(b.isNull());
    EXPECT_NEAR(double(b.width()) / a.width(), 3.0, 0.02);
    EXPECT_NEAR(double(b.height()) / a.height(), 3.0, 0.02);
}

TEST_F(ExportActionsTest, BoardAsSvgKeepsTheTokensAsTextAndPdfIsAPdf)
{
    const QString svg = dir.filePath(QStringLiteral("board.svg"));
    const QString pdf = dir.filePath(QStringLiteral("board.pdf"));
    QString error;
    ASSERT_TRUE(actions.exportImage(steps.stages(), svg, 1, &error)) << error.toStdString();
    ASSERT_TRUE(actions.exportImage(steps.stages(), pdf, 1, &error)) << error.toStdString();
    EXPECT_TRUE(QString::fromUtf8(readAll(svg)).contains(QStringLiteral("吃")));
    EXPECT_TRUE(readAll(pdf).startsWith("%PDF"));
}

TEST_F(ExportActionsTest, CsvHasAHeaderAndOneLinePerToken)
{
    const QString csv = dir.filePath(QStringLiteral("scores.csv"));
    QString error;
    ASSERT_TRUE(actions.exportMatrix(core::StageScores, csv, &error)) << error.toStdString();
    const QStringList lines = QString::fromUtf8(readAll(csv)).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    EXPECT_EQ(lines.size(), 4);
}

TEST_F(ExportActionsTest, CopyPutsTheCardOnTheClipboard)
{
    QApplication::clipboard()->clear();
    actions.copyImage(core::StageScores);
    const QImage image = QApplication::clipboard()->image();
    if (image.isNull())
        GTEST_SKIP() << "this platform has no clipboard";
    EXPECT_GT(image.width(), 100);
}

TEST_F(ExportActionsTest, DialogsStartInTheScenesFolderThenWhereItWasLastExported)
{
    QSettings().clear();
    const core::Scene scene = document.scene();
    ASSERT_TRUE(QDir(dir.path()).mkpath(QStringLiteral("lesson")));
    ASSERT_TRUE(QDir(dir.path()).mkpath(QStringLiteral("printouts")));
    ASSERT_TRUE(QDir(dir.path()).mkpath(QStringLiteral("other")));
    const QString lesson = QDir(dir.filePath(QStringLiteral("lesson"))).absolutePath();
    const QString printouts = QDir(dir.filePath(QStringLiteral("printouts"))).absolutePath();
    const QString other = QDir(dir.filePath(QStringLiteral("other"))).absolutePath();

    document.load(scene, lesson + QStringLiteral("/cat.attn.json"));
    EXPECT_EQ(ExportDialog::startDirectory(document.filePath()), lesson) << "not $HOME";
    ExportDialog::setChooser([&](const QString &suggested, const QString &) {
        return printouts + QLatin1Char('/') + QFileInfo(suggested).fileName();
    });
    actions.exportHandoutAction()->trigger();
    ASSERT_TRUE(QFileInfo::exists(printouts + QStringLiteral("/handout.pdf")));
    EXPECT_EQ(ExportDialog::startDirectory(document.filePath()), printouts)
        << "the same scene goes back where it was exported";

    document.load(scene, other + QStringLiteral("/dog.attn.json"));
    EXPECT_EQ(ExportDialog::startDirectory(document.filePath()), other) << "another scene starts in its own folder";
    document.load(scene);
    EXPECT_EQ(ExportDialog::startDirectory(document.filePath()), printouts)
        << "an untitled scene starts in the last export folder";
    ExportDialog::setChooser({});
    QSettings().clear();
}
