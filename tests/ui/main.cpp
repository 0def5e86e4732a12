// A GoogleTest main with a QApplication, for widget and model tests. The offscreen platform
// is the default, and test mode keeps QSettings away from the user's real settings.
#include <QApplication>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>

#include <gtest/gtest.h>

#include <unistd.h>

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", qgetenv("QT_QPA_PLATFORM").isEmpty() ? QByteArray("offscreen")
                                                                    : qgetenv("QT_QPA_PLATFORM"));
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("attnlab-tests"));
    // ctest runs tests in parallel processes: each gets a settings file of its own.
    QApplication::setApplicationName(QStringLiteral("attnlab-tests-") + QString::number(getpid()));
    ::testing::InitGoogleTest(&argc, argv);
    const int result = RUN_ALL_TESTS();
    QFile::remove(QSettings().fileName());
    return result;
}
