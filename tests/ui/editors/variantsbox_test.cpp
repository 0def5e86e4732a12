// The attention variants' switches: flipping one changes the scene, the numbers and the board's
// stages at once, is one undo step, and a bad value is refused with the field's name.
#include "core/scene/pipeline.h"
#include "editortestutil.h"
#include "testutil.h"
#include "ui/editors/variantsbox.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/plot/stagelook.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QUndoStack>

using namespace attnlab;
using namespace attnlab::ui;

TEST(VariantsBox, EverySwitchStartsOffAndTheChapterIsUnchanged)
{
    Document doc;
    editortest::loadExampleInto(doc);
    VariantsBox box(&doc);
    for (QCheckBox *s : {box.windowSwitch(), box.sinkSwitch(), box.qkNormSwitch(), box.softCapSwitch()})
        EXPECT_FALSE(s->isChecked());
    EXPECT_FALSE(doc.scene().variants.isActive());
    EXPECT_FALSE(boardStages(doc.scene()).contains(core::StageCapped));
}

TEST(VariantsBox, SoftCapSwitchShowsItsStageAndChangesTheWeights)
{
    Document doc;
    editortest::loadExampleInto(doc);
    VariantsBox box(&doc);
    const core::Matrix before = doc.stages().heads[0].weights;
    box.softCapValue()->setValue(0.1);
    box.softCapSwitch()->setChecked(true);
    EXPECT_FLOAT_EQ(doc.scene().variants.softCap, 0.1f);
    EXPECT_TRUE(boardStages(doc.scene()).contains(core::StageCapped));
    const core::HeadStages &h = doc.stages().heads[0];
    ASSERT_EQ(h.capped.rows(), before.rows());
    EXPECT_LE(h.capped.cwiseAbs().maxCoeff(), 0.1f);
    EXPECT_GT((h.weights - before).cwiseAbs().maxCoeff(), 1e-3f);
    doc.undoStack()->undo();
    EXPECT_FALSE(box.softCapSwitch()->isChecked());
    EXPECT_TRUE(doc.stages().heads[0].weights.isApprox(before));
}

TEST(VariantsBox, WindowSwitchHidesFarKeysAndOpensTheWindowPage)
{
    Document doc;
    editortest::loadExampleInto(doc);
    VariantsBox box(&doc);
    box.windowWidth()->setValue(1);
    box.windowSwitch()->setChecked(true);
    ASSERT_EQ(doc.scene().variants.slidingWindow, 1);
    const core::HeadStages &h = doc.stages().heads[0];
    // A window of 1: every query sees itself only.
    for (Eigen::Index i = 0; i < h.weights.rows(); ++i)
        EXPECT_NEAR(h.weights(i, i), 1.0, 1e-6) << i;
    EXPECT_EQ(ExplanationPanel::pageFor(core::StageMasked, doc.scene()), QStringLiteral("window"));
    box.firstTokenSinkSwitch()->setChecked(true);
    EXPECT_TRUE(doc.scene().variants.firstTokenSink);
    const core::Matrix &weights = doc.stages().heads[0].weights;
    ASSERT_GT(weights.rows(), 1);
    EXPECT_GT(weights(weights.rows() - 1, 0), 0.f); // the last query sees the first token again
}

TEST(VariantsBox, SinkAndQkNormAddTheirStages)
{
    Document doc;
    editortest::loadExampleInto(doc);
    VariantsBox box(&doc);
    box.sinkSwitch()->setChecked(true);
    box.qkNormSwitch()->setChecked(true);
    const QList<core::Stage> stages = boardStages(doc.scene());
    EXPECT_TRUE(stages.contains(core::StageSink));
    EXPECT_TRUE(stages.contains(core::StageQNormed));
    EXPECT_TRUE(stages.contains(core::StageKNormed));
    const core::HeadStages &h = doc.stages().heads[0];
    for (Eigen::Index i = 0; i < h.weights.rows(); ++i)
        EXPECT_NEAR(h.weights.row(i).sum() + h.sink(i, 0), 1.0, 1e-5);
    EXPECT_EQ(doc.undoStack()->count(), 2);
}

TEST(VariantsBox, ABadValueIsRefusedNamingTheField)
{
    Document doc;
    editortest::loadExampleInto(doc);
    VariantsBox box(&doc);
    core::AttentionVariants bad;
    bad.softCap = -1;
    EXPECT_FALSE(box.setVariants(bad));
    EXPECT_TRUE(box.message().contains(QStringLiteral("variants.soft_cap"))) << box.message().toStdString();
    EXPECT_FALSE(doc.scene().variants.isActive());
}
