#pragma once
// The parts a tokenizer is built from, as tokenizer.json describes it and the `tokenizers`
// library runs it (tokenizers/src/normalizers, pre_tokenizers, models, processors, decoders):
//
//   added-token splitting → normalizer → pre-tokenizer → model → post-processor;  decoder
//
// Each kind of part is an interface here; its classes live in one file per kind
// (normalizers.cpp, pretokenizers.cpp, models.cpp, processors.cpp, decoders.cpp), each with a
// table of the "type" names it knows. A reader looks the type up in that table and refuses a
// type the table does not have, naming it. Sequence is a row of every table and composes parts.

#include "core/tokenize/tokenizer.h"
#include "core/tokenize/unicodetext.h"
#include "core/tokenize/vocabulary.h"

#include <nlohmann/json_fwd.hpp>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace attnlab::core::model {

// Changes one piece of text in place (NormalizedString's transformations).
class NormalizerPart {
public:
    virtual ~NormalizerPart() = default;
    virtual void normalize(Text &text) const = 0;
};

// Splits words into smaller words (PreTokenizer on a PreTokenizedString). Every word of
// `words` is split in turn; empty words are dropped, as PreTokenizedString::split drops them.
class PreTokenizerPart {
public:
    virtual ~PreTokenizerPart() = default;
    virtual void preTokenize(std::vector<Text> &words) const = 0;
    // Whether the words come out as GPT-2's byte characters (a ByteLevel pre-tokenizer).
    virtual bool byteLevel() const { return false; }
};

// Turns one word into vocabulary pieces. A piece's [begin, end) indexes the word's characters.
class ModelPart {
public:
    virtual ~ModelPart() = default;
    virtual std::vector<ModelPiece> tokenize(const Text &word) const = 0;
    virtual const Vocabulary &vocab() const = 0;
    virtual TokenizerKind kind() const = 0;
    virtual size_t mergeCount() const { return 0; }
};

// Adds what the post-processor adds around one sequence (add_special_tokens = true).
class PostProcessorPart {
public:
    virtual ~PostProcessorPart() = default;
    virtual void process(std::vector<Token> &tokens) const = 0;
};

// One step of decoding (Decoder::decode_chain): token strings in, token strings out.
class DecoderPart {
public:
    virtual ~DecoderPart() = default;
    // `lossless`: where bytes that are not valid UTF-8 would become U+FFFD, they are written as
    // hex instead ("‹e6 b2›"), so a single piece still shows what it holds.
    virtual void decodeChain(std::vector<std::string> &tokens, bool lossless) const = 0;
    virtual bool byteLevel() const { return false; }
};

// Readers of one JSON value each (a part object with its "type"). `path` names it in errors
// ("normalizer.normalizers[1]"). They throw TokenizerError; an unknown type is refused by name.
std::unique_ptr<NormalizerPart> readNormalizer(const nlohmann::json &value, const std::string &path);
std::unique_ptr<PreTokenizerPart> readPreTokenizer(const nlohmann::json &value, const std::string &path);
// model.vocab and model.merges of a tokenizer.json as parseTokenizerJson takes them while the file
// is parsed (core/json/jsonguard.h's JsonStream), past the JSON tree: 151,643 pieces and as many
// merges of Qwen2.5 cost about half the read when built into nodes and freed again.
struct StreamedModel {
    bool hasVocab = false; // model.vocab came as an object of at least one piece
    Vocabulary vocab;
    bool hasMerges = false; // model.merges came as an array of at least one merge
    // Each merge's two pieces in the file's order ("a b" split at its space, or ["a", "b"]).
    std::vector<std::pair<std::string, std::string>> merges;
};
// Reads the model part; what `streamed` holds stands for the tree's (then empty) vocab and merges.
std::unique_ptr<ModelPart> readModel(const nlohmann::json &value, const std::string &path, StreamedModel &streamed);
std::unique_ptr<PostProcessorPart> readPostProcessor(const nlohmann::json &value, const std::string &path);
std::unique_ptr<DecoderPart> readDecoder(const nlohmann::json &value, const std::string &path);

// "‹e6 b2›": bytes shown in hex, for pieces that are not valid UTF-8 on their own.
std::string hexBytes(const std::string &bytes);

} // namespace attnlab::core::model
