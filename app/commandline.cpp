#include "app/commandline.h"

#include "app/model/modelcommand.h"
#include "ui/document/examples.h"
#include "ui/i18n/coremessages.h"

#include <QCoreApplication>

#include <cstdio>

namespace attnlab::app {

// Scenes load as the window loads them.
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
        printErr(problemText(label, p) + QLatin1Char('\n'));
}

namespace {

std::vector<QCommandLineOption> tableOptions()
{
    std::vector<QCommandLineOption> options;
    for (const OptionSpec &spec : optionTable()) {
        QStringList names;
        if (spec.shortName)
            names << QString::fromLatin1(spec.shortName);
        names << QString::fromLatin1(spec.name);
        const QString help = tableText(spec.help);
        options.push_back(spec.valueName ? QCommandLineOption(names, help, QString::fromLatin1(spec.valueName))
                                         : QCommandLineOption(names, help));
    }
    return options;
}

} // namespace

CommandLine::CommandLine()
    : m_options(tableOptions())
    , dump(m_options[size_t(Opt::Dump)])
    , validate(m_options[size_t(Opt::Validate)])
    , example(m_options[size_t(Opt::Example)])
    , listExamples(m_options[size_t(Opt::ListExamples)])
    , listModels(m_options[size_t(Opt::ListModels)])
    , lang(m_options[size_t(Opt::Lang)])
    , help(m_options[size_t(Opt::Help)])
    , version(m_options[size_t(Opt::Version)])
    , exportStages(m_options[size_t(Opt::Export)])
    , head(m_options[size_t(Opt::Head)])
    , scale(m_options[size_t(Opt::Scale)])
    , theme(m_options[size_t(Opt::Theme)])
    , colormap(m_options[size_t(Opt::Colormap)])
    , out(m_options[size_t(Opt::Out)])
    , experiment(m_options[size_t(Opt::Experiment)])
    , seed(m_options[size_t(Opt::Seed)])
    , model(m_options[size_t(Opt::Model)])
    , text(m_options[size_t(Opt::Text)])
    , layer(m_options[size_t(Opt::Layer)])
    , predict(m_options[size_t(Opt::Predict)])
    , top(m_options[size_t(Opt::Top)])
    , ablate(m_options[size_t(Opt::Ablate)])
    , generate(m_options[size_t(Opt::Generate)])
    , maxNewTokens(m_options[size_t(Opt::MaxNewTokens)])
    , chat(m_options[size_t(Opt::Chat)])
    , temperature(m_options[size_t(Opt::Temperature)])
    , topK(m_options[size_t(Opt::TopK)])
    , topP(m_options[size_t(Opt::TopP)])
    , repetitionPenalty(m_options[size_t(Opt::RepetitionPenalty)])
    , kvWindow(m_options[size_t(Opt::KvWindow)])
    , kvSinks(m_options[size_t(Opt::KvSinks)])
    , draft(m_options[size_t(Opt::Draft)])
    , draftTokens(m_options[size_t(Opt::DraftTokens)])
    , lens(m_options[size_t(Opt::Lens)])
    , attribute(m_options[size_t(Opt::Attribute)])
    , token(m_options[size_t(Opt::Token)])
    , block(m_options[size_t(Opt::Block)])
    , flashTrace(m_options[size_t(Opt::FlashTrace)])
    , tileRows(m_options[size_t(Opt::TileRows)])
    , tileCols(m_options[size_t(Opt::TileCols)])
    , kvReport(m_options[size_t(Opt::KvReport)])
    , tokens(m_options[size_t(Opt::Tokens)])
    , translate(m_options[size_t(Opt::Translate)])
    , targetText(m_options[size_t(Opt::TargetText)])
    , attention(m_options[size_t(Opt::Attention)])
    , noRecovery(m_options[size_t(Opt::NoRecovery)])
{
    m_parser.setApplicationDescription(QCoreApplication::translate(
        "CommandLine", "Attention Lab: step through self-attention, edit every number, export the heatmaps."));
    for (const QCommandLineOption &option : m_options)
        m_parser.addOption(option);
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

Given CommandLine::given() const
{
    Given given;
    for (const OptionSpec &spec : optionTable()) {
        const QCommandLineOption &option = m_options[size_t(spec.id)];
        if (!isSet(option))
            continue;
        given.set.set(size_t(spec.id));
        if (spec.valueName && value(option).isEmpty())
            given.empty.set(size_t(spec.id));
    }
    given.set.set(size_t(Opt::Scene), !positionalArguments().isEmpty());
    return given;
}

core::LoadResult CommandLine::loadScene(QString *label, bool fallbackToDefault, ModelHeadDetail *detail) const
{
    if (isSet(model)) {
        // Model problems are whole lines that name the option or file themselves.
        *label = QStringLiteral("attnlab");
        ModelHeadDetail own;
        return loadModelHeadScene(*this, detail ? detail : &own);
    }
    const QStringList files = positionalArguments();
    if (isSet(example) && !files.isEmpty()) {
        *label = files.first();
        core::LoadResult r;
        r.problems.push_back({"",
            core::Message::literal(
                QCoreApplication::translate("CommandLine", "give either a scene file or --example, not both")
                    .toStdString())});
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
    r.problems.push_back({"",
        core::Message::literal(QCoreApplication::translate(
            "CommandLine", "needs a scene file (or - for standard input, or --example NAME)")
                                   .toStdString())});
    return r;
}

} // namespace attnlab::app
