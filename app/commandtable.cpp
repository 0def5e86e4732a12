#include "app/commandtable.h"

#include "app/experimentcommand.h"
#include "app/exportcli.h"
#include "app/model/enginecommand.h"
#include "app/model/generatecommand.h"
#include "app/model/lenscommand.h"
#include "app/model/modelcommand.h"
#include "app/scenecommand.h"
#include "app/translate/translatecommand.h"
#include "app/windowcommand.h"
#include "ui/export/exportformat.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstring>
#include <string>

namespace attnlab::app {

namespace {

// The contexts lupdate filed these strings under before they became table rows: their Chinese
// translations stay where they were.
constexpr const char *kHelp = "CommandLine";
constexpr const char *kApp = "attnlab::app";

constexpr TableMessage app(const char *text, TableMessage::Args args = TableMessage::Fixed)
{
    return {kApp, text, args};
}

// "--%1 cannot be combined with --%2" of --lens, --attribute and --block.
const TableMessage kCannotCombine
    = app(QT_TRANSLATE_NOOP("attnlab::app", "--%1 cannot be combined with --%2"), TableMessage::SelfOther);
// "--%1 does not go with %2" of --dump and --validate.
const TableMessage kDoesNotGoWith
    = {kHelp, QT_TRANSLATE_NOOP("CommandLine", "--%1 does not go with %2"), TableMessage::OtherSelf};
const TableMessage kNeedsModel = app(QT_TRANSLATE_NOOP("attnlab::app", "--%1 needs --model DIR"), TableMessage::Other);

// --dump and --validate read a scene; the options of --export mean nothing there (nor --seed,
// which --experiment's row reports first).
std::vector<OptionRule> sceneCommandExcludes()
{
    return {
        {{Opt::Head}, kDoesNotGoWith, Opt::Model}, {{Opt::Scale, Opt::Theme, Opt::Colormap, Opt::Out}, kDoesNotGoWith}};
}

std::vector<CommandSpec> makeCommands()
{
    std::vector<CommandSpec> rows;
    // Lists what is on the machine: any other command or source beside it is an error.
    CommandSpec listModels {Command::ListModels, {Opt::ListModels}};
    listModels.excludes
        = {{{Opt::FlashTrace, Opt::KvReport, Opt::Translate, Opt::Generate, Opt::Lens, Opt::Attribute, Opt::Block,
                Opt::Dump, Opt::Validate, Opt::Export, Opt::Out, Opt::Predict, Opt::Experiment, Opt::ListExamples,
                Opt::Model, Opt::Example, Opt::Text, Opt::Layer, Opt::Head},
               kCannotCombine},
            {{Opt::Scene}, app(QT_TRANSLATE_NOOP("attnlab::app", "--list-models reads no scene file"))}};
    listModels.start = Start::Console;
    listModels.run = runListModelsCommand;
    rows.push_back(listModels);
    // Looked at first, so that --flash-trace or --kv-report beside another command says they
    // cannot be combined rather than being ignored.
    CommandSpec flash {Command::FlashTrace, {Opt::FlashTrace}};
    flash.reads
        = {Opt::Model, Opt::Text, Opt::Layer, Opt::Head, Opt::TileRows, Opt::TileCols, Opt::Example, Opt::Scene};
    flash.strays = {{Opt::TileRows, Opt::TileCols},
        app(QT_TRANSLATE_NOOP("attnlab::app", "--%1 goes with --flash-trace"), TableMessage::Other)};
    flash.excludes
        = {{{Opt::KvReport, Opt::Dump, Opt::Validate, Opt::Export, Opt::Out, Opt::Predict, Opt::Generate, Opt::Lens,
                Opt::Attribute, Opt::Block, Opt::Top, Opt::Ablate, Opt::Experiment, Opt::ListExamples},
            kCannotCombine}};
    flash.start = Start::Console;
    flash.run = runFlashTraceCommand;
    rows.push_back(flash);

    CommandSpec kv {Command::KvReport, {Opt::KvReport}};
    kv.reads = {Opt::Model, Opt::Tokens};
    kv.strays = {{Opt::Tokens}, app(QT_TRANSLATE_NOOP("attnlab::app", "--tokens goes with --kv-report"))};
    kv.excludes = {
        {{Opt::Dump, Opt::Validate, Opt::Export, Opt::Out, Opt::Predict, Opt::Generate, Opt::Lens, Opt::Attribute,
             Opt::Block, Opt::Top, Opt::Ablate, Opt::Text, Opt::Layer, Opt::Head, Opt::Experiment, Opt::ListExamples},
            kCannotCombine}};
    kv.start = Start::Console;
    kv.run = runKvReportCommand;
    rows.push_back(kv);

    CommandSpec translate {Command::Translate, {Opt::Translate}};
    translate.reads = {Opt::Model, Opt::Text, Opt::MaxNewTokens};
    // Only what no earlier rule reports: --chat, --temperature, --top-k, --top-p, --top and --ablate
    // are strays of --generate and --predict, --block needs --dump, --example and a scene are
    // --model's own.
    translate.excludes = {{{Opt::Dump, Opt::Validate, Opt::Export, Opt::Out, Opt::Predict, Opt::Generate, Opt::Lens,
                               Opt::Attribute, Opt::Layer, Opt::Head, Opt::Seed},
        kCannotCombine}};
    translate.needs = {{Opt::Text, app(QT_TRANSLATE_NOOP("attnlab::app", "--translate needs --text TEXT"))}};
    translate.start = Start::Console;
    translate.run = runTranslateCommand;
    rows.push_back(translate);

    CommandSpec generate {Command::Generate, {Opt::Generate}};
    generate.reads = {Opt::Model, Opt::Text, Opt::MaxNewTokens, Opt::Chat, Opt::Temperature, Opt::TopK, Opt::TopP,
        Opt::RepetitionPenalty, Opt::Seed, Opt::Ablate, Opt::KvWindow, Opt::KvSinks, Opt::Draft, Opt::DraftTokens};
    generate.strays = {{Opt::MaxNewTokens, Opt::Chat, Opt::Temperature, Opt::TopK, Opt::TopP, Opt::RepetitionPenalty,
                           Opt::KvWindow, Opt::KvSinks, Opt::Draft, Opt::DraftTokens},
        app(QT_TRANSLATE_NOOP("attnlab::app", "--%1 goes with --generate"), TableMessage::Other)};
    generate.excludes
        = {{{Opt::Dump, Opt::Validate, Opt::Export, Opt::Predict, Opt::Layer, Opt::Head, Opt::Out, Opt::Top,
                Opt::Example, Opt::Experiment, Opt::ListExamples},
               app(QT_TRANSLATE_NOOP("attnlab::app", "--generate cannot be combined with --%1"), TableMessage::Other)},
            {{Opt::Scene}, app(QT_TRANSLATE_NOOP("attnlab::app", "--generate takes no scene file"))}};
    generate.start = Start::Console;
    generate.run = runGenerateCommand;
    rows.push_back(generate);

    CommandSpec lens {Command::Lens, {Opt::Lens}};
    lens.reads = {Opt::Model, Opt::Text, Opt::Top};
    lens.excludes = {{{Opt::Attribute, Opt::Dump, Opt::Validate, Opt::Export, Opt::Out, Opt::Layer, Opt::Head,
                          Opt::Predict, Opt::Ablate, Opt::Generate},
        kCannotCombine}};
    lens.start = Start::Console;
    lens.run = runLensCommand;
    rows.push_back(lens);

    CommandSpec attribute {Command::Attribute, {Opt::Attribute}};
    attribute.reads = {Opt::Model, Opt::Text, Opt::Token};
    attribute.strays = {{Opt::Token}, app(QT_TRANSLATE_NOOP("attnlab::app", "--token goes with --attribute"))};
    // With --lens too, --lens's row (looked at first) reports it.
    attribute.excludes = {{{Opt::Dump, Opt::Validate, Opt::Export, Opt::Out, Opt::Layer, Opt::Head, Opt::Predict,
                               Opt::Ablate, Opt::Generate},
                              kCannotCombine},
        {{Opt::Top}, app(QT_TRANSLATE_NOOP("attnlab::app", "--top goes with --predict or --lens"))}};
    attribute.start = Start::Console;
    attribute.run = runAttributeCommand;
    rows.push_back(attribute);

    // --dump --block: a whole layer instead of one head. It starts as --dump beside it decides.
    CommandSpec block {Command::Block, {Opt::Block}};
    block.reads = {Opt::Dump, Opt::Model, Opt::Text, Opt::Layer};
    block.excludes = {{{Opt::Lens, Opt::Attribute, Opt::Validate, Opt::Export, Opt::Out, Opt::Head, Opt::Predict,
                           Opt::Top, Opt::Ablate, Opt::Generate, Opt::TargetText},
        kCannotCombine}};
    block.needs = {{Opt::Dump, app(QT_TRANSLATE_NOOP("attnlab::app", "--block goes with --dump"))},
        {Opt::Layer, app(QT_TRANSLATE_NOOP("attnlab::app", "--block needs --layer L (counted from 1)"))}};
    block.run = runBlockCommand;
    rows.push_back(block);

    // Chosen by a stray --seed too, whose message points to --experiment; answers before --help.
    CommandSpec experiment {Command::Experiment, {Opt::Experiment}};
    experiment.reads = {Opt::Out, Opt::Seed};
    experiment.strays = {{Opt::Seed},
        app(QT_TRANSLATE_NOOP(
            "attnlab::app", "--seed belongs to --experiment; try --experiment sqrt-dk --seed 1 --out FILE.png"))};
    experiment.excludes = {{{Opt::Dump, Opt::Validate, Opt::ListExamples, Opt::Example, Opt::Export, Opt::Scene},
        app(QT_TRANSLATE_NOOP("attnlab::app",
            "--experiment takes no scene and cannot be combined with --dump, --validate, "
            "--list-examples, --example or --export"))}};
    // Checked after the experiment's name, which the message names.
    experiment.needs = {{Opt::Out,
        app(QT_TRANSLATE_NOOP("attnlab::app", "--experiment sqrt-dk needs --out FILE (%1)"),
            TableMessage::PictureFormats),
        true, true}};
    experiment.yieldsToHelp = false;
    experiment.start = Start::Offscreen;
    experiment.run = runExperimentCommand;
    rows.push_back(experiment);

    CommandSpec helpRow {Command::Help, {Opt::Help}};
    helpRow.answersHelp = true;
    helpRow.yieldsToHelp = false;
    helpRow.start = Start::Console;
    helpRow.run = runHelpCommand;
    rows.push_back(helpRow);

    CommandSpec version {Command::Version, {Opt::Version}};
    version.answersHelp = true;
    version.yieldsToHelp = false;
    version.start = Start::Console;
    version.run = runVersionCommand;
    rows.push_back(version);

    // --dump and --predict of an encoder-decoder: --target-text says the model translates.
    CommandSpec translateDump {Command::TranslateDump, {Opt::Dump, Opt::TargetText}};
    translateDump.reads = {Opt::Model, Opt::Text, Opt::TargetText, Opt::Layer, Opt::Head, Opt::Attention};
    translateDump.strays = {{Opt::TargetText, Opt::Attention},
        app(QT_TRANSLATE_NOOP("attnlab::app", "--%1 goes with --dump or --predict of an encoder-decoder --model"),
            TableMessage::Other)};
    translateDump.excludes = {{{Opt::Validate, Opt::Export, Opt::Out}, kCannotCombine}};
    translateDump.needs = {{Opt::Attention,
        app(QT_TRANSLATE_NOOP("attnlab::app", "--dump --target-text needs --attention encoder, decoder or cross"))}};
    translateDump.start = Start::Console;
    translateDump.run = runTranslateDumpCommand;
    rows.push_back(translateDump);

    CommandSpec translatePredict {Command::TranslatePredict, {Opt::Predict, Opt::TargetText}};
    translatePredict.reads = {Opt::Model, Opt::Text, Opt::TargetText, Opt::Top};
    translatePredict.excludes = {{{Opt::Ablate}, kCannotCombine}};
    translatePredict.start = Start::Console;
    translatePredict.run = runTranslatePredictCommand;
    rows.push_back(translatePredict);

    CommandSpec predict {Command::Predict, {Opt::Predict}};
    predict.reads = {Opt::Model, Opt::Text, Opt::Top, Opt::Ablate};
    predict.strays = {{Opt::Top, Opt::Ablate},
        app(QT_TRANSLATE_NOOP("attnlab::app", "--%1 goes with --predict"), TableMessage::Other)};
    predict.excludes = {{{Opt::Dump, Opt::Validate, Opt::Export, Opt::Layer, Opt::Head, Opt::Out},
        app(QT_TRANSLATE_NOOP("attnlab::app", "--predict cannot be combined with --%1"), TableMessage::Other)}};
    predict.start = Start::Console;
    predict.run = runPredictCommand;
    rows.push_back(predict);

    // --model … --out FILE.attn.json: one head's scene saved as a file.
    CommandSpec saveHead {Command::SaveHead, {Opt::Model, Opt::Out}, {Opt::Export, Opt::Dump, Opt::Validate}};
    saveHead.reads = {Opt::Text, Opt::Layer, Opt::Head};
    saveHead.start = Start::Console;
    saveHead.run = runSaveHeadCommand;
    rows.push_back(saveHead);

    CommandSpec exportRow {Command::Export, {Opt::Export}};
    exportRow.reads
        = {Opt::Head, Opt::Scale, Opt::Theme, Opt::Colormap, Opt::Out, Opt::Example, Opt::Scene, Opt::Model};
    exportRow.excludes = {{{Opt::Dump, Opt::Validate, Opt::ListExamples},
        app(QT_TRANSLATE_NOOP(
            "attnlab::app", "--export cannot be combined with --dump, --validate or --list-examples"))}};
    exportRow.needs = {{Opt::Out,
        app(QT_TRANSLATE_NOOP("attnlab::app", "--export needs --out FILE (%1)"), TableMessage::PictureFormats)}};
    exportRow.start = Start::Offscreen;
    exportRow.run = runExport;
    rows.push_back(exportRow);

    CommandSpec list {Command::ListExamples, {Opt::ListExamples}};
    list.start = Start::Console;
    list.run = runListExamplesCommand;
    rows.push_back(list);

    CommandSpec dump {Command::Dump, {Opt::Dump}};
    dump.reads = {Opt::Example, Opt::Scene, Opt::Model};
    dump.excludes = sceneCommandExcludes();
    dump.excludes.insert(dump.excludes.begin(),
        {{Opt::Validate}, {kHelp, QT_TRANSLATE_NOOP("CommandLine", "choose one of --dump and --validate")}});
    dump.start = Start::Console;
    dump.run = runDumpCommand;
    rows.push_back(dump);

    CommandSpec validate {Command::Validate, {Opt::Validate}};
    validate.reads = dump.reads;
    validate.excludes = sceneCommandExcludes();
    validate.start = Start::Console;
    validate.run = runValidateCommand;
    rows.push_back(validate);

    // The window opens the model itself; it shows every head.
    CommandSpec modelWindow {Command::ModelWindow, {Opt::Model},
        {Opt::Dump, Opt::Validate, Opt::Export, Opt::Out, Opt::Predict, Opt::Generate, Opt::Lens, Opt::Attribute,
            Opt::Block, Opt::FlashTrace, Opt::KvReport, Opt::Translate}};
    modelWindow.reads = {Opt::Text, Opt::NoRecovery};
    modelWindow.excludes = {{{Opt::Layer, Opt::Head},
        app(QT_TRANSLATE_NOOP("attnlab::app",
            "--layer and --head pick a head for --dump, --export or --out; the window shows every head"))}};
    modelWindow.run = runModelWindow;
    rows.push_back(modelWindow);

    CommandSpec window {Command::Window, {}};
    window.reads = {Opt::Example, Opt::Scene, Opt::NoRecovery};
    window.run = runWindow;
    rows.push_back(window);

    CommandSpec model {Command::ModelSource, {Opt::Model}};
    model.reads = {Opt::Text, Opt::Layer, Opt::Head};
    model.neededBy
        = {{Opt::Generate,
               app(QT_TRANSLATE_NOOP("attnlab::app", "--generate needs --model DIR (a model folder or a hub id)"))},
            {Opt::Translate, kNeedsModel}, {Opt::TargetText, kNeedsModel}, {Opt::Attention, kNeedsModel},
            {Opt::Lens, kNeedsModel}, {Opt::Attribute, kNeedsModel}, {Opt::Token, kNeedsModel},
            {Opt::Block, kNeedsModel}, {Opt::Text, kNeedsModel}, {Opt::Layer, kNeedsModel}, {Opt::Predict, kNeedsModel},
            {Opt::Top, kNeedsModel}, {Opt::Ablate, kNeedsModel}, {Opt::KvReport, kNeedsModel}};
    model.excludes
        = {{{Opt::Example, Opt::Scene},
               app(QT_TRANSLATE_NOOP("attnlab::app",
                   "--model is a scene source of its own: give a scene file, --example or --model, not two"))},
            {{Opt::Experiment, Opt::ListExamples},
                app(QT_TRANSLATE_NOOP("attnlab::app", "--model cannot be combined with --%1"), TableMessage::Other)}};
    rows.push_back(model);
    return rows;
}

const std::vector<EarlyCheck> kEarlyChecks = {
    {Command::ListModels, RuleKind::Excludes},
    {Command::FlashTrace, RuleKind::Strays},
    {Command::KvReport, RuleKind::Strays},
    {Command::FlashTrace, RuleKind::Excludes},
    {Command::KvReport, RuleKind::Excludes},
    {Command::Generate, RuleKind::Strays},
    {Command::ModelSource, RuleKind::NeededBy},
    {Command::Generate, RuleKind::Excludes},
    {Command::Attribute, RuleKind::Strays},
    {Command::Block, RuleKind::Excludes},
    {Command::Block, RuleKind::Needs},
    {Command::Lens, RuleKind::Excludes},
    {Command::Attribute, RuleKind::Excludes},
    {Command::ModelSource, RuleKind::Excludes},
    {Command::Predict, RuleKind::Strays},
    {Command::Predict, RuleKind::Excludes},
    {Command::ModelWindow, RuleKind::Excludes},
};

} // namespace

const std::vector<CommandSpec> &commandTable()
{
    static const std::vector<CommandSpec> rows = makeCommands();
    return rows;
}

const CommandSpec &commandSpec(Command id)
{
    for (const CommandSpec &row : commandTable())
        if (row.id == id)
            return row;
    Q_UNREACHABLE();
}

const std::vector<EarlyCheck> &earlyChecks()
{
    return kEarlyChecks;
}

QString tableText(const TableMessage &message, Opt self, Opt other)
{
    const QString text = QCoreApplication::translate(message.context, message.text);
    const auto name = [](Opt o) { return QString::fromLatin1(optionSpec(o).name); };
    switch (message.args) {
    case TableMessage::Fixed:
        return text;
    case TableMessage::Other:
        return text.arg(name(other));
    case TableMessage::SelfOther:
        return text.arg(name(self), name(other));
    case TableMessage::OtherSelf:
        return text.arg(name(other), QStringLiteral("--") + name(self));
    case TableMessage::PictureFormats:
        return text.arg(ui::exportSuffixList(ui::ExportContent::Picture));
    }
    return text;
}

namespace {

bool contains(const std::vector<Opt> &options, Opt o)
{
    return std::find(options.begin(), options.end(), o) != options.end();
}

// Whether --help or --version was given: the option checks are skipped, and every row that yields
// to them too.
bool helpGiven(const Given &given)
{
    for (const CommandSpec &row : commandTable())
        if (row.answersHelp && std::all_of(row.when.begin(), row.when.end(), [&given](Opt o) { return given.has(o); }))
            return true;
    return false;
}

bool chosen(const CommandSpec &row, const Given &given, bool help)
{
    if (row.yieldsToHelp && help)
        return false;
    for (Opt o : row.when)
        if (!given.has(o))
            return false;
    for (Opt o : row.unlessGiven)
        if (given.has(o))
            return false;
    return true;
}

Opt ownOption(const CommandSpec &row)
{
    return row.when.empty() ? Opt::None : row.when.front();
}

bool isEarly(Command command, RuleKind kind)
{
    for (const EarlyCheck &check : kEarlyChecks)
        if (check.command == command && check.kind == kind)
            return true;
    return false;
}

// A rule that failed: its message, and the option that made it fail.
struct Finding {
    QString problem;
    Opt option = Opt::None;

    bool found() const { return !problem.isEmpty(); }
};

Finding strayProblem(const CommandSpec &row, const Given &given, bool help)
{
    for (Opt o : row.strays.options) {
        if (!given.has(o))
            continue;
        const auto &rows = commandTable();
        const bool read = std::any_of(rows.begin(), rows.end(),
            [&](const CommandSpec &reader) { return chosen(reader, given, help) && contains(reader.reads, o); });
        if (!read)
            return {tableText(row.strays.message, ownOption(row), o), o};
    }
    return {};
}

Finding excludesProblem(const CommandSpec &row, const Given &given)
{
    for (const OptionRule &rule : row.excludes) {
        if (rule.unless != Opt::None && given.has(rule.unless))
            continue;
        for (Opt o : rule.options)
            if (given.has(o))
                return {tableText(rule.message, ownOption(row), o), o};
    }
    return {};
}

Finding needsProblem(const CommandSpec &row, const Given &given, bool runnerChecked)
{
    for (const Requirement &need : row.needs) {
        if (need.checkedByRunner != runnerChecked)
            continue;
        if (!given.has(need.option) || (need.nonEmpty && given.empty[size_t(need.option)]))
            return {tableText(need.message, ownOption(row), need.option), need.option};
    }
    return {};
}

Finding neededByProblem(const CommandSpec &row, const Given &given)
{
    if (given.has(ownOption(row)))
        return {};
    for (const Requirement &dependent : row.neededBy)
        if (given.has(dependent.option))
            return {tableText(dependent.message, ownOption(row), dependent.option), dependent.option};
    return {};
}

Finding ruleProblem(const CommandSpec &row, RuleKind kind, const Given &given, bool help)
{
    switch (kind) {
    case RuleKind::Strays:
        return strayProblem(row, given, help);
    case RuleKind::Excludes:
        return chosen(row, given, help) ? excludesProblem(row, given) : Finding();
    case RuleKind::Needs:
        return chosen(row, given, help) ? needsProblem(row, given, false) : Finding();
    case RuleKind::NeededBy:
        return neededByProblem(row, given);
    }
    return {};
}

// Whether argv names the option: "--name", "-n", or "--name=VALUE" for an option with a value.
bool appears(int argc, char *argv[], Opt o)
{
    const OptionSpec &spec = optionSpec(o);
    const std::string name = std::string("--") + spec.name;
    const std::string shortName = spec.shortName ? std::string("-") + spec.shortName : std::string();
    for (int i = 1; i < argc; ++i) {
        if (argv[i] == name || (!shortName.empty() && argv[i] == shortName))
            return true;
        if (spec.valueName && std::strncmp(argv[i], name.c_str(), name.size()) == 0 && argv[i][name.size()] == '=')
            return true;
    }
    return false;
}

} // namespace

Verdict resolveCommand(const Given &given)
{
    const bool help = helpGiven(given);
    if (!help) {
        for (const EarlyCheck &check : kEarlyChecks) {
            const CommandSpec &row = commandSpec(check.command);
            if (const Finding f = ruleProblem(row, check.kind, given, help); f.found())
                return {&row, f.problem, check.kind, f.option};
        }
    }
    for (const CommandSpec &row : commandTable()) {
        if (!row.run)
            continue;
        // A stray option whose rule is looked at when the command is chosen chooses it too.
        const Finding stray = isEarly(row.id, RuleKind::Strays) ? Finding() : strayProblem(row, given, help);
        if (stray.found())
            return {&row, stray.problem, RuleKind::Strays, stray.option};
        if (!chosen(row, given, help))
            continue;
        for (RuleKind kind : {RuleKind::Excludes, RuleKind::Needs})
            if (!isEarly(row.id, kind))
                if (const Finding f = ruleProblem(row, kind, given, help); f.found())
                    return {&row, f.problem, kind, f.option};
        return {&row, QString()};
    }
    Q_UNREACHABLE();
}

QString requirementProblem(Command command, const Given &given)
{
    return needsProblem(commandSpec(command), given, true).problem;
}

Start startFor(int argc, char *argv[])
{
    bool console = false;
    for (const CommandSpec &row : commandTable()) {
        if (row.start == Start::Screen)
            continue;
        if (!std::all_of(row.when.begin(), row.when.end(), [&](Opt o) { return appears(argc, argv, o); }))
            continue;
        if (row.start == Start::Offscreen)
            return Start::Offscreen;
        console = true;
    }
    return console ? Start::Console : Start::Screen;
}

} // namespace attnlab::app
