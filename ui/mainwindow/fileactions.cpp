#include "ui/mainwindow/fileactions.h"

#include "core/scene/sceneio.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/i18n/coremessages.h"
#include "ui/i18n/language.h"
#include "ui/i18n/localizedfiledialog.h"
#include "ui/recovery/autosaver.h"
#include "ui/recovery/diskwatcher.h"
#include "ui/recovery/recoverydialog.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSettings>
#include <QTimer>
#include <QUndoStack>
#include <QUrl>

namespace attnlab::ui {

namespace {

const QString kRecentKey = QStringLiteral("files/recent");
const QString kDirectoryKey = QStringLiteral("files/lastDirectory");
constexpr int kMaxRecent = 8;
constexpr int kMaxProblemsShown = 20;
const QString kSuffix = QStringLiteral(".attn.json");

QString displayName(const QString &path)
{
    return QFileInfo(path).fileName();
}

} // namespace

FileActions::FileActions(Document *document, QWidget *window)
    : QObject(window)
    , m_document(document)
    , m_window(window)
    , m_new(new QAction(this))
    , m_open(new QAction(this))
    , m_save(new QAction(this))
    , m_saveAs(new QAction(this))
    , m_recentMenu(new QMenu(window))
    , m_examplesMenu(new QMenu(window))
    , m_autosaver(new Autosaver(document))
    , m_diskWatcher(new DiskWatcher(document))
{
    connect(m_diskWatcher, &DiskWatcher::changedOnDisk, this, &FileActions::handleChangedOnDisk);
    lockCurrentFile();
    if (m_readOnly) // after the window is shown, and after a test has set its prompt
        QTimer::singleShot(0, this, &FileActions::confirmStartFile);
    m_new->setShortcut(QKeySequence::New);
    m_open->setShortcut(QKeySequence::Open);
    m_save->setShortcut(QKeySequence::Save);
    // Plain X11 has no Save As binding; Ctrl+Shift+S is what users expect there.
    QList<QKeySequence> saveAs = QKeySequence::keyBindings(QKeySequence::SaveAs);
    if (!saveAs.contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)))
        saveAs << QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S);
    m_saveAs->setShortcuts(saveAs);
    m_new->setIcon(QIcon::fromTheme(QStringLiteral("document-new")));
    m_open->setIcon(QIcon::fromTheme(QStringLiteral("document-open")));
    m_save->setIcon(QIcon::fromTheme(QStringLiteral("document-save")));
    m_saveAs->setIcon(QIcon::fromTheme(QStringLiteral("document-save-as")));

    connect(m_new, &QAction::triggered, this, [this] {
        if (maybeSave())
            newScene();
    });
    connect(m_open, &QAction::triggered, this, &FileActions::open);
    connect(m_save, &QAction::triggered, this, &FileActions::save);
    connect(m_saveAs, &QAction::triggered, this, &FileActions::saveAs);
    connect(m_recentMenu, &QMenu::aboutToShow, this, &FileActions::fillRecentMenu);
    connect(m_examplesMenu, &QMenu::aboutToShow, this, &FileActions::fillExamplesMenu);
    retranslate();
}

bool FileActions::openPath(const QString &path, QStringList *problems)
{
    const core::LoadResult result = loadSceneFile(path);
    if (!result.ok()) {
        if (problems) {
            problems->clear();
            const QString label = QDir::toNativeSeparators(path);
            for (const core::Problem &p : result.problems)
                *problems << problemText(label, p);
        }
        return false;
    }
    m_document->load(*result.scene, QFileInfo(path).absoluteFilePath());
    lockCurrentFile();
    addRecentFile(QFileInfo(path).absoluteFilePath());
    return true;
}

void FileActions::lockCurrentFile()
{
    // Read-only only against another process: windows of one process (tests, a future second
    // window) share their Document's file as before.
    const bool readOnly = !m_lock.lock(m_document->filePath()) && SceneLock::holder(m_document->filePath()) != 0;
    if (readOnly != m_readOnly) {
        m_readOnly = readOnly;
        Q_EMIT readOnlyChanged(m_readOnly);
    }
}

void FileActions::confirmStartFile()
{
    const QString path = m_document->filePath();
    if (!m_readOnly || path.isEmpty())
        return;
    const qint64 holder = SceneLock::holder(path);
    if (holder == 0) { // the other window closed meanwhile
        lockCurrentFile();
        return;
    }
    if (askOpenReadOnly(path, holder)) {
        Q_EMIT statusMessage(tr("Opened %1 read-only").arg(QDir::toNativeSeparators(path)));
        return;
    }
    newScene();
    Q_EMIT statusMessage(
        tr("%1 was not opened: another Attention Lab window has it open.").arg(QDir::toNativeSeparators(path)));
}

bool FileActions::restore(const RecoveryEntry &entry, const RecoveryStore &store)
{
    const core::LoadResult result = loadSceneFile(entry.scenePath);
    if (!result.ok())
        return false;
    m_document->load(*result.scene, entry.originalPath);
    lockCurrentFile();
    // Unsaved, with nothing to undo: the history starts at the recovered scene.
    m_document->undoStack()->resetClean();
    // Our own copy first, then the old one goes: the edits are on disk at every moment.
    m_autosaver->saveNow(true);
    store.remove(entry.id);
    Q_EMIT statusMessage(
        tr("Restored the unsaved scene from %1").arg(QLocale().toString(entry.time, QLocale::ShortFormat)));
    return true;
}

void FileActions::offerRecovery(const RecoveryStore &store)
{
    const std::vector<RecoveryEntry> entries = store.orphans();
    if (entries.empty())
        return;
    RecoveryDialog dialog(entries, m_window);
    dialog.exec();
    switch (dialog.choice()) {
    case RecoveryDialog::Choice::Restore:
        if (!restore(dialog.selected(), store))
            reportError(tr("Could not restore the scene"),
                tr("The recovery copy %1 could not be read.")
                    .arg(QDir::toNativeSeparators(dialog.selected().scenePath)));
        break;
    case RecoveryDialog::Choice::DiscardAll:
        for (const RecoveryEntry &e : entries)
            store.remove(e.id);
        break;
    case RecoveryDialog::Choice::Later:
        break;
    }
}

void FileActions::handleChangedOnDisk(const QString &path)
{
    if (path != m_document->filePath())
        return;
    if (m_document->isModified() && !askReload(path)) {
        Q_EMIT statusMessage(tr("%1 changed on disk; your version is kept").arg(displayName(path)));
        return;
    }
    QStringList problems;
    if (openPath(path, &problems))
        Q_EMIT statusMessage(tr("%1 changed on disk and was reloaded").arg(displayName(path)));
    else
        Q_EMIT statusMessage(tr("%1 changed on disk but cannot be read; your version is kept").arg(displayName(path)));
}

bool FileActions::openExample(const QString &name)
{
    const core::LoadResult result = loadExample(name);
    if (!result.ok())
        return false;
    // An example has no file: saving it asks where to put the copy.
    m_document->load(*result.scene, QString());
    lockCurrentFile();
    Q_EMIT exampleOpened(name);
    return true;
}

bool FileActions::saveTo(const QString &path, QString *error)
{
    const auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    const std::vector<core::Problem> problems = core::validate(m_document->scene());
    if (!problems.empty())
        return fail(problemText(tr("scene"), problems.front()));
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (m_readOnly && absolute == m_document->filePath())
        return fail(tr("%1 is open in another Attention Lab window, so this one is read-only. Save your changes "
                       "under another name.")
                        .arg(displayName(path)));
    if (absolute != m_document->filePath() && SceneLock::holder(absolute) != 0)
        return fail(tr("%1 is open in another Attention Lab window. Close it there first, or choose another name.")
                        .arg(displayName(path)));
    const std::string text = core::writeScene(m_document->scene());
    // QSaveFile writes to a temporary file and renames it over the target only on success, so a
    // failed save never leaves a half-written scene behind.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
    if (file.write(text.data(), qint64(text.size())) != qint64(text.size()) || !file.commit())
        return fail(tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
    if (absolute != m_document->filePath()) {
        m_document->setFilePath(absolute);
        lockCurrentFile();
    }
    m_diskWatcher->noteOwnWrite();
    m_document->setClean();
    addRecentFile(absolute);
    return true;
}

void FileActions::newScene()
{
    const core::LoadResult result = loadExample(QLatin1String(kDefaultExample));
    if (!result.ok())
        return;
    core::Scene scene = *result.scene;
    scene.title.clear();
    scene.description.clear();
    m_document->load(scene, QString());
    lockCurrentFile();
}

bool FileActions::maybeSave()
{
    if (!m_document->isModified())
        return true;
    switch (askToSave()) {
    case Answer::Save:
        return save();
    case Answer::Discard:
        m_autosaver->discard();
        return true;
    case Answer::Cancel:
        break;
    }
    return false;
}

void FileActions::open()
{
    if (!maybeSave())
        return;
    const QString path = chooseFile(false);
    if (!path.isEmpty())
        openInteractive(path);
}

bool FileActions::openInteractive(const QString &path)
{
    const qint64 holder = SceneLock::holder(path);
    if (holder != 0 && QFileInfo(path).absoluteFilePath() != m_document->filePath() && !askOpenReadOnly(path, holder))
        return false;
    QStringList problems;
    if (openPath(path, &problems)) {
        Q_EMIT statusMessage(m_readOnly ? tr("Opened %1 read-only").arg(QDir::toNativeSeparators(path))
                                        : tr("Opened %1").arg(QDir::toNativeSeparators(path)));
        return true;
    }
    const int total = int(problems.size());
    if (total > kMaxProblemsShown) {
        problems = problems.mid(0, kMaxProblemsShown);
        problems << tr("… and %n more problem(s)", nullptr, total - kMaxProblemsShown);
    }
    reportError(tr("Could not open the scene"),
        tr("%1 could not be opened. The current scene is unchanged.\n\n%2")
            .arg(displayName(path), problems.join(QLatin1Char('\n'))));
    return false;
}

bool FileActions::save()
{
    const QString path = m_document->filePath();
    if (path.isEmpty() || path.startsWith(QLatin1Char(':')))
        return saveAs();
    if (m_readOnly) {
        reportError(tr("The scene is read-only"),
            tr("%1 is open in another Attention Lab window, so this one is read-only. Choose another name to save "
               "your changes.")
                .arg(displayName(path)));
        return saveAs();
    }
    QString error;
    if (!saveTo(path, &error)) {
        reportError(tr("Could not save the scene"), error);
        return false;
    }
    Q_EMIT statusMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

bool FileActions::saveAs()
{
    QString path = chooseFile(true);
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive))
        path += kSuffix;
    QString error;
    if (!saveTo(path, &error)) {
        reportError(tr("Could not save the scene"), error);
        return false;
    }
    Q_EMIT statusMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

QStringList FileActions::recentFiles() const
{
    return QSettings().value(kRecentKey).toStringList();
}

void FileActions::clearRecentFiles()
{
    QSettings().remove(kRecentKey);
}

QString FileActions::sceneFileFromMimeData(const QMimeData *mime)
{
    if (!mime || !mime->hasUrls())
        return QString();
    for (const QUrl &url : mime->urls())
        if (url.isLocalFile() && url.toLocalFile().endsWith(QStringLiteral(".json"), Qt::CaseInsensitive))
            return url.toLocalFile();
    return QString();
}

void FileActions::retranslate()
{
    m_new->setText(tr("&New"));
    m_new->setToolTip(tr("Start a new untitled scene from the 猫吃鱼 starting point (%1)")
                          .arg(m_new->shortcut().toString(QKeySequence::NativeText)));
    m_open->setText(tr("&Open…"));
    m_open->setToolTip(
        tr("Open a scene file (.attn.json) (%1)").arg(m_open->shortcut().toString(QKeySequence::NativeText)));
    m_save->setText(tr("&Save"));
    m_save->setToolTip(tr("Save the scene (%1)").arg(m_save->shortcut().toString(QKeySequence::NativeText)));
    m_saveAs->setText(tr("Save &As…"));
    m_saveAs->setToolTip(tr("Save the scene under a new name (Ctrl+Shift+S)"));
    m_recentMenu->setTitle(tr("Open &Recent"));
    m_recentMenu->setToolTip(tr("Scene files opened or saved lately"));
    m_examplesMenu->setTitle(tr("&Examples"));
    m_examplesMenu->setToolTip(tr("The built-in example scenes"));
    m_examplesMenu->clear(); // refilled in the current language when next shown
}

void FileActions::addRecentFile(const QString &path)
{
    QStringList recent = recentFiles();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    QSettings settings;
    settings.setValue(kRecentKey, recent);
    settings.setValue(kDirectoryKey, QFileInfo(path).absolutePath());
}

void FileActions::fillRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = recentFiles();
    for (int i = 0; i < recent.size(); ++i) {
        const QString path = recent.at(i);
        QAction *action = m_recentMenu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(displayName(path)));
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
        connect(action, &QAction::triggered, this, [this, path] {
            if (maybeSave())
                openInteractive(path);
        });
    }
    if (recent.isEmpty())
        m_recentMenu->addAction(tr("No recent files"))->setEnabled(false);
    m_recentMenu->addSeparator();
    QAction *clear = m_recentMenu->addAction(tr("&Clear Recent Files"), this, &FileActions::clearRecentFiles);
    clear->setEnabled(!recent.isEmpty());
    clear->setToolTip(tr("Forget the list of recent files"));
}

void FileActions::fillExamplesMenu()
{
    if (!m_examplesMenu->isEmpty())
        return;
    for (const QString &name : exampleNames()) {
        const core::LoadResult r = loadExample(name);
        const QString title = r.ok() && !r.scene->title.empty() ? sceneTitle(*r.scene, currentLanguage()) : name;
        QAction *action = m_examplesMenu->addAction(tr("%1  (%2)").arg(title, name));
        action->setData(name);
        if (r.ok()) {
            core::Pipeline pipeline;
            const bool valid = core::validate(*r.scene).empty();
            const QString description
                = renderedDescription(*r.scene, valid ? pipeline.compute(*r.scene) : core::Stages(), currentLanguage());
            action->setToolTip(description.isEmpty() ? name : description);
            action->setStatusTip(description.left(160));
        }
        connect(action, &QAction::triggered, this, [this, name] {
            if (maybeSave())
                openExample(name);
        });
    }
    m_examplesMenu->setToolTipsVisible(true);
}

FileActions::Answer FileActions::askToSave() const
{
    if (m_savePrompt)
        return m_savePrompt();
    const auto button = QMessageBox::warning(m_window, tr("Unsaved changes"), unsavedChangesQuestion(),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    return button == QMessageBox::Save   ? Answer::Save
        : button == QMessageBox::Discard ? Answer::Discard
                                         : Answer::Cancel;
}

QString FileActions::unsavedChangesQuestion() const
{
    const QString path = m_document->filePath();
    const std::string &title = m_document->scene().title;
    const QString name = !path.isEmpty() && !path.startsWith(QLatin1Char(':'))
        ? displayName(path)
        : (title.empty() ? tr("The scene") : tr("“%1”").arg(sceneTitle(m_document->scene(), currentLanguage())));
    return tr("%1 has unsaved changes. Save them first?").arg(name);
}

QString FileActions::suggestedFileName() const
{
    const QString current = m_document->filePath();
    if (!current.isEmpty() && !current.startsWith(QLatin1Char(':')))
        return displayName(current);
    QString base = sceneTitle(m_document->scene(), currentLanguage());
    // What no file system takes in a name, and runs of blanks, become one space; then trimmed.
    base.replace(QRegularExpression(QStringLiteral("[\\\\/:*?\"<>|\\s]+")), QStringLiteral(" "));
    base = base.trimmed().left(60).trimmed();
    while (base.startsWith(QLatin1Char('.')))
        base.remove(0, 1);
    return (base.isEmpty() ? tr("untitled") : base) + kSuffix;
}

QString FileActions::chooseFile(bool forSaving) const
{
    if (m_fileChooser)
        return m_fileChooser(forSaving);
    const QString filter = tr("Attention Lab scenes (*.attn.json);;JSON files (*.json);;All files (*)");
    QString dir = QSettings().value(kDirectoryKey).toString();
    if (forSaving) {
        return LocalizedFileDialog::getSaveFileName(
            m_window, tr("Save Scene As"), QDir(dir).filePath(suggestedFileName()), filter);
    }
    return LocalizedFileDialog::getOpenFileName(m_window, tr("Open Scene"), dir, filter);
}

bool FileActions::askOpenReadOnly(const QString &path, qint64 pid) const
{
    if (m_lockPrompt)
        return m_lockPrompt(path, pid);
    QMessageBox box(QMessageBox::Warning, tr("File in use"),
        tr("%1 is open in another Attention Lab window (process %2). Editing it in two windows would lose one "
           "window's changes.")
            .arg(displayName(path))
            .arg(pid),
        QMessageBox::Cancel, m_window);
    QPushButton *readOnly = box.addButton(tr("Open &Read-Only"), QMessageBox::AcceptRole);
    box.setDefaultButton(readOnly);
    box.exec();
    return box.clickedButton() == readOnly;
}

bool FileActions::askReload(const QString &path) const
{
    if (m_reloadPrompt)
        return m_reloadPrompt(path);
    QMessageBox box(QMessageBox::Question, tr("File changed on disk"),
        tr("%1 was changed by another program. Reload it and lose your unsaved changes, or keep your version?")
            .arg(displayName(path)),
        QMessageBox::NoButton, m_window);
    QPushButton *reload = box.addButton(tr("&Reload"), QMessageBox::DestructiveRole);
    QPushButton *keep = box.addButton(tr("&Keep Mine"), QMessageBox::RejectRole);
    box.setDefaultButton(keep);
    box.exec();
    return box.clickedButton() == reload;
}

void FileActions::reportError(const QString &title, const QString &text) const
{
    if (m_errorReporter)
        m_errorReporter(title, text);
    else
        QMessageBox::warning(m_window, title, text);
}

} // namespace attnlab::ui
