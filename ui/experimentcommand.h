#pragma once
// `attnlab --experiment sqrt-dk --out FILE.(png|svg|pdf) [--seed S]`: renders an experiment's
// figure without showing a window. Needs a QApplication (QCustomPlot draws with widgets), on
// the offscreen platform when no display is wanted.

namespace attnlab::ui {

class CommandLine;

// Whether argv asks for an experiment (--experiment NAME or --experiment=NAME), checked
// before any application object exists.
bool wantsExperiment(int argc, char *argv[]);

// Selects the offscreen platform unless QT_QPA_PLATFORM is set; call before the QApplication.
void prepareHeadlessRendering();

// Runs the experiment command when --experiment, --out or --seed was given and returns its
// exit code (0, or kExitBadInput with a message on stderr); returns −1 when none was given.
int runExperimentCommand(const CommandLine &cli);

} // namespace attnlab::ui
