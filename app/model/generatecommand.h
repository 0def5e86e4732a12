#pragma once
// Text generation on the command line (issue 18; the options are a public contract, see README
// "Real models"):
//   --generate --model DIR|HUB_ID --text TEXT [--max-new-tokens N] [--temperature X] [--top-k K]
//              [--top-p P] [--seed S] [--ablate L.H,…]
// prints one JSON object: {"token_ids": [the prompt's ids], "generated": [{"id", "token",
// "probability"}, …], "text": "the new tokens decoded"}. The tokens come from core/model/Decoder
// (the KV cache) and core/model/sampling (greedy at temperature 0, else temperature → top-k →
// top-p → a draw from a generator seeded with --seed). Every bad input is one line on stderr and
// exit code 2, with nothing on stdout.

#include <QString>

namespace attnlab::app {

class CommandLine;

// Runs --generate and returns the exit code; −1 when the command line does not ask for it. How
// its options combine with the rest is the command table's (app/commandtable.cpp).
int runGenerateCommand(const CommandLine &cli);

} // namespace attnlab::app
