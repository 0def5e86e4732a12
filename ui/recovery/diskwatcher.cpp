#include "ui/recovery/diskwatcher.h"

#include "ui/document/document.h"

#include <QFileInfo>

namespace attnlab::ui {

namespace {
// A writer replacing the file renames a temporary over it; give it a moment so that we read
// the new file and not the gap between remove and rename.
constexpr int kSettleMs = 150;
} // namespace

DiskWatcher::DiskWatcher(Document *document)
    : QObject(document)
    , m_document(document)
{
    m_settle.setSingleShot(true);
    m_settle.setInterval(kSettleMs);
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, [this] { m_settle.start(); });
    connect(&m_settle, &QTimer::timeout, this, &DiskWatcher::onChanged);
    connect(document, &Document::filePathChanged, this, &DiskWatcher::watch);
    connect(document, &Document::sceneReset, this, [this] { watch(m_document->filePath()); });
    watch(document->filePath());
}

void DiskWatcher::watch(const QString &path)
{
    if (!m_watcher.files().isEmpty())
        m_watcher.removePaths(m_watcher.files());
    m_path = path.startsWith(QLatin1Char(':')) ? QString() : path;
    if (m_path.isEmpty())
        return;
    m_watcher.addPath(m_path);
    noteOwnWrite();
}

void DiskWatcher::noteOwnWrite()
{
    const QFileInfo info(m_path);
    m_size = info.exists() ? info.size() : -1;
    m_modified = info.exists() ? info.lastModified() : QDateTime();
    if (!m_path.isEmpty() && info.exists() && !m_watcher.files().contains(m_path))
        m_watcher.addPath(m_path);
}

bool DiskWatcher::isOwnState() const
{
    const QFileInfo info(m_path);
    return info.exists() && info.size() == m_size && info.lastModified() == m_modified;
}

void DiskWatcher::onChanged()
{
    if (m_path.isEmpty())
        return;
    if (QFileInfo::exists(m_path) && !m_watcher.files().contains(m_path))
        m_watcher.addPath(m_path); // replaced by an atomic save: watch the new file
    if (!QFileInfo::exists(m_path) || isOwnState())
        return;
    noteOwnWrite();
    Q_EMIT changedOnDisk(m_path);
}

} // namespace attnlab::ui
