// Undo follows the room in front: the main window's QUndoGroup holds the scene's and the model's
// histories, so Ctrl+Z and the Edit menu undo the last edit of the room the user sees, never the
// other room's.
#include "../mainwindow/mainwindowfixture.h"
#include "modelroomfixture.h"
#include "ui/board/pipelineboard.h"
#include "ui/board/presentationmode.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/mainwindow/workspaces.h"
#include "ui/model/modelgridview.h"
#include "ui/model/modelroom.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::TinyFolder;
using attnlab::test::waitComputed;

namespace {

struct RoomUndo : test::MainWindowFixture {
    // A window in front with a tiny GPT-2 opened in the model room.
    void open(MainWindow &window, const TinyFolder &folder)
    {
        window.modelActions()->setQuiet(true);
        window.show();
        window.activateWindow();
        ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
        window.openModel(folder.path(), QStringLiteral("the cat sat"));
        ASSERT_TRUE(waitComputed(window.modelActions()->session()));
        ASSERT_EQ(window.workspaces()->current(), Workspaces::Workspace::Model);
        // On a loaded machine the load outlasts half a second and its progress dialog takes the
        // activation, which the offscreen platform does not hand back: shortcuts need it.
        window.activateWindow();
        ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    }
};

// Edit → Undo, as the menu shows it.
QAction *editUndo(MainWindow &window)
{
    for (QAction *menu : window.menuBar()->actions())
        if (menu->menu())
            for (QAction *a : menu->menu()->actions())
                if (a->shortcuts().contains(QKeySequence(QKeySequence::Undo)))
                    return a;
    return nullptr;
}

} // namespace

TEST_F(RoomUndo, CtrlZUndoesTheLastEditOfTheRoomInFrontAndNotTheOthers)
{
    TinyFolder folder(false);
    MainWindow window(&document);
    open(window, folder);
    ModelSession *session = window.modelActions()->session();
    ModelGridView *grid = window.modelActions()->room()->grid();

    // The model room: switch a head off with Ctrl+click.
    QTest::mouseClick(grid, Qt::LeftButton, Qt::ControlModifier, grid->cellRect(1, 0).center());
    ASSERT_TRUE(session->isAblated(1, 0));
    ASSERT_TRUE(waitComputed(session));
    window.activateWindow(); // as in open(): a slow recompute's progress may have taken it
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));

    // The scene room: a weight edited after the ablation.
    window.workspaces()->sceneAction()->trigger();
    const core::Scalar weight = document.scene().wq(0, 0);
    document.setCell(MatrixId::WQ, 0, 0, weight + 0.5f);
    document.flush();

    // Ctrl+Z on the board undoes the weight, not the ablation made in the model room.
    QTest::keyClick(window.board(), Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(document.scene().wq(0, 0), weight);
    EXPECT_TRUE(session->isAblated(1, 0));
    // Again: nothing left in the scene's history, and the model's stays.
    QTest::keyClick(window.board(), Qt::Key_Z, Qt::ControlModifier);
    EXPECT_TRUE(session->isAblated(1, 0));
    EXPECT_EQ(document.undoStack()->index(), 0);

    // Redo the weight, then go to the model: Ctrl+Z there switches the head back on and leaves
    // the weight alone, wherever the focus is in the room.
    QTest::keyClick(window.board(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(document.scene().wq(0, 0), weight + 0.5f);
    window.workspaces()->modelAction()->trigger();
    QTest::keyClick(grid, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_FALSE(session->isAblated(1, 0));
    EXPECT_EQ(document.scene().wq(0, 0), weight + 0.5f);
    ASSERT_TRUE(waitComputed(session));
    QTest::keyClick(window.modelActions()->room(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_TRUE(session->isAblated(1, 0));
    ASSERT_TRUE(waitComputed(session));
}

TEST_F(RoomUndo, SwitchingRoomsSwitchesTheEditMenusUndoText)
{
    TinyFolder folder(false);
    MainWindow window(&document);
    open(window, folder);
    QAction *undo = editUndo(window);
    ASSERT_NE(undo, nullptr);
    EXPECT_EQ(undo->text(), QStringLiteral("&Undo"));
    EXPECT_FALSE(undo->isEnabled());

    window.modelActions()->session()->toggleAblation(0, 1);
    EXPECT_EQ(undo->text(), QStringLiteral("&Undo Switch off head 1.2"));
    EXPECT_TRUE(undo->isEnabled());

    window.workspaces()->sceneAction()->trigger();
    EXPECT_EQ(undo->text(), QStringLiteral("&Undo"));
    EXPECT_FALSE(undo->isEnabled());
    document.setCell(MatrixId::WQ, 0, 0, 0.75f);
    EXPECT_EQ(undo->text(), QStringLiteral("&Undo Set W_Q[0][0] to 0.75"));

    window.workspaces()->modelAction()->trigger();
    EXPECT_EQ(undo->text(), QStringLiteral("&Undo Switch off head 1.2"));
    // Presentation mode shows the board, so the scene's history is the one in front.
    window.presentation()->setActive(true);
    EXPECT_EQ(undo->text(), QStringLiteral("&Undo Set W_Q[0][0] to 0.75"));
    window.presentation()->setActive(false);
    EXPECT_EQ(undo->text(), QStringLiteral("&Undo Switch off head 1.2"));
    ASSERT_TRUE(waitComputed(window.modelActions()->session()));
}

TEST_F(RoomUndo, WhileTheBoardShowsAModelHeadCtrlZUndoesTheModelsWeightEdit)
{
    TinyFolder folder(false);
    MainWindow window(&document);
    open(window, folder);
    ModelSession *session = window.modelActions()->session();
    ASSERT_TRUE(window.modelActions()->room()->openOnBoard());
    ASSERT_EQ(window.workspaces()->current(), Workspaces::Workspace::Scene);

    // The board is linked: its weight edit is the model's, and Edit → Undo names it.
    const core::Scalar weight = document.scene().wq(0, 0);
    document.setCell(MatrixId::WQ, 0, 0, weight + 0.5f);
    EXPECT_EQ(session->undoStack()->count(), 1);
    EXPECT_EQ(document.undoStack()->count(), 0);
    QAction *undo = editUndo(window);
    ASSERT_NE(undo, nullptr);
    EXPECT_TRUE(undo->isEnabled());
    EXPECT_TRUE(undo->text().contains(QStringLiteral("W_Q[0][0] of head 1.1"))) << undo->text().toStdString();
    ASSERT_TRUE(waitComputed(session));
    window.activateWindow(); // as in open(): a slow recompute's progress may have taken it
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(window.board(), Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(session->undoStack()->index(), 0);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return !session->isBusy() && session->isComputed() && document.scene().wq(0, 0) == weight; }, 10000));

    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    // An edit of X unlinks the board: Ctrl+Z undoes the scene's own edit again.
    document.setCell(MatrixId::X, 0, 0, document.scene().x(0, 0) + 1.0f);
    EXPECT_EQ(document.link(), nullptr);
    EXPECT_EQ(document.undoStack()->count(), 1);
    QTest::keyClick(window.board(), Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(document.undoStack()->index(), 0);
    EXPECT_EQ(session->undoStack()->index(), 0);
}
