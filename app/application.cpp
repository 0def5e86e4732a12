#include "app/application.h"

#include "app/commandline.h"
#include "app/experimentcommand.h"
#include "app/exportcli.h"
#include "app/generatecommand.h"
#include "app/lenscommand.h"
#include "app/modelcommand.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/export/chartexport.h"
#include "ui/i18n/language.h"
#include "ui/mainwindow/fileactions.h"
#include "ui/mainwindow/guardedapplication.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/recovery/autosaver.h"
#include "ui/recovery/terminationwatcher.h"

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QIcon>
#include <QTimer>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <unistd.h>

namespace attnlab::app {

// The command line drives the same Document, exporter and language choice as the window.
using namespace attnlab::ui;

namespace {

bool hasArgument(int argc, char *argv[], std::initializer_list<const char *> names)
{
    for (int i = 1; i < argc; ++i)
        for (const char *name : names)
            if (std::strcmp(argv[i], name) == 0)
                return true;
    return false;
}

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

bool hasOptionPrefix(int argc, char *argv[], const char *name)
{
    const size_t n = std::strlen(name);
    for (int i = 1; i < argc; ++i)
        if (std::strncmp(argv[i], name, n) == 0 && (argv[i][n] == '\0' || argv[i][n] == '='))
            return true;
    return false;
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
    // chose a platform.
    const bool exporting = hasOptionPrefix(argc, argv, "--export");
    const bool experiment = hasOptionPrefix(argc, argv, "--experiment");
    if ((exporting || experiment) && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // A model head saved with --out FILE.attn.json, and --predict, need no window either.
    const bool savingModelHead = hasOptionPrefix(argc, argv, "--model") && hasOptionPrefix(argc, argv, "--out");
    const bool headless = !exporting && !experiment
        && (savingModelHead
            || hasArgument(argc, argv,
                {"--dump", "--validate", "--list-examples", "--help", "-h", "--version", "-v", "--predict",
                    "--generate", "--lens", "--attribute"}));
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
    const bool helpOrVersion = cli.isSet(cli.help) || cli.isSet(cli.version);
    for (const QString &problem : {generateOptionsProblem(cli), lensOptionsProblem(cli), modelOptionsProblem(cli)})
        if (!problem.isEmpty() && !helpOrVersion) {
            printErr(QStringLiteral("attnlab: ") + problem + QLatin1Char('\n'));
            return kExitBadInput;
        }
    if (!helpOrVersion)
        if (const int code = runGenerateCommand(cli); code >= 0)
            return code;
    if (!helpOrVersion)
        if (const int code = runLensCommand(cli); code >= 0)
            return code;
    if (const int code = runExperimentCommand(cli); code >= 0)
        return code;
    if (!helpOrVersion)
        if (const int code = runModelCommand(cli); code >= 0)
            return code;
    if (cli.isSet(cli.exportStages) && !cli.isSet(cli.help) && !cli.isSet(cli.version))
        return runExport(cli);
    if (cli.wantsHeadless())
        return cli.runHeadless();

    if (cli.isSet(cli.model) && !helpOrVersion) {
        // `attnlab --model DIR [--text TEXT]`: the window opens the model itself (reading the
        // weights off the GUI thread); a folder that is plainly wrong is refused here first.
        if (const QString problem = modelFolderProblem(cli); !problem.isEmpty()) {
            printErr(QStringLiteral("attnlab: ") + problem + QLatin1Char('\n'));
            return kExitBadInput;
        }
        Document document;
        document.load(*loadExample(QLatin1String(kDefaultExample)).scene);
        MainWindow window(&document);
        window.showOnScreen();
        QString notFound;
        const QString dir = modelFolder(cli, &notFound);
        const QString text = cli.value(cli.text);
        QMetaObject::invokeMethod(
            &window, [&window, dir, text] { window.openModel(dir, text); }, Qt::QueuedConnection);
        return app->exec();
    }

    QString label;
    const core::LoadResult loaded = cli.loadScene(&label, true);
    if (!loaded.ok()) {
        printProblems(label, loaded.problems);
        return kExitBadInput;
    }
    Document document;
    const bool fromFile = !cli.positionalArguments().isEmpty();
    document.load(*loaded.scene, fromFile ? cli.positionalArguments().first() : QString());
    MainWindow window(&document);
    // Logout and shutdown send SIGTERM: the unsaved edits go to the recovery copy (offered at
    // the next start) instead of being lost, and the window closes without asking.
    TerminationWatcher termination;
    QObject::connect(&termination, &TerminationWatcher::terminationRequested, &window, [&window] {
        window.fileActions()->autosaver()->saveNow(true);
        QCoreApplication::exit(0);
    });
    window.showOnScreen();
    if (!cli.isSet(cli.noRecovery) && qEnvironmentVariableIsEmpty("ATTNLAB_NO_RECOVERY"))
        QTimer::singleShot(0, &window, [&window] { window.fileActions()->offerRecovery(); });
    return app->exec();
}

} // namespace attnlab::app
