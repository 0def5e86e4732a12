#include "ui/mainwindow/fileactions.h"

#include "core/sceneio.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/i18n/language.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QSaveFile>
#include <QSettings>
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
{
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
            const std::string label = QDir::toNativeSeparators(path).toStdString();
            for (const core::Problem &p : result.problems)
                *problems << QString::fromStdString(core::formatProblem(label, p));
        }
        return false;
    }
    m_document->load(*result.scene, QFileInfo(path).absoluteFilePath());
    addRecentFile(QFileInfo(path).absoluteFilePath());
    return true;
}

bool FileActions::openExample(const QString &name)
{
    const core::LoadResult result = loadExample(name);
    if (!result.ok())
        return false;
    // An example has no file: saving it asks where to put the copy.
    m_document->load(*result.scene, QString());
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
        return fail(QString::fromStdString(core::formatProblem("scene", problems.front())));
    const std::string text = core::writeScene(m_document->scene());
    // QSaveFile writes to a temporary file and renames it over the target only on success, so a
    // failed save never leaves a half-written scene behind.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
    if (file.write(text.data(), qint64(text.size())) != qint64(text.size()) || !file.commit())
        return fail(tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_document->setFilePath(absolute);
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
}

bool FileActions::maybeSave()
{
    if (!m_document->isModified())
        return true;
    switch (askToSave()) {
    case Answer::Save:
        return save();
    case Answer::Discard:
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
    QStringList problems;
    if (openPath(path, &problems)) {
        Q_EMIT statusMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)));
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
            const QString description = sceneDescription(*r.scene, QLocale().name());
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
    const QString name = m_document->filePath().isEmpty() ? tr("The scene") : displayName(m_document->filePath());
    const auto button = QMessageBox::warning(m_window, tr("Unsaved changes"),
        tr("%1 has unsaved changes. Save them first?").arg(name),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    return button == QMessageBox::Save   ? Answer::Save
        : button == QMessageBox::Discard ? Answer::Discard
                                         : Answer::Cancel;
}

QString FileActions::chooseFile(bool forSaving) const
{
    if (m_fileChooser)
        return m_fileChooser(forSaving);
    const QString filter = tr("Attention Lab scenes (*.attn.json);;JSON files (*.json);;All files (*)");
    QString dir = QSettings().value(kDirectoryKey).toString();
    if (forSaving) {
        const QString current = m_document->filePath();
        const QString base = current.isEmpty() || current.startsWith(QLatin1Char(':')) ? tr("untitled") + kSuffix
                                                                                       : displayName(current);
        return QFileDialog::getSaveFileName(m_window, tr("Save Scene As"), QDir(dir).filePath(base), filter);
    }
    return QFileDialog::getOpenFileName(m_window, tr("Open Scene"), dir, filter);
}

void FileActions::reportError(const QString &title, const QString &text) const
{
    if (m_errorReporter)
        m_errorReporter(title, text);
    else
        QMessageBox::warning(m_window, title, text);
}

} // namespace attnlab::ui
