// The command table (app/commandtable.h) is the one source of the command line's combination
// errors (issue 30). tests/commandtable/recorded.json holds, for every entry of every rule of the
// table, an argument list that breaks it, plus lists that break several rules at once and --help,
// each with what attnlab printed in English and in Chinese before the table existed. Here the
// table itself must report each case's problem from the rule the case was written for, every rule
// entry must have a case, and the binary must print every case byte for byte as recorded.
//
// The file is data, not code: re-record it only after an intended change of the contract, and say
// why in the commit. {MODEL}, {SCENE}, {OUT} and {EXE} stand for the paths of the run.
#include "runattnlab.h"

#include "app/commandline.h"
#include "app/commandtable.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <QStringList>

#include <algorithm>
#include <fstream>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace {

using namespace attnlab;
using app::Command;
using app::Opt;
using app::RuleKind;
using nlohmann::json;

const std::string kCasesFile = std::string(ATTNLAB_SOURCE_DIR) + "/tests/commandtable/recorded.json";
const std::string kScene = std::string(ATTNLAB_SOURCE_DIR) + "/resources/examples/cat-eats-fish.attn.json";
// Every case fails before a model is read, so the folder need not exist.
const std::string kModel = "/nonexistent/attnlab-model";

const json &recordedCases()
{
    static const json cases = [] {
        std::ifstream in(kCasesFile);
        return json::parse(in).at("cases");
    }();
    return cases;
}

void replaceAll(std::string &text, const std::string &from, const std::string &to)
{
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
}

std::string substituted(std::string text, const std::string &outDir)
{
    replaceAll(text, "{MODEL}", kModel);
    replaceAll(text, "{SCENE}", kScene);
    replaceAll(text, "{OUT}", outDir);
    replaceAll(text, "{EXE}", ATTNLAB_EXE);
    return text;
}

std::string shellQuoted(std::string text)
{
    replaceAll(text, "'", "'\\''");
    return "'" + text + "'";
}

std::string joined(const json &args)
{
    std::string line;
    for (const json &a : args)
        line += (line.empty() ? "" : " ") + shellQuoted(a.get<std::string>());
    return line;
}

using RuleEntry = std::tuple<Command, RuleKind, Opt>;

std::string describe(const RuleEntry &entry)
{
    return "command row " + std::to_string(int(std::get<0>(entry))) + ", rule kind "
        + std::to_string(int(std::get<1>(entry))) + ", option "
        + (std::get<2>(entry) == Opt::Scene ? std::string("SCENE") : app::optionSpec(std::get<2>(entry)).name);
}

} // namespace

TEST(CommandTable, ReportsEveryRecordedProblemFromOneOfItsRules)
{
    std::set<RuleEntry> reported;
    for (const json &c : recordedCases()) {
        QStringList arguments {QStringLiteral("attnlab")};
        for (const json &a : c.at("args"))
            arguments << QString::fromStdString(substituted(a.get<std::string>(), ::testing::TempDir()));
        app::CommandLine cli;
        ASSERT_TRUE(cli.parse(arguments)) << joined(c.at("args"));
        const app::Given given = cli.given();
        const app::Verdict verdict = app::resolveCommand(given);
        const std::string recorded = c.at("err").at("en").get<std::string>();
        if (!verdict.problem.isEmpty()) {
            EXPECT_EQ("attnlab: " + verdict.problem.toStdString() + "\n", recorded) << joined(c.at("args"));
            EXPECT_EQ(c.at("code").get<int>(), app::kExitBadInput) << joined(c.at("args"));
            reported.insert({verdict.command->id, verdict.rule, verdict.option});
            continue;
        }
        ASSERT_NE(verdict.command, nullptr);
        // --experiment looks at its --out after the experiment's name, as its runner asks.
        const QString late = app::requirementProblem(verdict.command->id, given);
        if (!late.isEmpty() && "attnlab: " + late.toStdString() + "\n" == recorded)
            reported.insert({verdict.command->id, RuleKind::Needs, Opt::Out});
    }

    std::set<RuleEntry> entries;
    for (const app::CommandSpec &row : app::commandTable()) {
        for (Opt o : row.strays.options)
            entries.insert({row.id, RuleKind::Strays, o});
        for (const app::OptionRule &rule : row.excludes)
            for (Opt o : rule.options)
                entries.insert({row.id, RuleKind::Excludes, o});
        for (const app::Requirement &need : row.needs)
            entries.insert({row.id, RuleKind::Needs, need.option});
        for (const app::Requirement &dependent : row.neededBy)
            entries.insert({row.id, RuleKind::NeededBy, dependent.option});
    }
    ASSERT_GT(entries.size(), 90u); // the table has rows and rules at all
    for (const RuleEntry &entry : entries)
        EXPECT_EQ(reported.count(entry), 1u) << "no recorded case breaks " << describe(entry);
    for (const RuleEntry &entry : reported)
        EXPECT_EQ(entries.count(entry), 1u) << "a problem from outside the table's rules: " << describe(entry);
}

TEST(CommandTable, HelpListsEveryOptionOfTheTableInItsOrder)
{
    const app::CommandLine cli;
    // The option lines of --help ("  -h, --help  Show this help and exit."), by long name.
    std::vector<std::string> listed;
    for (const QString &line : cli.helpText().split(QLatin1Char('\n'))) {
        if (!line.startsWith(QLatin1String("  -")))
            continue;
        QString option = line.trimmed();
        if (option.size() > 4 && option[2] == QLatin1Char(','))
            option = option.mid(4); // "-h, --help" → "--help"
        listed.push_back(option.section(QLatin1Char(' '), 0, 0).mid(2).toStdString());
    }
    std::vector<std::string> table;
    for (const app::OptionSpec &option : app::optionTable())
        table.push_back(option.name);
    EXPECT_EQ(listed, table);
    const std::string help = cli.helpText().simplified().toStdString();
    for (const app::OptionSpec &option : app::optionTable())
        EXPECT_NE(help.find(app::tableText(option.help).simplified().toStdString()), std::string::npos) << option.name;
}

// --ablate's help names every command that reads it (--predict and --generate).
TEST(CommandTable, TheAblateHelpNamesEveryCommandThatReadsIt)
{
    const std::string help = app::tableText(app::optionSpec(Opt::Ablate).help).toStdString();
    int readers = 0;
    for (const app::CommandSpec &command : app::commandTable()) {
        if (std::find(command.reads.begin(), command.reads.end(), Opt::Ablate) == command.reads.end())
            continue;
        ++readers;
        for (Opt own : command.when)
            EXPECT_NE(help.find(std::string("--") + app::optionSpec(own).name), std::string::npos)
                << app::optionSpec(own).name << " in " << help;
    }
    EXPECT_EQ(readers, 2);
}

class RecordedCommandLine : public ::testing::TestWithParam<size_t> { };

TEST_P(RecordedCommandLine, PrintsWhatItPrintedBeforeTheTable)
{
    const json &c = recordedCases().at(GetParam());
    const std::string outDir = test::scratchPath("table-out");
    for (const std::string lang : {"en", "zh_CN"}) {
        std::string args;
        for (const json &a : c.at("args"))
            args += " " + shellQuoted(substituted(a.get<std::string>(), outDir));
        const test::Run run = test::runAttnlab("--lang " + lang + args);
        const std::string what = lang + ":" + args;
        EXPECT_EQ(run.code, c.at("code").get<int>()) << what;
        EXPECT_EQ(run.out, substituted(c.at("out").at(lang).get<std::string>(), outDir)) << what;
        EXPECT_EQ(run.err, substituted(c.at("err").at(lang).get<std::string>(), outDir)) << what;
    }
}

INSTANTIATE_TEST_SUITE_P(CommandTable, RecordedCommandLine, ::testing::Range(size_t(0), recordedCases().size()));
