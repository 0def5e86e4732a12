// WorkerThread: one thread that outlives its jobs (issue 36: a thread per forward pass started a new
// OpenMP team per pass, placed beside its master on one core).
#include "ui/document/workerthread.h"

#include <QTest>
#include <QThread>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <set>
#include <thread>
#include <vector>

using attnlab::ui::WorkerThread;

TEST(WorkerThread, RunsEveryJobOnOneThreadOfItsOwnAndTellsTheOwnersThreadAfterEach)
{
    WorkerThread worker(QStringLiteral("test worker"));
    std::set<QThread *> workThreads;
    std::vector<int> order;
    for (int job = 0; job < 4; ++job) {
        ASSERT_TRUE(worker.start(
            [&workThreads, &order, job] {
                workThreads.insert(QThread::currentThread());
                order.push_back(job);
            },
            [&order, job] {
                EXPECT_EQ(QThread::currentThread(), qApp->thread());
                order.push_back(100 + job);
            }));
        EXPECT_TRUE(worker.isBusy());
        ASSERT_TRUE(QTest::qWaitFor([&] { return !worker.isBusy(); }, 5000));
    }
    EXPECT_EQ(order, (std::vector<int> {0, 100, 1, 101, 2, 102, 3, 103}));
    ASSERT_EQ(workThreads.size(), 1u);
    EXPECT_NE(*workThreads.begin(), qApp->thread());
    EXPECT_EQ((*workThreads.begin())->objectName(), QStringLiteral("test worker"));
}

TEST(WorkerThread, RefusesASecondJobWhileOneIsBusy)
{
    WorkerThread worker(QStringLiteral("test worker"));
    std::atomic<bool> release {false};
    bool secondRan = false;
    ASSERT_TRUE(worker.start(
        [&release] {
            while (!release)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
        },
        {}));
    EXPECT_FALSE(worker.start([&secondRan] { secondRan = true; }, {}));
    release = true;
    ASSERT_TRUE(QTest::qWaitFor([&] { return !worker.isBusy(); }, 5000));
    EXPECT_FALSE(secondRan);
    EXPECT_TRUE(worker.start([&secondRan] { secondRan = true; }, {}));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !worker.isBusy(); }, 5000));
    EXPECT_TRUE(secondRan);
}

namespace {

// A 50-ms job on `worker`, begun when this returns; `finished` when it ended, `done` when its done ran.
struct SlowJob {
    std::atomic<bool> began {false};
    std::atomic<bool> finished {false};
    bool done = false;

    bool startOn(WorkerThread &worker)
    {
        const bool started = worker.start(
            [this] {
                began = true;
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
                finished = true;
            },
            [this] { done = true; });
        // Begun within 5 s, or the test fails (never hangs).
        for (int waited = 0; started && !began && waited < 5000; ++waited)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        return started && began;
    }
};

} // namespace

TEST(WorkerThread, GoneWhileAJobRunsItWaitsForTheJobAndSkipsItsDone)
{
    SlowJob job;
    {
        WorkerThread worker(QStringLiteral("test worker"));
        ASSERT_TRUE(job.startOn(worker));
    }
    EXPECT_TRUE(job.finished); // the destructor waited for it
    QCoreApplication::processEvents();
    EXPECT_FALSE(job.done);
}

TEST(WorkerThread, StoppedItFinishesTheRunningJobSkipsItsDoneAndTakesNoMore)
{
    WorkerThread worker(QStringLiteral("test worker"));
    SlowJob job;
    ASSERT_TRUE(job.startOn(worker));
    worker.stop();
    EXPECT_TRUE(job.finished);
    EXPECT_FALSE(worker.isBusy());
    QCoreApplication::processEvents(); // the job's done was posted before stop() returned
    EXPECT_FALSE(job.done);
    EXPECT_FALSE(worker.start([] {}, {}));
}
