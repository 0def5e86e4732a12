#pragma once

namespace attnlab::app {

// The whole program: parses the command line, then runs a headless command (--dump,
// --validate, …) or the GUI. Returns the process exit code: 0 success, 2 bad input.
int runApplication(int argc, char *argv[]);

} // namespace attnlab::app
