// The models of tokenizers/src/models as tokenizer.json describes them: BPE and WordPiece
// (serde field names and defaults of models/bpe/serialization.rs and models/wordpiece/serialization.rs).

#include "core/tokenize/jsonfields.h"

namespace attnlab::core::model {

namespace {

using namespace json;

std::unique_ptr<ModelPart> readBpe(const Json &model, const std::string &path)
{
    auto bpe = std::make_unique<BpeModel>();
    if (const Json *dropout = find(model, "dropout"); dropout && !dropout->is_null()) {
        if (!dropout->is_number() || !(dropout->get<double>() >= 0.0 && dropout->get<double>() <= 1.0))
            fail(join(path, "dropout"), "must be null or a number from 0 to 1");
    }
    bpe->unkToken = optionalString(model, path, "unk_token", std::nullopt);
    bpe->continuingSubwordPrefix = optionalString(model, path, "continuing_subword_prefix", "").value_or("");
    bpe->endOfWordSuffix = optionalString(model, path, "end_of_word_suffix", "").value_or("");
    bpe->fuseUnk = boolField(model, path, "fuse_unk", false);
    bpe->byteFallback = boolField(model, path, "byte_fallback", false);
    bpe->ignoreMerges = boolField(model, path, "ignore_merges", false);
    readVocabObject(require(model, path, "vocab"), "tokenizer.json", join(path, "vocab"), bpe->vocabulary);
    if (bpe->unkToken && !bpe->vocabulary.contains(*bpe->unkToken))
        fail(join(path, "unk_token"), jsonQuoted(*bpe->unkToken) + " is not in " + join(path, "vocab"));
    const Json &merges = arrayField(model, path, "merges");
    for (size_t i = 0; i < merges.size(); ++i) {
        const Json &m = merges[i];
        std::string problem;
        if (m.is_string()) {
            problem = addMergeLine(*bpe, m.get_ref<const std::string &>(), int(i));
        } else if (m.is_array() && m.size() == 2 && m[0].is_string() && m[1].is_string()) {
            const std::string missing
                = bpe->addMerge(m[0].get_ref<const std::string &>(), m[1].get_ref<const std::string &>(), int(i));
            if (!missing.empty())
                problem = jsonQuoted(missing) + " is not in the vocabulary";
        } else {
            problem = "must be a string \"a b\" or a pair [\"a\", \"b\"]";
        }
        if (!problem.empty())
            fail(indexed(join(path, "merges"), i), problem);
    }
    return bpe;
}

std::unique_ptr<ModelPart> readWordPiece(const Json &model, const std::string &path)
{
    auto wp = std::make_unique<WordPieceModel>();
    wp->unkToken = optionalString(model, path, "unk_token", "[UNK]").value_or("");
    wp->continuingSubwordPrefix = optionalString(model, path, "continuing_subword_prefix", "##").value_or("");
    wp->maxInputCharsPerWord
        = int(std::min<int64_t>(countField(model, path, "max_input_chars_per_word", 100), 1 << 30));
    readVocabObject(require(model, path, "vocab"), "tokenizer.json", join(path, "vocab"), wp->vocabulary);
    if (!wp->vocabulary.contains(wp->unkToken))
        fail(join(path, "unk_token"), jsonQuoted(wp->unkToken) + " is not in " + join(path, "vocab"));
    wp->prepare();
    return wp;
}

const PartRow<ModelPart> kModels[] = {
    {"BPE", readBpe},
    {"WordPiece", readWordPiece},
};

} // namespace

std::unique_ptr<ModelPart> readModel(const Json &model, const std::string &path)
{
    if (!model.is_object())
        fail(path, std::string("must be an object, not ") + model.type_name());
    if (find(model, "type"))
        return readPart(kModels, model, path);
    // Files written before models carried "type" (ModelWrapper's untagged fallback).
    if (find(model, "merges"))
        return readBpe(model, path);
    if (find(model, "max_input_chars_per_word"))
        return readWordPiece(model, path);
    fail(join(path, "type"), "missing");
}

void readVocabObject(const Json &object, const std::string &file, const std::string &path, Vocabulary &vocab)
{
    if (!object.is_object())
        throw TokenizerError(
            file + ": " + path + ": must be an object of \"piece\": id, not " + std::string(object.type_name()));
    vocab.ids.reserve(object.size());
    vocab.texts.reserve(object.size());
    for (const auto &[piece, id] : object.items()) {
        if (id.is_number_unsigned() && id.get<uint64_t>() <= uint64_t(kMaxTokenId)) {
            vocab.set(piece, int(id.get<uint64_t>()));
            continue;
        }
        try {
            idAt(id, path + "[" + jsonQuoted(piece) + "]"); // throws the precise message
        } catch (const TokenizerError &e) {
            // idAt names tokenizer.json; name the file actually read.
            const std::string message = e.what();
            throw TokenizerError(file + message.substr(std::string("tokenizer.json").size()));
        }
    }
}

std::string addMergeLine(BpeModel &bpe, const std::string &line, int rank)
{
    const size_t space = line.find(' ');
    if (space == std::string::npos || line.find(' ', space + 1) != std::string::npos)
        return jsonQuoted(line) + " is not two pieces separated by one space";
    const std::string missing = bpe.addMerge(line.substr(0, space), line.substr(space + 1), rank);
    return missing.empty() ? std::string() : jsonQuoted(missing) + " is not in the vocabulary";
}

} // namespace attnlab::core::model
