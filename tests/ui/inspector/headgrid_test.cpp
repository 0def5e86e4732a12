#include "../uitestscenes.h"
#include "core/scene/pipeline.h"
#include "ui/document/document.h"
#include "ui/i18n/language.h"
#include "ui/inspector/headgrid.h"
#include "ui/plot/matrixplot.h"

#include <QLabel>
#include <QSignalSpy>
#include <QTest>

#include <gtest/gtest.h>

using namespace attnlab;

TEST(HeadGrid, EachThumbnailHoldsThatHeadsWeights)
{
    ui::Document doc;
    const core::Scene s = test::randomUiScene(21, 7, 8, 2, 4);
    doc.load(s);
    ui::HeadGrid grid(&doc);
    doc.flush();
    core::Pipeline reference;
    const core::Stages &st = reference.compute(s);
    ASSERT_EQ(grid.headCount(), 2);
    for (int h = 0; h < 2; ++h) {
        ui::MatrixPlot *plot = grid.headPlot(h);
        ASSERT_EQ(plot->rowCount(), 7);
        ASSERT_EQ(plot->columnCount(), 7);
        for (int r = 0; r < 7; ++r)
            for (int c = 0; c < 7; ++c)
                EXPECT_NEAR(plot->cellValue(r, c), st.heads[size_t(h)].weights(r, c), 1e-6)
                    << "head " << h << " cell " << r << "," << c;
    }
    // The heads really differ, so the check above tells them apart.
    EXPECT_GT((st.heads[0].weights - st.heads[1].weights).cwiseAbs().maxCoeff(), 1e-3);
}

TEST(HeadGrid, ClickingAThumbnailMakesItTheCurrentHead)
{
    ui::Document doc;
    doc.load(test::randomUiScene(22, 5, 8, 2, 4));
    ui::HeadGrid grid(&doc);
    grid.resize(800, 600);
    grid.show();
    QSignalSpy spy(&doc, &ui::Document::currentHeadChanged);
    ui::MatrixPlot *second = grid.headPlot(1);
    QTest::mouseClick(second, Qt::LeftButton, {}, second->rect().center());
    EXPECT_EQ(doc.currentHead(), 1);
    ASSERT_EQ(spy.count(), 1);
    EXPECT_EQ(spy.at(0).at(0).toInt(), 1);
    EXPECT_TRUE(grid.headPlot(1)->title().contains(QStringLiteral("2")));
}

TEST(HeadGrid, CompareHeadsShowsTheSelectedRowOfEveryHead)
{
    ui::Document doc;
    const core::Scene s = test::randomUiScene(23, 6, 8, 3, 2);
    doc.load(s);
    ui::HeadGrid grid(&doc);
    ui::Selection sel;
    sel.row = 4;
    doc.setSelection(sel);
    const core::Stages &st = doc.stages();
    ui::MatrixPlot *compare = grid.comparePlot();
    EXPECT_EQ(grid.comparedRow(), 4);
    ASSERT_EQ(compare->rowCount(), 3);
    ASSERT_EQ(compare->columnCount(), 6);
    for (int h = 0; h < 3; ++h)
        for (int c = 0; c < 6; ++c)
            EXPECT_NEAR(compare->cellValue(h, c), st.heads[size_t(h)].weights(4, c), 1e-6);
}

TEST(HeadGrid, FollowsTheNumberOfHeads)
{
    ui::Document doc;
    doc.load(test::randomUiScene(24, 4, 8, 2, 4));
    ui::HeadGrid grid(&doc);
    EXPECT_EQ(grid.headCount(), 2);
    doc.load(test::randomUiScene(25, 4, 8, 4, 2));
    doc.flush();
    EXPECT_EQ(grid.headCount(), 4);
    const core::Stages &st = doc.stages();
    EXPECT_NEAR(grid.headPlot(3)->cellValue(1, 2), st.heads[3].weights(1, 2), 1e-6);
}

TEST(HeadGrid, ThumbnailsOfALongSentenceLeaveOutTheNumbers)
{
    const auto visibleNumbers = [](QCustomPlot *plot) {
        int visible = 0;
        for (int i = 0; i < plot->itemCount(); ++i)
            if (qobject_cast<QCPItemText *>(plot->item(i)) && plot->item(i)->visible())
                ++visible;
        return visible;
    };
    ui::Document doc;
    doc.load(test::randomUiScene(26, 3, 8, 2, 4));
    ui::HeadGrid grid(&doc);
    EXPECT_EQ(visibleNumbers(grid.headPlot(0)), 9);
    doc.load(test::randomUiScene(27, 7, 8, 2, 4));
    doc.flush();
    EXPECT_EQ(visibleNumbers(grid.headPlot(0)), 0);
    EXPECT_EQ(visibleNumbers(grid.comparePlot()), 2 * 7); // the comparison is wide enough
}

// The hint says each head has its own W_K and W_V only in this scene: under grouped-query attention
// several query heads share one key/value head (issue 36, item 13), in both languages.
TEST(HeadGrid, TheHintSaysAGroupedQueryModelSharesKeysAndValues)
{
    for (const char *language : {"en", "zh_CN"}) {
        ASSERT_TRUE(ui::Language::instance()->apply(QString::fromLatin1(language)));
        ui::Document doc;
        doc.load(test::randomUiScene(23, 5, 8, 2, 4));
        ui::HeadGrid grid(&doc);
        QString hint;
        for (QLabel *label : grid.findChildren<QLabel *>())
            if (label->text().contains(QStringLiteral("W_K")))
                hint = label->text();
        const bool zh = std::string(language) == "zh_CN";
        EXPECT_TRUE(hint.contains(zh ? QStringLiteral("分组查询注意力") : QStringLiteral("grouped-query attention")))
            << hint.toStdString();
        EXPECT_TRUE(hint.contains(zh ? QStringLiteral("这个场景") : QStringLiteral("In this scene")))
            << hint.toStdString();
    }
    ui::Language::instance()->apply(QStringLiteral("en"));
}
