#pragma once
// Normalizers and pre-tokenizers of the `tokenizers` library that BERT and GPT-2 use. Each
// works on a Text (code points that remember their byte range in the input), so every
// token can point back at what the user typed.

#include "core/tokenize/unicodetext.h"

#include <array>
#include <utility>
#include <vector>

namespace attnlab::core::model {

// tokenizers' normalizers::BertNormalizer (normalizers/bert.rs), applied in its order:
// clean_text, handle_chinese_chars, strip_accents, lowercase.
struct BertNormalizer {
    bool cleanText = true;
    bool handleChineseChars = true;
    int stripAccents = -1; // -1: null in tokenizer.json, which follows `lowercase`
    bool lowercase = true;

    Text apply(Text text) const;
};

struct Normalizer {
    bool bert = false; // false: no normalizer (GPT-2)
    BertNormalizer options;

    Text apply(Text text) const { return bert ? options.apply(std::move(text)) : text; }
};

enum class PreTokenizerKind { None, ByteLevel, Bert };

// The pre-tokenizer: splits one normalized piece of text into words.
struct PreTokenizer {
    PreTokenizerKind kind = PreTokenizerKind::None;
    bool addPrefixSpace = true; // ByteLevel: prepend " " when the piece does not start with one
    bool useRegex = true; // ByteLevel: split with GPT-2's pattern

    std::vector<Text> split(const Text &text) const;
};

// GPT-2's pattern 's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
// as Oniguruma runs it (leftmost match, alternatives in order, greedy with backtracking),
// written out by hand. Returns [begin, end) index ranges into `text`, covering all of it.
std::vector<std::pair<size_t, size_t>> splitGpt2(const std::u32string &text);

// BertPreTokenizer: split on White_Space (removed), then on punctuation (each kept alone),
// where punctuation is ASCII 33–47, 58–64, 91–96, 123–126 or Unicode P*.
std::vector<std::pair<size_t, size_t>> splitBert(const std::u32string &text);
bool isBertPunctuation(char32_t c);

// GPT-2's byte → printable character table (bytes_to_unicode): printable Latin-1 bytes map
// to themselves, the other 68 bytes to U+0100 onwards (space → "Ġ", newline → "Ċ").
const std::array<char32_t, 256> &byteToUnicode();
// The inverse; -1 for a character that is not in the table.
int unicodeToByte(char32_t c);

} // namespace attnlab::core::model
