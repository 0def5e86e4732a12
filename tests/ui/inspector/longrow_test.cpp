// The inspector on a row of 2,048 keys (issue 16): the softmax and mix tables list the
// strongest weights and the selected key and add up the others in one line, so a click is
// answered at once; a table of every key took the dock seconds to lay out.
#include "ui/document/document.h"
#include "ui/inspector/inspectorpage.h"

#include "../uitestscenes.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <vector>

using namespace attnlab;
using namespace attnlab::ui;

namespace {

constexpr int kTokens = 2048;
constexpr int kRow = 2000;
constexpr int kColumn = 7;

Selection select(core::Stage stage, int row, int column)
{
    Selection s;
    s.stage = stage;
    s.row = row;
    s.column = column;
    return s;
}

} // namespace

TEST(InspectorLongRow, ASoftmaxRowOfThousandsListsTheStrongestKeysAndAddsUpTheOthers)
{
    Document doc;
    doc.load(test::randomUiScene(5, kTokens, 8, 1, 8));
    InspectorPage page(doc.scene(), doc.stages(), 0, nullptr);
    const QString html = page.html(select(core::StageWeights, kRow, kColumn));

    const core::Matrix &w = doc.stages().heads[0].weights;
    std::vector<double> row(static_cast<size_t>(kTokens));
    for (int j = 0; j < kTokens; ++j)
        row[size_t(j)] = double(w(kRow, j));
    std::vector<double> sorted = row;
    std::sort(sorted.begin(), sorted.end(), std::greater<double>());
    // The 24 strongest are listed, the last of them replaced by the selected key when it is
    // not among them; the others add up to the rest of 1.
    double listed = 0;
    for (int i = 0; i < 23; ++i)
        listed += sorted[size_t(i)];
    listed += row[size_t(kColumn)] >= sorted[23] ? sorted[23] : row[size_t(kColumn)];
    const int others = kTokens - 24;

    EXPECT_LE(html.count(QStringLiteral("<tr>")), 24 + 3) << "header, 24 keys, the others, the sum";
    EXPECT_TRUE(html.contains(QStringLiteral("<b>%1</b>").arg(InspectorPage::number(row[size_t(kColumn)]))));
    EXPECT_TRUE(html.contains(InspectorPage::number(sorted[0])));
    EXPECT_TRUE(html.contains(QStringLiteral("… and %1 other keys").arg(others)));
    EXPECT_TRUE(html.contains(InspectorPage::number(1.0 - listed)));
}

TEST(InspectorLongRow, AContextRowOfThousandsListsTheStrongestKeysOnly)
{
    Document doc;
    doc.load(test::randomUiScene(5, kTokens, 8, 1, 8));
    InspectorPage page(doc.scene(), doc.stages(), 0, nullptr);
    const QString html = page.html(select(core::StageContext, kRow, 0));
    EXPECT_LE(html.count(QStringLiteral("<tr>")), 2 * 24 + 3);
    EXPECT_TRUE(html.contains(QStringLiteral("… and %1 other keys").arg(kTokens - 24)));
    EXPECT_TRUE(html.contains(QStringLiteral("(%1 more terms)").arg(kTokens - 24)));
}

TEST(InspectorLongRow, AShortRowStillListsEveryKey)
{
    Document doc;
    doc.load(test::example("cat-eats-fish"));
    InspectorPage page(doc.scene(), doc.stages(), 0, nullptr);
    const QString html = page.html(select(core::StageWeights, 1, 0));
    EXPECT_EQ(html.count(QStringLiteral("<tr>")), 1 + 3 + 1);
    EXPECT_FALSE(html.contains(QStringLiteral("other keys")));
}
