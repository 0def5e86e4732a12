#pragma once
// tokenizers' models::WordPiece (models/wordpiece/mod.rs): greedy longest match first; pieces
// after the first carry the continuing-subword prefix ("##"); a word with a part that
// matches nothing, or longer than max_input_chars_per_word characters, becomes [UNK] whole.

#include "core/tokenize/parts.h"

#include <string>
#include <vector>

namespace attnlab::core::model {

class WordPieceModel : public ModelPart {
public:
    Vocabulary vocabulary;
    std::string unkToken = "[UNK]"; // must be in the vocabulary (checked when loading)
    std::string continuingSubwordPrefix = "##";
    int maxInputCharsPerWord = 100;

    // `word` is one pre-tokenized word as code points; pieces index into it.
    std::vector<ModelPiece> tokenize(const std::u32string &word) const;
    std::vector<ModelPiece> tokenize(const Text &word) const override;
    const Vocabulary &vocab() const override { return vocabulary; }
    TokenizerKind kind() const override { return TokenizerKind::WordPiece; }

    // Call after filling the vocabulary: no piece is longer than its longest entry, so the
    // search need not try longer ones (same result; keeps a long word with a huge
    // max_input_chars_per_word from taking quadratic time).
    void prepare();

private:
    int m_longestPiece = 1 << 30; // code points of the longest vocabulary entry
};

} // namespace attnlab::core::model
