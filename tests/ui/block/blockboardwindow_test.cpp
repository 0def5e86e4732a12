// The block board as a teacher meets it in its own window: at the size it opens with on a
// 1280 × 720 screen every card's title is whole and its heatmap (with the colour scale's numbers)
// lies inside the card; a weight edited there is undone there (the main window's Ctrl+Z does not
// reach another window), and the prediction's old → new is there beside the weights.
#include "../model/modelroomfixture.h"
#include "ui/block/blockboard.h"
#include "ui/block/blockcard.h"
#include "ui/model/predictionpanel.h"
#include "ui/plot/matrixplot.h"

#include <QAction>
#include <QLabel>
#include <QSignalSpy>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::Room;
using attnlab::test::TinyFolder;
using attnlab::test::waitComputed;
namespace model = attnlab::core::model;

namespace {

struct BoardRoom : Room {
    BlockBoard board {session};
    BoardRoom() { board.followRoom(room); }
};

// The label shows all of its text in the room the layout gave it.
bool whole(const QLabel *label)
{
    const int width = label->contentsRect().width();
    if (label->wordWrap())
        return label->heightForWidth(width) <= label->contentsRect().height();
    return label->fontMetrics().horizontalAdvance(label->text()) <= width;
}

} // namespace

TEST(BlockBoardWindow, AtTheSizeItOpensWithOnA1280x720ScreenNoCardClipsItsTitleOrHeatmap)
{
    TinyFolder folder(false);
    BoardRoom r;
    r.openModel(folder.path(), QStringLiteral("the cat sat on the mat"));
    ASSERT_TRUE(waitComputed(r.session)) << r.actions->lastError().toStdString();
    QSignalSpy shown(&r.board, &BlockBoard::stagesShown);
    r.board.resize(BlockBoard::defaultWindowSize(QRect(0, 0, 1280, 720))); // what followRoom gives there
    r.board.show();
    ASSERT_TRUE(r.board.openLayer(0));
    ASSERT_TRUE(shown.count() > 0 || shown.wait(10000));
    QApplication::processEvents();
    for (int k = 0; k < model::kBlockStageCount; ++k) {
        const BlockCard *card = r.board.card(model::BlockStage(k));
        SCOPED_TRACE(card->title().toStdString());
        for (const QLabel *label : card->findChildren<QLabel *>()) {
            if (label->isVisible()) {
                EXPECT_TRUE(whole(label)) << label->text().toStdString() << " in " << label->width() << " px";
            }
        }
        if (card->plot()) {
            EXPECT_TRUE(card->contentsRect().contains(card->plot()->geometry()))
                << card->plot()->width() << " px wide in a card of " << card->contentsRect().width();
        }
    }
}

TEST(BlockBoardWindow, AnEditIsUndoneAndRedoneFromTheBoardsOwnWindowBesideThePrediction)
{
    TinyFolder folder(false);
    BoardRoom r;
    r.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(r.session)) << r.actions->lastError().toStdString();
    r.board.show();
    QAction *undo = r.board.undoAction();
    QAction *redo = r.board.redoAction();
    EXPECT_TRUE(r.board.actions().contains(undo));
    EXPECT_TRUE(r.board.actions().contains(redo));
    EXPECT_EQ(undo->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Z));
    EXPECT_EQ(redo->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z));
    EXPECT_FALSE(undo->isEnabled());
    EXPECT_FALSE(redo->isEnabled());
    EXPECT_FALSE(undo->toolTip().isEmpty());
    EXPECT_TRUE(r.board.prediction()->isVisibleTo(&r.board));
    EXPECT_TRUE(r.board.prediction()->comparison().isEmpty());

    const core::RowVector original = r.session->runner()->probabilities();
    ASSERT_TRUE(r.session->editBlockCells(0, model::BlockTensor::MlpOut, 2, 3, core::Matrix::Constant(1, 1, 6.f)));
    ASSERT_TRUE(waitComputed(r.session));
    EXPECT_TRUE(undo->isEnabled());
    EXPECT_TRUE(undo->toolTip().contains(r.session->undoStack()->undoText())) << undo->toolTip().toStdString();
    EXPECT_FALSE(r.board.prediction()->comparison().isEmpty());
    EXPECT_GT((r.session->runner()->probabilities() - original).cwiseAbs().maxCoeff(), 1e-4);

    undo->trigger();
    ASSERT_TRUE(waitComputed(r.session));
    EXPECT_EQ(r.session->undoStack()->index(), 0);
    EXPECT_LE((r.session->runner()->probabilities() - original).cwiseAbs().maxCoeff(), 1e-7);
    EXPECT_FALSE(undo->isEnabled());
    EXPECT_TRUE(redo->isEnabled());
    redo->trigger();
    ASSERT_TRUE(waitComputed(r.session));
    EXPECT_EQ(r.session->undoStack()->index(), 1);
}
