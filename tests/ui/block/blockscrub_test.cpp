// Scrubbing the block board's weights: a drag sideways on a cell of the weight panel is one undo
// entry whose value the prediction follows, undo puts the checkpoint's value back, a drag back to
// where it began leaves no entry, and steps that come while the worker is busy take one another's
// place in its queue (one re-run with the last value, announced to the board when it starts).
#include "../model/modelroomfixture.h"
#include "core/model/lens/block.h"
#include "ui/block/blockboard.h"
#include "ui/model/blockweightmodel.h"
#include "ui/model/blockweightpanel.h"
#include "ui/model/predictionpanel.h"

#include <QApplication>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTableView>
#include <QUndoStack>

#include <gtest/gtest.h>

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

void sendMouse(QWidget *target, QEvent::Type type, QPoint pos, Qt::MouseButtons buttons)
{
    const Qt::MouseButton button = type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton;
    QMouseEvent event(type, QPointF(pos), target->mapToGlobal(QPointF(pos)), button, buttons, Qt::NoModifier);
    QApplication::sendEvent(target, &event);
}

// Drags cell (row, col) of `table` sideways through `offsets` (pixels from where it was pressed).
// With `session`, each step waits until the session is idle, as a slow drag over a short text does
// (every step's run finishes and shows before the next).
void drag(QTableView *table, int row, int col, const std::vector<int> &offsets, ModelSession *session = nullptr)
{
    const QPoint start = table->visualRect(table->model()->index(row, col)).center();
    QWidget *vp = table->viewport();
    sendMouse(vp, QEvent::MouseButtonPress, start, Qt::LeftButton);
    for (const int dx : offsets) {
        sendMouse(vp, QEvent::MouseMove, start + QPoint(dx, 0), Qt::LeftButton);
        QCoreApplication::processEvents();
        if (session) {
            EXPECT_TRUE(QTest::qWaitFor([session] { return !session->isBusy(); }, 10000));
        }
    }
    sendMouse(vp, QEvent::MouseButtonRelease, start + QPoint(offsets.back(), 0), Qt::NoButton);
}

std::vector<int> ids(const ModelSession &session)
{
    std::vector<int> out;
    for (const auto &t : session.tokens())
        out.push_back(t.id);
    return out;
}

// The probabilities and the layer's stages of the model with one cell set to `value`.
struct Expected {
    core::RowVector probabilities;
    model::BlockStages stages;
};

Expected expected(
    const TinyFolder &folder, const ModelSession &session, int layer, BlockTensor tensor, int row, int col, float value)
{
    auto direct = directRunner(folder.dir);
    EXPECT_TRUE(direct->setBlockCells(layer, tensor, row, col, core::Matrix::Constant(1, 1, value)));
    EXPECT_TRUE(direct->run(ids(session)));
    return {direct->probabilities(), model::blockStages(*direct, layer)};
}

struct Fixture {
    TinyFolder folder {false};
    Room r;
    BlockBoard board {r.session};
    BlockWeightPanel *panel = nullptr;

    bool open()
    {
        r.openModel(folder.path(), QStringLiteral("the cat sat on the mat"));
        if (!waitComputed(r.session))
            return false;
        board.resize(1400, 860);
        board.show();
        QSignalSpy shown(&board, &BlockBoard::stagesShown);
        if (!board.openLayer(1) || !(shown.count() > 0 || shown.wait(10000)))
            return false;
        panel = board.findChild<BlockWeightPanel *>();
        return panel && panel->setTensor(BlockTensor::MlpIn) && panel->model()->rowCount() > 0;
    }
    float weight(int row, int col) const
    {
        return r.session->runner()->blockTensorCells(1, BlockTensor::MlpIn, row, col, 1, 1)(0, 0);
    }
};

} // namespace

TEST(BlockScrub, ADragOnAWeightIsOneUndoEntryThePredictionFollowsAndUndoRestores)
{
    Fixture f;
    ASSERT_TRUE(f.open());
    ModelSession *session = f.r.session;
    const core::RowVector original = session->runner()->probabilities();
    const float start = f.weight(2, 5);

    drag(f.panel->table(), 2, 5, {5, 10, 20, 30, 40, 50}, session);
    // 0.01 per pixel, rounded to the finest step.
    const float scrubbed = float(std::round((double(start) + 0.5) * 1000.0) / 1000.0);
    EXPECT_FLOAT_EQ(f.panel->model()->value(2, 5), scrubbed);
    EXPECT_EQ(session->undoStack()->count(), 1);
    EXPECT_EQ(session->undoStack()->undoText().toStdString(),
        QStringLiteral("Set mlp.c_fc.weight[2][5] of layer 2 to %1").arg(double(scrubbed)).toStdString());
    ASSERT_TRUE(waitComputed(session));
    EXPECT_EQ(f.weight(2, 5), scrubbed);

    // The prediction is the model's with the cell at the drag's last value, compared with the
    // prediction before the drag (not with one of its steps).
    const Expected now = expected(f.folder, *session, 1, BlockTensor::MlpIn, 2, 5, scrubbed);
    EXPECT_LT((session->runner()->probabilities() - now.probabilities).cwiseAbs().maxCoeff(), 1e-6);
    EXPECT_GT((now.probabilities - original).cwiseAbs().maxCoeff(), 1e-4);
    ASSERT_EQ(session->probabilitiesBeforeEdit().size(), original.size());
    EXPECT_LE((session->probabilitiesBeforeEdit() - original).cwiseAbs().maxCoeff(), 0.f);
    EXPECT_FALSE(f.r.room->prediction()->comparison().isEmpty());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !f.board.isLoading() && !session->isBusy(); }, 10000));
    EXPECT_LT((f.board.stages().mlpAct - now.stages.mlpAct).cwiseAbs().maxCoeff(), 1e-5);

    // One undo puts the checkpoint's value back, exactly.
    session->undoStack()->undo();
    ASSERT_TRUE(waitComputed(session));
    EXPECT_EQ(f.weight(2, 5), start);
    EXPECT_EQ(f.panel->model()->value(2, 5), start);
    EXPECT_LE((session->runner()->probabilities() - original).cwiseAbs().maxCoeff(), 1e-7);

    // A second drag is an entry of its own; wheel notches on the selected cell are one more.
    session->undoStack()->redo();
    ASSERT_TRUE(waitComputed(session));
    drag(f.panel->table(), 2, 5, {-10, -20});
    ASSERT_TRUE(waitComputed(session));
    EXPECT_EQ(session->undoStack()->count(), 2);
    QTableView *table = f.panel->table();
    const QPoint pos = table->visualRect(table->model()->index(2, 5)).center();
    for (int i = 0; i < 3; ++i) {
        QWheelEvent wheel(QPointF(pos), table->viewport()->mapToGlobal(QPointF(pos)), QPoint(), QPoint(0, 120),
            Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(table->viewport(), &wheel);
    }
    EXPECT_EQ(session->undoStack()->count(), 3);
    ASSERT_TRUE(waitComputed(session));
    EXPECT_NEAR(f.weight(2, 5), scrubbed - 0.2f + 0.3f, 2e-3f);
    session->undoStack()->undo();
    session->undoStack()->undo();
    session->undoStack()->undo();
    ASSERT_TRUE(waitComputed(session));
    EXPECT_EQ(f.weight(2, 5), start);
}

TEST(BlockScrub, ADragBackToWhereItBeganLeavesNoEntryAndTheWeightAsItWas)
{
    Fixture f;
    ASSERT_TRUE(f.open());
    ModelSession *session = f.r.session;
    const float start = f.weight(4, 7);
    drag(f.panel->table(), 4, 7, {10, 25, 10, 0});
    EXPECT_EQ(session->undoStack()->count(), 0);
    ASSERT_TRUE(waitComputed(session));
    EXPECT_EQ(f.weight(4, 7), start);
    EXPECT_EQ(f.panel->model()->value(4, 7), start);
}

TEST(BlockScrub, StepsWhileTheWorkerIsBusyRunItOnceWithTheLastValueAndTheBoardFollowsAtOnce)
{
    Fixture f;
    ASSERT_TRUE(f.open());
    ModelSession *session = f.r.session;
    const float start = f.weight(2, 5);

    const std::vector<float> steps {0.25f, 0.5f, 0.75f, 1.25f};
    // A read that holds the worker while the steps come.
    std::atomic<bool> release {false};
    session->setProgressHookForTesting([&release] {
        while (!release)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    });
    ASSERT_TRUE(session->readRunner(
        [](const model::ForwardRunner &, const model::ForwardProgress &progress) { return progress(0, 1); },
        [](bool) {}, {}));
    ASSERT_TRUE(session->isBusy());
    int jobs = 0, jobsAtComputed = -1;
    QObject::connect(session, &ModelSession::busyChanged, &f.board, [&jobs](bool busy) { jobs += busy ? 1 : 0; });
    QObject::connect(session, &ModelSession::computed, &f.board, [&] {
        if (jobsAtComputed < 0)
            jobsAtComputed = jobs;
    });
    // What the board was told, and how far its stages were from the last value's right after.
    std::vector<std::pair<float, float>> announced;
    double atOnce = -1;
    // When the edit's turn comes the board takes the last value at once, before the worker re-runs.
    const Expected last = expected(f.folder, *session, 1, BlockTensor::MlpIn, 2, 5, steps.back());
    QObject::connect(session, &ModelSession::blockCellChanging, &f.board,
        [&](int, BlockTensor, int, int, float before, float after) {
            announced.emplace_back(before, after);
            atOnce = (f.board.stages().mlpAct - last.stages.mlpAct).cwiseAbs().maxCoeff();
        });
    const int gesture = session->startScrubGesture();
    for (const float v : steps)
        ASSERT_TRUE(session->editBlockCells(1, BlockTensor::MlpIn, 2, 5, core::Matrix::Constant(1, 1, v), gesture));
    EXPECT_EQ(session->undoStack()->count(), 1);
    EXPECT_TRUE(announced.empty()); // the runner is the worker's until the read ends
    release = true;
    ASSERT_TRUE(waitComputed(session));
    session->setProgressHookForTesting({});
    ASSERT_EQ(announced.size(), 1u);
    EXPECT_EQ(announced.front().first, start);
    EXPECT_EQ(announced.front().second, steps.back());
    EXPECT_GE(atOnce, 0);
    EXPECT_LT(atOnce, 1e-5);
    // One job re-ran the model for the four steps.
    EXPECT_EQ(jobsAtComputed, 1);
    EXPECT_EQ(f.weight(2, 5), steps.back());
    EXPECT_LT((session->runner()->probabilities() - last.probabilities).cwiseAbs().maxCoeff(), 1e-6);

    session->undoStack()->undo();
    ASSERT_TRUE(waitComputed(session));
    EXPECT_EQ(f.weight(2, 5), start);
}
