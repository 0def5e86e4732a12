#pragma once
// Inside of a Tokenizer, shared by the readers (tokenizerjson.cpp, tokenizerfiles.cpp) and
// encode (tokenizer.cpp). Not part of the public API; it includes nlohmann-json, which the
// core links privately.

#include "core/tokenize/bpe.h"
#include "core/tokenize/normalizer.h"
#include "core/tokenize/tokenizer.h"
#include "core/tokenize/wordpiece.h"

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace attnlab::core::model {

// tokenizers' AddedToken (tokenizer/added_vocabulary.rs).
struct AddedToken {
    int id = -1;
    std::string content;
    std::u32string chars; // content as code points
    std::u32string pattern; // what is matched: chars, or for normalized tokens chars normalized
    bool singleWord = false;
    bool lstrip = false;
    bool rstrip = false;
    bool normalized = true;
    bool special = false;
};

// One element of a post-processor template: the sequence ($A) or special tokens.
struct TemplatePiece {
    bool sequence = false;
    std::vector<int> ids;
    std::vector<std::string> tokens;
};
using Template = std::vector<TemplatePiece>;

namespace detail {

struct TokenizerData {
    TokenizerKind kind = TokenizerKind::Bpe;
    BpeModel bpe;
    WordPieceModel wordPiece;
    Normalizer normalizer;
    PreTokenizer preTokenizer;
    // Special tokens first, then the others, each in file order (the library's matching order).
    std::vector<AddedToken> addedTokens;
    std::unordered_map<std::string, size_t> addedByContent;
    std::unordered_map<int, size_t> addedById;
    // Applied one after the other (a Sequence post-processor); empty for none.
    std::vector<Template> postProcessors;

    const Vocabulary &vocab() const { return kind == TokenizerKind::Bpe ? bpe.vocab : wordPiece.vocab; }
    bool byteLevel() const { return preTokenizer.kind == PreTokenizerKind::ByteLevel; }

    // Registers the added tokens (after the model, normalizer and pre-tokenizer are set):
    // orders them, fills the maps and the normalized patterns.
    void finishAddedTokens(std::vector<AddedToken> tokens);
};

} // namespace detail

// Every problem found while reading; caught at the API boundary and turned into the error.
struct TokenizerError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The one place tokenizer files are parsed as JSON: through core/jsonguard (parseJson), with its
// limits on size, depth and value count, refusing duplicate keys and whole numbers past 64 bits.
// Throws TokenizerError with JsonResult::describe(), e.g. "tokenizer.json:1:11: invalid JSON: …".
nlohmann::json parseJsonFile(const std::string &text, const std::string &fileName);

// Reads the file at `path` (refusing files over kMaxTokenizerFileBytes). Throws TokenizerError.
std::string readTokenizerFile(const std::string &path, const std::string &fileName);

struct TokenizerFactory {
    static Tokenizer make(std::shared_ptr<const detail::TokenizerData> data) { return Tokenizer(std::move(data)); }
};

// Reads a JSON object of "piece": id into `vocab` (tokenizer.json's model.vocab, GPT-2's
// vocab.json). Ids must be integers in [0, kMaxTokenId]. Throws TokenizerError naming
// "FILE: PATH[\"piece\"]".
void readVocabObject(const nlohmann::json &object, const std::string &file, const std::string &path, Vocabulary &vocab);

// Adds one merge line "a b" of merges.txt or of tokenizer.json's legacy merges. Returns what
// is wrong (not two pieces separated by one space, a piece not in the vocabulary) or "".
std::string addMergeLine(BpeModel &bpe, const std::string &line, int rank);

} // namespace attnlab::core::model
