#pragma once
// The command line as data (issue 30): every option is a row (its names, value and help line) and
// every command is a row (what asks for it, the options it reads, which options it cannot be
// combined with, what it requires). --help — and so the man page, which help2man makes from it —
// and every "cannot be combined" / "goes with" / "needs" error come from these tables;
// app/application.cpp only asks them which command runs. The messages, their order and the exit
// codes are a public contract (tests/commandtable/command_table_test.cpp): when an argument list has
// several problems, the first one found in the order below is the one printed.

#include <QString>

#include <bitset>
#include <vector>

namespace attnlab::app {

class CommandLine;

// Every option, in the order --help lists them, and the SCENE argument.
enum class Opt {
    Dump,
    Validate,
    Example,
    ListExamples,
    ListModels,
    Lang,
    Help,
    Version,
    Export,
    Head,
    Scale,
    Theme,
    Colormap,
    Out,
    Experiment,
    Seed,
    Model,
    Text,
    Layer,
    Predict,
    Top,
    Ablate,
    Generate,
    MaxNewTokens,
    Chat,
    Temperature,
    TopK,
    TopP,
    RepetitionPenalty,
    KvWindow,
    KvSinks,
    Draft,
    DraftTokens,
    Lens,
    Attribute,
    Token,
    Block,
    FlashTrace,
    TileRows,
    TileCols,
    KvReport,
    Tokens,
    Translate,
    TargetText,
    Attention,
    NoRecovery,
    Scene, // the positional SCENE file: not an option, but commands refuse it like one
    None,
};
inline constexpr int kOptCount = int(Opt::None);

// A message of the table, translated in `context` (the context lupdate filed it under). Where
// the text has placeholders, `args` says what fills them.
struct TableMessage {
    enum Args {
        Fixed, // no placeholder
        Other, // %1: the long name of the option that is the problem
        SelfOther, // %1: the command's own option, %2: the option that is the problem
        OtherSelf, // %1: the option that is the problem, %2: the command's own option with its dashes
        PictureFormats, // %1: the picture files an export writes (".png, .svg or .pdf")
    };
    const char *context = nullptr;
    const char *text = nullptr;
    Args args = Fixed;
};

struct OptionSpec {
    Opt id;
    const char *name; // the long name, without dashes
    const char *shortName; // a one-letter alias, or nullptr
    const char *valueName; // nullptr for a switch
    TableMessage help; // the help line (context "CommandLine")
};

// The option rows, in Opt order (which is --help's order).
const std::vector<OptionSpec> &optionTable();
const OptionSpec &optionSpec(Opt id);

// What the command line gives, as the tables see it.
struct Given {
    std::bitset<kOptCount> set; // options given (Scene: a scene file was named)
    std::bitset<kOptCount> empty; // options given with an empty value

    bool has(Opt o) const { return set[size_t(o)]; }
};

// The command rows, in the order a command is chosen: the first row whose options are given runs.
enum class Command {
    ListModels,
    FlashTrace,
    KvReport,
    Translate,
    Generate,
    Lens,
    Attribute,
    Block,
    Experiment,
    Help,
    Version,
    TranslateDump,
    TranslatePredict,
    Predict,
    SaveHead,
    Export,
    ListExamples,
    Dump,
    Validate,
    ModelWindow,
    Window,
    ModelSource, // --model DIR: no command of its own, but its rules hold whenever it is given
};

// How the process starts before the options are parsed (the parser's help lines are translated,
// so the application must exist first): which of these a row picks when its options appear in argv.
enum class Start {
    Screen, // a QApplication on the user's display
    Console, // a QCoreApplication: no display needed
    Offscreen, // a QApplication on the offscreen platform (drawing, but no window); wins over Console
};

// A rule's options: when one of them is given (and `unless` is not), the rule fails with `message`.
struct OptionRule {
    std::vector<Opt> options {}; // looked at in this order
    TableMessage message {};
    Opt unless = Opt::None;
};

// What a command needs beside its own option.
struct Requirement {
    Opt option;
    TableMessage message;
    bool nonEmpty = false; // an empty value counts as missing
    bool checkedByRunner = false; // the runner asks requirementProblem() after its own value checks
};

struct CommandSpec {
    Command id;
    std::vector<Opt> when {}; // given all of these …
    std::vector<Opt> unlessGiven {}; // … and none of these, the row is chosen
    std::vector<Opt> reads {}; // the options it reads besides `when`
    // Options that mean something only with this command: given while no chosen row reads them,
    // they are an error.
    OptionRule strays {};
    std::vector<OptionRule> excludes {}; // options it cannot be combined with
    std::vector<Requirement> needs {}; // options it needs
    // --model only: the options that need it (each names its own message), in report order.
    std::vector<Requirement> neededBy {};
    bool yieldsToHelp = true; // --help and --version answer instead (all but --experiment)
    bool answersHelp = false; // --help and --version: the option checks are skipped
    Start start = Start::Screen;
    int (*run)(const CommandLine &cli) = nullptr;
};

const std::vector<CommandSpec> &commandTable();
const CommandSpec &commandSpec(Command id);

// The rules looked at before any command runs, in this order (the rest are looked at when their
// command is chosen): a rule names a row and one of its rule kinds.
enum class RuleKind { Strays, Excludes, Needs, NeededBy };
struct EarlyCheck {
    Command command;
    RuleKind kind;
};
const std::vector<EarlyCheck> &earlyChecks();

// The command the options ask for, or the first problem with how they combine (translated,
// without the "attnlab: " prefix).
struct Verdict {
    const CommandSpec *command = nullptr; // the command, or the row whose rule failed
    QString problem {};
    RuleKind rule = RuleKind::Strays; // with a problem: which of the row's rules failed …
    Opt option = Opt::None; // … on which option
};
Verdict resolveCommand(const Given &given);

// A requirement the runner checks itself (after its values): the problem, or an empty string.
QString requirementProblem(Command command, const Given &given);

// How to start the process for these raw arguments (argv, before parsing).
Start startFor(int argc, char *argv[]);

// A table message translated, with its placeholders filled in.
QString tableText(const TableMessage &message, Opt self = Opt::None, Opt other = Opt::None);

} // namespace attnlab::app
