#pragma once
// The machine's read bandwidth and FLOP rate for the roofline meter, measured once per process
// (core/engine/bandwidth) on a thread of its own, so the window never waits the second it takes.
// Views ask instance(), call measure() when they first need the numbers and redraw on measured().

#include <QObject>

namespace attnlab::ui {

class MachineSpeed : public QObject {
    Q_OBJECT
public:
    static MachineSpeed *instance();

    // Starts the measurement unless it is done or under way.
    void measure();
    bool isMeasured() const { return m_measured; }
    bool isMeasuring() const { return m_measuring; }
    // Bytes read per second and FLOP per second; 0 until measured.
    double readBandwidth() const { return m_bandwidth; }
    double peakFlops() const { return m_flops; }
    // Tests set the speeds instead of measuring them.
    void setForTesting(double bytesPerSecond, double flopsPerSecond);

Q_SIGNALS:
    void measured();

private:
    explicit MachineSpeed(QObject *parent);

    bool m_measured = false;
    bool m_measuring = false;
    double m_bandwidth = 0;
    double m_flops = 0;
};

} // namespace attnlab::ui
