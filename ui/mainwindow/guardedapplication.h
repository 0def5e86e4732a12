#pragma once
// The application object of the app and the UI tests. An exception that escapes a slot or an
// event handler would otherwise reach Qt's event loop, where it ends in std::terminate and
// takes every unsaved edit with it. Here it is caught, logged once per distinct message and
// announced (the main window shows it); the window stays.

#include <QApplication>
#include <QSet>
#include <QString>

namespace attnlab::ui {

class GuardedApplication : public QApplication {
    Q_OBJECT
public:
    GuardedApplication(int &argc, char **argv);

    bool notify(QObject *receiver, QEvent *event) override;

    // How many exceptions were caught so far.
    int caughtCount() const { return m_caught; }

Q_SIGNALS:
    void exceptionCaught(const QString &what);

private:
    void report(const QString &what, QObject *receiver, QEvent *event);

    int m_caught = 0;
    QSet<QString> m_logged;
};

} // namespace attnlab::ui
