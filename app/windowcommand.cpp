#include "app/windowcommand.h"

#include "app/commandline.h"
#include "app/model/modelcommand.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/mainwindow/fileactions.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/recovery/autosaver.h"
#include "ui/recovery/terminationwatcher.h"

#include <QCoreApplication>
#include <QTimer>

namespace attnlab::app {

using namespace attnlab::ui;

int runModelWindow(const CommandLine &cli)
{
    // A folder that is plainly wrong is refused here first.
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
    return QCoreApplication::exec();
}

int runWindow(const CommandLine &cli)
{
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
    return QCoreApplication::exec();
}

} // namespace attnlab::app
