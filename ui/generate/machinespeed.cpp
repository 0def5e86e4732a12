#include "ui/generate/machinespeed.h"

#include "core/engine/bandwidth.h"

#include <QCoreApplication>
#include <QThread>

#include <memory>

namespace attnlab::ui {

MachineSpeed::MachineSpeed(QObject *parent)
    : QObject(parent)
{
}

MachineSpeed *MachineSpeed::instance()
{
    static MachineSpeed *speed = new MachineSpeed(QCoreApplication::instance());
    return speed;
}

void MachineSpeed::measure()
{
    if (m_measured || m_measuring)
        return;
    m_measuring = true;
    auto bandwidth = std::make_shared<double>(0), flops = std::make_shared<double>(0);
    // No parent: a thread still measuring when the application quits is left to end with the
    // process rather than destroyed while it runs.
    QThread *thread = QThread::create([bandwidth, flops] {
        *bandwidth = core::engine::readBandwidth();
        *flops = core::engine::peakFlops();
    });
    thread->setObjectName(QStringLiteral("MachineSpeed"));
    connect(thread, &QThread::finished, this, [this, thread, bandwidth, flops] {
        thread->deleteLater();
        m_measuring = false;
        if (m_measured) // set for a test meanwhile
            return;
        m_bandwidth = *bandwidth;
        m_flops = *flops;
        m_measured = true;
        Q_EMIT measured();
    });
    thread->start(QThread::LowPriority);
}

void MachineSpeed::setForTesting(double bytesPerSecond, double flopsPerSecond)
{
    m_bandwidth = bytesPerSecond;
    m_flops = flopsPerSecond;
    m_measured = true;
    Q_EMIT measured();
}

} // namespace attnlab::ui
