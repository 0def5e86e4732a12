// The test helpers' temporary folders go when the process that made them exits, also when the test
// never reaches its own removeTree (a failed ASSERT, a fixture without TearDown).
#include "modelfixtures.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

// Run only by the test below, in a process of its own: makes a folder with a file in it, writes
// its path to $ATTNLAB_TEMPDIR_REPORT, and exits without removing anything.
TEST(TempDirs, DISABLED_MakeAFolderAndLeave)
{
    const char *report = std::getenv("ATTNLAB_TEMPDIR_REPORT");
    ASSERT_NE(report, nullptr);
    const std::string dir = attnlab::test::makeTempDir("tempdirs-child");
    std::ofstream(dir + "/inside.txt") << "left behind";
    std::ofstream(report) << dir;
}

TEST(TempDirs, AFolderMadeByATestIsRemovedWhenItsProcessExits)
{
    const std::string report = attnlab::test::makeTempDir("tempdirs-report") + "/path.txt";
    const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
    const std::string command = "ATTNLAB_TEMPDIR_REPORT='" + report + "' '" + self
        + "' --gtest_also_run_disabled_tests --gtest_filter=TempDirs.DISABLED_MakeAFolderAndLeave >/dev/null 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0);
    std::ifstream in(report);
    std::string dir;
    std::getline(in, dir);
    ASSERT_FALSE(dir.empty()) << "the child did not report its folder";
    EXPECT_NE(dir.find("attnlab-tempdirs-child-"), std::string::npos) << dir;
    EXPECT_FALSE(std::filesystem::exists(dir)) << dir << " outlived the process that made it";
}

} // namespace
