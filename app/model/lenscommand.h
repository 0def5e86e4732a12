#pragma once
// Issue 19's analyses of a real checkpoint on the command line (public contracts, see README
// "Real models"):
//   --lens --model DIR --text TEXT [--top K]        the logit lens at the prediction position
//   --attribute --model DIR --text TEXT [--token ID] direct logit attribution of a token's logit
//   --dump --model DIR --text TEXT --layer L --block  every stage of one whole block
// Layers and heads count from 1, token ids from 0. Every bad input is one line on stderr and
// exit code 2, with nothing on stdout.

namespace attnlab::app {

class CommandLine;

// Run the command and return the exit code. How their options combine with the rest is the
// command table's (app/commandtable.cpp).
int runLensCommand(const CommandLine &cli);
int runAttributeCommand(const CommandLine &cli);
int runBlockCommand(const CommandLine &cli);

} // namespace attnlab::app
