#include "app/experimentcommand.h"

#include "app/commandline.h"
#include "app/commandtable.h"
#include "core/experiment/experiments.h"
#include "ui/experiments/sqrtdkfigure.h"
#include "ui/export/chartexport.h"
#include "ui/export/exportformat.h"

#include <QCoreApplication>

namespace attnlab::app {

// The command line drives the same Document, exporter and language choice as the window.
using namespace attnlab::ui;

namespace {

constexpr int kFigureWidth = 1200;
constexpr int kFigureHeight = 520;

QString tr(const char *text)
{
    // lupdate files tr() calls in a namespace-level function under the namespace's name.
    return QCoreApplication::translate("attnlab::app", text);
}

int fail(const QString &message)
{
    printErr(QStringLiteral("attnlab: ") + message + QLatin1Char('\n'));
    return kExitBadInput;
}

} // namespace

int runExperimentCommand(const CommandLine &cli)
{
    // How --experiment (and a --seed without it) combines with the rest is the command table's.
    const QString name = cli.value(cli.experiment);
    if (name != QLatin1String("sqrt-dk"))
        return fail(tr("--experiment: unknown experiment \"%1\"; known: sqrt-dk").arg(name));
    if (const QString problem = requirementProblem(Command::Experiment, cli.given()); !problem.isEmpty())
        return fail(problem);
    const QString path = cli.value(cli.out);
    if (!exportFormatFor(path, ExportContent::Picture))
        return fail(QStringLiteral("--out: ") + unknownFormatMessage(path, ExportContent::Picture));

    core::SqrtDkOptions options;
    if (cli.isSet(cli.seed)) {
        const QString text = cli.value(cli.seed);
        bool ok = false;
        const qulonglong seed = text.toULongLong(&ok);
        if (!ok || seed > 0xFFFFFFFFull || text.startsWith(QLatin1Char('+')))
            return fail(tr("--seed: expected a whole number from 0 to 4294967295, got \"%1\"").arg(text));
        options.seed = std::uint32_t(seed);
    }

    SqrtDkFigure figure;
    figure.resize(kFigureWidth, kFigureHeight);
    figure.setResult(core::sqrtDkExperiment(options), options);
    figure.replot();
    QString error;
    if (!exportChart(&figure, path, &error, kFigureWidth, kFigureHeight))
        return fail(error);
    return 0;
}

} // namespace attnlab::app
