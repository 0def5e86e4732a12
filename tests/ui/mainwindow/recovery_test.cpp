// Never lose work: recovery copies survive SIGKILL and SIGTERM of a real child process, restore
// as an unsaved document, go away on discard; a second instance sees the file lock; a file
// changed on disk is offered for reload.
#include "core/scene/sceneio.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/mainwindow/fileactions.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/recovery/autosaver.h"
#include "ui/recovery/recoverystore.h"
#include "ui/recovery/scenelock.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QProcess>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QWidget>

#include <gtest/gtest.h>

#include <cmath>
#include <csignal>
#include <signal.h>

using namespace attnlab;
using namespace attnlab::ui;

namespace {

core::Scene startScene()
{
    const core::LoadResult r = loadExample(QLatin1String(kDefaultExample));
    EXPECT_TRUE(r.ok());
    return r.ok() ? *r.scene : core::Scene();
}

void writeSceneFile(const QString &path, const core::Scene &scene)
{
    const std::string text = core::writeScene(scene);
    QSaveFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(text.data(), qint64(text.size()));
    ASSERT_TRUE(file.commit());
}

// The child (tests/recoverychild) on `scene`, its copies in `recoveryDir`.
class Child {
public:
    Child(const QString &scene, const char *mode, const QString &recoveryDir, int intervalMs)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("ATTNLAB_RECOVERY_DIR"), recoveryDir);
        env.insert(QStringLiteral("ATTNLAB_AUTOSAVE_INTERVAL_MS"), QString::number(intervalMs));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        m_process.setProcessEnvironment(env);
        m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_process.start(QStringLiteral(ATTNLAB_RECOVERY_CHILD), {scene, QString::fromLatin1(mode)});
    }
    ~Child()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished();
        }
    }
    // Waits for the child's line ("edited" or "ready").
    bool waitFor(const char *line)
    {
        QByteArray out;
        while (!out.contains(line) && m_process.waitForReadyRead(20000))
            out += m_process.readAllStandardOutput();
        return out.contains(line);
    }
    void signal(int sig) { ::kill(pid_t(m_process.processId()), sig); }
    qint64 pid() const { return m_process.processId(); }
    QProcess &process() { return m_process; }

private:
    QProcess m_process;
};

bool hasCopyFiles(const QString &dir)
{
    return !QDir(dir).entryList({QStringLiteral("*.attn.json")}, QDir::Files).isEmpty();
}

} // namespace

TEST(Recovery, KilledChildLeavesACopyThatRestoresAsAnUnsavedDocument)
{
    QTemporaryDir tmp;
    const QString scenePath = tmp.filePath(QStringLiteral("lesson.attn.json"));
    const QString recovery = tmp.filePath(QStringLiteral("recovery"));
    writeSceneFile(scenePath, startScene());
    Child child(scenePath, "edit", recovery, 50);
    ASSERT_TRUE(child.waitFor("edited"));
    // The scene, then the thumbnail, then the metadata (ID.json) are written.
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return QDir(recovery).entryList({QStringLiteral("*.json")}, QDir::Files).size() == 2; }, 10000));
    const RecoveryStore store(recovery);
    // A running instance's copy is not a crashed one.
    EXPECT_TRUE(store.orphans().empty());
    const qint64 pid = child.pid();
    child.signal(SIGKILL);
    ASSERT_TRUE(child.process().waitForFinished(10000));

    const std::vector<RecoveryEntry> orphans = store.orphans();
    ASSERT_EQ(orphans.size(), 1u);
    const RecoveryEntry entry = orphans.front();
    EXPECT_EQ(entry.originalPath, QFileInfo(scenePath).absoluteFilePath());
    EXPECT_EQ(entry.pid, pid);
    EXPECT_TRUE(entry.time.isValid());
    EXPECT_FALSE(QImage(entry.thumbnailPath).isNull());

    Document document;
    QWidget window;
    FileActions files(&document, &window);
    ASSERT_TRUE(files.restore(entry, store));
    EXPECT_TRUE(document.isModified());
    EXPECT_EQ(document.undoStack()->count(), 0);
    EXPECT_FALSE(document.undoStack()->canUndo());
    EXPECT_EQ(document.filePath(), entry.originalPath);
    EXPECT_NEAR(double(document.scene().wq(0, 0)), 7.0, 1e-6);
    EXPECT_FALSE(files.isReadOnly());
    // The old copy is gone (this document now keeps its own, elsewhere).
    EXPECT_FALSE(hasCopyFiles(recovery));
    EXPECT_TRUE(store.orphans().empty());
}

TEST(Recovery, SigtermWritesTheCopyBeforeExiting)
{
    QTemporaryDir tmp;
    const QString scenePath = tmp.filePath(QStringLiteral("lesson.attn.json"));
    const QString recovery = tmp.filePath(QStringLiteral("recovery"));
    writeSceneFile(scenePath, startScene());
    Child child(scenePath, "edit", recovery, 600000);
    ASSERT_TRUE(child.waitFor("edited"));
    // The edit is a cell, so only the (ten-minute) interval would write it.
    EXPECT_FALSE(QFileInfo::exists(recovery) && hasCopyFiles(recovery));
    child.signal(SIGTERM);
    ASSERT_TRUE(child.process().waitForFinished(10000));
    EXPECT_EQ(child.process().exitStatus(), QProcess::NormalExit);
    EXPECT_EQ(child.process().exitCode(), 0);
    const std::vector<RecoveryEntry> orphans = RecoveryStore(recovery).orphans();
    ASSERT_EQ(orphans.size(), 1u);
    const core::LoadResult copy = loadSceneFile(orphans.front().scenePath);
    ASSERT_TRUE(copy.ok());
    EXPECT_NEAR(double(copy.scene->wq(0, 0)), 7.0, 1e-6);
}

TEST(Recovery, SecondInstanceSeesTheLockAndOpensReadOnly)
{
    QTemporaryDir tmp;
    const QString scenePath = tmp.filePath(QStringLiteral("shared.attn.json"));
    writeSceneFile(scenePath, startScene());
    const QByteArray before = [&] {
        QFile f(scenePath);
        f.open(QIODevice::ReadOnly);
        return f.readAll();
    }();
    Child child(scenePath, "hold", tmp.filePath(QStringLiteral("recovery")), 600000);
    ASSERT_TRUE(child.waitFor("ready"));
    EXPECT_EQ(SceneLock::holder(scenePath), child.pid());

    Document document;
    QWidget window;
    FileActions files(&document, &window);
    qint64 askedPid = 0;
    files.setLockPrompt([&](const QString &, qint64 pid) {
        askedPid = pid;
        return false;
    });
    EXPECT_FALSE(files.openInteractive(scenePath));
    EXPECT_EQ(askedPid, child.pid());
    EXPECT_NE(document.filePath(), QFileInfo(scenePath).absoluteFilePath());

    files.setLockPrompt([](const QString &, qint64) { return true; });
    ASSERT_TRUE(files.openInteractive(scenePath));
    EXPECT_TRUE(files.isReadOnly());
    document.setCell(MatrixId::WQ, 0, 1, 8.0);
    QString reported;
    files.setErrorReporter([&](const QString &, const QString &text) { reported = text; });
    bool offeredSaveAs = false;
    files.setFileChooser([&](bool forSaving) {
        offeredSaveAs = forSaving;
        return QString();
    });
    EXPECT_FALSE(files.save());
    EXPECT_TRUE(reported.contains(QStringLiteral("read-only")));
    EXPECT_TRUE(offeredSaveAs);
    QString error;
    EXPECT_FALSE(files.saveTo(scenePath, &error));
    QFile after(scenePath);
    ASSERT_TRUE(after.open(QIODevice::ReadOnly));
    EXPECT_EQ(after.readAll(), before);

    child.signal(SIGKILL);
    ASSERT_TRUE(child.process().waitForFinished(10000));
    EXPECT_EQ(SceneLock::holder(scenePath), 0);
}

TEST(Recovery, AStartFileHeldByAnotherWindowAsksThenShowsReadOnly)
{
    QTemporaryDir tmp;
    const QString scenePath = tmp.filePath(QStringLiteral("shared.attn.json"));
    writeSceneFile(scenePath, startScene());
    Child child(scenePath, "hold", tmp.filePath(QStringLiteral("recovery")), 600000);
    ASSERT_TRUE(child.waitFor("ready"));

    // `attnlab FILE` (a double-click): the Document holds the file before the window exists.
    for (const bool accept : {true, false}) {
        Document document;
        document.load(startScene(), scenePath);
        MainWindow window(&document);
        qint64 askedPid = 0;
        window.fileActions()->setLockPrompt([&](const QString &, qint64 pid) {
            askedPid = pid;
            return accept;
        });
        auto *mark = window.findChild<QLabel *>(QStringLiteral("ReadOnlyMark"));
        ASSERT_NE(mark, nullptr);
        QCoreApplication::processEvents();
        EXPECT_EQ(askedPid, child.pid()) << "the same question as File → Open";
        if (accept) {
            EXPECT_TRUE(window.fileActions()->isReadOnly());
            EXPECT_EQ(document.filePath(), QFileInfo(scenePath).absoluteFilePath());
            EXPECT_TRUE(window.windowTitle().contains(QStringLiteral("read-only")))
                << window.windowTitle().toStdString();
            EXPECT_FALSE(mark->isHidden());
            EXPECT_EQ(mark->text(), QStringLiteral("Read-only"));
        } else {
            EXPECT_FALSE(window.fileActions()->isReadOnly());
            EXPECT_TRUE(document.filePath().isEmpty()) << "Cancel leaves a new scene, not the held file";
            EXPECT_FALSE(window.windowTitle().contains(QStringLiteral("read-only")));
            EXPECT_TRUE(mark->isHidden());
        }
    }
}

TEST(Recovery, FileChangedOnDiskOffersReloadOrKeepMine)
{
    QTemporaryDir tmp;
    const QString scenePath = tmp.filePath(QStringLiteral("watched.attn.json"));
    core::Scene scene = startScene();
    writeSceneFile(scenePath, scene);
    Document document;
    QWidget window;
    FileActions files(&document, &window);
    ASSERT_TRUE(files.openPath(scenePath));
    int asked = 0;
    bool reload = false;
    files.setReloadPrompt([&](const QString &) {
        ++asked;
        return reload;
    });

    // Unmodified: a quiet reload.
    scene.wq(0, 1) = 8;
    writeSceneFile(scenePath, scene);
    ASSERT_TRUE(QTest::qWaitFor([&] { return std::abs(double(document.scene().wq(0, 1)) - 8.0) < 1e-6; }, 5000));
    EXPECT_EQ(asked, 0);
    EXPECT_FALSE(document.isModified());

    // Modified: asked; "keep mine" keeps the edit. The file was replaced (atomic save) and is
    // still watched.
    document.setCell(MatrixId::WQ, 0, 0, 7.0);
    scene.wq(0, 1) = 9;
    writeSceneFile(scenePath, scene);
    ASSERT_TRUE(QTest::qWaitFor([&] { return asked == 1; }, 5000));
    EXPECT_TRUE(document.isModified());
    EXPECT_NEAR(double(document.scene().wq(0, 0)), 7.0, 1e-6);

    reload = true;
    scene.wq(0, 1) = 10;
    writeSceneFile(scenePath, scene);
    ASSERT_TRUE(QTest::qWaitFor([&] { return asked == 2; }, 5000));
    EXPECT_FALSE(document.isModified());
    EXPECT_NEAR(double(document.scene().wq(0, 1)), 10.0, 1e-6);

    // Our own save is not a change on disk.
    document.setCell(MatrixId::WQ, 0, 0, 3.0);
    ASSERT_TRUE(files.saveTo(scenePath));
    QTest::qWait(400); // nothing may arrive; there is no event to wait for
    EXPECT_EQ(asked, 2);
}

TEST(Recovery, CleanSaveAndDiscardRemoveTheCopy)
{
    QTemporaryDir tmp;
    const QString scenePath = tmp.filePath(QStringLiteral("lesson.attn.json"));
    writeSceneFile(scenePath, startScene());
    Document document;
    QWidget window;
    FileActions files(&document, &window);
    ASSERT_TRUE(files.openPath(scenePath));
    const QString copy = QDir(files.autosaver()->directory()).filePath(files.autosaver()->id() + ".attn.json");

    document.setCell(MatrixId::WQ, 0, 0, 7.0);
    files.autosaver()->saveNow(true);
    EXPECT_TRUE(QFileInfo::exists(copy));
    files.setSavePrompt([] { return FileActions::Answer::Discard; });
    EXPECT_TRUE(files.maybeSave());
    EXPECT_FALSE(QFileInfo::exists(copy));

    document.setCell(MatrixId::WQ, 0, 0, 6.0);
    files.autosaver()->saveNow(true);
    EXPECT_TRUE(QFileInfo::exists(copy));
    ASSERT_TRUE(files.saveTo(scenePath));
    EXPECT_FALSE(QFileInfo::exists(copy));
}

TEST(Recovery, LargeEditIsSavedSoonAfter)
{
    Document document;
    QWidget window;
    FileActions files(&document, &window);
    files.newScene();
    files.autosaver()->setInterval(600000);
    const QString copy = QDir(files.autosaver()->directory()).filePath(files.autosaver()->id() + ".attn.json");
    core::Scene scene = document.scene();
    scene.tokens.push_back(scene.tokens.front());
    document.changeScene(scene, QStringLiteral("add a token"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return QFileInfo::exists(copy); }, 5000));
    files.setSavePrompt([] { return FileActions::Answer::Discard; });
    files.maybeSave();
}
