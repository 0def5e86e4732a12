// The soft cap's curve on its card: it follows the scene's cap and puts the selected cell's
// scaled and capped scores on the curve.
#include "testutil.h"
#include "ui/board/softcapcurve.h"
#include "ui/board/stagecard.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace attnlab;
using namespace attnlab::ui;

TEST(SoftCapCurve, TheSelectedCellSitsOnTheCurve)
{
    Document doc;
    core::Scene scene = *loadExample(QStringLiteral("cat-eats-fish")).scene;
    scene.variants.softCap = 0.5f;
    doc.load(scene);
    StageCard card(&doc, core::StageCapped);
    SoftCapCurve *curve = card.findChild<SoftCapCurve *>();
    ASSERT_TRUE(curve);
    EXPECT_FALSE(curve->hasPoint());
    doc.setSelection({core::StageCapped, 1, 2});
    ASSERT_TRUE(curve->hasPoint());
    const core::HeadStages &h = doc.stages().heads[0];
    EXPECT_NEAR(curve->point().x(), h.scaled(1, 2), 1e-6);
    EXPECT_NEAR(curve->point().y(), std::tanh(h.scaled(1, 2) / 0.5) * 0.5, 1e-6);
}

TEST(SoftCapCurve, OnlyTheCappedCardHasOne)
{
    Document doc;
    doc.load(*loadExample(QStringLiteral("cat-eats-fish")).scene);
    StageCard card(&doc, core::StageScaled);
    EXPECT_EQ(card.findChild<SoftCapCurve *>(), nullptr);
}

// A card not reached yet in step-through hides what it shows: the curve goes with the heatmap.
TEST(SoftCapCurve, AVeiledCardHidesItsCurve)
{
    Document doc;
    core::Scene scene = *loadExample(QStringLiteral("cat-eats-fish")).scene;
    scene.variants.softCap = 0.5f;
    doc.load(scene);
    StageCard card(&doc, core::StageCapped);
    card.show();
    SoftCapCurve *curve = card.findChild<SoftCapCurve *>();
    ASSERT_TRUE(curve);
    EXPECT_TRUE(curve->isVisible());
    card.setRevealed(false);
    EXPECT_FALSE(curve->isVisible());
    card.setRevealed(true);
    EXPECT_TRUE(curve->isVisible());
}
