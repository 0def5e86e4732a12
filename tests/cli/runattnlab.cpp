#include "runattnlab.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sys/wait.h>
#include <unistd.h>

namespace attnlab::test {

std::string scratchPath(const std::string &name)
{
    // ctest runs tests in parallel processes: every file name carries the process id.
    return ::testing::TempDir() + "attnlab_cli_" + std::to_string(getpid()) + "_" + name;
}

std::string readFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

Run runAttnlab(const std::string &args, const std::string &input, const std::string &prefix)
{
    const std::string errFile = scratchPath("stderr.txt");
    const std::string inFile = scratchPath("stdin.txt");
    std::ofstream(inFile, std::ios::binary) << input;
    const std::string cmd = prefix + " '" + ATTNLAB_EXE + "' " + args + " <'" + inFile + "' 2>'" + errFile + "'";
    Run run;
    FILE *pipe = popen(cmd.c_str(), "r");
    if (!pipe)
        return run;
    std::array<char, 4096> buf;
    size_t got;
    while ((got = fread(buf.data(), 1, buf.size(), pipe)) > 0)
        run.out.append(buf.data(), got);
    const int status = pclose(pipe);
    run.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    run.err = readFile(errFile);
    return run;
}

} // namespace attnlab::test
