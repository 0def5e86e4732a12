#include "ui/recovery/recoverystore.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QSaveFile>
#include <QStandardPaths>

#include <algorithm>

namespace attnlab::ui {

namespace {

QString filePath(const QString &directory, const QString &id, const char *suffix)
{
    return QDir(directory).filePath(id + QLatin1String(suffix));
}

bool saveBytes(const QString &path, const QByteArray &bytes, QString *error)
{
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit())
        return true;
    if (error)
        *error = file.errorString();
    return false;
}

} // namespace

RecoveryStore::RecoveryStore(const QString &directory)
    : m_directory(directory.isEmpty() ? defaultDirectory() : directory)
{
}

RecoveryStore::~RecoveryStore() = default;

QString RecoveryStore::defaultDirectory()
{
    // The UI tests point this at a temporary folder, so that no test leaves copies behind.
    const QString forced = qEnvironmentVariable("ATTNLAB_RECOVERY_DIR");
    if (!forced.isEmpty())
        return forced;
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("recovery"));
}

std::vector<RecoveryEntry> RecoveryStore::orphans() const
{
    std::vector<RecoveryEntry> entries;
    const QDir dir(m_directory);
    const QStringList metas = dir.entryList({QStringLiteral("*.json")}, QDir::Files);
    for (const QString &name : metas) {
        if (name.endsWith(QLatin1String(".attn.json")))
            continue;
        const QString id = name.chopped(5);
        // A lock we can take belongs to nobody: its instance is gone. Taking it briefly also
        // stops a second starting instance from offering the same copy at the same moment.
        QLockFile lock(filePath(m_directory, id, ".lock"));
        lock.setStaleLockTime(0);
        if (!lock.tryLock(0))
            continue;
        QFile meta(dir.filePath(name));
        if (!meta.open(QIODevice::ReadOnly))
            continue;
        const QJsonObject o = QJsonDocument::fromJson(meta.readAll()).object();
        RecoveryEntry e;
        e.id = id;
        e.title = o.value(QStringLiteral("title")).toString();
        e.originalPath = o.value(QStringLiteral("originalPath")).toString();
        e.time = QDateTime::fromString(o.value(QStringLiteral("time")).toString(), Qt::ISODateWithMs);
        e.pid = qint64(o.value(QStringLiteral("pid")).toDouble());
        e.scenePath = filePath(m_directory, id, ".attn.json");
        e.thumbnailPath = filePath(m_directory, id, ".png");
        if (QFileInfo::exists(e.scenePath))
            entries.push_back(e);
    }
    std::sort(
        entries.begin(), entries.end(), [](const RecoveryEntry &a, const RecoveryEntry &b) { return a.time > b.time; });
    return entries;
}

void RecoveryStore::remove(const QString &id) const
{
    for (const char *suffix : {".attn.json", ".json", ".png"})
        QFile::remove(filePath(m_directory, id, suffix));
}

bool RecoveryStore::write(const QString &directory, const RecoveryEntry &entry, const std::string &sceneText,
    const QImage &thumbnail, QString *error)
{
    if (!QDir().mkpath(directory)) {
        if (error)
            *error = QStringLiteral("cannot create %1").arg(directory);
        return false;
    }
    if (!saveBytes(filePath(directory, entry.id, ".attn.json"),
            QByteArray(sceneText.data(), qsizetype(sceneText.size())), error))
        return false;
    if (!thumbnail.isNull())
        thumbnail.save(filePath(directory, entry.id, ".png"), "PNG");
    // The metadata comes last: an entry is listed only once its scene is complete.
    QJsonObject o;
    o.insert(QStringLiteral("title"), entry.title);
    o.insert(QStringLiteral("originalPath"), entry.originalPath);
    o.insert(QStringLiteral("time"), entry.time.toString(Qt::ISODateWithMs));
    o.insert(QStringLiteral("pid"), double(entry.pid));
    return saveBytes(filePath(directory, entry.id, ".json"), QJsonDocument(o).toJson(), error);
}

RecoveryOwner::RecoveryOwner(const QString &directory, const QString &id)
    : m_lock(std::make_unique<QLockFile>(filePath(directory, id, ".lock")))
{
    QDir().mkpath(directory);
    m_lock->setStaleLockTime(0);
    m_lock->tryLock(0);
}

RecoveryOwner::~RecoveryOwner() = default;

} // namespace attnlab::ui
