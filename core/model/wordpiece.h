#pragma once
// tokenizers' models::WordPiece (models/wordpiece/mod.rs): greedy longest match first; pieces
// after the first carry the continuing-subword prefix ("##"); a word with a part that
// matches nothing, or longer than max_input_chars_per_word characters, becomes [UNK] whole.

#include "core/model/vocabulary.h"

#include <string>
#include <vector>

namespace attnlab::core::model {

class WordPieceModel {
public:
    Vocabulary vocab;
    std::string unkToken = "[UNK]"; // must be in the vocabulary (checked when loading)
    std::string continuingSubwordPrefix = "##";
    int maxInputCharsPerWord = 100;

    // `word` is one pre-tokenized word as code points; pieces index into it.
    std::vector<ModelPiece> tokenize(const std::u32string &word) const;
};

} // namespace attnlab::core::model
