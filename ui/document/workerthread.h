#pragma once

#include <QObject>
#include <QThread>

#include <atomic>
#include <functional>

namespace attnlab::ui {

// One thread that outlives its jobs and runs them one at a time. A thread started per job (a
// QThread::create for every forward pass) also started a new OpenMP team for every pass: the
// kernel placed the new team thread beside its master on one core for much of the pass, and on
// two cores a generated token's pass in the window took 35-50 ms against the CLI's 25 (issue
// 36). Kept, the team stays where the scheduler has put it, as a CLI's does.
class WorkerThread : public QObject {
    Q_OBJECT
public:
    explicit WorkerThread(const QString &name, QObject *parent = nullptr);
    // Waits for the job running, if any (cancel it first), and ends the thread.
    ~WorkerThread() override;

    // Runs `work` on the thread, then `done` on this object's thread, unless this object is
    // destroyed or stopped first. One job at a time: returns false, running nothing, while one is
    // busy or after stop().
    bool start(std::function<void()> work, std::function<void()> done);
    // From start() until just before its `done` runs.
    bool isBusy() const { return m_busy; }
    // For an owner whose members the jobs read, before they go: waits for the job running, if
    // any, and ends the thread. A job not yet begun never runs, no `done` runs after this, and
    // start() refuses from now on.
    void stop();

private:
    QThread m_thread;
    QObject m_context; // lives on m_thread; the jobs run in its event handling
    bool m_busy = false;
    std::atomic<bool> m_stopped {false}; // read by the thread before it begins a job
};

} // namespace attnlab::ui
