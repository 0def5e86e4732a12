// The command line, run as a real process.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace {

struct Result {
    int code = -1;
    std::string out;
    std::string err;
};

// Runs attnlab with `args` (a shell-quoted string) and optional standard input.
Result attnlab(const std::string &args, const std::string &input = {})
{
    // ctest runs tests in parallel processes: every file name carries the process id.
    const std::string stem = ::testing::TempDir() + "attnlab_cli_" + std::to_string(getpid());
    const std::string errFile = stem + "_err.txt";
    const std::string inFile = stem + "_in.txt";
    std::ofstream(inFile, std::ios::binary) << input;
    const std::string cmd = std::string("'") + ATTNLAB_EXE + "' " + args + " <'" + inFile + "' 2>'" + errFile + "'";
    Result run;
    FILE *pipe = popen(cmd.c_str(), "r");
    if (!pipe)
        return run;
    std::array<char, 4096> buf;
    size_t got;
    while ((got = fread(buf.data(), 1, buf.size(), pipe)) > 0)
        run.out.append(buf.data(), got);
    const int status = pclose(pipe);
    run.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream err(errFile, std::ios::binary);
    run.err.assign(std::istreambuf_iterator<char>(err), {});
    return run;
}

const std::string kExamples = ATTNLAB_SOURCE_DIR "/resources/examples/";

} // namespace

TEST(CommandLine, DumpPrintsEveryStage)
{
    const Result r = attnlab("--dump '" + kExamples + "cat-eats-fish.attn.json'");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
    for (const char *key : {"\"tokens\"", "\"X\"", "\"heads\"", "\"Q\"", "\"K\"", "\"V\"", "\"scores\"", "\"scaled\"",
                            "\"masked\"", "\"weights\"", "\"context\"", "\"concat\"", "\"output\"", "\"warnings\""})
        EXPECT_NE(r.out.find(key), std::string::npos) << key;
    EXPECT_NE(r.out.find("\"猫\""), std::string::npos);
}

TEST(CommandLine, DumpOfTheHandCalculationShowsTheTrueWeights)
{
    const Result r = attnlab("--dump --example cat-eats-fish-handcalc");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("[0.37, 0.68, 0.37]"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("[0.3156906, 0.3686187, 0.3156906]"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("\"X\""), std::string::npos); // direct mode has no X
}

TEST(CommandLine, DumpReadsStandardInputAndWritesNullForHiddenCells)
{
    const Result r = attnlab("--dump -", R"({"tokens": ["a", "b"], "mask": "causal",
        "direct": {"Q": [[1], [2]], "K": [[1], [3]], "V": [[1], [2]]}})");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("\"masked\": [\n        [1, null],"), std::string::npos) << r.out;
}

TEST(CommandLine, ValidatePrintsOk)
{
    const Result r = attnlab("--validate '" + kExamples + "cat-eats-fish-handcalc.attn.json'");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, "ok\n");
}

TEST(CommandLine, BadInputExitsTwoWithFileAndPathAndNoPartialDump)
{
    const Result r = attnlab("--dump -", R"({"tokens": ["a"], "direct": {"Q": [[1]], "K": [[1]], "V": [["x"]]}})");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_EQ(r.err, "<stdin>: direct.V[0][0]: expected a number, got a string\n");
}

TEST(CommandLine, SyntaxErrorsNameLineAndColumn)
{
    const std::string file = ::testing::TempDir() + "broken_" + std::to_string(getpid()) + ".attn.json";
    std::ofstream(file) << "{\n  \"tokens\": [\"a\"\n}\n";
    const Result r = attnlab("--validate '" + file + "'");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err.rfind(file + ":3:1: invalid JSON", 0), 0u) << r.err;
}

TEST(CommandLine, EveryProblemGetsItsOwnLine)
{
    const Result r = attnlab("--validate -", R"({"tokens": ["a"], "bogus": 1, "mask": "casual",
        "direct": {"Q": [[1]], "K": [[1]], "V": [[1]]}})");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("<stdin>: bogus: unknown key\n"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("<stdin>: mask: expected"), std::string::npos) << r.err;
}

TEST(CommandLine, MissingFileAndUnknownOptionsExitTwo)
{
    Result r = attnlab("--dump /nonexistent/x.attn.json");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("/nonexistent/x.attn.json: cannot open the file"), std::string::npos) << r.err;
    r = attnlab("--dump --frobnicate x");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("frobnicate"), std::string::npos) << r.err;
    r = attnlab("--dump --example no-such-example");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("cat-eats-fish"), std::string::npos) << r.err;
}

TEST(CommandLine, HelpVersionAndExamples)
{
    Result r = attnlab("--help");
    EXPECT_EQ(r.code, 0);
    EXPECT_NE(r.out.find("--dump"), std::string::npos);
    r = attnlab("--version");
    EXPECT_EQ(r.code, 0);
    EXPECT_EQ(r.out.rfind("attnlab ", 0), 0u);
    r = attnlab("--list-examples");
    EXPECT_EQ(r.code, 0);
    EXPECT_NE(r.out.find("cat-eats-fish-handcalc"), std::string::npos);
}

TEST(CommandLine, ExportOptionsWithDumpAreRefusedNotIgnored)
{
    const Result r = attnlab("--dump --example cat-eats-fish --head 2");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.out.empty());
    EXPECT_NE(r.err.find("--head does not go with --dump"), std::string::npos) << r.err;
}
