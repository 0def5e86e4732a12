#include "ui/application.h"

#include "ui/commandline.h"
#include "ui/document.h"
#include "ui/experimentcommand.h"
#include "ui/mainwindow.h"

#include <QApplication>
#include <QCoreApplication>

#include <cstdlib>
#include <cstring>
#include <memory>

namespace attnlab::ui {

namespace {

bool hasArgument(int argc, char *argv[], std::initializer_list<const char *> names)
{
    for (int i = 1; i < argc; ++i)
        for (const char *name : names)
            if (std::strcmp(argv[i], name) == 0)
                return true;
    return false;
}

void describeApplication()
{
    QCoreApplication::setOrganizationName(QStringLiteral("attnlab"));
    QCoreApplication::setApplicationName(QStringLiteral("attnlab"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ATTNLAB_VERSION));
}

} // namespace

int runApplication(int argc, char *argv[])
{
    // Headless commands need no display; they get a QCoreApplication and work anywhere.
    const bool headless = hasArgument(argc, argv,
                                      {"--dump", "--validate", "--list-examples", "--help", "-h", "--version", "-v"});
    // Experiments draw their figures with widgets: a QApplication, offscreen unless asked.
    const bool experiment = wantsExperiment(argc, argv);
    if (experiment)
        prepareHeadlessRendering();
    std::unique_ptr<QCoreApplication> app;
    if (headless && !experiment)
        app = std::make_unique<QCoreApplication>(argc, argv);
    else
        app = std::make_unique<QApplication>(argc, argv);
    describeApplication();

    CommandLine cli;
    if (!cli.parse(QCoreApplication::arguments())) {
        const QString why = cli.errorText().isEmpty() ? QStringLiteral("give at most one scene file") : cli.errorText();
        printErr(QStringLiteral("attnlab: ") + why + QStringLiteral("\nTry 'attnlab --help'.\n"));
        return kExitBadInput;
    }
    if (const int code = runExperimentCommand(cli); code >= 0)
        return code;
    if (cli.wantsHeadless())
        return cli.runHeadless();

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
    window.show();
    return app->exec();
}

} // namespace attnlab::ui
