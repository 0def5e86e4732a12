#include "app/commandline.h"

#include "core/pipeline.h"
#include "core/stagesjson.h"
#include "ui/document/examples.h"
#include "ui/i18n/language.h"

#include <QCoreApplication>

#include <cstdio>
#include <iostream>

namespace attnlab::app {

// The command line drives the same Document, exporter and language choice as the window.
using namespace attnlab::ui;

void printOut(const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    std::fwrite(utf8.constData(), 1, size_t(utf8.size()), stdout);
    std::fflush(stdout);
}

void printErr(const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    std::fwrite(utf8.constData(), 1, size_t(utf8.size()), stderr);
    std::fflush(stderr);
}

void printProblems(const QString &label, const std::vector<core::Problem> &problems)
{
    for (const core::Problem &p : problems)
        printErr(QString::fromStdString(core::formatProblem(label.toStdString(), p)) + QLatin1Char('\n'));
}

CommandLine::CommandLine()
    : dump(QStringLiteral("dump"),
        QCoreApplication::translate("CommandLine", "Print every stage of the scene as JSON and exit."))
    , validate(QStringLiteral("validate"),
          QCoreApplication::translate("CommandLine", "Check the scene file; print \"ok\" or its problems."))
    , example(QStringLiteral("example"),
          QCoreApplication::translate("CommandLine", "Use the built-in example NAME instead of a file."),
          QStringLiteral("NAME"))
    , listExamples(QStringLiteral("list-examples"),
          QCoreApplication::translate("CommandLine", "List the built-in examples and exit."))
    , lang(QStringLiteral("lang"),
          QCoreApplication::translate("CommandLine", "Interface language: zh_CN or en (default: the system's)."),
          QStringLiteral("LANG"))
    , help({QStringLiteral("h"), QStringLiteral("help")},
          QCoreApplication::translate("CommandLine", "Show this help and exit."))
    , version({QStringLiteral("v"), QStringLiteral("version")},
          QCoreApplication::translate("CommandLine", "Show the version and exit."))
    , exportStages(QStringLiteral("export"),
          QCoreApplication::translate("CommandLine",
              "Write the heatmaps of STAGES (comma-separated: X, Q, K, V, scores, "
              "scaled, masked, weights, context, concat, output, or board for all) "
              "to the --out file, with no window."),
          QStringLiteral("STAGES"))
    , head(QStringLiteral("head"),
          QCoreApplication::translate("CommandLine", "With --export: the head to show, counted from 1 (default 1)."),
          QStringLiteral("N"))
    , scale(QStringLiteral("scale"),
          QCoreApplication::translate("CommandLine", "With --export: pixels per logical pixel of a PNG (default 2)."),
          QStringLiteral("K"))
    , theme(QStringLiteral("theme"),
          QCoreApplication::translate("CommandLine", "With --export: light, dark, print or high-contrast."),
          QStringLiteral("THEME"))
    , colormap(QStringLiteral("colormap"),
          QCoreApplication::translate("CommandLine", "With --export: the weights' map: viridis, cividis or grayscale."),
          QStringLiteral("MAP"))
    , out(QStringLiteral("out"),
          QCoreApplication::translate(
              "CommandLine", "With --export or --experiment: the image to write (.png, .svg or .pdf)."),
          QStringLiteral("FILE"))
    , experiment(QStringLiteral("experiment"),
          QCoreApplication::translate(
              "CommandLine", "Render the figure of experiment NAME (sqrt-dk) to --out, with no window."),
          QStringLiteral("NAME"))
    , seed(QStringLiteral("seed"),
          QCoreApplication::translate("CommandLine", "With --experiment: seed of the random samples (default 1)."),
          QStringLiteral("S"))
{
    m_parser.setApplicationDescription(QCoreApplication::translate(
        "CommandLine", "Attention Lab: step through self-attention, edit every number, export the heatmaps."));
    m_parser.addOptions({dump, validate, example, listExamples, lang, help, version, exportStages, head, scale, theme,
        colormap, out, experiment, seed});
    m_parser.addPositionalArgument(QStringLiteral("SCENE"),
        QCoreApplication::translate("CommandLine", "A scene file (.attn.json); \"-\" reads standard input."),
        QStringLiteral("[SCENE]"));
}

bool CommandLine::parse(const QStringList &arguments)
{
    if (!m_parser.parse(arguments))
        return false;
    if (m_parser.positionalArguments().size() > 1) {
        // QCommandLineParser has no way to set its own error text; keep ours.
        return false;
    }
    return true;
}

bool CommandLine::wantsHeadless() const
{
    return isSet(dump) || isSet(validate) || isSet(listExamples) || isSet(help) || isSet(version);
}

core::LoadResult CommandLine::loadScene(QString *label, bool fallbackToDefault) const
{
    const QStringList files = positionalArguments();
    if (isSet(example) && !files.isEmpty()) {
        *label = files.first();
        core::LoadResult r;
        r.problems.push_back({"", "give either a scene file or --example, not both"});
        return r;
    }
    if (isSet(example)) {
        *label = QStringLiteral("--example ") + value(example);
        return loadExample(value(example));
    }
    if (!files.isEmpty()) {
        *label = files.first() == QStringLiteral("-") ? QStringLiteral("<stdin>") : files.first();
        return loadSceneFile(files.first());
    }
    if (fallbackToDefault) {
        *label = QStringLiteral("--example ") + QLatin1String(kDefaultExample);
        return loadExample(QLatin1String(kDefaultExample));
    }
    *label = QStringLiteral("attnlab");
    core::LoadResult r;
    r.problems.push_back({"", "needs a scene file (or - for standard input, or --example NAME)"});
    return r;
}

int CommandLine::runHeadless() const
{
    if (isSet(help)) {
        printOut(helpText());
        return 0;
    }
    if (isSet(version)) {
        printOut(QStringLiteral("attnlab ") + QCoreApplication::applicationVersion() + QLatin1Char('\n'));
        return 0;
    }
    if (isSet(listExamples))
        return runListExamples();
    if (isSet(dump) && isSet(validate)) {
        printErr(QStringLiteral("attnlab: ")
            + QCoreApplication::translate("CommandLine", "choose one of --dump and --validate") + QLatin1Char('\n'));
        return kExitBadInput;
    }
    // Options of --export and --experiment mean nothing here: say so rather than ignore them.
    for (const QCommandLineOption *option : {&head, &scale, &theme, &colormap, &out, &seed}) {
        if (!isSet(*option))
            continue;
        printErr(QStringLiteral("attnlab: ")
            + QCoreApplication::translate("CommandLine", "--%1 does not go with %2")
                  .arg(option->names().constLast(),
                      isSet(dump) ? QStringLiteral("--dump") : QStringLiteral("--validate"))
            + QLatin1Char('\n'));
        return kExitBadInput;
    }
    if (isSet(dump))
        return runDump();
    return runValidate();
}

int CommandLine::runDump() const
{
    QString label;
    const core::LoadResult r = loadScene(&label, false);
    if (!r.ok()) {
        printProblems(label, r.problems);
        return kExitBadInput;
    }
    core::Pipeline pipeline;
    const core::Stages &stages = pipeline.compute(*r.scene);
    core::writeStagesJson(std::cout, *r.scene, stages);
    std::cout.flush();
    if (!std::cout) {
        printErr(QStringLiteral("attnlab: ")
            + QCoreApplication::translate("CommandLine", "cannot write to standard output") + QLatin1Char('\n'));
        return kExitBadInput;
    }
    return 0;
}

int CommandLine::runValidate() const
{
    QString label;
    const core::LoadResult r = loadScene(&label, false);
    if (!r.ok()) {
        printProblems(label, r.problems);
        return kExitBadInput;
    }
    printOut(QStringLiteral("ok\n"));
    return 0;
}

int CommandLine::runListExamples() const
{
    for (const QString &name : exampleNames()) {
        const core::LoadResult r = loadExample(name);
        const QString title = r.ok() ? sceneTitle(*r.scene, currentLanguage()) : QString();
        printOut(name + (title.isEmpty() ? QString() : QStringLiteral("\t") + title) + QLatin1Char('\n'));
    }
    return 0;
}

} // namespace attnlab::app
