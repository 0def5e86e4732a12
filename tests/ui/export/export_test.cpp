// Image and CSV export: each format produces a valid file.
#include "core/json/matrixfile.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/export/exporter.h"
#include "ui/plot/theme.h"

#include <QFile>
#include <QImage>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cstdlib>

using namespace attnlab;
using namespace attnlab::ui;

namespace {

void loadExampleInto(Document &doc, const char *name = "cat-eats-fish")
{
    const core::LoadResult r = loadExample(QString::fromLatin1(name));
    ASSERT_TRUE(r.ok());
    doc.load(*r.scene);
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

TEST(Export, PngSizeMatchesTheScale)
{
    Document doc;
    loadExampleInto(doc);
    const QSize logical = stagesImageSize(doc, {core::StageWeights}, 0, {});
    ASSERT_GT(logical.width(), 100);
    QTemporaryDir dir;
    for (double scale : {1.0, 2.0, 4.0}) {
        ExportOptions o;
        o.scale = scale;
        const QString path = dir.filePath(QStringLiteral("w%1.png").arg(scale));
        QString error;
        ASSERT_TRUE(exportStages(doc, {core::StageWeights}, 0, o, path, &error)) << error.toStdString();
        const QImage image(path);
        ASSERT_FALSE(image.isNull());
        EXPECT_EQ(image.size(), logical * scale);
    }
}

TEST(Export, SeveralStagesGoSideBySide)
{
    Document doc;
    loadExampleInto(doc);
    const QSize one = stagesImageSize(doc, {core::StageWeights}, 0, {});
    const QSize two = stagesImageSize(doc, {core::StageScores, core::StageWeights}, 0, {});
    EXPECT_GT(two.width(), one.width() * 3 / 2);
    EXPECT_EQ(two.height(), one.height());
}

TEST(Export, ThemeSetsTheBackground)
{
    Document doc;
    loadExampleInto(doc);
    ExportOptions o;
    o.scale = 1;
    o.theme = Theme::Dark;
    const QImage dark = renderStagesImage(doc, {core::StageWeights}, 0, o);
    EXPECT_EQ(dark.pixelColor(2, 2), themeColors(Theme::Dark).background);
    o.theme = Theme::Print;
    EXPECT_EQ(renderStagesImage(doc, {core::StageWeights}, 0, o).pixelColor(2, 2), QColor(Qt::white));
}

TEST(Export, TheDefaultExportIsOnWhiteForSlidesAndPaper)
{
    Document doc;
    loadExampleInto(doc);
    ExportOptions o;
    o.scale = 1;
    ASSERT_EQ(o.theme, Theme::Light);
    EXPECT_NE(themeColors(Theme::Light).background, QColor(Qt::white)); // the window keeps its grey
    EXPECT_EQ(renderStagesImage(doc, {core::StageWeights}, 0, o).pixelColor(2, 2), QColor(Qt::white));
}

TEST(Export, SvgKeepsTheTokensAsText)
{
    Document doc;
    loadExampleInto(doc);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("board.svg"));
    QString error;
    ASSERT_TRUE(exportStages(doc, availableStages(doc), 0, {}, path, &error)) << error.toStdString();
    const QString svg = QString::fromUtf8(readAll(path));
    EXPECT_TRUE(svg.startsWith(QStringLiteral("<?xml")));
    EXPECT_TRUE(svg.contains(QStringLiteral("<svg")));
    EXPECT_TRUE(svg.contains(QStringLiteral("猫")));
    EXPECT_TRUE(svg.contains(QStringLiteral("softmax")));
    // Every font names a generic family last, so other renderers still find CJK glyphs.
    EXPECT_TRUE(svg.contains(QStringLiteral("font-family=")));
    EXPECT_EQ(svg.count(QStringLiteral("font-family=")), svg.count(QStringLiteral(", sans-serif\"")));
    EXPECT_TRUE(svg.trimmed().endsWith(QStringLiteral("</svg>")));
}

TEST(Export, PdfIsAPdf)
{
    Document doc;
    loadExampleInto(doc);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("w.pdf"));
    QString error;
    ASSERT_TRUE(exportStages(doc, {core::StageScores, core::StageWeights}, 0, {}, path, &error)) << error.toStdString();
    const QByteArray pdf = readAll(path);
    EXPECT_TRUE(pdf.startsWith("%PDF-"));
    EXPECT_TRUE(pdf.trimmed().endsWith("%%EOF"));
    EXPECT_GT(pdf.size(), 2000);
}

TEST(Export, BadSuffixOrUnwritablePathFailsWithoutAFile)
{
    Document doc;
    loadExampleInto(doc);
    QTemporaryDir dir;
    QString error;
    const QString gif = dir.filePath(QStringLiteral("w.gif"));
    EXPECT_FALSE(exportStages(doc, {core::StageWeights}, 0, {}, gif, &error));
    EXPECT_TRUE(error.contains(QStringLiteral(".png"))) << error.toStdString();
    EXPECT_FALSE(QFile::exists(gif));
    error.clear();
    const QString missing = dir.filePath(QStringLiteral("no/such/dir/w.png"));
    EXPECT_FALSE(exportStages(doc, {core::StageWeights}, 0, {}, missing, &error));
    EXPECT_TRUE(error.contains(missing)) << error.toStdString();
}

TEST(Export, FailedExportLeavesTheOldFile)
{
    Document doc;
    loadExampleInto(doc, "cat-eats-fish-handcalc");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("old.png"));
    {
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("old");
    }
    QString error;
    // Direct mode has no X: nothing to draw.
    EXPECT_FALSE(exportStages(doc, {core::StageX}, 0, {}, path, &error));
    EXPECT_FALSE(error.isEmpty());
    EXPECT_EQ(readAll(path), QByteArray("old"));
}

TEST(Export, CsvHasTokensAndFullPrecision)
{
    core::LoadResult r = loadExample(QStringLiteral("cat-eats-fish"));
    ASSERT_TRUE(r.ok());
    r.scene->mask = core::MaskKind::Causal;
    Document doc;
    doc.load(*r.scene);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("masked.csv"));
    QString error;
    ASSERT_TRUE(exportCsv(doc, core::StageMasked, 0, path, &error)) << error.toStdString();
    const QStringList lines
        = QString::fromUtf8(readAll(path)).remove(QChar(0xFEFF)).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), 4);
    EXPECT_TRUE(lines[0].endsWith(QStringLiteral(",猫,吃,鱼"))) << lines[0].toStdString();
    const QStringList first = lines[1].split(QLatin1Char(','));
    ASSERT_EQ(first.size(), 4);
    EXPECT_EQ(first[0], QStringLiteral("猫"));
    EXPECT_NEAR(first[1].toDouble(), doc.stages().heads[0].masked(0, 0), 1e-7);
    EXPECT_EQ(first[2], QStringLiteral("-inf"));
}

// Each number is the shortest text that reads back as the same float: 0.2 stays "0.2", not the
// float's nine digits "0.200000003".
TEST(Export, CsvWritesTheShortestTextThatReadsBackTheSameFloat)
{
    Document doc;
    loadExampleInto(doc);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("x.csv"));
    QString error;
    ASSERT_TRUE(exportCsv(doc, core::StageX, 0, path, &error)) << error.toStdString();
    const QStringList lines
        = QString::fromUtf8(readAll(path)).remove(QChar(0xFEFF)).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
    const core::Matrix &x = doc.stages().x;
    ASSERT_EQ(lines.size(), x.rows() + 1);
    int shorter = 0;
    for (int row = 0; row < x.rows(); ++row) {
        const QStringList fields = lines[row + 1].split(QLatin1Char(','));
        ASSERT_EQ(fields.size(), x.cols() + 1);
        for (int col = 0; col < x.cols(); ++col) {
            const std::string text = fields[col + 1].toStdString();
            EXPECT_EQ(std::strtof(text.c_str(), nullptr), x(row, col)) << text;
            const std::string nine = QString::number(double(x(row, col)), 'g', 9).toStdString();
            EXPECT_LE(text.size(), nine.size()) << text;
            shorter += text.size() < nine.size();
        }
    }
    EXPECT_GT(shorter, 0); // the example's two-decimal embeddings, e.g. 0.2 rather than 0.200000003
    EXPECT_EQ(QString::number(double(0.2f), 'g', 9), QStringLiteral("0.200000003"));
}

TEST(Export, AStageMatrixAlsoGoesOutAsNumpy)
{
    Document doc;
    loadExampleInto(doc);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("weights.npy"));
    QString error;
    ASSERT_TRUE(exportCsv(doc, core::StageWeights, 0, path, &error)) << error.toStdString();
    const core::MatrixReadResult r = core::parseNpy(readAll(path).toStdString());
    ASSERT_TRUE(r.ok()) << r.english();
    EXPECT_EQ(r.matrix, doc.stages().heads[0].weights);
}
