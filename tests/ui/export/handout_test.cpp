// The printed handout and worksheet: what they contain, in both languages, and their refusals.
#include "core/scene/derivation.h"
#include "core/text/chain.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/export/exportwriters.h"
#include "ui/export/handout.h"
#include "ui/export/printedpages.h"
#include "ui/i18n/language.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/inspector/inspectorpage.h"
#include "ui/plot/stageinfo.h"

#include "testutil.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTextDocument>

#include <gtest/gtest.h>

#include <cstdio>

using namespace attnlab;
using namespace attnlab::ui;

namespace {

class HandoutTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        Language::instance()->apply(QStringLiteral("en"));
        doc.load(*loadExample(QStringLiteral("cat-eats-fish-handcalc")).scene);
    }
    void TearDown() override { Language::instance()->apply(QStringLiteral("en")); }

    static QString plain(const QString &html)
    {
        QTextDocument d;
        d.setHtml(html);
        return d.toPlainText();
    }

    Document doc;
};

} // namespace

TEST_F(HandoutTest, TheWorksheetGivesQKVAndLeavesTheChosenStagesBlank)
{
    QString why;
    const QString exercise = plain(worksheetHtml(doc, 0, {core::StageScores, core::StageWeights}, false, &why));
    ASSERT_FALSE(exercise.isEmpty()) << why.toStdString();
    // Q is given: the chapters' q of 吃 is 0.3, 0.8, 0.2, 0.1.
    EXPECT_TRUE(exercise.contains(QStringLiteral("0.300\n0.800\n0.200\n0.100"))) << exercise.toStdString();
    // The score 0.37 (吃 → 猫) is the answer, not printed in the exercise.
    EXPECT_FALSE(exercise.contains(QStringLiteral("0.370")));
    EXPECT_FALSE(exercise.contains(QStringLiteral("0.316")));
    EXPECT_TRUE(exercise.contains(QStringLiteral("√4 = 2.000"))) << exercise.toStdString();
    const QString key = plain(worksheetHtml(doc, 0, {core::StageScores, core::StageWeights}, true, &why));
    EXPECT_TRUE(key.contains(QStringLiteral("0.370")));
    EXPECT_TRUE(key.contains(QStringLiteral("0.316")));
    EXPECT_TRUE(key.contains(QStringLiteral("0.369")));
}

TEST_F(HandoutTest, AWorksheetOfALargeSceneIsRefusedWithAReason)
{
    std::mt19937 rng(3);
    doc.load(test::randomScene(rng, 12, 8, 1, 8));
    QString why;
    EXPECT_TRUE(worksheetHtml(doc, 0, defaultWorksheetStages(doc), false, &why).isEmpty());
    EXPECT_TRUE(why.contains(QStringLiteral("12 tokens"))) << why.toStdString();
    QTemporaryDir dir;
    QString error;
    EXPECT_FALSE(exportWorksheet(doc, 0, defaultWorksheetStages(doc), dir.filePath(QStringLiteral("w.pdf")), &error));
    EXPECT_FALSE(QFile::exists(dir.filePath(QStringLiteral("w.pdf"))));
}

TEST_F(HandoutTest, TheHandoutExplainsEveryStageInTheCurrentLanguage)
{
    const QString en = plain(handoutHtml(doc, 0));
    EXPECT_TRUE(en.contains(QStringLiteral("Why it exists"))) << en.left(400).toStdString();
    EXPECT_TRUE(en.contains(QStringLiteral("Glossary")));
    EXPECT_FALSE(en.contains(QStringLiteral("back to the stage")));
    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("zh_CN")));
    const QString zh = plain(handoutHtml(doc, 0));
    EXPECT_TRUE(zh.contains(QStringLiteral("为什么需要它"))) << zh.left(400).toStdString();
    EXPECT_TRUE(zh.contains(QStringLiteral("术语表")));
}

TEST_F(HandoutTest, BothArePdfFiles)
{
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
    for (const QString &path : {handout, worksheet}) {
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        EXPECT_TRUE(bytes.startsWith("%PDF-"));
        EXPECT_GT(bytes.size(), 2000);
    }
}

TEST_F(HandoutTest, ARopeWorksheetGivesTheRotatedQueriesAndKeysItsAnswersComeFrom)
{
    doc.load(*loadExample(QStringLiteral("order-matters-rope")).scene);
    const core::HeadStages &h = doc.stages().heads[0];
    const QString qRot = InspectorPage::number(h.qRotated(1, 2));
    const QString qPlain = InspectorPage::number(h.q(1, 2));
    ASSERT_NE(qRot, qPlain);
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        ASSERT_TRUE(Language::instance()->apply(language));
        QString why;
        const QString exercise = plain(worksheetHtml(doc, 0, defaultWorksheetStages(doc), false, &why));
        EXPECT_TRUE(exercise.contains(QStringLiteral("Q_rot"))) << exercise.toStdString();
        EXPECT_TRUE(exercise.contains(QStringLiteral("Q_rot\u00b7K_rot\u1d40"))) << exercise.toStdString();
        // The rotated value of 吃 is given; the unrotated one appears nowhere.
        EXPECT_TRUE(exercise.contains(qRot));
        EXPECT_FALSE(exercise.contains(qPlain)) << qPlain.toStdString();
        // The answer key works one score out from the printed rotated vectors.
        const QString key = plain(worksheetHtml(doc, 0, defaultWorksheetStages(doc), true, &why));
        const QString score = InspectorPage::number(h.scores(1, 0));
        EXPECT_TRUE(
            key.contains(QStringLiteral("%1 \u00d7 %2 +")
                             .arg(InspectorPage::number(h.qRotated(1, 0)), InspectorPage::number(h.kRotated(0, 0)))))
            << key.toStdString();
        EXPECT_TRUE(key.contains(QStringLiteral("= %1").arg(score))) << key.toStdString();
    }
}

TEST_F(HandoutTest, AWorksheetPrintsTheMaskItsMaskedScoresNeed)
{
    doc.load(*loadExample(QStringLiteral("padding")).scene);
    ASSERT_EQ(doc.scene().mask, core::MaskKind::Custom);
    QString why;
    const QString exercise = plain(worksheetHtml(doc, 0, defaultWorksheetStages(doc), false, &why));
    // Five rows of five marks: the three real tokens see each other only.
    EXPECT_TRUE(exercise.contains(QStringLiteral("Mask"))) << exercise.toStdString();
    EXPECT_TRUE(exercise.contains(QStringLiteral("\u2713\n\u2713\n\u2713\n\u2717\n\u2717"))) << exercise.toStdString();
    EXPECT_TRUE(exercise.contains(QStringLiteral("\u2717\n\u2717\n\u2717\n\u2717\n\u2717")));
    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("zh_CN")));
    const QString zh = plain(worksheetHtml(doc, 0, defaultWorksheetStages(doc), false, &why));
    EXPECT_TRUE(zh.contains(QStringLiteral("掩码"))) << zh.toStdString();
    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("en")));
    doc.load(*loadExample(QStringLiteral("causal-vs-full")).scene);
    EXPECT_TRUE(
        plain(worksheetHtml(doc, 0, defaultWorksheetStages(doc), false, &why)).contains(QStringLiteral("Causal mask")));
}

// Under a sliding window the masked scores hide more than the causal mask: the sheet prints the
// table of what each query sees, band and all, and says what the window is.
TEST_F(HandoutTest, AWorksheetPrintsTheSlidingWindowsBand)
{
    core::Scene scene = *loadExample(QStringLiteral("causal-vs-full")).scene;
    ASSERT_EQ(scene.tokenCount(), 4);
    scene.variants.slidingWindow = 2;
    doc.load(scene);
    QString why;
    const QList<core::Stage> blanks = defaultWorksheetStages(doc);
    EXPECT_TRUE(blanks.contains(core::StageMasked));
    const QString exercise = plain(worksheetHtml(doc, 0, blanks, false, &why));
    EXPECT_TRUE(exercise.contains(QStringLiteral("sliding window of 2 keys"))) << exercise.toStdString();
    // Query 4 sees keys 3 and 4 only: the causal mask alone would let it see all four.
    EXPECT_TRUE(exercise.contains(QStringLiteral("\u2717\n\u2717\n\u2713\n\u2713"))) << exercise.toStdString();
    EXPECT_FALSE(exercise.contains(QStringLiteral("Causal mask:"))) << exercise.toStdString();

    // With no mask of its own the window still hides keys: the weights' formula says so.
    scene.mask = core::MaskKind::None;
    doc.load(scene);
    const QString sheet = plain(worksheetHtml(doc, 0, {core::StageWeights}, false, &why));
    EXPECT_TRUE(sheet.contains(QStringLiteral("over the keys the mask lets the row see"))) << sheet.toStdString();
}

TEST_F(HandoutTest, TheHandoutPrintsTheDescriptionWithTheScenesNumbers)
{
    doc.load(*loadExample(QStringLiteral("cat-eats-fish")).scene);
    const QString weight = QString::number(double(doc.stages().heads[0].weights(1, 0)), 'f', 2);
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        ASSERT_TRUE(Language::instance()->apply(language));
        const QString text = plain(handoutHtml(doc, 0));
        EXPECT_TRUE(text.contains(weight)) << text.left(800).toStdString();
        EXPECT_FALSE(text.contains(QStringLiteral("{weights"))) << text.left(800).toStdString();
    }
}

// Paper cannot be clicked: the handout leaves out what the explanation pages say to the reader at
// the screen, which the panel still shows; and one head without W_O prints no concat or output,
// which would repeat its context, as the board shows none (issue 36, classroom item 10).
TEST_F(HandoutTest, TheHandoutLeavesOutScreenInstructionsAndTheCardsOneHeadDoesNotHave)
{
    doc.load(*loadExample(QStringLiteral("cat-eats-fish")).scene);
    ASSERT_EQ(doc.scene().headCount(), 1);
    ASSERT_FALSE(doc.scene().hasOutputWeights());
    const auto heading = [](core::Stage stage) { return QStringLiteral("<h2>%1</h2>").arg(stageDisplayName(stage)); };
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        SCOPED_TRACE(language.toStdString());
        ASSERT_TRUE(Language::instance()->apply(language));
        const bool en = language == QStringLiteral("en");
        const QString click = en ? QStringLiteral("Click any cell") : QStringLiteral("点击任意格子");
        const QString inspector = en ? QStringLiteral("Inspector") : QStringLiteral("检查器");
        // The panel keeps them.
        EXPECT_TRUE(ExplanationPanel::pageHtml(QStringLiteral("qkv"), language).contains(click));
        EXPECT_TRUE(ExplanationPanel::pageHtml(QStringLiteral("scaled"), language).contains(inspector));
        const QString html = handoutHtml(doc, 0);
        const QString text = plain(html);
        EXPECT_TRUE(text.contains(en ? QStringLiteral("Why it exists") : QStringLiteral("为什么需要它")));
        EXPECT_FALSE(text.contains(click)) << text.toStdString();
        EXPECT_FALSE(text.contains(inspector)) << text.toStdString();
        // The sentence around the cut still ends as a sentence: "… = 0.185." / "… = 0.185。"
        EXPECT_TRUE(text.contains(en ? QStringLiteral("= 0.185.") : QStringLiteral("= 0.185。"))) << text.toStdString();
        EXPECT_TRUE(html.contains(heading(core::StageContext)));
        EXPECT_FALSE(html.contains(heading(core::StageConcat)));
        EXPECT_FALSE(html.contains(heading(core::StageOutput)));
    }
    for (const HandoutFigure &figure : handoutBoard(doc, 0))
        EXPECT_TRUE(figure.stage != core::StageConcat && figure.stage != core::StageOutput) << figure.stage;
    // Two heads combine: both cards are printed.
    Language::instance()->apply(QStringLiteral("en"));
    doc.load(*loadExample(QStringLiteral("multi-head")).scene);
    const QString html = handoutHtml(doc, 0);
    EXPECT_TRUE(html.contains(heading(core::StageConcat)));
    EXPECT_TRUE(html.contains(heading(core::StageOutput)));
}

namespace {

// The worksheet of `doc` as its PDF prints it, laid out on the printed page.
QList<PrintedHeading> worksheetHeadings(const Document &doc, bool keep)
{
    QString why;
    QTextDocument d;
    d.setDocumentMargin(0);
    d.setHtml(printedWorksheetHtml(doc, 0, defaultWorksheetStages(doc), &why));
    if (keep)
        keepHeadingsWithWhatTheyHead(&d, kPrintedDotsPerInch);
    return printedHeadings(&d, kPrintedDotsPerInch);
}

} // namespace

// A heading prints on the page of its table: the "weights" heading ended page 1 of a worksheet
// with its table on page 2 (issue 36, classroom item 8).
TEST_F(HandoutTest, EveryWorksheetHeadingPrintsOnThePageOfItsTable)
{
    int splitBefore = 0;
    for (const QString &name : {QStringLiteral("cat-eats-fish-handcalc"), QStringLiteral("cat-eats-fish"),
             QStringLiteral("causal-vs-full"), QStringLiteral("padding"), QStringLiteral("pronoun"),
             QStringLiteral("order-matters-rope"), QStringLiteral("multi-head")}) {
        for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            SCOPED_TRACE((name + QLatin1Char(' ') + language).toStdString());
            ASSERT_TRUE(Language::instance()->apply(language));
            doc.load(*loadExample(name).scene);
            for (const PrintedHeading &h : worksheetHeadings(doc, false))
                splitBefore += h.lastPage != h.page;
            const QList<PrintedHeading> kept = worksheetHeadings(doc, true);
            ASSERT_GE(kept.size(), 6);
            for (const PrintedHeading &h : kept) {
                EXPECT_EQ(h.firstPage, h.page) << h.text.toStdString();
                EXPECT_EQ(h.lastPage, h.page) << h.text.toStdString();
            }
        }
    }
    // The sheets above include the case the classroom met: without keeping, a heading and its table
    // fall on two pages.
    EXPECT_GT(splitBefore, 0);
}

// The formula over the weights names what the sheet prints: softmax(masked) only when the masked
// scores are a table of the sheet (issue 36, classroom item 8).
TEST_F(HandoutTest, TheWeightsFormulaNamesOnlyTablesTheSheetPrints)
{
    doc.load(*loadExample(QStringLiteral("causal-vs-full")).scene);
    ASSERT_NE(doc.scene().mask, core::MaskKind::None);
    QString why;
    const QString without = plain(worksheetHtml(doc, 0, {core::StageScores, core::StageWeights}, false, &why));
    EXPECT_FALSE(without.contains(QStringLiteral("softmax(masked)"))) << without.toStdString();
    EXPECT_TRUE(without.contains(QStringLiteral("softmax(scaled)"))) << without.toStdString();
    EXPECT_TRUE(without.contains(QStringLiteral("mask"))) << without.toStdString();
    const QString with
        = plain(worksheetHtml(doc, 0, {core::StageScores, core::StageMasked, core::StageWeights}, false, &why));
    EXPECT_TRUE(with.contains(QStringLiteral("softmax(masked)"))) << with.toStdString();
    doc.load(*loadExample(QStringLiteral("cat-eats-fish-handcalc")).scene);
    ASSERT_EQ(doc.scene().mask, core::MaskKind::None);
    const QString plainSheet = plain(worksheetHtml(doc, 0, defaultWorksheetStages(doc), false, &why));
    EXPECT_FALSE(plainSheet.contains(QStringLiteral("softmax(masked)"))) << plainSheet.toStdString();
}

// The answer key works one row of the softmax out: e^x of each key it sees, their sum and each
// weight, every number the app's own (issue 36, classroom item 8).
TEST_F(HandoutTest, TheAnswerKeyWorksOneRowOfTheSoftmax)
{
    for (const QString &name : {QStringLiteral("cat-eats-fish-handcalc"), QStringLiteral("causal-vs-full")}) {
        SCOPED_TRACE(name.toStdString());
        doc.load(*loadExample(name).scene);
        QString why;
        const QString key = plain(worksheetHtml(doc, 0, defaultWorksheetStages(doc), true, &why));
        const QString exercise = plain(worksheetHtml(doc, 0, defaultWorksheetStages(doc), false, &why));
        const core::SoftmaxDerivation d = core::deriveSoftmax(doc.stages(), 0, 1);
        double total = 0;
        for (size_t j = 0; j < d.weights.size(); ++j) {
            total += d.weights[j];
            if (!d.visible[j])
                continue;
            const QString exp = QString::fromStdString(
                core::Chain().exponential(d.scaled[j], d.shift).equals().number(d.exps[j]).text());
            const QString weight = QString::fromStdString(
                core::Chain().number(d.exps[j]).divide().number(d.sum).equals().number(d.weights[j]).text());
            EXPECT_TRUE(key.contains(exp)) << exp.toStdString() << "\n" << key.toStdString();
            EXPECT_TRUE(key.contains(weight)) << weight.toStdString();
            EXPECT_FALSE(exercise.contains(weight));
        }
        EXPECT_NEAR(total, 1.0, 1e-6);
        EXPECT_TRUE(key.contains(QStringLiteral("= %1").arg(QString::fromStdString(core::formatFixed(d.sum, 3)))));
        // The causal row 1 sees two keys: the others are said to get 0.
        EXPECT_EQ(key.contains(QStringLiteral("e^(−∞) = 0")), name == QStringLiteral("causal-vs-full"));
    }
}
