#pragma once
// The commands that need neither a window nor a model: --help, --version, --list-examples, and
// --dump / --validate of a scene (a file, "-", --example NAME, or one head of --model DIR).
// Each returns the exit code: 0, or kExitBadInput with the problems on standard error.

namespace attnlab::app {

class CommandLine;

int runHelpCommand(const CommandLine &cli);
int runVersionCommand(const CommandLine &cli);
int runListExamplesCommand(const CommandLine &cli);
// Every stage of the scene as JSON; for a model head, the token ids first (and a rotary head's
// queries and keys before and after the rotation).
int runDumpCommand(const CommandLine &cli);
// "ok", or the scene's problems.
int runValidateCommand(const CommandLine &cli);

} // namespace attnlab::app
