#include "ui/recovery/autosaver.h"

#include "core/scene/sceneio.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/i18n/language.h"
#include "ui/recovery/thumbnail.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QUuid>

namespace attnlab::ui {

namespace {
constexpr int kDefaultIntervalMs = 30000;
// A large edit is written this soon after it, so that a burst of them costs one write.
constexpr int kLargeEditDelayMs = 500;
} // namespace

Autosaver::Autosaver(Document *document, const QString &directory)
    : QObject(document)
    , m_document(document)
    , m_directory(directory.isEmpty() ? RecoveryStore::defaultDirectory() : directory)
    , m_id(QUuid::createUuid().toString(QUuid::WithoutBraces))
    , m_owner(std::make_unique<RecoveryOwner>(m_directory, m_id))
    , m_interval(defaultInterval())
{
    // One writer at a time, so copies land in order.
    m_pool.setMaxThreadCount(1);
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] { saveNow(); });
    connect(document, &Document::sceneChanged, this, &Autosaver::onEdit);
    connect(document, &Document::modifiedChanged, this, [this](bool modified) {
        if (modified)
            schedule(m_interval);
        else
            discard();
    });
    connect(document, &Document::sceneReset, this, [this] {
        if (!m_document->isModified())
            discard();
    });
}

Autosaver::~Autosaver()
{
    m_pool.waitForDone();
}

int Autosaver::defaultInterval()
{
    bool ok = false;
    const int ms = qEnvironmentVariableIntValue("ATTNLAB_AUTOSAVE_INTERVAL_MS", &ok);
    return ok && ms > 0 ? ms : kDefaultIntervalMs;
}

void Autosaver::onEdit(const core::Edit &edit)
{
    // The undo stack turns unclean only after the command ran, so modification is checked when
    // the timer fires.
    schedule(edit.target == core::Edit::Target::Everything ? kLargeEditDelayMs : m_interval);
}

void Autosaver::schedule(int delay)
{
    // "At most every interval": a pending write is only ever brought forward.
    if (!m_timer.isActive() || m_timer.remainingTime() > delay)
        m_timer.start(delay);
}

void Autosaver::saveNow(bool wait)
{
    m_timer.stop();
    if (!m_document->isModified())
        return;
    RecoveryEntry entry;
    entry.id = m_id;
    entry.originalPath = m_document->filePath();
    const QString title = sceneTitle(m_document->scene(), currentLanguage());
    entry.title = !title.isEmpty()     ? title
        : entry.originalPath.isEmpty() ? QString()
                                       : QFileInfo(entry.originalPath).fileName();
    entry.time = QDateTime::currentDateTime();
    entry.pid = QCoreApplication::applicationPid();
    const QImage thumbnail = weightsThumbnail(m_document->stages(), m_document->currentHead());
    const core::Scene scene = m_document->scene();
    const QString directory = m_directory;
    m_pool.start([directory, entry, scene, thumbnail] {
        RecoveryStore::write(directory, entry, core::writeScene(scene), thumbnail);
    });
    m_hasCopy = true;
    if (wait)
        m_pool.waitForDone();
    Q_EMIT saved();
}

void Autosaver::discard()
{
    m_timer.stop();
    m_pool.waitForDone();
    if (m_hasCopy)
        RecoveryStore(m_directory).remove(m_id);
    m_hasCopy = false;
}

} // namespace attnlab::ui
