// The one helper that reads files whole and splits lines, for scenes, configs, tokenizer files
// and matrix text.
#include "core/json/textfile.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <fstream>

using namespace attnlab;

namespace {

std::string scratchFile(const std::string &name, const std::string &bytes)
{
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "attnlab-textfile-test";
    std::filesystem::create_directories(dir);
    const std::string path = (dir / name).string();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

} // namespace

TEST(SplitLines, EndsLinesAtNewlinesAndCarriageReturnNewlines)
{
    EXPECT_EQ(core::splitLines("a\nb\r\nc"), (std::vector<std::string> {"a", "b", "c"}));
    EXPECT_EQ(core::splitLines("a\n\nb\n"), (std::vector<std::string> {"a", "", "b"}));
    EXPECT_EQ(core::splitLines("a\r"), (std::vector<std::string> {"a"}));
}

TEST(SplitLines, AnEmptyTextHasNoLinesAndALastNewlineAddsNone)
{
    EXPECT_TRUE(core::splitLines("").empty());
    EXPECT_EQ(core::splitLines("x\n"), (std::vector<std::string> {"x"}));
    EXPECT_EQ(core::splitLines("\n"), (std::vector<std::string> {""}));
}

TEST(ReadFileText, ReadsEveryByte)
{
    const std::string bytes("one\0two\r\n", 9);
    const core::FileText file = core::readFileText(scratchFile("bytes.bin", bytes), 100);
    ASSERT_TRUE(file.ok());
    EXPECT_EQ(file.text, bytes);
    EXPECT_EQ(file.size, 9u);
}

TEST(ReadFileText, RefusesAFileOverTheLimitBeforeReadingIt)
{
    const core::FileText file = core::readFileText(scratchFile("big.txt", std::string(101, 'x')), 100);
    EXPECT_EQ(file.status, core::FileText::TooLarge);
    EXPECT_EQ(file.size, 101u);
    EXPECT_TRUE(file.text.empty());
    EXPECT_TRUE(core::readFileText(scratchFile("edge.txt", std::string(100, 'x')), 100).ok());
}

TEST(ReadFileText, AMissingFileCannotBeOpenedAndSaysWhy)
{
    const core::FileText file = core::readFileText("/nonexistent/attnlab/none.txt", 100);
    EXPECT_EQ(file.status, core::FileText::CannotOpen);
    EXPECT_EQ(file.error, ENOENT);
}

TEST(ReadFileText, AnEmptyFileIsReadAsEmptyText)
{
    const core::FileText file = core::readFileText(scratchFile("empty.txt", ""), 100);
    EXPECT_TRUE(file.ok());
    EXPECT_TRUE(file.text.empty());
}
