#include "core/json/matrixfile.h"
#include "core/scene/sceneedits.h"
#include "editortestutil.h"
#include "testutil.h"
#include "ui/editors/matrixeditordock.h"
#include "ui/editors/matrixtableview.h"

#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QLineEdit>
#include <QMouseEvent>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QWheelEvent>

#include <random>

using namespace attnlab;
using namespace attnlab::ui;

namespace {

void sendMouse(QWidget *target, QEvent::Type type, QPoint pos, Qt::MouseButtons buttons,
    Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    const Qt::MouseButton button = type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton;
    QMouseEvent event(type, QPointF(pos), target->mapToGlobal(QPointF(pos)), button, buttons, modifiers);
    QApplication::sendEvent(target, &event);
}

} // namespace

TEST(MatrixEditorDock, TabsFollowHeadsAndDirectMode)
{
    Document doc;
    editortest::loadExampleInto(doc);
    MatrixEditorDock dock(&doc);
    EXPECT_EQ(
        dock.matrices(), (std::vector<MatrixId> {MatrixId::Embeddings, MatrixId::WQ, MatrixId::WK, MatrixId::WV}));
    doc.changeScene(core::edits::withDimensions(doc.scene(), 8, 2, 4), QStringLiteral("heads"));
    EXPECT_NE(dock.view(MatrixId::WO), nullptr);
    doc.changeScene(core::edits::toDirectMode(doc.scene(), 0), QStringLiteral("direct"));
    EXPECT_EQ(dock.matrices(), (std::vector<MatrixId> {MatrixId::DirectQ, MatrixId::DirectK, MatrixId::DirectV}));
    doc.undoStack()->undo();
    EXPECT_NE(dock.view(MatrixId::WO), nullptr);
}

TEST(MatrixEditorDock, AGivenXAndTheBiasesHaveTabsAndEditLikeAnyMatrix)
{
    Document doc;
    editortest::loadExampleInto(doc, "multi-head"); // 2 heads: W_O and b_O too
    core::Scene layer = doc.scene();
    std::mt19937 rng(7);
    test::addBiases(rng, layer);
    test::giveInputX(layer); // as a head taken from a real model
    doc.load(layer);
    MatrixEditorDock dock(&doc);
    EXPECT_EQ(dock.matrices(),
        (std::vector<MatrixId> {MatrixId::X, MatrixId::WQ, MatrixId::WK, MatrixId::WV, MatrixId::WO, MatrixId::BQ,
            MatrixId::BK, MatrixId::BV, MatrixId::BO}));

    // X: one row per token, labelled with it.
    MatrixTableView *x = dock.view(MatrixId::X);
    ASSERT_NE(x, nullptr);
    EXPECT_EQ(x->model()->rowCount(), layer.tokenCount());
    EXPECT_EQ(x->model()->columnCount(), layer.dModel);
    EXPECT_TRUE(x->model()->headerData(1, Qt::Vertical).toString().contains(QString::fromStdString(layer.tokens[1])));
    ASSERT_TRUE(x->model()->setData(x->model()->index(1, 2), 0.75, Qt::EditRole));
    EXPECT_EQ(doc.scene().x(1, 2), 0.75f);
    const core::Matrix q0 = doc.stages().heads.at(0).q;
    const core::Matrix expectedQ0
        = (doc.scene().x * doc.scene().wq).leftCols(layer.dK).rowwise() + doc.scene().bq.head(layer.dK);
    EXPECT_MATRIX_NEAR(q0, expectedQ0, 1e-5);

    // b_Q: one row of heads·d_k values; an entry moves that column of Q for every token.
    MatrixTableView *bq = dock.view(MatrixId::BQ);
    ASSERT_NE(bq, nullptr);
    EXPECT_EQ(bq->model()->rowCount(), 1);
    EXPECT_EQ(bq->model()->columnCount(), layer.heads * layer.dK);
    const int column = layer.dK; // the first column of head 2
    const float before = doc.scene().bq[column];
    const core::Matrix q1Before = doc.stages().heads.at(1).q;
    ASSERT_TRUE(bq->model()->setData(bq->model()->index(0, column), double(before) + 1.0, Qt::EditRole));
    const core::Matrix &q1 = doc.stages().heads.at(1).q;
    EXPECT_MATRIX_NEAR(q1.col(0), (q1Before.col(0).array() + 1.f).matrix(), 1e-5);
    EXPECT_MATRIX_NEAR(q1.rightCols(q1.cols() - 1), q1Before.rightCols(q1.cols() - 1), 1e-6);

    // b_O moves the output, then each edit undoes as one step, back to the loaded scene.
    MatrixTableView *bo = dock.view(MatrixId::BO);
    ASSERT_NE(bo, nullptr);
    const core::Matrix outBefore = doc.stages().output;
    ASSERT_TRUE(bo->model()->setData(bo->model()->index(0, 0), double(doc.scene().bo[0]) - 2.0, Qt::EditRole));
    EXPECT_MATRIX_NEAR(doc.stages().output.col(0), (outBefore.col(0).array() - 2.f).matrix(), 1e-5);
    for (int i = 0; i < 3; ++i)
        doc.undoStack()->undo();
    EXPECT_EQ(doc.scene(), layer);
    EXPECT_FALSE(doc.undoStack()->canUndo());
}

TEST(MatrixEditorDock, DraggingACellScrubsItAsOneUndoStep)
{
    Document doc;
    editortest::loadExampleInto(doc);
    const core::Scene before = doc.scene();
    MatrixEditorDock dock(&doc);
    dock.resize(600, 400);
    MatrixTableView *view = dock.view(MatrixId::WQ);
    ASSERT_NE(view, nullptr);
    view->resize(560, 360);
    const QModelIndex cell = view->model()->index(1, 1);
    const QPoint start = view->visualRect(cell).center();
    QWidget *vp = view->viewport();

    sendMouse(vp, QEvent::MouseButtonPress, start, Qt::LeftButton);
    for (int dx = 5; dx <= 30; dx += 5)
        sendMouse(vp, QEvent::MouseMove, start + QPoint(dx, 0), Qt::LeftButton);
    sendMouse(vp, QEvent::MouseButtonRelease, start + QPoint(30, 0), Qt::NoButton);

    EXPECT_NEAR(doc.scene().wq(1, 1), before.wq(1, 1) + 0.30f, 1e-4f);
    EXPECT_EQ(doc.undoStack()->count(), 1);
    EXPECT_TRUE(doc.undoStack()->canUndo());

    // A second drag of the same cell is a history entry of its own.
    const core::Scene afterFirst = doc.scene();
    sendMouse(vp, QEvent::MouseButtonPress, start, Qt::LeftButton);
    sendMouse(vp, QEvent::MouseMove, start + QPoint(-20, 0), Qt::LeftButton, Qt::ShiftModifier);
    sendMouse(vp, QEvent::MouseButtonRelease, start + QPoint(-20, 0), Qt::NoButton);
    EXPECT_NEAR(doc.scene().wq(1, 1), afterFirst.wq(1, 1) - 2.0f, 1e-4f);
    EXPECT_EQ(doc.undoStack()->count(), 2);
    doc.undoStack()->undo();
    EXPECT_EQ(doc.scene(), afterFirst);
    doc.undoStack()->undo();
    EXPECT_EQ(doc.scene(), before);
}

TEST(MatrixEditorDock, WheelScrubsOnlyTheSelectedCell)
{
    Document doc;
    editortest::loadExampleInto(doc);
    const core::Scene before = doc.scene();
    MatrixEditorDock dock(&doc);
    MatrixTableView *view = dock.view(MatrixId::Embeddings);
    view->resize(560, 300);
    const QModelIndex cell = view->model()->index(0, 0);
    const QPoint pos = view->visualRect(cell).center();
    const auto wheel = [&](int delta, Qt::KeyboardModifiers mods) {
        QWheelEvent event(QPointF(pos), view->viewport()->mapToGlobal(QPointF(pos)), QPoint(), QPoint(0, delta),
            Qt::NoButton, mods, Qt::NoScrollPhase, false);
        QApplication::sendEvent(view->viewport(), &event);
    };
    wheel(120, Qt::NoModifier);
    EXPECT_EQ(doc.scene(), before) << "the cell was not selected";
    view->setCurrentIndex(cell);
    wheel(120, Qt::NoModifier);
    wheel(120, Qt::NoModifier);
    wheel(120, Qt::ShiftModifier);
    EXPECT_NEAR(doc.scene().embeddings(0, 0), before.embeddings(0, 0) + 0.1f + 0.1f + 1.0f, 1e-4f);
    EXPECT_EQ(doc.undoStack()->count(), 1);
}

TEST(MatrixEditorDock, RefusedInputIsShownInTheDock)
{
    Document doc;
    editortest::loadExampleInto(doc);
    MatrixEditorDock dock(&doc);
    MatrixTableView *view = dock.view(MatrixId::WK);
    view->model()->setData(view->model()->index(0, 0), QStringLiteral("zebra"));
    EXPECT_TRUE(dock.message().contains(QStringLiteral("zebra")));
}

TEST(MatrixEditorDock, TheErrorLineShowsOnlyTheCurrentErrorAndEscClearsIt)
{
    Document doc;
    editortest::loadExampleInto(doc);
    MatrixEditorDock dock(&doc);
    dock.resize(600, 400);
    dock.show();
    MatrixTableView *view = dock.view(MatrixId::Embeddings);
    const QString hint = dock.message();
    const QModelIndex cell = view->model()->index(0, 0);
    const auto typeInto = [&](const QString &text) {
        view->setCurrentIndex(cell);
        view->edit(cell);
        auto *editor = qobject_cast<QLineEdit *>(view->indexWidget(cell));
        if (!editor)
            editor = view->viewport()->findChild<QLineEdit *>();
        EXPECT_NE(editor, nullptr);
        if (editor) {
            editor->clear();
            QTest::keyClicks(editor, text);
        }
        return editor;
    };
    // A refused commit, then a second, different mistake: the line names the second only.
    QLineEdit *editor = typeInto(QStringLiteral("zebra"));
    ASSERT_NE(editor, nullptr);
    EXPECT_TRUE(dock.message().contains(QStringLiteral("zebra"))) << dock.message().toStdString();
    QTest::keyClick(editor, Qt::Key_Return);
    EXPECT_TRUE(dock.message().contains(QStringLiteral("zebra"))) << dock.message().toStdString();
    editor = typeInto(QStringLiteral("2e9"));
    ASSERT_NE(editor, nullptr);
    EXPECT_FALSE(dock.message().contains(QStringLiteral("zebra"))) << dock.message().toStdString();
    EXPECT_TRUE(dock.message().contains(QStringLiteral("1000000"))) << dock.message().toStdString();
    // Esc drops the text and the error with it.
    QTest::keyClick(editor, Qt::Key_Escape);
    EXPECT_EQ(dock.message(), hint);
    // A refusal that outlived its editor goes with Esc in the table.
    view->model()->setData(cell, QStringLiteral("zebra"));
    ASSERT_TRUE(dock.message().contains(QStringLiteral("zebra")));
    QTest::keyClick(view, Qt::Key_Escape);
    EXPECT_EQ(dock.message(), hint);
}

TEST(MatrixEditorDock, CopyAndPasteACellRangeAsTabSeparatedTextInOneUndoStep)
{
    Document doc;
    editortest::loadExampleInto(doc);
    MatrixEditorDock dock(&doc);
    MatrixTableView *view = dock.view(MatrixId::WQ);
    ASSERT_NE(view, nullptr);
    const core::Matrix before = doc.scene().wq;
    // Copy rows 1–2, columns 2–3.
    view->selectionModel()->select(
        QItemSelection(view->model()->index(1, 2), view->model()->index(2, 3)), QItemSelectionModel::ClearAndSelect);
    view->copySelection();
    const QString copied = QApplication::clipboard()->text();
    EXPECT_EQ(copied.count(QLatin1Char('\n')), 2);
    EXPECT_EQ(copied.count(QLatin1Char('\t')), 2);
    // Paste them at row 0, column 0.
    view->selectionModel()->select(view->model()->index(0, 0), QItemSelectionModel::ClearAndSelect);
    const int steps = doc.undoStack()->count();
    ASSERT_TRUE(view->paste(copied));
    EXPECT_EQ(doc.undoStack()->count(), steps + 1);
    EXPECT_EQ(doc.scene().wq.block(0, 0, 2, 2), before.block(1, 2, 2, 2));
    EXPECT_EQ(doc.scene().wq(3, 3), before(3, 3));
    doc.undoStack()->undo();
    EXPECT_EQ(doc.scene().wq, before);
}

TEST(MatrixEditorDock, APasteThatDoesNotFitIsRefusedWithTheShapes)
{
    Document doc;
    editortest::loadExampleInto(doc);
    MatrixEditorDock dock(&doc);
    MatrixTableView *view = dock.view(MatrixId::WK);
    const core::Scene before = doc.scene();
    view->selectionModel()->select(view->model()->index(7, 7), QItemSelectionModel::ClearAndSelect);
    EXPECT_FALSE(view->paste(QStringLiteral("1\t2\n3\t4\n")));
    EXPECT_EQ(doc.scene(), before);
    EXPECT_TRUE(dock.message().contains(QStringLiteral("2 × 2"))) << dock.message().toStdString();
    EXPECT_TRUE(dock.message().contains(QStringLiteral("8 × 8"))) << dock.message().toStdString();
    EXPECT_FALSE(view->paste(QStringLiteral("1\tx\n")));
    EXPECT_TRUE(dock.message().contains(QStringLiteral("\"x\""))) << dock.message().toStdString();
    // One value fills the selection.
    view->selectionModel()->select(
        QItemSelection(view->model()->index(0, 0), view->model()->index(1, 1)), QItemSelectionModel::ClearAndSelect);
    ASSERT_TRUE(view->paste(QStringLiteral("0.5")));
    EXPECT_EQ(doc.scene().wk.block(0, 0, 2, 2), core::Matrix::Constant(2, 2, 0.5f));
}

TEST(MatrixEditorDock, ImportsCsvAndNpyOfTheRightShapeOnly)
{
    Document doc;
    editortest::loadExampleInto(doc);
    MatrixEditorDock dock(&doc);
    dock.setCurrentMatrix(MatrixId::WV);
    QTemporaryDir dir;
    const core::Matrix wanted = core::Matrix::Constant(8, 8, 0.25f);
    const QString npy = dir.filePath(QStringLiteral("w.npy"));
    {
        QFile f(npy);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        const std::string bytes = core::matrixToNpy(wanted);
        f.write(bytes.data(), qint64(bytes.size()));
    }
    const int steps = doc.undoStack()->count();
    ASSERT_TRUE(dock.importMatrix(npy)) << dock.message().toStdString();
    EXPECT_EQ(doc.scene().wv, wanted);
    EXPECT_EQ(doc.undoStack()->count(), steps + 1);
    const QString csv = dir.filePath(QStringLiteral("small.csv"));
    {
        QFile f(csv);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("1,2\n3,4\n");
    }
    EXPECT_FALSE(dock.importMatrix(csv));
    EXPECT_TRUE(dock.message().contains(QStringLiteral("2 × 2"))) << dock.message().toStdString();
    EXPECT_EQ(doc.scene().wv, wanted);
    EXPECT_FALSE(dock.importMatrix(dir.filePath(QStringLiteral("missing.npy"))));
    EXPECT_TRUE(dock.message().contains(QStringLiteral("missing.npy")));
}
