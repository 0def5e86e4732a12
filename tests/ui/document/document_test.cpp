// The Document: batched recomputes, undo round trips, and refusal of unusable values.
#include "core/scene/pipeline.h"
#include "ui/document/document.h"

#include "testutil.h"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QUndoCommand>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>

using namespace attnlab;
using namespace attnlab::ui;

namespace {

// An undo command written outside ui/document with nothing but the Document's public API, as
// every undo command of the app is (no friend access).
class PublicCellCommand : public QUndoCommand {
public:
    PublicCellCommand(Document *doc, core::Scalar before, core::Scalar after)
        : m_doc(doc)
        , m_before(before)
        , m_after(after)
    {
    }
    void redo() override { held = m_doc->applyCell(MatrixId::WQ, 0, 0, m_after); }
    void undo() override { held = m_doc->applyCell(MatrixId::WQ, 0, 0, m_before); }
    bool held = false;

private:
    Document *m_doc;
    core::Scalar m_before, m_after;
};

} // namespace

TEST(DocumentTest, ABurstOfEditsCausesOneRecomputeEqualToAFullOne)
{
    std::mt19937 rng(5);
    Document doc;
    doc.load(test::randomScene(rng, 6, 8, 2, 4));
    QSignalSpy recomputed(&doc, &Document::stagesChanged);
    doc.setCell(MatrixId::WQ, 1, 2, 0.5f);
    doc.setCell(MatrixId::WK, 3, 6, -0.25f);
    doc.setCell(MatrixId::WV, 0, 1, 1.5f);
    doc.setCell(MatrixId::Embeddings, 2, 3, 0.75f);
    EXPECT_EQ(recomputed.count(), 0); // batched until the event loop turns
    doc.flush();
    EXPECT_EQ(recomputed.count(), 1);
    core::Pipeline full;
    full.compute(doc.scene());
    for (int j = 0; j < 2; ++j)
        EXPECT_LE(test::maxDiff(doc.stages().heads[size_t(j)].weights, full.stages().heads[size_t(j)].weights), 1e-5);
    EXPECT_LE(test::maxDiff(doc.stages().output, full.stages().output), 1e-4);
}

TEST(DocumentTest, UndoAndRedoRestoreTheSceneAndTheStagesExactly)
{
    std::mt19937 rng(6);
    Document doc;
    doc.load(test::randomScene(rng, 4, 6, 1, 3));
    const core::Scene before = doc.scene();
    const core::Matrix weightsBefore = doc.stages().heads[0].weights;
    QSignalSpy modified(&doc, &Document::modifiedChanged);
    doc.setCell(MatrixId::WQ, 0, 0, 3.f);
    doc.flush();
    EXPECT_TRUE(doc.isModified());
    EXPECT_NE(doc.stages().heads[0].weights, weightsBefore);
    doc.undoStack()->undo();
    doc.flush();
    EXPECT_TRUE(doc.scene() == before);
    EXPECT_EQ(doc.stages().heads[0].weights, weightsBefore);
    EXPECT_FALSE(doc.isModified());
    EXPECT_GE(modified.count(), 2);
    doc.undoStack()->redo();
    EXPECT_FLOAT_EQ(doc.scene().wq(0, 0), 3.f);
}

TEST(DocumentTest, ScrubStepsOnOneCellMergeIntoOneHistoryEntry)
{
    std::mt19937 rng(7);
    Document doc;
    doc.load(test::randomScene(rng, 3, 4, 1, 2));
    for (int i = 1; i <= 10; ++i)
        doc.setCell(MatrixId::WV, 1, 1, 0.1f * float(i), true);
    EXPECT_EQ(doc.undoStack()->count(), 1);
    EXPECT_FLOAT_EQ(doc.scene().wv(1, 1), 1.0f);
}

TEST(DocumentTest, NonFiniteOrHugeValuesNeverReachTheScene)
{
    std::mt19937 rng(8);
    Document doc;
    doc.load(test::randomScene(rng, 3, 4, 1, 2));
    const core::Scene before = doc.scene();
    doc.setCell(MatrixId::WQ, 0, 0, std::numeric_limits<float>::quiet_NaN());
    doc.setCell(MatrixId::WQ, 0, 0, std::numeric_limits<float>::infinity());
    doc.setCell(MatrixId::WQ, 0, 0, 1e9f);
    EXPECT_TRUE(doc.scene() == before);
    EXPECT_EQ(doc.undoStack()->count(), 0);
}

TEST(DocumentTest, ScrubbingBackToTheStartingValueLeavesNoHistoryEntry)
{
    std::mt19937 rng(11);
    Document doc;
    doc.load(test::randomScene(rng, 3, 4, 1, 4));
    const core::Scalar start = doc.scene().wq(0, 0);
    doc.setCell(MatrixId::WQ, 0, 0, start + 1, true);
    doc.setCell(MatrixId::WQ, 0, 0, start + 2, true);
    EXPECT_EQ(doc.undoStack()->count(), 1);
    doc.setCell(MatrixId::WQ, 0, 0, start, true);
    EXPECT_EQ(doc.undoStack()->count(), 0);
    EXPECT_EQ(doc.scene().wq(0, 0), start);
    EXPECT_FALSE(doc.isModified());
}

TEST(DocumentTest, StepsOfOneControlMergeAndStepsOfAnotherDoNot)
{
    std::mt19937 rng(12);
    Document doc;
    const core::Scene start = test::randomScene(rng, 3, 4, 1, 4);
    doc.load(start);
    auto withDivisor = [&](float d) {
        core::Scene s = doc.scene();
        s.scale = core::ScaleKind::Custom;
        s.customDivisor = d;
        return s;
    };
    core::Edit scale;
    scale.target = core::Edit::Target::Scale;
    doc.changeScene(withDivisor(2), QStringLiteral("divisor 2"), scale, CommandId::Divisor);
    doc.changeScene(withDivisor(3), QStringLiteral("divisor 3"), scale, CommandId::Divisor);
    ASSERT_EQ(doc.undoStack()->count(), 1);
    EXPECT_EQ(doc.undoStack()->text(0), QStringLiteral("divisor 3"));
    // Another control starts its own entry.
    core::Scene other = doc.scene();
    other.title = "renamed";
    doc.changeScene(other, QStringLiteral("rename"), {}, CommandId::None);
    EXPECT_EQ(doc.undoStack()->count(), 2);
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    EXPECT_EQ(doc.scene(), start);
}

TEST(DocumentTest, ASpinBoxSteppedBackToItsStartLeavesNoHistoryEntry)
{
    std::mt19937 rng(13);
    Document doc;
    const core::Scene start = test::randomScene(rng, 3, 4, 1, 4);
    doc.load(start);
    core::Scene changed = start;
    changed.customDivisor = 5;
    changed.scale = core::ScaleKind::Custom;
    core::Edit scale;
    scale.target = core::Edit::Target::Scale;
    doc.changeScene(changed, QStringLiteral("divisor 5"), scale, CommandId::Divisor);
    doc.changeScene(start, QStringLiteral("back"), scale, CommandId::Divisor);
    EXPECT_EQ(doc.undoStack()->count(), 0);
    EXPECT_EQ(doc.scene(), start);
}

TEST(DocumentTest, UndoCommandsApplyThroughThePublicApiAndLearnWhetherTheEditHeld)
{
    std::mt19937 rng(14);
    Document doc;
    doc.load(test::randomScene(rng, 3, 4, 1, 4));
    const core::Scalar start = doc.scene().wq(0, 0);
    auto *command = new PublicCellCommand(&doc, start, 2.5f);
    doc.undoStack()->push(command);
    EXPECT_TRUE(command->held);
    EXPECT_EQ(doc.scene().wq(0, 0), 2.5f);
    doc.undo();
    doc.flush();
    EXPECT_TRUE(command->held);
    EXPECT_EQ(doc.scene().wq(0, 0), start);

    // A view that throws on seeing 7: the Document rolls back, and the apply functions say so.
    QObject::connect(&doc, &Document::sceneChanged, &doc, [&doc] {
        if (doc.scene().wq(0, 0) == 7.f)
            throw std::runtime_error("a view failed");
    });
    QSignalSpy failed(&doc, &Document::editFailed);
    EXPECT_FALSE(doc.applyCell(MatrixId::WQ, 0, 0, 7.f));
    EXPECT_EQ(doc.scene().wq(0, 0), start);
    core::Scene seven = doc.scene();
    seven.wq(0, 0) = 7.f;
    EXPECT_FALSE(doc.applyScene(seven, {}));
    EXPECT_EQ(doc.scene().wq(0, 0), start);
    EXPECT_EQ(failed.count(), 2);
    EXPECT_TRUE(doc.applyCell(MatrixId::WQ, 0, 0, 1.5f));
    EXPECT_EQ(doc.scene().wq(0, 0), 1.5f);
    QCoreApplication::processEvents(); // the history is checked against the scene on the next turn
    // SetCellCommand learns it the same way and leaves no history entry for the failed edit.
    doc.redo();
    doc.flush();
    EXPECT_EQ(doc.scene().wq(0, 0), 2.5f);
    doc.setCell(MatrixId::WQ, 0, 0, 7.f);
    EXPECT_EQ(failed.count(), 3);
    EXPECT_EQ(doc.undoStack()->count(), 1);
    EXPECT_EQ(doc.undoStack()->index(), 1);
    EXPECT_EQ(doc.scene().wq(0, 0), 2.5f);
}
