// The command line, run as a real process.
#include "runattnlab.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace {

using Result = attnlab::test::Run;

Result runCli(const std::string &args, const std::string &input = {})
{
    return attnlab::test::runAttnlab(args, input);
}

const std::string kExamples = ATTNLAB_SOURCE_DIR "/resources/examples/";

} // namespace

TEST(CommandLine, DumpPrintsEveryStage)
{
    const Result r = runCli("--dump '" + kExamples + "cat-eats-fish.attn.json'");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
    for (const char *key : {"\"tokens\"", "\"X\"", "\"heads\"", "\"Q\"", "\"K\"", "\"V\"", "\"scores\"", "\"scaled\"",
             "\"masked\"", "\"weights\"", "\"context\"", "\"concat\"", "\"output\"", "\"warnings\""})
        EXPECT_NE(r.out.find(key), std::string::npos) << key;
    EXPECT_NE(r.out.find("\"猫\""), std::string::npos);
}

TEST(CommandLine, DumpOfTheHandCalculationShowsTheTrueWeights)
{
    const Result r = runCli("--dump --example cat-eats-fish-handcalc");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("[0.37, 0.68, 0.37]"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("[0.3156906, 0.3686187, 0.3156906]"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("\"X\""), std::string::npos); // direct mode has no X
}

TEST(CommandLine, DumpReadsStandardInputAndWritesNullForHiddenCells)
{
    const Result r = runCli("--dump -", R"({"tokens": ["a", "b"], "mask": "causal",
        "direct": {"Q": [[1], [2]], "K": [[1], [3]], "V": [[1], [2]]}})");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("\"masked\": [\n        [1, null],"), std::string::npos) << r.out;
}

TEST(CommandLine, DumpRotatesUnderTheScenesRopeConvention)
{
    // K row 1 = (3, 4, 5, 6) at position 1, θ_0 = 1: rotate-half turns (3, 5), interleaved (3, 4).
    const std::string scene = R"({"tokens": ["a", "b"], "positional_encoding": "rope", %s
        "direct": {"Q": [[1, 0, 0, 0], [0, 1, 0, 0]], "K": [[1, 0, 0, 0], [3, 4, 5, 6]], "V": [[1], [2]]}})";
    auto dump = [&](const std::string &extra) {
        std::string text = scene;
        text.replace(text.find("%s"), 2, extra);
        return runCli("--dump -", text);
    };
    const Result half = dump(R"("rope_convention": "rotate_half",)");
    const Result interleaved = dump("");
    ASSERT_EQ(half.code, 0) << half.err;
    ASSERT_EQ(interleaved.code, 0) << interleaved.err;
    char expected[64];
    std::snprintf(expected, sizeof expected, "[%.7g,", double(float(3 * std::cos(1.0) - 5 * std::sin(1.0))));
    const size_t rotated = half.out.find("\"K_rot\"");
    ASSERT_NE(rotated, std::string::npos) << half.out;
    EXPECT_NE(half.out.find(expected, rotated), std::string::npos) << expected << "\n" << half.out;
    std::snprintf(expected, sizeof expected, "[%.7g,", double(float(3 * std::cos(1.0) - 4 * std::sin(1.0))));
    EXPECT_NE(interleaved.out.find(expected), std::string::npos) << expected << "\n" << interleaved.out;
    const Result valid = runCli("--validate -", R"({"tokens": ["a"], "positional_encoding": "rope",
        "rope_convention": "rotate_half", "rope_theta": 500000, "direct": {"Q": [[1, 2]], "K": [[1, 2]], "V": [[1]]}})");
    EXPECT_EQ(valid.code, 0) << valid.err;
    EXPECT_EQ(valid.out, "ok\n");
    const Result bad = runCli("--validate -", R"({"tokens": ["a"], "positional_encoding": "rope",
        "rope_convention": "half", "direct": {"Q": [[1, 2]], "K": [[1, 2]], "V": [[1]]}})");
    EXPECT_EQ(bad.code, 2);
    EXPECT_TRUE(bad.out.empty());
    EXPECT_EQ(bad.err,
        "<stdin>: rope_convention: expected \"interleaved\" (pairs 2i, 2i+1) or \"rotate_half\" "
        "(pairs i, i + d_k/2), got \"half\"\n");
}

TEST(CommandLine, ValidatePrintsOk)
{
    const Result r = runCli("--validate '" + kExamples + "cat-eats-fish-handcalc.attn.json'");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, "ok\n");
}

TEST(CommandLine, BadInputExitsTwoWithFileAndPathAndNoPartialDump)
{
    const Result r = runCli("--dump -", R"({"tokens": ["a"], "direct": {"Q": [[1]], "K": [[1]], "V": [["x"]]}})");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_EQ(r.err, "<stdin>: direct.V[0][0]: expected a number, got a string\n");
}

TEST(CommandLine, SyntaxErrorsNameLineAndColumn)
{
    const std::string file = ::testing::TempDir() + "broken_" + std::to_string(getpid()) + ".attn.json";
    std::ofstream(file) << "{\n  \"tokens\": [\"a\"\n}\n";
    const Result r = runCli("--validate '" + file + "'");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err.rfind(file + ":3:1: invalid JSON", 0), 0u) << r.err;
}

TEST(CommandLine, EveryProblemGetsItsOwnLine)
{
    const Result r = runCli("--validate -", R"({"tokens": ["a"], "bogus": 1, "mask": "casual",
        "direct": {"Q": [[1]], "K": [[1]], "V": [[1]]}})");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("<stdin>: bogus: unknown key\n"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("<stdin>: mask: expected"), std::string::npos) << r.err;
}

TEST(CommandLine, MissingFileAndUnknownOptionsExitTwo)
{
    Result r = runCli("--dump /nonexistent/x.attn.json");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("/nonexistent/x.attn.json: cannot open the file"), std::string::npos) << r.err;
    r = runCli("--dump --frobnicate x");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("frobnicate"), std::string::npos) << r.err;
    r = runCli("--dump --example no-such-example");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("cat-eats-fish"), std::string::npos) << r.err;
}

TEST(CommandLine, HelpVersionAndExamples)
{
    Result r = runCli("--help");
    EXPECT_EQ(r.code, 0);
    EXPECT_NE(r.out.find("--dump"), std::string::npos);
    r = runCli("--version");
    EXPECT_EQ(r.code, 0);
    EXPECT_EQ(r.out.rfind("attnlab ", 0), 0u);
    r = runCli("--list-examples");
    EXPECT_EQ(r.code, 0);
    EXPECT_NE(r.out.find("cat-eats-fish-handcalc"), std::string::npos);
}

TEST(CommandLine, ExportOptionsWithDumpAreRefusedNotIgnored)
{
    const Result r = runCli("--dump --example cat-eats-fish --head 2");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.out.empty());
    EXPECT_NE(r.err.find("--head does not go with --dump"), std::string::npos) << r.err;
}
