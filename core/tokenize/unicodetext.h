#pragma once
// The Unicode facts the tokenizers need, answered by utf8proc so that they agree with the
// Rust `tokenizers` library (which uses the Unicode tables of Rust's std, unicode-categories
// and Oniguruma). Everything works on code points (char32_t).

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace attnlab::core::model {

// One code point of a text, with the byte range of the original input it came from. A
// normalizer keeps that range on every character it produces from it, so tokens can point
// back into what the user typed.
struct TextChar {
    char32_t c = 0;
    int begin = 0; // byte offset in the original input
    int end = 0; // one past the last byte
};
using Text = std::vector<TextChar>;

// Decodes UTF-8. An invalid or truncated sequence becomes U+FFFD covering its first byte
// (what Rust's String::from_utf8_lossy does per maximal invalid prefix, close enough here:
// the tokenizers library itself only ever sees valid UTF-8).
Text decodeUtf8(const std::string &bytes);

// Whether `bytes` is well-formed UTF-8 (no overlongs, no surrogates, ≤ U+10FFFF).
bool isValidUtf8(const std::string &bytes);

void appendUtf8(std::string &out, char32_t c);
std::string toUtf8(const Text &text, size_t from = 0, size_t to = SIZE_MAX);
std::string toUtf8(const std::u32string &text);

// Unicode general categories.
bool isLetter(char32_t c); // L*  (regex \p{L})
bool isNumber(char32_t c); // N*  (regex \p{N})
bool isPunctuation(char32_t c); // P*
bool isOther(char32_t c); // C*  (Cc, Cf, Cs, Co, Cn) — Rust unicode-categories is_other
bool isMarkNonspacing(char32_t c); // Mn
bool isMark(char32_t c); // M*  (Mn, Mc, Me) — unicode-normalization's is_combining_mark
// The White_Space property: Rust's char::is_whitespace and Oniguruma's / regex's \s.
bool isWhitespace(char32_t c);
// Rust regex \w: alphabetic, marks, decimal digits, connector punctuation, joiners.
bool isWordChar(char32_t c);
// BERT's "Chinese character": the CJK Unified Ideograph blocks listed in tokenizers'
// normalizers/bert.rs (not Hangul, Hiragana or Katakana).
bool isChineseChar(char32_t c);

// Canonical decomposition (NFD) of one character, before canonical reordering.
std::u32string decompose(char32_t c);
// Canonical combining class (0 for starters).
int combiningClass(char32_t c);
// The Unicode normalization forms, as the `unicode-normalization-alignments` crate applies them
// to a NormalizedString. Every character produced keeps the byte range of the characters it came
// from: one to one where the form keeps the count of a stretch that composes together, else the
// range of the whole stretch.
enum class UnicodeForm { Nfc, Nfd, Nfkc, Nfkd };
Text normalizeForm(const Text &text, UnicodeForm form);

// Decodes bytes as Rust's String::from_utf8_lossy does: each maximal ill-formed subpart becomes
// one U+FFFD (the Unicode "substitution of maximal subparts" practice).
std::string lossyUtf8(const std::string &bytes);

// GPT-2's byte → printable character table (bytes_to_unicode): printable Latin-1 bytes map
// to themselves, the other 68 bytes to U+0100 onwards (space → "Ġ", newline → "Ċ").
const std::array<char32_t, 256> &byteToUnicode();
// The inverse; -1 for a character that is not in the table.
int unicodeToByte(char32_t c);

// Full lower-case mapping, as Rust's char::to_lowercase (U+0130 becomes "i̇", two characters).
std::u32string toLower(char32_t c);

} // namespace attnlab::core::model
