// `attnlab --experiment sqrt-dk --out FILE [--seed S]`, run as a real process.
#include "runattnlab.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace {

using CommandRun = attnlab::test::Run;
using attnlab::test::readFile;

std::string tempPath(const std::string &name)
{
    return attnlab::test::scratchPath("experiment_" + name);
}

// Runs attnlab with `args` (shell-quoted), `prefix` before it (e.g. "env -u DISPLAY").
CommandRun runCli(const std::string &args, const std::string &prefix = {})
{
    return attnlab::test::runAttnlab(args, {}, prefix);
}

bool exists(const std::string &path)
{
    return std::ifstream(path).good();
}

unsigned bigEndian32(const std::string &bytes, size_t at)
{
    return (unsigned(uint8_t(bytes[at])) << 24) | (unsigned(uint8_t(bytes[at + 1])) << 16)
        | (unsigned(uint8_t(bytes[at + 2])) << 8) | unsigned(uint8_t(bytes[at + 3]));
}

} // namespace

TEST(ExperimentCommand, RendersThePngWithoutADisplay)
{
    const std::string png = tempPath("sqrtdk.png");
    std::remove(png.c_str());
    // No display and no platform chosen: the command must pick the offscreen platform itself.
    const CommandRun r = runCli("--experiment sqrt-dk --out '" + png + "'", "env -u DISPLAY -u QT_QPA_PLATFORM");
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string bytes = readFile(png);
    ASSERT_GT(bytes.size(), 24u);
    EXPECT_EQ(bytes.substr(1, 3), "PNG");
    // IHDR width and height: the 1200 × 520 figure rendered at twice the size.
    EXPECT_EQ(bigEndian32(bytes, 16), 2400u);
    EXPECT_EQ(bigEndian32(bytes, 20), 1040u);
}

TEST(ExperimentCommand, SvgAndPdfAreWrittenByTheirSuffix)
{
    const std::string svg = tempPath("sqrtdk.svg"), pdf = tempPath("sqrtdk.PDF");
    ASSERT_EQ(runCli("--experiment sqrt-dk --seed 5 --out '" + svg + "'").code, 0);
    ASSERT_EQ(runCli("--experiment=sqrt-dk --out='" + pdf + "'").code, 0);
    const std::string text = readFile(svg);
    EXPECT_NE(text.find("<svg"), std::string::npos);
    EXPECT_NE(text.find("seed 5"), std::string::npos); // the title names the seed
    EXPECT_EQ(readFile(pdf).substr(0, 5), "%PDF-");
}

TEST(ExperimentCommand, TheSeedDecidesTheSamples)
{
    const std::string a = tempPath("a.svg"), b = tempPath("b.svg"), c = tempPath("c.svg");
    ASSERT_EQ(runCli("--experiment sqrt-dk --seed 3 --out '" + a + "'").code, 0);
    ASSERT_EQ(runCli("--experiment sqrt-dk --seed 3 --out '" + b + "'").code, 0);
    ASSERT_EQ(runCli("--experiment sqrt-dk --seed 4 --out '" + c + "'").code, 0);
    // Compared as booleans: printing two whole SVG files on failure helps nobody.
    EXPECT_TRUE(readFile(a) == readFile(b));
    EXPECT_FALSE(readFile(a) == readFile(c));
}

TEST(ExperimentCommand, BadInputExitsTwoWithAPreciseMessageAndNoFile)
{
    const std::string out = tempPath("never.png");
    std::remove(out.c_str());
    struct Case {
        std::string args;
        std::string message;
    };
    const Case cases[] = {
        {"--experiment softmax --out '" + out + "'", "unknown experiment \"softmax\"; known: sqrt-dk"},
        {"--experiment sqrt-dk", "needs --out FILE"},
        {"--experiment sqrt-dk --out '" + tempPath("x.jpg") + "'",
            "--out: " + tempPath("x.jpg") + ": unknown file type; the file name must end in .png, .svg or .pdf"},
        {"--experiment sqrt-dk --seed -1 --out '" + out + "'", "--seed: expected a whole number"},
        {"--experiment sqrt-dk --seed 4294967296 --out '" + out + "'", "got \"4294967296\""},
        {"--experiment sqrt-dk --seed 1x --out '" + out + "'", "got \"1x\""},
        {"--experiment sqrt-dk --out '" + out + "' --example cat-eats-fish", "takes no scene"},
        {"--seed 3", "--seed belongs to --experiment"},
        {"--experiment sqrt-dk --export weights --out '" + out + "'", "cannot be combined"},
    };
    for (const Case &c : cases) {
        const CommandRun r = runCli(c.args);
        EXPECT_EQ(r.code, 2) << c.args;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << "\n" << r.err;
        EXPECT_FALSE(exists(out)) << c.args;
    }
}

TEST(ExperimentCommand, UnwritableTargetIsReportedWithItsPath)
{
    const std::string out = tempPath("no-such-dir") + "/figure.png";
    const CommandRun r = runCli("--experiment sqrt-dk --out '" + out + "'");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find(out), std::string::npos) << r.err;
}
