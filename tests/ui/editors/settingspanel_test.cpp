#include "core/scene/pipeline.h"
#include "editortestutil.h"
#include "testutil.h"
#include "ui/board/tokenbar.h"
#include "ui/editors/settingspanel.h"

#include <QComboBox>
#include <QPushButton>
#include <QSpinBox>
#include <QUndoStack>

using namespace attnlab;
using namespace attnlab::ui;

TEST(SettingsPanel, DimensionChangeKeepsTheOverlappingValuesAndUndoes)
{
    Document doc;
    editortest::loadExampleInto(doc);
    const core::Scene before = doc.scene();
    SettingsPanel panel(&doc);
    panel.setKeepDkTied(false);
    ASSERT_TRUE(panel.setDimensions(12, 2, 4));
    const core::Scene &s = doc.scene();
    EXPECT_EQ(s.dModel, 12);
    EXPECT_EQ(s.heads, 2);
    EXPECT_TRUE(s.hasOutputWeights());
    EXPECT_EQ(s.embeddings.leftCols(8), before.embeddings);
    EXPECT_EQ(s.wq.topLeftCorner(8, 4), before.wq.leftCols(4));
    EXPECT_EQ(doc.stages().heads.size(), 2u);
    EXPECT_EQ(doc.stages().output.cols(), 12);
    doc.undoStack()->undo();
    EXPECT_EQ(doc.scene(), before);
}

TEST(SettingsPanel, SpinBoxEditsPushOneStepEach)
{
    Document doc;
    editortest::loadExampleInto(doc);
    SettingsPanel panel(&doc);
    EXPECT_TRUE(panel.keepDkTied()) << "8 = 8 / 1";
    auto boxes = panel.findChildren<QSpinBox *>();
    QSpinBox *heads = nullptr;
    for (QSpinBox *b : boxes)
        if (b->toolTip().contains(QStringLiteral("heads"), Qt::CaseInsensitive) && b->maximum() == 64)
            heads = b;
    ASSERT_NE(heads, nullptr);
    heads->setValue(2);
    EXPECT_EQ(doc.scene().heads, 2);
    EXPECT_EQ(doc.scene().dK, 4);
    EXPECT_EQ(doc.undoStack()->count(), 1);
    heads->setValue(3);
    EXPECT_EQ(doc.scene().heads, 2) << "8 does not divide into 3 heads";
    EXPECT_FALSE(panel.message().isEmpty());
    EXPECT_EQ(heads->value(), 2);
}

TEST(SettingsPanel, InvalidChangeIsRefusedWithAMessage)
{
    Document doc;
    editortest::loadExampleInto(doc);
    SettingsPanel panel(&doc);
    panel.setKeepDkTied(false);
    ASSERT_TRUE(panel.setDimensions(8, 1, 3));
    const core::Scene before = doc.scene();
    EXPECT_FALSE(panel.setPositional(core::PositionalEncoding::Rope)) << "RoPE needs an even d_k";
    EXPECT_TRUE(panel.message().contains(QStringLiteral("even")));
    EXPECT_EQ(doc.scene(), before);
}

TEST(SettingsPanel, ScaleMaskPositionalAndWeights)
{
    Document doc;
    editortest::loadExampleInto(doc);
    SettingsPanel panel(&doc);
    const core::Matrix scoresBefore = doc.stages().heads[0].scaled;
    ASSERT_TRUE(panel.setScale(core::ScaleKind::None, 1));
    EXPECT_TRUE(doc.stages().heads[0].scaled.isApprox(scoresBefore * std::sqrt(8.0f), 1e-4f));
    ASSERT_TRUE(panel.setScale(core::ScaleKind::Custom, 2));
    EXPECT_FLOAT_EQ(core::divisor(doc.scene()), 2.0f);
    ASSERT_TRUE(panel.setMask(core::MaskKind::Causal));
    EXPECT_EQ(doc.stages().heads[0].weights(0, 2), 0.0f);
    ASSERT_TRUE(panel.setPositional(core::PositionalEncoding::Sinusoidal));
    ASSERT_TRUE(panel.randomizeWeights(42));
    const core::Matrix wq = doc.scene().wq;
    ASSERT_TRUE(panel.identityWeights());
    EXPECT_EQ(doc.scene().wq, core::Matrix::Identity(8, 8));
    doc.undoStack()->undo();
    EXPECT_EQ(doc.scene().wq, wq);
    EXPECT_EQ(doc.undoStack()->count(), 6);
}

TEST(SettingsPanel, DirectModeSwitchKeepsTheWeights)
{
    Document doc;
    editortest::loadExampleInto(doc);
    const core::Matrix weights = doc.stages().heads[0].weights;
    SettingsPanel panel(&doc);
    ASSERT_TRUE(panel.setDirectMode(true));
    EXPECT_TRUE(doc.scene().direct);
    EXPECT_TRUE(doc.stages().heads[0].weights.isApprox(weights, 1e-5f));
    ASSERT_TRUE(panel.setDirectMode(false));
    EXPECT_FALSE(doc.scene().direct);
    EXPECT_TRUE(core::validate(doc.scene()).empty());
}

TEST(SettingsPanel, AGivenXOffersNoPositionalEncodingAndSaysWhy)
{
    Document doc;
    editortest::loadExampleInto(doc);
    SettingsPanel panel(&doc);
    auto *positional = panel.findChild<QComboBox *>(QStringLiteral("positional"));
    ASSERT_NE(positional, nullptr);
    EXPECT_TRUE(positional->isEnabled());
    const QString ordinaryTip = positional->toolTip();

    core::Scene layer = doc.scene();
    test::giveInputX(layer); // as a head taken from a real model
    doc.changeScene(layer, QStringLiteral("X"));
    EXPECT_FALSE(positional->isEnabled());
    EXPECT_NE(positional->toolTip(), ordinaryTip);
    EXPECT_TRUE(positional->toolTip().contains(QStringLiteral("X"))) << positional->toolTip().toStdString();

    doc.undoStack()->undo();
    EXPECT_TRUE(positional->isEnabled());
    EXPECT_EQ(positional->toolTip(), ordinaryTip);
}

TEST(SettingsPanel, EditedRowsSurviveAnotherSentenceAndRemoveUnusedRowsUndoes)
{
    Document doc;
    editortest::loadExampleInto(doc);
    doc.setCell(MatrixId::Embeddings, 1, 0, 1.3f); // the user's value for 吃
    const core::Scene edited = doc.scene();
    SettingsPanel panel(&doc);
    TokenBar bar(&doc);
    QPushButton *remove = nullptr;
    for (QPushButton *b : panel.findChildren<QPushButton *>())
        if (b->text() == QStringLiteral("Remove unused rows"))
            remove = b;
    ASSERT_NE(remove, nullptr);
    EXPECT_FALSE(remove->isEnabled()) << "every row is in use";
    EXPECT_FALSE(remove->toolTip().isEmpty());

    bar.setText(QStringLiteral("狗喝水"));
    ASSERT_TRUE(bar.commit());
    EXPECT_TRUE(remove->isEnabled());
    EXPECT_TRUE(remove->toolTip().contains(QStringLiteral("“吃”"))) << remove->toolTip().toStdString();
    bar.setText(QStringLiteral("猫吃鱼"));
    ASSERT_TRUE(bar.commit());
    EXPECT_EQ(doc.scene().embeddings.topRows(3), edited.embeddings);
    EXPECT_EQ(doc.stages().x, [&] {
        core::Pipeline p;
        return p.compute(edited).x;
    }());

    const core::Scene before = doc.scene();
    ASSERT_EQ(before.vocabulary.size(), 6u);
    remove->click();
    EXPECT_EQ(doc.scene().vocabulary, edited.vocabulary);
    EXPECT_FALSE(remove->isEnabled());
    EXPECT_FALSE(panel.removeUnusedRows()) << "nothing left to remove";
    doc.undo();
    EXPECT_EQ(doc.scene(), before);
    EXPECT_TRUE(remove->isEnabled());
}
