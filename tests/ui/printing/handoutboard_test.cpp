// Page 1 of the handout: the board laid out for the paper (every figure inside the margins, the
// values at 8 pt or more), and Chinese text that copies out of the PDFs as what was written.
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/export/exporter.h"
#include "ui/export/handout.h"
#include "ui/i18n/language.h"
#include "ui/plot/stagelook.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cstdio>

using namespace attnlab;
using namespace attnlab::ui;

namespace {

class HandoutBoard : public ::testing::Test {
protected:
    void SetUp() override { Language::instance()->apply(QStringLiteral("en")); }
    void TearDown() override { Language::instance()->apply(QStringLiteral("en")); }
};

// The text of a PDF as `pdftotext -layout` reads it (what a copy gives), or "" without poppler.
QString pdfText(const QString &path, int firstPage = 0, int lastPage = 0)
{
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
        return {};
    QStringList args {QStringLiteral("-enc"), QStringLiteral("UTF-8")};
    if (firstPage > 0)
        args << QStringLiteral("-f") << QString::number(firstPage) << QStringLiteral("-l") << QString::number(lastPage);
    args << path << QStringLiteral("-");
    QProcess p;
    p.start(QStringLiteral("pdftotext"), args);
    p.waitForFinished(30000);
    return QString::fromUtf8(p.readAllStandardOutput());
}

} // namespace

TEST_F(HandoutBoard, EveryCardFitsThePageWithValuesAtEightPointsOrMore)
{
    for (const char *example : {"cat-eats-fish", "multi-head", "causal-vs-full"}) {
        const core::LoadResult r = loadExample(QString::fromLatin1(example));
        ASSERT_TRUE(r.ok()) << example;
        Document doc;
        doc.load(*r.scene);
        const QList<HandoutFigure> figures = handoutBoard(doc, 0);
        // The stages the board shows (one head without W_O: no concat or output card).
        qsizetype shown = 0;
        for (core::Stage stage : availableStages(doc))
            shown += !stageLook(stage).onBoard || stageLook(stage).onBoard(doc.scene());
        ASSERT_EQ(figures.size(), shown) << example;
        for (const HandoutFigure &f : figures) {
            EXPECT_LE(f.width, kHandoutTextWidth) << example << " stage " << int(f.stage);
            EXPECT_GE(f.valuePoints, 8.0) << example << " stage " << int(f.stage);
            EXPECT_GE(f.image.width(), 2 * f.width - 2) << "printed at 192 dots per inch or more";
        }
        // The handout shows exactly these figures on page 1, at these widths.
        const QString html = handoutHtml(doc, 0);
        static const QRegularExpression img(QStringLiteral("<img src=\"image:(\\d+)\" width=\"(\\d+)\">"));
        auto it = img.globalMatch(html);
        for (int i = 0; i < figures.size(); ++i) {
            ASSERT_TRUE(it.hasNext()) << example;
            const QRegularExpressionMatch m = it.next();
            EXPECT_EQ(m.captured(2).toInt(), int(std::floor(figures[i].width))) << example << " figure " << i;
            EXPECT_LE(m.captured(2).toDouble(), kHandoutTextWidth) << example << " figure " << i;
        }
    }
}

TEST_F(HandoutBoard, ThePrintedTextStaysInsideTheMarginsTheLayoutAssumes)
{
    Document doc;
    doc.load(*loadExample(QStringLiteral("cat-eats-fish")).scene);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("h.pdf"));
    QString error;
    ASSERT_TRUE(exportHandout(doc, 0, path, &error)) << error.toStdString();
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
        GTEST_SKIP() << "pdftotext (poppler-utils) is not installed";
    // Word boxes in points: the body starts 35 mm from the left edge (the PDF's 15 mm margin and
    // the 20 mm QTextDocument adds), which is what kHandoutTextWidth counts with.
    QProcess p;
    p.start(QStringLiteral("pdftotext"),
        {QStringLiteral("-bbox"), QStringLiteral("-f"), QStringLiteral("1"), QStringLiteral("-l"), QStringLiteral("1"),
            path, QStringLiteral("-")});
    ASSERT_TRUE(p.waitForFinished(30000));
    const QString boxes = QString::fromUtf8(p.readAllStandardOutput());
    static const QRegularExpression word(QStringLiteral("<word xMin=\"([0-9.]+)\""));
    double left = 1e9;
    for (auto it = word.globalMatch(boxes); it.hasNext();)
        left = std::min(left, it.next().captured(1).toDouble());
    const double mm = left / 72.0 * 25.4;
    EXPECT_NEAR(mm, 35.0, 1.5) << boxes.left(600).toStdString();
}

TEST_F(HandoutBoard, ChineseCopiesOutOfThePdfsAsSimplifiedChinese)
{
    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("zh_CN")));
    Document doc;
    doc.load(*loadExample(QStringLiteral("cat-eats-fish")).scene);
    QTemporaryDir dir;
    // ATTNLAB_KEEP_EXPORTS=1 keeps the PDFs to look at (their folder is printed).
    if (qEnvironmentVariableIsSet("ATTNLAB_KEEP_EXPORTS")) {
        dir.setAutoRemove(false);
        std::printf("exports kept in %s\n", qPrintable(dir.path()));
    }
    QString error;
    const QString handout = dir.filePath(QStringLiteral("h.pdf"));
    const QString worksheet = dir.filePath(QStringLiteral("w.pdf"));
    ASSERT_TRUE(exportHandout(doc, 0, handout, &error)) << error.toStdString();
    ASSERT_TRUE(exportWorksheet(doc, 0, defaultWorksheetStages(doc), worksheet, &error)) << error.toStdString();
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
        GTEST_SKIP() << "pdftotext (poppler-utils) is not installed";
    for (const QString &path : {handout, worksheet}) {
        QProcess fonts;
        fonts.start(QStringLiteral("pdffonts"), {path});
        ASSERT_TRUE(fonts.waitForFinished(30000));
        const QString list = QString::fromUtf8(fonts.readAllStandardOutput());
        EXPECT_TRUE(list.contains(QStringLiteral("NotoSansCJKsc"))) << list.toStdString();
        EXPECT_FALSE(list.contains(QStringLiteral("NotoSansCJKjp"))) << list.toStdString();
        const QString text = pdfText(path);
        EXPECT_TRUE(text.contains(QChar(0x9C7C))) << path.toStdString() << ": 鱼 copies as itself";
        EXPECT_FALSE(text.contains(QChar(0x2EE5))) << path.toStdString() << ": not as the radical ⻥";
        EXPECT_TRUE(text.contains(QStringLiteral("猫"))) << path.toStdString();
    }
}
