// attnlab --export, run as a real process.
#include "runattnlab.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <sys/wait.h>

namespace {

using ExportRun = attnlab::test::Run;
using attnlab::test::readFile;

ExportRun runCli(const std::string &args)
{
    return attnlab::test::runAttnlab(args);
}

std::string outPath(const std::string &name)
{
    const std::string path = ::testing::TempDir() + "attnlab_export_" + name;
    std::remove(path.c_str());
    return path;
}

// Width and height from a PNG's IHDR chunk.
std::pair<unsigned, unsigned> pngSize(const std::string &png)
{
    auto be32 = [&](size_t at) {
        return (unsigned(uint8_t(png[at])) << 24) | (unsigned(uint8_t(png[at + 1])) << 16)
            | (unsigned(uint8_t(png[at + 2])) << 8) | unsigned(uint8_t(png[at + 3]));
    };
    return png.size() > 24 ? std::make_pair(be32(16), be32(20)) : std::make_pair(0u, 0u);
}

const std::string kScene = ATTNLAB_SOURCE_DIR "/resources/examples/cat-eats-fish.attn.json";

} // namespace

TEST(ExportCommand, WritesAPngScaledAsAsked)
{
    const std::string one = outPath("w1.png"), three = outPath("w3.png");
    ExportRun r = runCli("--export weights --scale 1 --out '" + one + "' '" + kScene + "'");
    ASSERT_EQ(r.code, 0) << r.err;
    r = runCli("--export weights --scale 3 --out '" + three + "' '" + kScene + "'");
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string a = readFile(one), b = readFile(three);
    ASSERT_EQ(a.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
    const auto [w1, h1] = pngSize(a);
    const auto [w3, h3] = pngSize(b);
    EXPECT_GT(w1, 100u);
    EXPECT_EQ(w3, 3 * w1);
    EXPECT_EQ(h3, 3 * h1);
}

TEST(ExportCommand, BoardAsSvgFromAnExampleKeepsTheTokens)
{
    const std::string svg = outPath("board.svg");
    const ExportRun r = runCli("--export board --theme print --example cat-eats-fish --out '" + svg + "'");
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string text = readFile(svg);
    EXPECT_NE(text.find("<svg"), std::string::npos);
    EXPECT_NE(text.find("猫"), std::string::npos);
    EXPECT_NE(text.find("context"), std::string::npos);
}

TEST(ExportCommand, SeveralStagesAsPdf)
{
    const std::string pdf = outPath("qkv.pdf");
    const ExportRun r = runCli("--export Q,K,V --theme dark --out '" + pdf + "' --example cat-eats-fish-handcalc");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(readFile(pdf).substr(0, 5), "%PDF-");
}

TEST(ExportCommand, BadInputExitsTwoWithAPreciseMessageAndNoFile)
{
    struct Case {
        std::string args;
        std::string message;
    };
    const std::string out = outPath("bad.png");
    const std::string scene = " '" + kScene + "'";
    const Case cases[] = {
        {"--export nope --out '" + out + "'" + scene, "unknown stage \"nope\""},
        {"--export weights,,scores --out '" + out + "'" + scene, "empty stage name"},
        {"--export weights" + scene, "--export needs --out"},
        {"--export weights --out '" + outPath("w.gif") + "'" + scene,
            "--out: " + outPath("w.gif") + ": unknown file type; the file name must end in .png, .svg or .pdf"},
        {"--export weights --head 2 --out '" + out + "'" + scene, "--head: expected a head from 1 to 1, got \"2\""},
        {"--export weights --head 0 --out '" + out + "'" + scene, "--head: expected a head from 1 to 1"},
        {"--export weights --scale 0 --out '" + out + "'" + scene, "--scale: expected a number from 0.25 to 8"},
        {"--export weights --scale abc --out '" + out + "'" + scene, "--scale"},
        {"--export weights --theme neon --out '" + out + "'" + scene, "--theme: expected one of light, dark"},
        {"--export weights --colormap jet --out '" + out + "'" + scene, "--colormap: expected one of viridis"},
        {"--export X --out '" + out + "' --example cat-eats-fish-handcalc", "this scene has no stage X"},
        {"--export weights --out '" + out + "' --example nosuch", "there is no example called \"nosuch\""},
        {"--export weights --out '" + out + "' /no/such/scene.attn.json", "/no/such/scene.attn.json"},
        {"--export weights --dump --out '" + out + "'" + scene, "cannot be combined"},
        {"--export weights --out '/no/such/dir/w.png'" + scene, "cannot write /no/such/dir/w.png"},
    };
    for (const Case &c : cases) {
        const ExportRun r = runCli(c.args);
        EXPECT_EQ(r.code, 2) << c.args;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << "\n" << r.err;
        EXPECT_TRUE(readFile(out).empty()) << c.args;
    }
}
