// Editing on the block board: the board's weight panel follows the opened layer, an MLP cell
// edited there changes the board's stages and the prediction, and undo restores both.
#include "../model/modelroomfixture.h"
#include "core/model/lens/block.h"
#include "ui/block/blockboard.h"
#include "ui/model/blockweightmodel.h"
#include "ui/model/blockweightpanel.h"
#include "ui/model/predictionpanel.h"

#include <QComboBox>
#include <QSignalSpy>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <functional>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::directRunner;
using attnlab::test::Room;
using attnlab::test::TinyFolder;
using attnlab::test::waitComputed;
namespace model = attnlab::core::model;

namespace {

// Runs `action` and waits until the board shows the stages it brought (computed on the worker).
bool shownAfter(BlockBoard &board, const std::function<void()> &action)
{
    QSignalSpy shown(&board, &BlockBoard::stagesShown);
    action();
    return shown.count() > 0 || shown.wait(10000);
}

} // namespace

TEST(BlockBoardEdit, AnMlpCellEditedOnTheBoardChangesThePredictionAndUndoRestoresIt)
{
    TinyFolder folder(false);
    Room r;
    BlockBoard board(r.session);
    r.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(r.session));
    board.show();
    ASSERT_TRUE(shownAfter(board, [&] { ASSERT_TRUE(board.openLayer(1)); }));
    auto *panel = board.findChild<BlockWeightPanel *>();
    ASSERT_NE(panel, nullptr);
    EXPECT_EQ(panel->layer(), 1);
    EXPECT_EQ(panel->tensorBox()->count(), 10);
    ASSERT_TRUE(panel->setTensor(model::BlockTensor::MlpOut));
    BlockWeightModel *weights = panel->model();
    const core::RowVector original = r.session->runner()->probabilities();
    const core::Matrix mlpOut = board.stages().mlpOut;
    const float before = weights->value(3, 5);

    ASSERT_TRUE(shownAfter(board, [&] { ASSERT_TRUE(weights->setData(weights->index(3, 5), QStringLiteral("4"))); }));
    ASSERT_TRUE(waitComputed(r.session));
    // The board shows the edited block: a c_proj cell [3][5] moves column 5 of mlp_out only.
    auto direct = directRunner(folder.dir);
    ASSERT_TRUE(direct->setBlockCells(1, model::BlockTensor::MlpOut, 3, 5, core::Matrix::Constant(1, 1, 4.f)));
    std::vector<int> ids;
    for (const auto &t : r.session->tokens())
        ids.push_back(t.id);
    ASSERT_TRUE(direct->run(ids));
    const model::BlockStages expected = model::blockStages(*direct, 1);
    EXPECT_LT((board.stages().mlpOut - expected.mlpOut).cwiseAbs().maxCoeff(), 1e-5);
    const core::Matrix moved = board.stages().mlpOut - mlpOut;
    EXPECT_GT(moved.col(5).cwiseAbs().maxCoeff(), 1e-4);
    EXPECT_LT(moved.leftCols(5).cwiseAbs().maxCoeff(), 1e-6);
    EXPECT_LT((r.session->runner()->probabilities() - direct->probabilities()).cwiseAbs().maxCoeff(), 1e-6);
    EXPECT_GT((r.session->runner()->probabilities() - original).cwiseAbs().maxCoeff(), 1e-4);
    EXPECT_FALSE(r.room->prediction()->comparison().isEmpty());

    ASSERT_TRUE(shownAfter(board, [&] { r.session->undoStack()->undo(); }));
    ASSERT_TRUE(waitComputed(r.session));
    EXPECT_EQ(weights->value(3, 5), before);
    EXPECT_LT((board.stages().mlpOut - mlpOut).cwiseAbs().maxCoeff(), 1e-6);
    EXPECT_LE((r.session->runner()->probabilities() - original).cwiseAbs().maxCoeff(), 1e-7);

    // Another layer on the board: the panel shows that layer's weights.
    ASSERT_TRUE(shownAfter(board, [&] { ASSERT_TRUE(board.openLayer(0)); }));
    EXPECT_EQ(panel->layer(), 0);
    EXPECT_EQ(weights->layer(), 0);
}
