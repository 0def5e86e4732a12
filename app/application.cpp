#include "app/application.h"

#include "app/commandline.h"
#include "app/commandtable.h"
#include "ui/export/chartexport.h"
#include "ui/i18n/language.h"
#include "ui/mainwindow/guardedapplication.h"

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QIcon>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <unistd.h>

namespace attnlab::app {

// The command line drives the same Document, exporter and language choice as the window.
using namespace attnlab::ui;

namespace {

// The value of --lang (as "--lang X" or "--lang=X"), read before the parser exists: the
// parser's option descriptions are translated when it is constructed.
QString forcedLanguage(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--lang") == 0 && i + 1 < argc)
            return QString::fromLocal8Bit(argv[i + 1]);
        if (std::strncmp(argv[i], "--lang=", 7) == 0)
            return QString::fromLocal8Bit(argv[i] + 7);
    }
    return QString();
}

void describeApplication()
{
    QCoreApplication::setOrganizationName(QStringLiteral("attnlab"));
    QCoreApplication::setApplicationName(QStringLiteral("attnlab"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ATTNLAB_VERSION));
}

// Qt warns on stderr when XDG_RUNTIME_DIR is unset (root shells, CI, some terminals) and then
// uses /tmp/runtime-USER anyway; do the same quietly.
void ensureRuntimeDir()
{
    if (!qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR"))
        return;
    const QString dir = QDir::tempPath() + QStringLiteral("/runtime-") + QString::number(getuid());
    if (!QDir().mkpath(dir))
        return;
    QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    if (QFileInfo(dir).ownerId() == getuid())
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(dir));
}

} // namespace

int runApplication(int argc, char *argv[])
{
    // Headless commands need no display; they get a QCoreApplication and work anywhere.
    // Export and experiments draw with widgets but need no display: offscreen unless the user
    // chose a platform. The command table says which is which.
    const Start start = startFor(argc, argv);
    if (start == Start::Offscreen && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    const bool headless = start == Start::Console;
    ensureRuntimeDir();
    std::unique_ptr<QCoreApplication> app;
    if (headless)
        app = std::make_unique<QCoreApplication>(argc, argv);
    else
        app = std::make_unique<GuardedApplication>(argc, argv);
    describeApplication();
    if (!headless) {
        // Links windows to the installed launcher (Wayland) and gives them the app's icon: the
        // installed one from the icon theme, else the copy compiled in.
        QGuiApplication::setDesktopFileName(QStringLiteral("io.github.attnlab.AttentionLab"));
        QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("io.github.attnlab.AttentionLab"),
            QIcon(QStringLiteral(":/desktop/io.github.attnlab.AttentionLab.svg"))));
        app->installEventFilter(new ChartExportMenus(app.get()));
    }
    Language::instance()->initialize(forcedLanguage(argc, argv));

    CommandLine cli;
    if (!cli.parse(QCoreApplication::arguments())) {
        const QString why = cli.errorText().isEmpty()
            ? QCoreApplication::translate("CommandLine", "give at most one scene file")
            : cli.errorText();
        printErr(QStringLiteral("attnlab: ") + why + QLatin1Char('\n')
            + QCoreApplication::translate("CommandLine", "Try 'attnlab --help'.") + QLatin1Char('\n'));
        return kExitBadInput;
    }
    if (cli.isSet(cli.lang) && !Language::available().contains(cli.value(cli.lang))) {
        printErr(QStringLiteral("attnlab: ")
            + QCoreApplication::translate("CommandLine", "unknown language \"%1\"; use one of: %2")
                  .arg(cli.value(cli.lang), Language::available().join(QStringLiteral(", ")))
            + QLatin1Char('\n'));
        return kExitBadInput;
    }
    // The command the options ask for, or the first problem with how they combine.
    const Verdict verdict = resolveCommand(cli.given());
    if (!verdict.problem.isEmpty()) {
        printErr(QStringLiteral("attnlab: ") + verdict.problem + QLatin1Char('\n'));
        return kExitBadInput;
    }
    return verdict.command->run(cli);
}

} // namespace attnlab::app
