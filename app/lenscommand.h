#pragma once
// Issue 19's analyses of a real checkpoint on the command line (public contracts, see README
// "Real models"):
//   --lens --model DIR --text TEXT [--top K]        the logit lens at the prediction position
//   --attribute --model DIR --text TEXT [--token ID] direct logit attribution of a token's logit
//   --dump --model DIR --text TEXT --layer L --block  every stage of one whole block
// Layers and heads count from 1, token ids from 0. Every bad input is one line on stderr and
// exit code 2, with nothing on stdout.

#include <QString>

namespace attnlab::app {

class CommandLine;

// Whether the command line asks for --lens, --attribute or --block.
bool isLensCommand(const CommandLine &cli);

// How --lens, --attribute, --token and --block combine with the rest; the one-line problem, or
// an empty string.
QString lensOptionsProblem(const CommandLine &cli);

// Runs the command asked for and returns the exit code; −1 when isLensCommand() is false.
int runLensCommand(const CommandLine &cli);

} // namespace attnlab::app
