#pragma once
// The tokenizer of a Marian (opus-mt) translation model, as transformers' tokenization_marian.py
// runs it: source.spm segments the source text and target.spm the target text, each with the
// normaliser stored in its .spm (opus-mt's nmt_nfkc: full-width letters and punctuation become
// ASCII, runs of spaces one); the pieces are then mapped through vocab.json, shared by both sides,
// where a piece the vocabulary lacks becomes <unk>'s id (not the .spm's own id: the two numberings
// are unrelated); </s> is appended. A leading language code ">>fr<<" is kept whole, as
// MarianTokenizer's remove_language_code keeps it. SentencePiece itself is Debian's
// libsentencepiece (README: dependencies), never a reader of our own.
//
// Not done: the Moses punctuation normaliser (transformers applies it only where sacremoses is
// installed, and never inside tokenize()), and special tokens typed inside the text ("</s>" is
// segmented as text).

#include "core/tokenize/tokenizer.h"

#include <memory>
#include <string>
#include <vector>

namespace attnlab::core::translate {

using model::Token;

class MarianTokenizer {
public:
    // Reads source.spm, target.spm and vocab.json of folder `dir`. Throws model::ModelError naming
    // the file: a missing file, an .spm SentencePiece cannot read, a vocab.json that is not an
    // object of "piece": id or lacks <unk> or </s>.
    static MarianTokenizer load(const std::string &dir);

    // The source text's tokens, </s> last (its begin == end == 0, special). Each token's begin and
    // end are the bytes of `text` it came from. Thread-safe.
    std::vector<Token> encodeSource(const std::string &text) const;
    // The same for a target text through target.spm (what transformers' text_target= gives).
    std::vector<Token> encodeTarget(const std::string &text) const;

    // The vocabulary string of an id ("▁cat", "</s>"), or "" for an id vocab.json does not have.
    std::string tokenText(int id) const;
    // The id of a vocabulary string, or −1.
    int idOf(const std::string &piece) const;
    int eosId() const;
    int unkId() const;
    // <pad>'s id (opus-mt's decoder start and the token generation never picks), −1 without one.
    int padId() const;
    // One more than the largest id in vocab.json.
    int vocabSize() const;

    // The text of target ids as transformers' decode(ids, skip_special_tokens=True) gives it: the
    // special tokens (</s>, <unk>, <pad>) left out, the pieces joined by target.spm, "▁" read as a
    // space, the ends stripped.
    std::string decode(const std::vector<int> &ids) const;

private:
    struct Data;
    explicit MarianTokenizer(std::shared_ptr<const Data> data);
    std::shared_ptr<const Data> m_data;
};

} // namespace attnlab::core::translate
