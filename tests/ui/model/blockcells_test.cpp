// Editing cells of a block's tensors through the model session (one undo step per edit, the
// re-run from that layer on the worker), the prediction panel's old value beside the new one, and
// the block weight panel that makes those edits.
#include "core/model/topk.h"
#include "modelroomfixture.h"
#include "ui/model/blockweightmodel.h"
#include "ui/model/blockweightpanel.h"
#include "ui/model/modelsession.h"
#include "ui/model/predictionpanel.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QComboBox>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::directRunner;
using attnlab::test::Room;
using attnlab::test::TinyFolder;
using attnlab::test::waitComputed;
namespace model = attnlab::core::model;
using model::BlockTensor;

namespace {

std::vector<int> ids(const ModelSession &session)
{
    std::vector<int> out;
    for (const auto &t : session.tokens())
        out.push_back(t.id);
    return out;
}

core::Matrix one(float v)
{
    return core::Matrix::Constant(1, 1, v);
}

} // namespace

TEST(BlockCells, AnMlpCellEditChangesThePredictionAndUndoRestoresIt)
{
    TinyFolder folder(false);
    Room room;
    room.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    ModelSession *session = room.session;
    PredictionPanel *panel = room.room->prediction();
    const core::RowVector original = session->runner()->probabilities();
    EXPECT_TRUE(panel->comparison().isEmpty());
    EXPECT_TRUE(session->probabilitiesBeforeEdit().size() == 0);

    // GPT-2 has no gate; its c_fc is d × inner on the board.
    const std::vector<BlockTensor> tensors = session->blockTensors(1);
    EXPECT_EQ(tensors.size(), 10u);
    EXPECT_EQ(std::count(tensors.begin(), tensors.end(), BlockTensor::MlpGate), 0);
    EXPECT_EQ(session->blockTensorShape(1, BlockTensor::MlpIn).rows, 8);
    EXPECT_EQ(session->blockTensorShape(1, BlockTensor::MlpIn).cols, 12);

    ASSERT_TRUE(session->editBlockCells(1, BlockTensor::MlpIn, 2, 5, one(3.f)));
    EXPECT_EQ(session->undoStack()->count(), 1);
    EXPECT_EQ(session->undoStack()->undoText().toStdString(), "Set mlp.c_fc.weight[2][5] of layer 2 to 3");
    ASSERT_TRUE(waitComputed(session));

    // What a runner of its own computes with the same cell edited.
    auto direct = directRunner(folder.dir);
    ASSERT_TRUE(direct->setBlockCells(1, BlockTensor::MlpIn, 2, 5, one(3.f)));
    ASSERT_TRUE(direct->run(ids(*session)));
    const core::RowVector edited = session->runner()->probabilities();
    EXPECT_LT((edited - direct->probabilities()).cwiseAbs().maxCoeff(), 1e-6);
    EXPECT_GT((edited - original).cwiseAbs().maxCoeff(), 1e-4);
    EXPECT_EQ(session->runner()->restartedFrom(), 1);

    // The panel: the new prediction, the old top token and probability beside it.
    const auto now = model::topK(edited, PredictionPanel::kTop);
    ASSERT_EQ(panel->entries().size(), now.size());
    EXPECT_EQ(panel->entries().front().id, now.front().id);
    const model::TokenProbability before = model::topK(original, 1).front();
    EXPECT_NE(panel->comparison().indexOf(PredictionPanel::percentText(before.probability)), -1)
        << panel->comparison().toStdString();
    EXPECT_NE(panel->comparison().indexOf(session->tokenDisplay(before.id)), -1);
    EXPECT_NE(panel->comparison().indexOf(PredictionPanel::percentText(now.front().probability)), -1);
    ASSERT_EQ(panel->probabilitiesBefore().size(), now.size());
    for (size_t i = 0; i < now.size(); ++i)
        EXPECT_NEAR(panel->probabilitiesBefore()[i], original[now[i].id], 1e-7) << i;

    // Undo puts the checkpoint's value back; the panel compares with the edited prediction.
    session->undoStack()->undo();
    ASSERT_TRUE(waitComputed(session));
    EXPECT_LE((session->runner()->probabilities() - original).cwiseAbs().maxCoeff(), 1e-7);
    EXPECT_EQ(session->runner()->blockTensorCells(1, BlockTensor::MlpIn, 2, 5, 1, 1)(0, 0),
        direct->weights().layers[1].fcIn.matrix()(2, 5));
    EXPECT_LE((session->probabilitiesBeforeEdit() - edited).cwiseAbs().maxCoeff(), 0.f);
    session->undoStack()->redo();
    ASSERT_TRUE(waitComputed(session));
    EXPECT_LT((session->runner()->probabilities() - edited).cwiseAbs().maxCoeff(), 1e-7);

    // A new text starts without a comparison.
    session->setText(QStringLiteral("the cat"));
    ASSERT_TRUE(waitComputed(session));
    EXPECT_TRUE(panel->comparison().isEmpty());
}

TEST(BlockCells, BadEditsPushNothing)
{
    TinyFolder folder(false);
    Room room;
    room.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    ModelSession *session = room.session;
    EXPECT_FALSE(session->editBlockCells(1, BlockTensor::MlpGate, 0, 0, one(1.f)));
    EXPECT_FALSE(session->editBlockCells(3, BlockTensor::MlpIn, 0, 0, one(1.f)));
    EXPECT_FALSE(session->editBlockCells(0, BlockTensor::MlpIn, 8, 0, one(1.f)));
    EXPECT_FALSE(session->editBlockCells(0, BlockTensor::MlpIn, 7, 11, core::Matrix::Zero(1, 2)));
    EXPECT_FALSE(session->editBlockCells(0, BlockTensor::MlpNormWeight, 0, 0, one(std::nanf(""))));
    EXPECT_EQ(session->undoStack()->count(), 0);
    EXPECT_FALSE(session->isBusy());
}

TEST(BlockCells, AnEditWaitsForTheRunningJob)
{
    TinyFolder folder(false);
    Room room;
    room.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    ModelSession *session = room.session;
    const float start = session->runner()->blockTensorCells(0, BlockTensor::AttnNormWeight, 0, 3, 1, 1)(0, 0);

    // A job that is still running when the edits arrive.
    std::atomic<bool> release {false};
    session->setProgressHookForTesting([&release] {
        while (!release)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    });
    session->setText(QStringLiteral("the cat sat on"));
    ASSERT_TRUE(session->isBusy());
    for (const float v : {0.5f, 2.5f})
        ASSERT_TRUE(session->editBlockCells(0, BlockTensor::AttnNormWeight, 0, 3, one(v)));
    EXPECT_EQ(session->undoStack()->count(), 2);
    release = true;
    ASSERT_TRUE(waitComputed(session));
    session->setProgressHookForTesting({});
    EXPECT_EQ(session->runner()->blockTensorCells(0, BlockTensor::AttnNormWeight, 0, 3, 1, 1)(0, 0), 2.5f);
    auto direct = directRunner(folder.dir);
    ASSERT_TRUE(direct->setBlockCells(0, BlockTensor::AttnNormWeight, 0, 3, one(2.5f)));
    ASSERT_TRUE(direct->run(ids(*session)));
    EXPECT_LT((session->runner()->probabilities() - direct->probabilities()).cwiseAbs().maxCoeff(), 1e-6);

    // Each undo puts back what its edit's job found there.
    session->undoStack()->undo();
    ASSERT_TRUE(waitComputed(session));
    EXPECT_EQ(session->runner()->blockTensorCells(0, BlockTensor::AttnNormWeight, 0, 3, 1, 1)(0, 0), 0.5f);
    session->undoStack()->undo();
    ASSERT_TRUE(waitComputed(session));
    EXPECT_EQ(session->runner()->blockTensorCells(0, BlockTensor::AttnNormWeight, 0, 3, 1, 1)(0, 0), start);
    auto fresh = directRunner(folder.dir);
    ASSERT_TRUE(fresh->run(ids(*session)));
    EXPECT_LT((session->runner()->probabilities() - fresh->probabilities()).cwiseAbs().maxCoeff(), 1e-7);
}

TEST(BlockCells, TheWeightPanelEditsACellOfTheChosenTensor)
{
    TinyFolder folder(true); // BERT: nn.Linear tensors, shown transposed
    Room room;
    room.openModel(folder.path(), QStringLiteral("the cat [MASK] on the mat"));
    ASSERT_TRUE(waitComputed(room.session));
    ModelSession *session = room.session;
    const core::RowVector original = session->runner()->probabilities();
    BlockWeightPanel panel(session);
    EXPECT_EQ(panel.tensorBox()->count(), 0);
    panel.setLayer(2);
    // Two LayerNorms (weight, bias), W_O and its bias, the MLP's two matrices and their biases.
    ASSERT_EQ(panel.tensorBox()->count(), 10);
    EXPECT_TRUE(panel.tensorBox()->itemText(2).startsWith(QStringLiteral("attention.output.dense.weight")));
    ASSERT_TRUE(panel.setTensor(BlockTensor::MlpOut));
    EXPECT_FALSE(panel.setTensor(BlockTensor::MlpGate));
    EXPECT_NE(panel.tensorBox()->currentText().indexOf(QStringLiteral("output.dense.weight (12 × 8)")), -1)
        << panel.tensorBox()->currentText().toStdString();
    BlockWeightModel *model = panel.model();
    ASSERT_EQ(model->rowCount(), 12);
    ASSERT_EQ(model->columnCount(), 8);
    // The board's [inner][out] is the checkpoint's output.dense.weight[out][inner].
    const auto &fcOut = session->runner()->layerWeights(2).fcOut;
    EXPECT_EQ(model->value(4, 6), fcOut.matrix()(6, 4));

    QSignalSpy refused(model, &BlockWeightModel::inputRefused);
    EXPECT_FALSE(model->setData(model->index(4, 6), QStringLiteral("many")));
    EXPECT_EQ(refused.count(), 1);
    ASSERT_TRUE(model->setData(model->index(4, 6), QStringLiteral("2.5")));
    EXPECT_EQ(model->value(4, 6), 2.5f);
    ASSERT_TRUE(waitComputed(session));
    EXPECT_GT((session->runner()->probabilities() - original).cwiseAbs().maxCoeff(), 1e-5);
    EXPECT_FALSE(room.room->prediction()->comparison().isEmpty());

    session->undoStack()->undo();
    ASSERT_TRUE(waitComputed(session));
    EXPECT_EQ(model->value(4, 6), fcOut.matrix()(6, 4));
    EXPECT_LE((session->runner()->probabilities() - original).cwiseAbs().maxCoeff(), 1e-7);
    // Another layer: the same tensor, that layer's values.
    panel.setLayer(0);
    EXPECT_EQ(model->layer(), 0);
    EXPECT_EQ(model->tensor(), BlockTensor::MlpOut);
    EXPECT_EQ(model->value(4, 6), session->runner()->layerWeights(0).fcOut.matrix()(6, 4));
}

TEST(BlockCells, ATensorChosenWhileTheWorkerReadsFillsWhenItIsDone)
{
    // The block board opens by reading its stages on the worker, and puts its weight panel on the
    // layer meanwhile: the table must fill when that read ends, though no pass follows it.
    TinyFolder folder(false);
    Room room;
    room.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    ModelSession *session = room.session;
    std::atomic<bool> release {false};
    session->setProgressHookForTesting([&release] {
        while (!release)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    });
    ASSERT_TRUE(session->readRunner(
        [](const model::ForwardRunner &, const model::ForwardProgress &progress) { return progress(0, 1); },
        [](bool) {}, {}));
    ASSERT_TRUE(session->isBusy());
    BlockWeightPanel panel(session);
    panel.setLayer(1);
    ASSERT_TRUE(panel.setTensor(BlockTensor::MlpIn));
    EXPECT_EQ(panel.model()->rowCount(), 0);
    release = true;
    ASSERT_TRUE(QTest::qWaitFor([session] { return !session->isBusy(); }, 10000));
    session->setProgressHookForTesting({});
    const auto &fcIn = session->runner()->layerWeights(1).fcIn;
    ASSERT_EQ(panel.model()->rowCount(), int(fcIn.cols)); // the board shows inputs × outputs
    EXPECT_EQ(panel.model()->value(2, 5), fcIn.matrix()(2, 5));
}

TEST(BlockCells, TheTensorBoxElidesALongNameAndKeepsTheShape)
{
    TinyFolder folder(true); // BERT's names are the longest
    Room room;
    room.openModel(folder.path(), QStringLiteral("the cat [MASK] on the mat"));
    ASSERT_TRUE(waitComputed(room.session));
    BlockWeightPanel panel(room.session);
    panel.setLayer(0);
    ASSERT_TRUE(panel.setTensor(BlockTensor::AttnNormWeight));
    QComboBox *box = panel.tensorBox();
    const QString full = box->currentText();
    EXPECT_EQ(full, QStringLiteral("attention.output.LayerNorm.weight (1 × 8)"));
    EXPECT_TRUE(box->toolTip().contains(full)) << box->toolTip().toStdString();
    EXPECT_EQ(box->itemData(box->currentIndex(), Qt::ToolTipRole).toString(), full);

    // Wide: the whole text. Narrow: the name elided in its middle, the shape whole, and the box no
    // wider than the panel; the open list still fits every name.
    panel.resize(600, 400);
    panel.show();
    EXPECT_EQ(panel.tensorBoxText(), full);
    panel.resize(180, 400);
    QApplication::processEvents();
    EXPECT_LE(box->width(), 180);
    const QString shown = panel.tensorBoxText();
    EXPECT_NE(shown, full);
    EXPECT_TRUE(shown.startsWith(QStringLiteral("at"))) << shown.toStdString();
    EXPECT_TRUE(shown.endsWith(QStringLiteral("t (1 × 8)"))) << shown.toStdString();
    EXPECT_TRUE(shown.contains(QChar(0x2026))) << shown.toStdString();
    for (int i = 0; i < box->count(); ++i)
        EXPECT_GE(box->view()->minimumWidth(), box->view()->fontMetrics().horizontalAdvance(box->itemText(i)));
}
