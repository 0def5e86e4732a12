#pragma once
// Small but realistic tokenizer files for tests: a GPT-2-style byte-level BPE and a
// BERT-style WordPiece, written as the Hugging Face `tokenizers` library writes them. No
// GoogleTest here, so end-to-end tests that pair them with tiny checkpoints can use them.
//
// GPT-2 fixture (ids as in real GPT-2 where they overlap):
//   0…255    the 256 byte characters in GPT-2's bytes_to_unicode order ("!" = 0, "Ġ" = 220)
//   256…280  the results of the 25 merges, in merge order (kGpt2Merges)
//   …        "<gpt2-filler-N>" entries up to vocabSize − 2
//   vocabSize − 1  "<|endoftext|>" (an added special token, as id 50256 in GPT-2)
// BERT fixture:
//   0 [PAD]  1 [UNK]  2 [CLS]  3 [SEP]  4 [MASK]  5 猫  6 吃  7 鱼  8 the  9 cat  10 sat
//   11 on  12 mat  13 play  14 ##ing  15 ##ed  16 un  17 ##aff  18 ##able  19 .  20 ,  21 !
//   22 '  23 t  24 don  25 cafe  26 it  27 was  28 tired  29 12  30 ##3
//   then "[unusedN]" up to vocabSize − 1.
// A checkpoint paired with a fixture needs config.json's vocab_size equal to its vocabSize.

#include <string>
#include <utility>
#include <vector>

namespace attnlab::test {

inline constexpr int kGpt2FixtureVocabSize = 300; // default; at least 282
inline constexpr int kBertFixtureVocabSize = 40; // default; at least 31
inline constexpr int kBertMaskId = 4;
inline constexpr int kBertClsId = 2;
inline constexpr int kBertSepId = 3;

// The GPT-2 fixture's merges, in rank order (written with byte-level characters).
extern const std::vector<std::pair<std::string, std::string>> kGpt2Merges;

struct Gpt2FixtureOptions {
    int vocabSize = kGpt2FixtureVocabSize;
    bool mergesAsPairs = false; // [["Ġ", "t"], …] instead of ["Ġ t", …]
    bool addPrefixSpace = false; // the ByteLevel pre-tokenizer's add_prefix_space
};

// The text of tokenizer.json.
std::string gpt2TokenizerJson(const Gpt2FixtureOptions &options = {});
std::string bertTokenizerJson(int vocabSize = kBertFixtureVocabSize);

// Write DIR/tokenizer.json (creating DIR); return the vocabulary size.
int writeGpt2Tokenizer(const std::string &dir, const Gpt2FixtureOptions &options = {});
int writeBertTokenizer(const std::string &dir, int vocabSize = kBertFixtureVocabSize);

// The files of transformers' slow tokenizers instead: DIR/vocab.json + DIR/merges.txt, or
// DIR/vocab.txt; plus DIR/tokenizer_config.json when `config` is not empty.
int writeGpt2VocabFiles(const std::string &dir, int vocabSize = kGpt2FixtureVocabSize, const std::string &config = "");
int writeBertVocabTxt(const std::string &dir, int vocabSize = kBertFixtureVocabSize, const std::string &config = "");

// The GPT-2 fixture's vocabulary in id order (vocabSize entries), and BERT's.
std::vector<std::string> gpt2FixtureVocab(int vocabSize = kGpt2FixtureVocabSize);
std::vector<std::string> bertFixtureVocab(int vocabSize = kBertFixtureVocabSize);

// Helpers for tests: a JSON string literal, and writing a file (creating its folder).
std::string jsonString(const std::string &s);
void writeTextFile(const std::string &path, const std::string &text);

} // namespace attnlab::test
