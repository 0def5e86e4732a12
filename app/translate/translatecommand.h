#pragma once
// The encoder-decoder commands (Marian, opus-mt): --translate translates --text greedily and prints
// the source ids, each generated token with the model's probability and the decoded text as JSON;
// --dump and --predict with --target-text read one head, or the next target token.

namespace attnlab::app {

class CommandLine;

// Runs --translate and returns the exit code; −1 when the command line does not ask for it. How
// its options combine with the rest is the command table's (app/commandtable.cpp).
int runTranslateCommand(const CommandLine &cli);

// --dump --model M --text T --target-text U --attention KIND --layer L --head H: one head of an
// encoder-decoder (its encoder's or decoder's self-attention, or the cross-attention) as JSON.
int runTranslateDumpCommand(const CommandLine &cli);

// --predict --model M --text T --target-text U: the decoder's next token after U's tokens.
int runTranslatePredictCommand(const CommandLine &cli);

} // namespace attnlab::app
