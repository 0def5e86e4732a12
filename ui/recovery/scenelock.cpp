#include "ui/recovery/scenelock.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QLockFile>

#include <unistd.h>

namespace attnlab::ui {

namespace {

QString canonical(const QString &path)
{
    const QFileInfo info(path);
    const QString c = info.canonicalFilePath();
    return c.isEmpty() ? info.absoluteFilePath() : c;
}

} // namespace

SceneLock::SceneLock() = default;

SceneLock::~SceneLock() = default;

QString SceneLock::lockPathFor(const QString &scenePath)
{
    // Qt's own fallback when XDG_RUNTIME_DIR is unset (the app sets it the same way at start-up),
    // without its warning on every lookup.
    QString runtime = qEnvironmentVariable("XDG_RUNTIME_DIR");
    if (runtime.isEmpty())
        runtime = QDir::tempPath() + QStringLiteral("/runtime-") + QString::number(getuid());
    const QString dir = QDir(runtime).filePath(QStringLiteral("attnlab-locks"));
    QDir().mkpath(dir);
    const QByteArray hash = QCryptographicHash::hash(canonical(scenePath).toUtf8(), QCryptographicHash::Sha1).toHex();
    return QDir(dir).filePath(QString::fromLatin1(hash) + QStringLiteral(".lock"));
}

qint64 SceneLock::holder(const QString &scenePath)
{
    QLockFile probe(lockPathFor(scenePath));
    probe.setStaleLockTime(0);
    if (probe.tryLock(0))
        return 0;
    qint64 pid = 0;
    QString host, app;
    probe.getLockInfo(&pid, &host, &app);
    // Our own lock (this process has the file open) is not "another attnlab".
    return pid == QCoreApplication::applicationPid() ? 0 : (pid > 0 ? pid : -1);
}

bool SceneLock::lock(const QString &scenePath)
{
    unlock();
    if (scenePath.isEmpty() || scenePath.startsWith(QLatin1Char(':')))
        return true;
    auto lock = std::make_unique<QLockFile>(lockPathFor(scenePath));
    // Only a dead owner makes a lock stale; a long editing session is not a stale lock.
    lock->setStaleLockTime(0);
    if (!lock->tryLock(0))
        return false;
    m_lock = std::move(lock);
    m_path = scenePath;
    return true;
}

void SceneLock::unlock()
{
    m_lock.reset();
    m_path.clear();
}

bool SceneLock::isLocked() const
{
    return m_lock && m_lock->isLocked();
}

} // namespace attnlab::ui
