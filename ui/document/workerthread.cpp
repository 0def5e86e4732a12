#include "ui/document/workerthread.h"

#include <utility>

namespace attnlab::ui {

WorkerThread::WorkerThread(const QString &name, QObject *parent)
    : QObject(parent)
{
    m_thread.setObjectName(name);
    m_context.moveToThread(&m_thread);
}

WorkerThread::~WorkerThread()
{
    stop(); // then no thread uses m_context
}

bool WorkerThread::start(std::function<void()> work, std::function<void()> done)
{
    if (m_busy || m_stopped)
        return false;
    if (!m_thread.isRunning())
        m_thread.start();
    m_busy = true;
    QMetaObject::invokeMethod(
        &m_context,
        [this, work = std::move(work), done = std::move(done)]() mutable {
            if (m_stopped)
                return; // posted before stop(), not begun
            work();
            // Posted to this object: dropped with it if it is destroyed first.
            QMetaObject::invokeMethod(
                this,
                [this, done = std::move(done)] {
                    m_busy = false;
                    if (done && !m_stopped)
                        done();
                },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
    return true;
}

void WorkerThread::stop()
{
    m_stopped = true;
    // A job posted before the thread's event loop began is dropped too: quit() before exec()
    // makes exec() return at once.
    m_thread.quit();
    m_thread.wait();
    m_busy = false;
}

} // namespace attnlab::ui
