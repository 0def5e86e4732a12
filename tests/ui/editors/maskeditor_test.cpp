#include "core/scene/sceneedits.h"
#include "editortestutil.h"
#include "ui/editors/maskeditor.h"

#include <QScrollArea>
#include <QUndoStack>

using namespace attnlab;
using namespace attnlab::ui;

TEST(MaskEditor, ToggleHidesAKeyAndChangesTheWeights)
{
    Document doc;
    editortest::loadExampleInto(doc);
    const core::Scene before = doc.scene();
    const core::Matrix weightsBefore = doc.stages().heads[0].weights;
    MaskEditor editor(&doc);
    editor.toggle(0, 2);
    EXPECT_EQ(doc.scene().mask, core::MaskKind::Custom);
    EXPECT_EQ(doc.scene().customMask(0, 2), 0);
    EXPECT_EQ(doc.stages().heads[0].weights(0, 2), 0.0f);
    EXPECT_GT(weightsBefore(0, 2), 0.0f);
    EXPECT_NEAR(doc.stages().heads[0].weights.row(0).sum(), 1.0f, 1e-5f);
    EXPECT_EQ(doc.undoStack()->count(), 1);

    editor.toggle(0, 2);
    EXPECT_EQ(doc.scene().customMask(0, 2), 1);
    EXPECT_EQ(doc.undoStack()->count(), 2);
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    EXPECT_EQ(doc.scene(), before);
    EXPECT_EQ(doc.stages().heads[0].weights, weightsBefore);
}

TEST(MaskEditor, Presets)
{
    Document doc;
    editortest::loadExampleInto(doc);
    MaskEditor editor(&doc);
    editor.applyCausal();
    EXPECT_EQ(doc.scene().mask, core::MaskKind::Causal);
    EXPECT_EQ(doc.stages().heads[0].weights(0, 1), 0.0f);
    editor.applyPadding(1);
    EXPECT_EQ(doc.scene().mask, core::MaskKind::Custom);
    EXPECT_EQ(doc.stages().heads[0].weights(1, 2), 0.0f);
    EXPECT_GT(doc.stages().heads[0].weights(1, 0), 0.0f);
    editor.applyNone();
    EXPECT_EQ(doc.scene().mask, core::MaskKind::None);
    EXPECT_EQ(doc.undoStack()->count(), 3);
}

TEST(MaskEditor, ReportsRowsThatSeeNoKey)
{
    Document doc;
    editortest::loadExampleInto(doc);
    MaskEditor editor(&doc);
    editor.toggle(1, 0);
    editor.toggle(1, 1);
    EXPECT_FALSE(editor.message().contains(QStringLiteral("1")));
    editor.toggle(1, 2);
    EXPECT_TRUE(editor.message().contains(QStringLiteral("1")));
    EXPECT_EQ(doc.stages().heads[0].weights.row(1).sum(), 0.0f);
}

TEST(MaskEditor, ChineseColumnLabelsStayUpright)
{
    EXPECT_EQ(MaskEditor::stackedColumnLabel(QStringLiteral("0 猫")), (QStringList {"0", "猫"}));
    EXPECT_EQ(MaskEditor::stackedColumnLabel(QStringLiteral("12 注意力")), (QStringList {"12", "注", "意", "力"}));
    EXPECT_EQ(MaskEditor::stackedColumnLabel(QStringLiteral("3 GPT模型")), (QStringList {"3", "GPT", "模", "型"}));
    EXPECT_TRUE(MaskEditor::stackedColumnLabel(QStringLiteral("1 cat")).isEmpty()) << "Latin labels turn sideways";

    // The grid leaves room above the columns for the stacked labels: "0 注意力机制" is six lines.
    Document doc;
    editortest::loadExampleInto(doc);
    doc.load(core::edits::withTokens(doc.scene(), {"注意力机制", "猫"}));
    MaskEditor editor(&doc);
    auto *grid = editor.findChild<QScrollArea *>()->widget();
    const int lines = grid->fontMetrics().height();
    EXPECT_EQ(grid->sizeHint().height() - 2 * 30 - 2, 6 * lines + 8);
}
