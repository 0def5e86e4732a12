#pragma once
// Inside of a Tokenizer, shared by the readers (tokenizerjson.cpp, tokenizerfiles.cpp) and
// encode (tokenizer.cpp). Not part of the public API; it includes nlohmann-json, which the
// core links privately.

#include "core/json/jsonguard.h"
#include "core/model/modelerror.h"
#include "core/tokenize/bpe.h"
#include "core/tokenize/parts.h"
#include "core/tokenize/tokenizer.h"
#include "core/tokenize/wordpiece.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
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

namespace detail {

// The pipeline: every part but the model may be absent (null in tokenizer.json).
struct TokenizerData {
    std::unique_ptr<ModelPart> model;
    std::unique_ptr<NormalizerPart> normalizer;
    std::unique_ptr<PreTokenizerPart> preTokenizer;
    std::unique_ptr<PostProcessorPart> postProcessor;
    std::unique_ptr<DecoderPart> decoder;
    // Special tokens first, then the others, each in file order (the library's matching order).
    std::vector<AddedToken> addedTokens;
    std::unordered_map<std::string, size_t> addedByContent;
    std::unordered_map<int, size_t> addedById;

    const Vocabulary &vocab() const { return model->vocab(); }
    // Whether the model's pieces are written in GPT-2's byte characters ("Ġcat").
    bool byteLevel() const { return (preTokenizer && preTokenizer->byteLevel()) || (decoder && decoder->byteLevel()); }
    Text normalized(Text text) const
    {
        if (normalizer)
            normalizer->normalize(text);
        return text;
    }

    // Registers the added tokens (after the model, normalizer and pre-tokenizer are set):
    // orders them, fills the maps and the normalized patterns.
    void finishAddedTokens(std::vector<AddedToken> tokens);
};

} // namespace detail

// Every problem found while reading: the file, the field's JSON path and the message as data
// (what() is the same in English); caught at the API boundary and turned into the result.
struct TokenizerError : ModelError {
    using ModelError::ModelError;
};

// The one place tokenizer files are parsed as JSON: through core/jsonguard (parseJson), with its
// limits on size, depth and value count, refusing duplicate keys and whole numbers past 64 bits.
// Throws TokenizerError with the guard's Problem, e.g. "tokenizer.json:1:11: invalid JSON: …".
// `limits` defaults to the guard's (tokenizer_config.json passes wideIntegersAsFloat).
nlohmann::json parseJsonFile(const std::string &text, const std::string &fileName,
    const std::vector<JsonStream> &streams = {}, const JsonLimits &limits = {});

// Reads the file at `path` (refusing files over kMaxTokenizerFileBytes). Throws TokenizerError.
std::string readTokenizerFile(const std::string &path, const std::string &fileName);

struct TokenizerFactory {
    static Tokenizer make(std::shared_ptr<const detail::TokenizerData> data) { return Tokenizer(std::move(data)); }
};

// Reads a JSON object of "piece": id into `vocab` (tokenizer.json's model.vocab, GPT-2's
// vocab.json). Ids must be integers in [0, kMaxTokenId]. Throws TokenizerError naming
// "FILE: PATH[\"piece\"]"; an empty `path` is the file's top level, "(top level)" in the message.
void readVocabObject(const nlohmann::json &object, const std::string &file, const std::string &path, Vocabulary &vocab);

// Adds one merge line "a b" of merges.txt or of tokenizer.json's legacy merges. Returns what
// is wrong (not two pieces separated by one space, a piece not in the vocabulary), if anything.
std::optional<Message> addMergeLine(BpeModel &bpe, const std::string &line, int rank);

} // namespace attnlab::core::model
