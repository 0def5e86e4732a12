// A GoogleTest main with a QApplication, for widget and model tests. The offscreen platform
// is the default, and test mode keeps QSettings away from the user's real settings.
#include "ui/mainwindow/guardedapplication.h"

#include <QApplication>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <gtest/gtest.h>

int main(int argc, char **argv)
{
    qputenv(
        "QT_QPA_PLATFORM", qgetenv("QT_QPA_PLATFORM").isEmpty() ? QByteArray("offscreen") : qgetenv("QT_QPA_PLATFORM"));
    // Texts are checked in English unless a test switches language itself.
    qputenv("LC_ALL", "C.UTF-8");
    qunsetenv("LANGUAGE");
    QStandardPaths::setTestModeEnabled(true);
    // The app's own application object, so that tests see what users get: an exception that
    // escapes a handler is caught and reported instead of terminating.
    attnlab::ui::GuardedApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("attnlab-tests"));
    QApplication::setApplicationName(QStringLiteral("attnlab-tests"));
    // ctest runs tests in parallel processes; each gets its own settings so that one test
    // clearing them cannot break another's persistence check.
    QTemporaryDir settingsDir;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
    // Documents edited by tests write recovery copies (ui/recovery/autosaver.h): keep them in a
    // folder of their own, gone after the run, and never offered to the real app.
    QTemporaryDir recoveryDir;
    qputenv("ATTNLAB_RECOVERY_DIR", QFile::encodeName(recoveryDir.path()));
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
