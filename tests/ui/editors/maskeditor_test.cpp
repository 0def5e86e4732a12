#include "core/scene/sceneedits.h"
#include "editortestutil.h"
#include "ui/editors/maskeditor.h"

#include <QImage>
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

namespace {
// The pixels of the grid painted in the fill of a visible cell.
int visibleFillPixels(MaskEditor &editor)
{
    QWidget *grid = editor.findChild<QScrollArea *>()->widget();
    grid->resize(grid->sizeHint());
    const QImage image = grid->grab().toImage();
    int count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            count += image.pixelColor(x, y) == QColor(232, 238, 247);
    return count;
}
} // namespace

// A sliding window hides keys the mask lets through: the grid draws them hidden (apart from the
// mask's own), the status says so, and a cell's state tells the two apart.
TEST(MaskEditor, ShowsTheKeysTheSlidingWindowHides)
{
    Document doc;
    editortest::loadExampleInto(doc, "causal-vs-full");
    ASSERT_EQ(doc.scene().tokenCount(), 4);
    MaskEditor editor(&doc);
    const int causal = visibleFillPixels(editor);
    ASSERT_GT(causal, 0);
    core::Scene scene = doc.scene();
    scene.variants.slidingWindow = 2;
    doc.load(scene);
    // 7 of the causal mask's 10 visible cells stay visible.
    const double share = double(visibleFillPixels(editor)) / causal;
    EXPECT_NEAR(share, 0.7, 0.05);
    // "2 keys" under the English translator's plural forms, "2 key(s)" without one (as in this test).
    EXPECT_TRUE(editor.message().contains(QStringLiteral("sliding window of 2 key"))) << editor.message().toStdString();
    EXPECT_EQ(MaskEditor::cellState(doc.scene(), 3, 0), MaskEditor::Cell::OutsideWindow);
    EXPECT_EQ(MaskEditor::cellState(doc.scene(), 3, 2), MaskEditor::Cell::Visible);
    EXPECT_EQ(MaskEditor::cellState(doc.scene(), 0, 3), MaskEditor::Cell::Masked);
}
