#pragma once
// What counts as an English sentence in a message that should be Chinese.

#include <string>

namespace attnlab::test {

// The first run of three or more English words in `text` (words of ASCII letters, separated by
// single spaces, the last one may end in , ; : or .), or "" when there is none. Names and values
// are not words: quoted text ('…', "…", “…”), paths (anything with a /), options (--x), JSON
// paths and identifiers (W_Q[0], d_model, x.attn.json) are skipped.
std::string englishSentence(const std::string &text);

} // namespace attnlab::test
