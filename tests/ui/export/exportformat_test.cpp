// The one export service: every save dialog offers the format table's formats, every export
// refuses an unknown suffix with the same message, and every dialog starts where the last export
// went.
#include "ui/board/stepcontroller.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/export/chartexport.h"
#include "ui/export/exportactions.h"
#include "ui/export/exportdialog.h"
#include "ui/export/exporter.h"
#include "ui/export/exportformat.h"
#include "ui/export/handout.h"
#include "ui/i18n/language.h"
#include "ui/plot/qcp.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>
#include <QWidget>

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;

namespace {

struct ExportServiceTest : ::testing::Test {
    QWidget window;
    Document document;
    StepController steps {&document};
    ExportActions actions {&document, &steps, &window};
    QCustomPlot chart;
    QTemporaryDir dir;
    // What the dialogs were asked to show, in order.
    QStringList suggested, filters;

    void SetUp() override
    {
        QSettings().clear();
        const core::LoadResult r = loadExample(QStringLiteral("cat-eats-fish"));
        ASSERT_TRUE(r.ok());
        document.load(*r.scene);
        ASSERT_TRUE(dir.isValid());
        chart.resize(300, 200);
        chart.addGraph()->setData({0, 1, 2}, {1, 3, 2});
        chart.replot();
        // Cancel every dialog, noting what it offered.
        ExportDialog::setChooser([this](const QString &path, const QString &filter) {
            suggested << path;
            filters << filter;
            return QString();
        });
    }
    void TearDown() override
    {
        ExportDialog::setChooser({});
        QSettings().clear();
    }
};

QStringList suffixesOf(ExportContent content)
{
    QStringList out;
    for (const ExportFormat *format : exportFormats(content))
        out << QString::fromLatin1(format->suffix);
    return out;
}

} // namespace

TEST_F(ExportServiceTest, EveryExportDialogOffersTheFormatsOfTheTable)
{
    actions.exportCardAction()->trigger();
    actions.exportBoardAction()->trigger();
    actions.exportCsvAction()->trigger();
    actions.exportHandoutAction()->trigger();
    exportChartInteractively(&chart, &window, QStringLiteral("chart"));
    const QList<ExportContent> contents {ExportContent::Picture, ExportContent::Picture, ExportContent::Matrix,
        ExportContent::PrintedText, ExportContent::Picture};
    ASSERT_EQ(filters.size(), contents.size());
    for (int i = 0; i < contents.size(); ++i) {
        EXPECT_EQ(filters[i], exportDialogFilter(contents[i])) << i;
        // The suggested name carries the first format's suffix.
        EXPECT_EQ(QFileInfo(suggested[i]).suffix(), suffixesOf(contents[i]).constFirst()) << i;
    }
    EXPECT_EQ(filters[0], QStringLiteral("PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf)"));
    EXPECT_EQ(filters[2], QStringLiteral("CSV table (*.csv);;NumPy array (*.npy)"));
    EXPECT_EQ(filters[3], QStringLiteral("PDF document (*.pdf)"));
}

TEST_F(ExportServiceTest, TheFormatNamesFollowTheInterfaceLanguage)
{
    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("zh_CN")));
    const QString chinese = exportDialogFilter(ExportContent::Picture);
    const QString list = exportSuffixList(ExportContent::Picture);
    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("en")));
    EXPECT_NE(chinese, exportDialogFilter(ExportContent::Picture));
    EXPECT_TRUE(chinese.contains(QStringLiteral("(*.svg)"))) << chinese.toStdString();
    EXPECT_EQ(list, QStringLiteral(".png、.svg 或 .pdf"));
    EXPECT_EQ(exportSuffixList(ExportContent::Picture), QStringLiteral(".png, .svg or .pdf"));
}

TEST_F(ExportServiceTest, TheExportToolTipsNameTheFormatsOfTheTable)
{
    EXPECT_EQ(exportFormatList(ExportContent::Picture), QStringLiteral("PNG, SVG or PDF"));
    for (const QAction *action : {actions.exportCardAction(), actions.exportBoardAction()})
        EXPECT_TRUE(action->toolTip().contains(exportFormatList(ExportContent::Picture)))
            << action->toolTip().toStdString();
}

TEST_F(ExportServiceTest, AnUnknownSuffixGetsTheSameMessageEverywhere)
{
    const QString gif = dir.filePath(QStringLiteral("w.gif"));
    const QString expected = unknownFormatMessage(gif, ExportContent::Picture);
    EXPECT_EQ(expected, gif + QStringLiteral(": unknown file type; the file name must end in .png, .svg or .pdf"));
    QString board, card, chartError, matrix, handout;
    EXPECT_FALSE(exportStages(document, availableStages(document), 0, {}, gif, &board));
    EXPECT_FALSE(actions.exportImage({core::StageWeights}, gif, 1, &card));
    EXPECT_FALSE(exportChart(&chart, gif, &chartError));
    EXPECT_FALSE(actions.exportMatrix(core::StageWeights, gif, &matrix));
    EXPECT_FALSE(exportHandout(document, 0, gif, &handout));
    EXPECT_EQ(board, expected);
    EXPECT_EQ(card, expected);
    EXPECT_EQ(chartError, expected);
    EXPECT_EQ(matrix, unknownFormatMessage(gif, ExportContent::Matrix));
    EXPECT_TRUE(matrix.endsWith(QStringLiteral("must end in .csv or .npy"))) << matrix.toStdString();
    EXPECT_EQ(handout, unknownFormatMessage(gif, ExportContent::PrintedText));
    EXPECT_TRUE(handout.endsWith(QStringLiteral("must end in .pdf"))) << handout.toStdString();
    EXPECT_FALSE(QFile::exists(gif));
}

TEST_F(ExportServiceTest, ATypedNameGetsTheChosenFormatsSuffixUnlessItHasAKnownOne)
{
    const QString svg = exportFormats(ExportContent::Picture)[1]->dialogFilter();
    EXPECT_EQ(
        withExportSuffix(QStringLiteral("/t/a.SVG"), QString(), ExportContent::Picture), QStringLiteral("/t/a.SVG"));
    EXPECT_EQ(withExportSuffix(QStringLiteral("/t/a"), svg, ExportContent::Picture), QStringLiteral("/t/a.svg"));
    EXPECT_EQ(withExportSuffix(QStringLiteral("/t/a"), QString(), ExportContent::Picture), QStringLiteral("/t/a.png"));
    EXPECT_EQ(
        withExportSuffix(QStringLiteral("/t/a.txt"), QString(), ExportContent::Matrix), QStringLiteral("/t/a.txt.csv"));
    // A suffix of another kind of content is not one of this dialog's.
    EXPECT_EQ(withExportSuffix(QStringLiteral("/t/a.csv"), QString(), ExportContent::PrintedText),
        QStringLiteral("/t/a.csv.pdf"));
}

TEST_F(ExportServiceTest, EveryDialogStartsWhereTheLastExportWent)
{
    const QString printouts = QDir(dir.path()).absolutePath();
    // A chart with no export before it starts at home, not in Pictures.
    exportChartInteractively(&chart, &window, QStringLiteral("chart"));
    ASSERT_EQ(suggested.size(), 1);
    EXPECT_EQ(QFileInfo(suggested[0]).absolutePath(), QDir::homePath());

    ExportDialog::setChooser([&](const QString &path, const QString &) {
        suggested << path;
        return printouts + QLatin1Char('/') + QFileInfo(path).fileName();
    });
    ASSERT_FALSE(ExportDialog::savePath(&window, QStringLiteral("board"), ExportContent::Picture).isEmpty());
    exportChartInteractively(&chart, &window, QStringLiteral("chart"));
    ASSERT_EQ(suggested.size(), 3);
    EXPECT_EQ(QFileInfo(suggested[2]).absolutePath(), printouts) << "the chart's dialog";
    EXPECT_EQ(QFileInfo(suggested[2]).fileName(), QStringLiteral("chart.png"));
    EXPECT_TRUE(QFile::exists(printouts + QStringLiteral("/chart.png"))) << "the chart went where it was sent";
    actions.exportCsvAction()->trigger();
    ASSERT_EQ(suggested.size(), 4);
    EXPECT_EQ(QFileInfo(suggested[3]).absolutePath(), printouts) << "File → Export's dialog";
}

TEST_F(ExportServiceTest, AChartPdfPageIsTheChartInPointsAsQCustomPlotMadeIt)
{
    const QString pdf = dir.filePath(QStringLiteral("chart.pdf"));
    QString error;
    ASSERT_TRUE(exportChart(&chart, pdf, &error, 400, 250)) << error.toStdString();
    QFile file(pdf);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QString bytes = QString::fromLatin1(file.readAll());
    EXPECT_TRUE(bytes.contains(QRegularExpression(QStringLiteral("/MediaBox \\[0 0 400(\\.0+)? 250(\\.0+)?\\]"))))
        << bytes.left(2000).toStdString();
}

TEST(PrintedPage, TheHandoutsTextWidthIsThePrintedPagesLessQTextDocumentsMargins)
{
    const double millimetres = printedPageLayout().paintRect(QPageLayout::Millimeter).width() - 2 * 20.0;
    EXPECT_NEAR(kHandoutTextWidth, millimetres / 25.4 * 96.0, 1e-9);
}
