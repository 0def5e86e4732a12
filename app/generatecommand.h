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

// How the generation options combine with each other and with the rest (--top-k without
// --generate, --generate with --dump, …). Returns the one-line problem, or an empty string.
QString generateOptionsProblem(const CommandLine &cli);

// Runs --generate and returns the exit code; −1 when the command line does not ask for it.
int runGenerateCommand(const CommandLine &cli);

} // namespace attnlab::app
