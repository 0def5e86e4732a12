// The block board as a teacher meets it in its own window: at the size it opens with on a
// 1280 × 720 screen every card's title is whole and its heatmap (with the colour scale's numbers)
// lies inside the card.
#include "../model/modelroomfixture.h"
#include "ui/block/blockboard.h"
#include "ui/block/blockcard.h"
#include "ui/plot/matrixplot.h"

#include <QLabel>
#include <QSignalSpy>

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
    r.board.resize(1178, 662); // what followRoom gives on a 1280 × 720 screen (92 %)
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
