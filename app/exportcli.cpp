#include "app/exportcli.h"

#include "app/commandline.h"
#include "ui/document/document.h"
#include "ui/export/exporter.h"
#include "ui/export/exportformat.h"
#include "ui/plot/colormaps.h"

#include <QCoreApplication>

#include <cmath>

namespace attnlab::app {

// The command line drives the same Document, exporter and language choice as the window.
using namespace attnlab::ui;

namespace {

QString tr(const char *text)
{
    // lupdate files a tr() call in a namespace-level function under the namespace's name.
    return QCoreApplication::translate("attnlab::app", text);
}

int fail(const QString &message)
{
    printErr(QStringLiteral("attnlab: ") + message + QLatin1Char('\n'));
    return kExitBadInput;
}

QStringList stageNames(const QList<core::Stage> &stages)
{
    QStringList names;
    for (core::Stage s : stages)
        names << QString::fromLatin1(core::stageName(s));
    return names;
}

} // namespace

bool parseStageList(
    const QString &text, const QList<core::Stage> &available, QList<core::Stage> *stages, QString *error)
{
    stages->clear();
    const QStringList parts = text.split(QLatin1Char(','));
    for (const QString &raw : parts) {
        const QString name = raw.trimmed();
        if (name.isEmpty()) {
            *error = tr("--export: empty stage name in \"%1\"").arg(text);
            return false;
        }
        if (name == QLatin1String("board")) {
            for (core::Stage s : available)
                if (!stages->contains(s))
                    *stages << s;
            continue;
        }
        const core::Stage stage = core::stageFromName(name.toStdString());
        if (stage == 0) {
            QStringList all;
            for (core::Stage s : core::allStages())
                all << QString::fromLatin1(core::stageName(s));
            *error = tr("--export: unknown stage \"%1\"; the stages are %2, or board")
                         .arg(name, all.join(QStringLiteral(", ")));
            return false;
        }
        if (!available.contains(stage)) {
            *error = tr("--export: this scene has no stage %1; it has %2")
                         .arg(name, stageNames(available).join(QStringLiteral(", ")));
            return false;
        }
        if (!stages->contains(stage))
            *stages << stage;
    }
    return true;
}

int runExport(const CommandLine &cli)
{
    // How --export combines with the rest, and that it has --out, is the command table's.
    const QString out = cli.value(cli.out);
    if (!exportFormatFor(out, ExportContent::Picture))
        return fail(QStringLiteral("--out: ") + unknownFormatMessage(out, ExportContent::Picture));

    ExportOptions options;
    if (cli.isSet(cli.scale)) {
        bool ok = false;
        const double scale = cli.value(cli.scale).toDouble(&ok);
        if (!ok || !std::isfinite(scale) || scale < 0.25 || scale > 8)
            return fail(tr("--scale: expected a number from 0.25 to 8, got \"%1\"").arg(cli.value(cli.scale)));
        options.scale = scale;
    } else {
        options.scale = 2;
    }
    if (cli.isSet(cli.theme) && !themeFromKey(cli.value(cli.theme), &options.theme))
        return fail(tr("--theme: expected one of %1, got \"%2\"")
                        .arg(themeKeys().join(QStringLiteral(", ")), cli.value(cli.theme)));
    if (cli.isSet(cli.colormap)) {
        if (!isSequentialMap(cli.value(cli.colormap)))
            return fail(tr("--colormap: expected one of %1, got \"%2\"")
                            .arg(sequentialMapNames().join(QStringLiteral(", ")), cli.value(cli.colormap)));
        options.colorMap = cli.value(cli.colormap);
    }

    QString label;
    const core::LoadResult loaded = cli.loadScene(&label, false);
    if (!loaded.ok()) {
        printProblems(label, loaded.problems);
        return kExitBadInput;
    }
    Document document;
    document.load(*loaded.scene);

    const int heads = document.scene().headCount();
    int head = 0;
    // With --model, --head picked the model's head: the scene has only that one.
    if (cli.isSet(cli.head) && !cli.isSet(cli.model)) {
        bool ok = false;
        const int n = cli.value(cli.head).toInt(&ok);
        if (!ok || n < 1 || n > heads)
            return fail(tr("--head: expected a head from 1 to %1, got \"%2\"").arg(heads).arg(cli.value(cli.head)));
        head = n - 1;
    }

    QList<core::Stage> stages;
    QString error;
    if (!parseStageList(cli.value(cli.exportStages), availableStages(document), &stages, &error))
        return fail(error);
    if (!exportStages(document, stages, head, options, out, &error))
        return fail(error);
    return 0;
}

} // namespace attnlab::app
