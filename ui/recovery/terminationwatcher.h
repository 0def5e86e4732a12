#pragma once
// SIGTERM (logout, shutdown, `kill`) and SIGHUP as a Qt signal: the handler only writes a byte
// to a socketpair, and a QSocketNotifier on the other end emits terminationRequested() on the
// event loop, where saving is allowed (Qt's "Calling Qt Functions From Unix Signal Handlers").

#include <QObject>

class QSocketNotifier;

namespace attnlab::ui {

class TerminationWatcher : public QObject {
    Q_OBJECT
public:
    explicit TerminationWatcher(QObject *parent = nullptr);
    ~TerminationWatcher() override;

Q_SIGNALS:
    void terminationRequested(int signal);

private:
    QSocketNotifier *m_notifier = nullptr;
};

} // namespace attnlab::ui
