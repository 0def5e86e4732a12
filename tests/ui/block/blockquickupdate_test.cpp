// The block board's quick update after a single-cell edit (core/model/lens/blockupdate.h): the
// cards change at once on the GUI thread while the worker is still re-running the model, cards that
// only part of the update reaches say so, and the worker's recompute of the layer agrees.
#include "../model/modelroomfixture.h"
#include "core/model/lens/block.h"
#include "ui/block/blockboard.h"
#include "ui/block/blockcard.h"
#include "ui/plot/matrixplot.h"

#include <QCoreApplication>
#include <QLabel>
#include <QLayout>
#include <QSignalSpy>

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::directRunner;
using attnlab::test::HeldWorker;
using attnlab::test::Room;
using attnlab::test::TinyFolder;
using attnlab::test::waitComputed;
namespace model = attnlab::core::model;
using model::BlockStage;
using model::BlockTensor;

namespace {

// The stages of `layer` after one cell edit, from a runner of its own.
model::BlockStages expectedStages(
    const TinyFolder &folder, ModelSession *session, int layer, BlockTensor tensor, int row, int col, float value)
{
    auto direct = directRunner(folder.dir);
    EXPECT_TRUE(direct->setBlockCells(layer, tensor, row, col, core::Matrix::Constant(1, 1, value)));
    std::vector<int> ids;
    for (const auto &t : session->tokens())
        ids.push_back(t.id);
    EXPECT_TRUE(direct->run(ids));
    return model::blockStages(*direct, layer);
}

double rowDistance(const core::Matrix &a, const core::Matrix &b, int row)
{
    return (a.row(row) - b.row(row)).cwiseAbs().maxCoeff();
}

struct Fixture {
    TinyFolder folder {false};
    Room r;
    BlockBoard board {r.session};

    bool open(int layer)
    {
        r.openModel(folder.path(), QStringLiteral("the cat sat on the mat"));
        if (!waitComputed(r.session))
            return false;
        board.show();
        QSignalSpy shown(&board, &BlockBoard::stagesShown);
        return board.openLayer(layer) && (shown.count() > 0 || shown.wait(10000));
    }
};

} // namespace

TEST(BlockQuickUpdate, AnMlpCellEditUpdatesMlpOutBeforeTheWorkerFinishesAndMatchesAfter)
{
    Fixture f;
    ASSERT_TRUE(f.open(1));
    const core::Matrix shownBefore = f.board.card(BlockStage::MlpOut)->plot()->matrix();
    const model::BlockStages expected = expectedStages(f.folder, f.r.session, 1, BlockTensor::MlpIn, 2, 5, 3.f);
    {
        HeldWorker held(f.r.session);
        QSignalSpy shown(&f.board, &BlockBoard::stagesShown);
        ASSERT_TRUE(f.r.session->editBlockCells(1, BlockTensor::MlpIn, 2, 5, core::Matrix::Constant(1, 1, 3.f)));
        // The worker is held: what the cards show came from the GUI thread's update.
        EXPECT_TRUE(f.r.session->isBusy());
        EXPECT_EQ(shown.count(), 0);
        const core::Matrix quick = f.board.card(BlockStage::MlpOut)->plot()->matrix();
        EXPECT_GT((quick - shownBefore).cwiseAbs().maxCoeff(), 1e-4);
        EXPECT_LT((quick - expected.mlpOut).cwiseAbs().maxCoeff(), 1e-5);
        EXPECT_LT((f.board.card(BlockStage::MlpAct)->plot()->matrix() - expected.mlpAct).cwiseAbs().maxCoeff(), 1e-5);
        EXPECT_LT((f.board.card(BlockStage::Output)->plot()->matrix() - expected.output).cwiseAbs().maxCoeff(), 1e-5);
        // An MLP matrix cell is exact for every row: nothing says it is updating.
        EXPECT_FALSE(f.board.isUpdating());
        EXPECT_FALSE(f.board.card(BlockStage::MlpOut)->isUpdating());
        held.release();
        ASSERT_TRUE(shown.count() > 0 || shown.wait(10000));
    }
    EXPECT_LT((f.board.card(BlockStage::MlpOut)->plot()->matrix() - expected.mlpOut).cwiseAbs().maxCoeff(), 1e-5);
    EXPECT_LT((f.board.stages().output - expected.output).cwiseAbs().maxCoeff(), 1e-5);
}

TEST(BlockQuickUpdate, ANormEditShowsItsRowsAndSaysTheOthersAreUpdating)
{
    Fixture f;
    f.board.resize(1178, 662); // the board's size on a 1280 × 720 screen
    ASSERT_TRUE(f.open(0));
    ASSERT_TRUE(f.board.selectCell(BlockStage::MlpOut, 0, 1));
    const int n = int(f.board.stages().input.rows());
    ASSERT_GE(n, 6);
    const std::vector<int> rows = f.board.rowsToUpdate();
    // The selected row 0 and the prediction row (the last) with their neighbours.
    EXPECT_EQ(rows, (std::vector<int> {n - 3, n - 2, n - 1, 0, 1, 2}));
    const core::Matrix shownBefore = f.board.card(BlockStage::MlpOut)->plot()->matrix();
    const QSize plotSize = f.board.card(BlockStage::MlpOut)->plot()->size();
    const model::BlockStages expected
        = expectedStages(f.folder, f.r.session, 0, BlockTensor::MlpNormWeight, 0, 3, -2.f);
    {
        HeldWorker held(f.r.session);
        QSignalSpy shown(&f.board, &BlockBoard::stagesShown);
        ASSERT_TRUE(
            f.r.session->editBlockCells(0, BlockTensor::MlpNormWeight, 0, 3, core::Matrix::Constant(1, 1, -2.f)));
        EXPECT_EQ(shown.count(), 0);
        // mlp_in is exact everywhere; the MLP after it at the rows above only, and it says so.
        EXPECT_LT((f.board.card(BlockStage::MlpIn)->plot()->matrix() - expected.mlpIn).cwiseAbs().maxCoeff(), 1e-5);
        EXPECT_FALSE(f.board.card(BlockStage::MlpIn)->isUpdating());
        const core::Matrix quick = f.board.card(BlockStage::MlpOut)->plot()->matrix();
        for (const int r : rows)
            EXPECT_LT(rowDistance(quick, expected.mlpOut, r), 1e-5) << r;
        EXPECT_EQ(quick.row(3), shownBefore.row(3));
        EXPECT_GT(rowDistance(expected.mlpOut, shownBefore, 3), 1e-5);
        EXPECT_TRUE(f.board.isUpdating());
        for (const BlockStage stage : {BlockStage::MlpAct, BlockStage::MlpOut, BlockStage::Output}) {
            const BlockCard *card = f.board.card(stage);
            EXPECT_TRUE(card->isUpdating());
            // Rows count from 0, as every matrix index on the board does.
            EXPECT_TRUE(card->updatingText().contains(QStringLiteral("0, 1, 2"))) << card->updatingText().toStdString();
            EXPECT_EQ(card->updatingLine(), QStringLiteral("Updating: rows 0–2, %1–%2 done").arg(n - 3).arg(n - 1));
        }
        // The notice takes no room from the heatmap: a resized card would redraw every cell.
        QCoreApplication::sendPostedEvents();
        f.board.card(BlockStage::MlpOut)->layout()->activate();
        EXPECT_EQ(f.board.card(BlockStage::MlpOut)->plot()->size(), plotSize);
        EXPECT_TRUE(
            f.board.card(BlockStage::MlpOut)->findChild<QLabel *>(QStringLiteral("UpdatingLabel"))->isVisible());
        EXPECT_TRUE(f.board.inspectorText().contains(QStringLiteral("updating")));
        held.release();
        ASSERT_TRUE(shown.count() > 0 || shown.wait(10000));
    }
    EXPECT_FALSE(f.board.isUpdating());
    EXPECT_FALSE(f.board.card(BlockStage::MlpOut)->isUpdating());
    EXPECT_LT((f.board.card(BlockStage::MlpOut)->plot()->matrix() - expected.mlpOut).cwiseAbs().maxCoeff(), 1e-5);
    EXPECT_FALSE(f.board.inspectorText().contains(QStringLiteral("updating")));
}

TEST(BlockQuickUpdate, AFirstNormEditRecomputesTheHeadsAtThePredictionRowFromTheKvCache)
{
    Fixture f;
    ASSERT_TRUE(f.open(1));
    const int n = int(f.board.stages().input.rows());
    const std::vector<int> rows = f.board.rowsToUpdate();
    EXPECT_EQ(rows, (std::vector<int> {n - 3, n - 2, n - 1}));
    const core::Matrix concatBefore = f.board.card(BlockStage::Concat)->plot()->matrix();
    const model::BlockStages expected
        = expectedStages(f.folder, f.r.session, 1, BlockTensor::AttnNormWeight, 0, 4, 2.5f);
    {
        HeldWorker held(f.r.session);
        QSignalSpy shown(&f.board, &BlockBoard::stagesShown);
        ASSERT_TRUE(
            f.r.session->editBlockCells(1, BlockTensor::AttnNormWeight, 0, 4, core::Matrix::Constant(1, 1, 2.5f)));
        EXPECT_EQ(shown.count(), 0);
        // attn_in is exact everywhere; the heads' contexts and everything after them at the rows.
        EXPECT_LT((f.board.card(BlockStage::AttnIn)->plot()->matrix() - expected.attnIn).cwiseAbs().maxCoeff(), 1e-5);
        EXPECT_FALSE(f.board.card(BlockStage::AttnIn)->isUpdating());
        const core::Matrix concat = f.board.card(BlockStage::Concat)->plot()->matrix();
        EXPECT_GT(rowDistance(concat, concatBefore, n - 1), 1e-4);
        for (const int r : rows) {
            EXPECT_LT(rowDistance(concat, expected.concat, r), 1e-5) << r;
            EXPECT_LT(rowDistance(f.board.card(BlockStage::Output)->plot()->matrix(), expected.output, r), 1e-5) << r;
        }
        EXPECT_EQ(concat.row(0), concatBefore.row(0));
        // The heads' pictures and the other rows wait for the worker, and the cards say so.
        EXPECT_TRUE(f.board.card(BlockStage::Heads)->isUpdating());
        EXPECT_TRUE(f.board.card(BlockStage::Concat)->isUpdating());
        EXPECT_TRUE(f.board.card(BlockStage::Output)->isUpdating());
        held.release();
        ASSERT_TRUE(shown.count() > 0 || shown.wait(10000));
    }
    EXPECT_FALSE(f.board.isUpdating());
    EXPECT_LT((f.board.card(BlockStage::Concat)->plot()->matrix() - expected.concat).cwiseAbs().maxCoeff(), 1e-5);
}
