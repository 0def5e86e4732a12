// The inspector dock: the right derivation for the selection, redrawn while a cell is scrubbed.
#include "core/scene/sceneedits.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/i18n/language.h"
#include "ui/inspector/inspectordock.h"
#include "ui/inspector/inspectorpage.h"

#include <QApplication>
#include <QScrollBar>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextLayout>

#include <gtest/gtest.h>

using namespace attnlab;

namespace {

class InspectorTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        ui::Language::instance()->apply(QStringLiteral("en"));
        document.load(*ui::loadExample(QStringLiteral("cat-eats-fish-handcalc")).scene);
    }
    ui::Document document;
};

} // namespace

TEST_F(InspectorTest, ScoreCellShowsTheChaptersSum)
{
    ui::InspectorDock dock(&document);
    document.setSelection({core::StageScores, 1, 0});
    const QString text = dock.plainText();
    for (const char *piece :
        {"0.300 \u00d7 0.900 + 0.800 \u00d7 0.100 + 0.200 \u00d7 0.000 + 0.100 \u00d7 0.200 = 0.370", "0.270", "0.080",
            "0.020", "0.185"})
        EXPECT_TRUE(text.contains(QString::fromUtf8(piece))) << piece << "\n" << text.toStdString();
}

TEST_F(InspectorTest, FollowsAScrubLive)
{
    ui::InspectorDock dock(&document);
    document.setSelection({core::StageScores, 1, 0});
    // q_吃[0] from 0.3 to 0.5: the first product becomes 0.45 and the score 0.55.
    document.setCell(ui::MatrixId::DirectQ, 1, 0, 0.5f, true);
    document.flush();
    EXPECT_TRUE(dock.plainText().contains(QStringLiteral("0.450"))) << dock.plainText().toStdString();
    EXPECT_TRUE(dock.plainText().contains(QStringLiteral("= 0.550")));
}

TEST_F(InspectorTest, WeightRowShowsExponentialsAndTheirSum)
{
    ui::InspectorDock dock(&document);
    document.setSelection({core::StageWeights, 1, 1});
    const QString text = dock.plainText();
    // e^0.185 = 1.203, e^0.34 = 1.405, sum 3.811.
    for (const char *piece : {"1.203", "1.405", "3.811", "0.316", "0.369"})
        EXPECT_TRUE(text.contains(QString::fromLatin1(piece))) << piece << "\n" << text.toStdString();
}

TEST_F(InspectorTest, ContextRowShowsTheMix)
{
    ui::InspectorDock dock(&document);
    document.setSelection({core::StageContext, 1, -1});
    const QString text = dock.plainText();
    EXPECT_TRUE(text.contains(QStringLiteral("0.316\u00b7V"))) << text.toStdString();
    const core::Matrix &ctx = document.stages().heads[0].context;
    for (int c = 0; c < ctx.cols(); ++c)
        EXPECT_TRUE(text.contains(ui::InspectorPage::number(ctx(1, c)))) << c;
}

TEST_F(InspectorTest, MaskedRowExplainsTheZeroWeights)
{
    document.load(*ui::loadExample(QStringLiteral("padding")).scene);
    ui::InspectorDock dock(&document);
    document.setSelection({core::StageWeights, 3, -1});
    EXPECT_TRUE(dock.plainText().contains(QStringLiteral("hides every key"))) << dock.plainText().toStdString();
    document.setSelection({core::StageWeights, 0, -1});
    EXPECT_TRUE(dock.plainText().contains(QStringLiteral("hidden by the mask")));
}

TEST_F(InspectorTest, NumbersUseATrueMinusSign)
{
    EXPECT_EQ(ui::InspectorPage::number(-0.25), QStringLiteral("\u22120.250"));
    EXPECT_EQ(ui::InspectorPage::number(0), QStringLiteral("0.000"));
    EXPECT_EQ(ui::InspectorPage::number(4.85e8), QStringLiteral("4.85e+08"));
}

TEST_F(InspectorTest, WeightRowFitsTheDockWithoutScrollingOrWrappedHeaders)
{
    document.load(*ui::loadExample(QStringLiteral("cat-eats-fish")).scene);
    ui::InspectorDock dock(&document);
    dock.resize(330, 600);
    dock.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dock));
    auto *view = dock.findChild<QTextBrowser *>();
    ASSERT_NE(view, nullptr);
    // A longer page brings a vertical scroll bar: the table must fit beside it.
    view->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    document.setSelection({core::StageWeights, 1, 1});
    QApplication::processEvents();
    EXPECT_LE(view->document()->idealWidth(), view->viewport()->width());
    EXPECT_EQ(view->horizontalScrollBar()->maximum(), 0);
    // A header broken one letter per line would make its row several lines high: "key" is
    // laid out on one line.
    QTextCursor found = view->document()->find(QStringLiteral("key"));
    ASSERT_FALSE(found.isNull());
    EXPECT_EQ(found.block().layout()->lineCount(), 1);
}

TEST_F(InspectorTest, TheScaleIsWrittenAsATrueEquation)
{
    ui::InspectorDock dock(&document);
    document.setSelection({core::StageScaled, 1, 0});
    const QString text = dock.plainText();
    // "0.370 ÷ √4 = 2.000 = 0.185" would state that 0.370 ÷ √4 equals 2.
    EXPECT_TRUE(text.contains(QString::fromUtf8("0.370 \u00f7 2.000 (= \u221a4) = 0.185"))) << text.toStdString();
}

TEST_F(InspectorTest, IndicesCountFromZeroAndOneColumnHasOneNumberFormat)
{
    ui::InspectorDock dock(&document);
    document.setSelection({core::StageScores, 1, 0});
    const QString score = dock.plainText();
    // The four products are terms 0…3, as the axes count.
    EXPECT_TRUE(score.contains(QStringLiteral("product\n0\n0.300"))) << score.toStdString();
    EXPECT_TRUE(score.contains(QStringLiteral("\n3\n0.100"))) << score.toStdString();
    EXPECT_FALSE(score.contains(QStringLiteral("\n4\n"))) << score.toStdString();
    // A row whose exponentials span several orders of magnitude keeps three decimals everywhere.
    core::Scene sharp = document.scene();
    sharp.q(1, 0) = 12;
    document.changeScene(sharp, QStringLiteral("sharpen"));
    document.flush();
    document.setSelection({core::StageWeights, 1, -1});
    const QString weights = dock.plainText();
    EXPECT_FALSE(weights.contains(QStringLiteral("e\u221205"))) << weights.toStdString();
    EXPECT_FALSE(weights.contains(QStringLiteral("e-05"))) << weights.toStdString();
}

namespace {

// "the cat sat" with X given and b_Q, b_V, b_O; identity weights, so Q = X + b_Q.
core::Scene biasedLayerScene()
{
    core::Scene s;
    s.tokens = {"the", "cat", "sat"};
    s.dModel = 2;
    s.heads = 1;
    s.dK = 2;
    s.x.resize(3, 2);
    s.x << 1, 0, 0, 1, 1, 1;
    s.wq = s.wk = s.wv = s.wo = core::Matrix::Identity(2, 2);
    s.bq.resize(2);
    s.bq << 0.5f, -0.25f;
    s.bo.resize(2);
    s.bo << 2, 0;
    return s;
}

} // namespace

TEST_F(InspectorTest, ProjectionCellAddsItsBias)
{
    const core::Scene s = biasedLayerScene();
    ASSERT_TRUE(core::validate(s).empty());
    core::Pipeline pipeline;
    ui::InspectorPage page(s, pipeline.compute(s), 0, nullptr);
    // Q[the][0] = 1×1 + 0×0 + b_Q[0] = 1.5; Q[cat][1] = 0×0 + 1×1 − 0.25 = 0.75.
    const QString q1 = page.html({core::StageQ, 0, 0});
    EXPECT_TRUE(q1.contains(
        QStringLiteral("1.000&nbsp;\u00d7&nbsp;1.000 + 0.000&nbsp;\u00d7&nbsp;0.000 + 0.500 (b<sub>Q</sub>[0]) = "
                       "<b>1.500</b>")))
        << q1.toStdString();
    const QString q2 = page.html({core::StageQ, 1, 1});
    EXPECT_TRUE(q2.contains(QStringLiteral("+ \u22120.250 (b<sub>Q</sub>[1]) = <b>0.750</b>"))) << q2.toStdString();
    // K has no bias: its sum ends at the dot product.
    const QString k = page.html({core::StageK, 0, 0});
    EXPECT_FALSE(k.contains(QStringLiteral("b<sub>K</sub>"))) << k.toStdString();
    EXPECT_TRUE(k.contains(QStringLiteral("= <b>1.000</b>"))) << k.toStdString();
}

TEST_F(InspectorTest, OutputCellAddsTheOutputBias)
{
    const core::Scene s = biasedLayerScene();
    core::Pipeline pipeline;
    const core::Stages &st = pipeline.compute(s);
    ui::InspectorPage page(s, st, 0, nullptr);
    const QString html = page.html({core::StageOutput, 2, 0});
    const QString total = ui::InspectorPage::number(st.output(2, 0));
    EXPECT_TRUE(html.contains(QStringLiteral("+ 2.000 (b<sub>O</sub>[0]) = <b>%1</b>").arg(total)))
        << html.toStdString();
}

TEST_F(InspectorTest, GivenXCellSaysItIsGiven)
{
    const core::Scene s = biasedLayerScene();
    core::Pipeline pipeline;
    ui::InspectorPage page(s, pipeline.compute(s), 0, nullptr);
    const QString html = page.html({core::StageX, 2, 1});
    EXPECT_TRUE(html.contains(QStringLiteral("X[sat][1] = <b>1.000</b>"))) << html.toStdString();
    EXPECT_TRUE(html.contains(QStringLiteral("gives X directly"))) << html.toStdString();
    EXPECT_FALSE(html.contains(QStringLiteral("embedding table"))) << html.toStdString();
}

TEST_F(InspectorTest, AProductIsNeverBrokenAcrossLines)
{
    ui::InspectorDock dock(&document);
    document.setSelection({core::StageScores, 1, 0});
    const QString html = dock.findChild<QTextBrowser *>()->toHtml();
    EXPECT_FALSE(html.contains(QStringLiteral("0.300 \u00d7 0.900"))) << html.toStdString();
    EXPECT_TRUE(dock.plainText().contains(QStringLiteral("0.300 \u00d7 0.900")));
}

TEST_F(InspectorTest, TheDivisionOfAWeightNamesTheWeight)
{
    ui::InspectorDock dock(&document);
    document.setSelection({core::StageWeights, 1, 0});
    // "猫 = 1.203 ÷ 3.811" would say the token equals a number.
    const QString text = dock.plainText();
    EXPECT_TRUE(text.contains(QStringLiteral("w(\u5403\u2192\u732b) = 1.203 \u00f7 3.811 = 0.316")))
        << text.toStdString();
    ui::Language::instance()->apply(QStringLiteral("zh_CN"));
    EXPECT_TRUE(dock.plainText().contains(QStringLiteral("w(\u5403\u2192\u732b) = 1.203 \u00f7 3.811 = 0.316")));
    ui::Language::instance()->apply(QStringLiteral("en"));
}

TEST_F(InspectorTest, RopeAnglesKeepThreeSignificantDigitsAtALargeDk)
{
    // d_k = 16: θ of the last pair is 10000^(−14/16) = 0.000316, which three decimals print as 0.000.
    core::Scene s;
    s.tokens = {"a", "b", "c"};
    s.dModel = 16;
    s.heads = 1;
    s.dK = 16;
    s.vocabulary = {"a", "b", "c"};
    s.embeddings = core::Matrix::Constant(3, 16, 0.5f);
    s.wq = s.wk = s.wv = core::Matrix::Identity(16, 16);
    s.positional = core::PositionalEncoding::Rope;
    ASSERT_TRUE(core::validate(s).empty());
    core::Pipeline pipeline;
    ui::InspectorPage page(s, pipeline.compute(s), 0, nullptr);
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        ui::Language::instance()->apply(language);
        const QString html
            = page.html({core::StageQRotated, 2, 14}).replace(QStringLiteral("&nbsp;"), QStringLiteral(" "));
        EXPECT_TRUE(html.contains(QStringLiteral("2 \u00d7 \u03b8 = 2 \u00d7 0.000316 = 0.000632")))
            << html.toStdString();
        EXPECT_FALSE(html.contains(QStringLiteral("\u00d7 0.000 ="))) << html.toStdString();
    }
    ui::Language::instance()->apply(QStringLiteral("en"));
}

TEST_F(InspectorTest, TheContextTablesTokenHeaderIsOneLine)
{
    document.load(*ui::loadExample(QStringLiteral("cat-eats-fish")).scene);
    ui::InspectorDock dock(&document);
    dock.resize(330, 600);
    dock.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dock));
    auto *view = dock.findChild<QTextBrowser *>();
    ASSERT_NE(view, nullptr);
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        ui::Language::instance()->apply(language);
        document.setSelection({core::StageContext, 1, 1});
        QApplication::processEvents();
        const QString header = language == QStringLiteral("en") ? QStringLiteral("token") : QStringLiteral("词元");
        int headers = 0;
        for (QTextBlock block = view->document()->begin(); block.isValid(); block = block.next())
            if (block.text() == header) {
                ++headers;
                EXPECT_EQ(block.layout()->lineCount(), 1) << language.toStdString() << ": one letter per line";
            }
        EXPECT_EQ(headers, 1) << language.toStdString();
    }
    ui::Language::instance()->apply(QStringLiteral("en"));
}

TEST(InspectorScroll, AClickedKeyOrColumnIsScrolledIntoView)
{
    ui::Language::instance()->apply(QStringLiteral("en"));
    ui::Document document;
    core::Scene scene = *ui::loadExample(QStringLiteral("cat-eats-fish")).scene;
    std::vector<std::string> tokens;
    for (int i = 0; i < 20; ++i)
        tokens.push_back("w" + std::to_string(i));
    scene = core::edits::withDimensions(core::edits::withTokens(scene, tokens), 16, 1, 16);
    document.load(scene);
    ui::InspectorDock dock(&document);
    dock.resize(260, 240);
    dock.show();
    QApplication::processEvents();
    QTextBrowser *view = dock.view();
    // The weights of row 0: the last key is far down the list.
    document.setSelection({core::StageWeights, 0, 19});
    QApplication::processEvents();
    EXPECT_GT(view->verticalScrollBar()->value(), 0);
    EXPECT_TRUE(view->viewport()->rect().contains(dock.selectedRect())) << dock.selectedRect().y();
    // The context of row 0: the last column is far to the right.
    document.setSelection({core::StageContext, 0, 15});
    QApplication::processEvents();
    EXPECT_GT(view->horizontalScrollBar()->value(), 0);
    EXPECT_TRUE(view->viewport()->rect().contains(dock.selectedRect())) << dock.selectedRect().x();
    // A scrub redraws the page where the reader is: no jump back to the anchor.
    view->verticalScrollBar()->setValue(0);
    const int across = view->horizontalScrollBar()->value();
    document.setCell(ui::MatrixId::WQ, 0, 0, 0.25f, true);
    document.flush();
    QApplication::processEvents();
    EXPECT_EQ(view->verticalScrollBar()->value(), 0);
    EXPECT_EQ(view->horizontalScrollBar()->value(), across);
}
