#include "ui/experimentcommand.h"

#include "core/experiments.h"
#include "ui/chartexport.h"
#include "ui/commandline.h"
#include "ui/sqrtdkfigure.h"

#include <QFileInfo>

#include <cstring>

namespace attnlab::ui {

namespace {

constexpr int kFigureWidth = 1200;
constexpr int kFigureHeight = 520;

int fail(const QString &message)
{
    printErr(QStringLiteral("attnlab: ") + message + QLatin1Char('\n'));
    return kExitBadInput;
}

} // namespace

bool wantsExperiment(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "--experiment") == 0 || std::strncmp(argv[i], "--experiment=", 13) == 0)
            return true;
    return false;
}

void prepareHeadlessRendering()
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
}

int runExperimentCommand(const CommandLine &cli)
{
    const bool any = cli.isSet(cli.experiment) || cli.isSet(cli.out) || cli.isSet(cli.seed);
    if (!any)
        return -1;
    if (!cli.isSet(cli.experiment))
        return fail(QStringLiteral("--out and --seed belong to --experiment; try --experiment sqrt-dk --out FILE.png"));
    if (cli.isSet(cli.dump) || cli.isSet(cli.validate) || cli.isSet(cli.listExamples) || cli.isSet(cli.example) ||
        !cli.positionalArguments().isEmpty())
        return fail(QStringLiteral("--experiment takes no scene and cannot be combined with --dump, --validate, "
                                   "--list-examples or --example"));
    const QString name = cli.value(cli.experiment);
    if (name != QLatin1String("sqrt-dk"))
        return fail(QStringLiteral("--experiment: unknown experiment \"%1\"; known: sqrt-dk").arg(name));
    if (!cli.isSet(cli.out) || cli.value(cli.out).isEmpty())
        return fail(QStringLiteral("--experiment sqrt-dk needs --out FILE (.png, .svg or .pdf)"));
    const QString path = cli.value(cli.out);
    if (!isChartSuffix(QFileInfo(path).suffix()))
        return fail(QStringLiteral("--out %1: unknown file type; use .png, .svg or .pdf").arg(path));

    core::SqrtDkOptions options;
    if (cli.isSet(cli.seed)) {
        const QString text = cli.value(cli.seed);
        bool ok = false;
        const qulonglong seed = text.toULongLong(&ok);
        if (!ok || seed > 0xFFFFFFFFull || text.startsWith(QLatin1Char('+')))
            return fail(QStringLiteral("--seed: expected a whole number from 0 to 4294967295, got \"%1\"").arg(text));
        options.seed = std::uint32_t(seed);
    }

    SqrtDkFigure figure;
    figure.resize(kFigureWidth, kFigureHeight);
    figure.setResult(core::sqrtDkExperiment(options), options);
    figure.replot();
    QString error;
    if (!exportChart(&figure, path, &error, kFigureWidth, kFigureHeight))
        return fail(QStringLiteral("%1: %2").arg(path, error));
    return 0;
}

} // namespace attnlab::ui
