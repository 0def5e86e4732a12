// A child attnlab for the recovery tests (tests/ui/mainwindow/recovery_test.cpp): the app's own document
// wiring — Document, FileActions (autosave, file lock, disk watcher) and the SIGTERM watcher —
// on a scene file, without a visible window, so that a test can kill it mid-edit.
//
//   attnlab_recovery_child SCENE edit   sets W_Q[0][0] = 7, prints "edited", waits to be killed
//   attnlab_recovery_child SCENE hold   opens SCENE (holding its lock), prints "ready", waits
//
// The recovery folder comes from ATTNLAB_RECOVERY_DIR, the autosave interval from
// ATTNLAB_AUTOSAVE_INTERVAL_MS, as in the app.
#include "ui/document/document.h"
#include "ui/document/matrixid.h"
#include "ui/mainwindow/fileactions.h"
#include "ui/recovery/autosaver.h"
#include "ui/recovery/terminationwatcher.h"

#include <QApplication>
#include <QStandardPaths>
#include <QWidget>

#include <cstdio>

int main(int argc, char **argv)
{
    using namespace attnlab::ui;
    qputenv("QT_QPA_PLATFORM", "offscreen");
    // The same test mode as the UI tests, so that both agree on the runtime folder of the locks.
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("attnlab-tests")); // recent files go to test settings
    if (argc != 3)
        return 2;
    Document document;
    QWidget window;
    FileActions files(&document, &window);
    if (!files.openPath(QString::fromLocal8Bit(argv[1])))
        return 2;
    TerminationWatcher termination;
    QObject::connect(&termination, &TerminationWatcher::terminationRequested, &window, [&files] {
        files.autosaver()->saveNow(true);
        QCoreApplication::exit(0);
    });
    if (qstrcmp(argv[2], "edit") == 0) {
        document.setCell(MatrixId::WQ, 0, 0, 7.0);
        std::printf("edited\n");
    } else {
        std::printf("ready\n");
    }
    std::fflush(stdout);
    return app.exec();
}
