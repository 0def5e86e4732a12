#pragma once
// `attnlab --experiment sqrt-dk --out FILE.(png|svg|pdf) [--seed S]`: renders an experiment's
// figure without showing a window. Needs a QApplication (QCustomPlot draws with widgets), on
// the offscreen platform when no display is wanted.

namespace attnlab::app {

class CommandLine;

// Runs the experiment and returns its exit code (0, or kExitBadInput with a message on stderr).
int runExperimentCommand(const CommandLine &cli);

} // namespace attnlab::app
