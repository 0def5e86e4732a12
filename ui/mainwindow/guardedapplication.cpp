#include "ui/mainwindow/guardedapplication.h"

#include <QEvent>

#include <cstdio>
#include <exception>

namespace attnlab::ui {

GuardedApplication::GuardedApplication(int &argc, char **argv)
    : QApplication(argc, argv)
{
}

bool GuardedApplication::notify(QObject *receiver, QEvent *event)
{
    try {
        return QApplication::notify(receiver, event);
    } catch (const std::exception &e) {
        report(QString::fromLocal8Bit(e.what()), receiver, event);
    } catch (...) {
        report(QStringLiteral("unknown exception"), receiver, event);
    }
    return false;
}

void GuardedApplication::report(const QString &what, QObject *receiver, QEvent *event)
{
    ++m_caught;
    // One line per distinct failure: a paint handler that throws on every frame must not
    // flood the terminal.
    if (!m_logged.contains(what)) {
        m_logged.insert(what);
        const QByteArray where = receiver ? QByteArray(receiver->metaObject()->className()) : QByteArray("?");
        std::fprintf(stderr, "attnlab: caught an exception in %s (event %d): %s\n", where.constData(),
            event ? int(event->type()) : 0, what.toLocal8Bit().constData());
        std::fflush(stderr);
    }
    Q_EMIT exceptionCaught(what);
}

} // namespace attnlab::ui
