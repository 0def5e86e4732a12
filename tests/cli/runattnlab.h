#pragma once
// Runs the built attnlab as a real process, for the command-line tests.

#include <string>

namespace attnlab::test {

struct Run {
    int code = -1; // exit code, −1 when the process did not exit normally
    std::string out;
    std::string err;
};

// Runs attnlab with `args` (a shell-quoted string), `input` on standard input, and `prefix`
// before the command (e.g. "env -u DISPLAY").
Run runAttnlab(const std::string &args, const std::string &input = {}, const std::string &prefix = {});

// A path in the test temp folder that no parallel test process shares.
std::string scratchPath(const std::string &name);

std::string readFile(const std::string &path);

} // namespace attnlab::test
