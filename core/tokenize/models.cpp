// The models of tokenizers/src/models as tokenizer.json describes them: BPE and WordPiece
// (serde field names and defaults of models/bpe/serialization.rs and models/wordpiece/serialization.rs),
// and llama.cpp's SentencePiece model (spm.h), which the GGUF reader describes in the same form.

#include "core/text/messageid.h"
#include "core/tokenize/jsonfields.h"
#include "core/tokenize/spm.h"

namespace attnlab::core::model {

namespace {

using namespace json;

// model.vocab: the pieces streamed past the tree, else the tree's object.
void readVocabulary(const Json &model, const std::string &path, StreamedModel &streamed, Vocabulary &vocab)
{
    const Json &object = require(model, path, "vocab");
    if (streamed.hasVocab)
        vocab = std::move(streamed.vocab);
    else
        readVocabObject(object, "tokenizer.json", join(path, "vocab"), vocab);
}

std::unique_ptr<ModelPart> readBpe(const Json &model, const std::string &path, StreamedModel &streamed)
{
    auto bpe = std::make_unique<BpeModel>();
    if (const Json *dropout = find(model, "dropout"); dropout && !dropout->is_null()) {
        if (!dropout->is_number() || !(dropout->get<double>() >= 0.0 && dropout->get<double>() <= 1.0))
            fail(join(path, "dropout"), Message(MessageId::TokenizerDropout));
    }
    bpe->unkToken = optionalString(model, path, "unk_token", std::nullopt);
    bpe->continuingSubwordPrefix = optionalString(model, path, "continuing_subword_prefix", "").value_or("");
    bpe->endOfWordSuffix = optionalString(model, path, "end_of_word_suffix", "").value_or("");
    bpe->fuseUnk = boolField(model, path, "fuse_unk", false);
    bpe->byteFallback = boolField(model, path, "byte_fallback", false);
    bpe->ignoreMerges = boolField(model, path, "ignore_merges", false);
    readVocabulary(model, path, streamed, bpe->vocabulary);
    if (bpe->unkToken && !bpe->vocabulary.contains(*bpe->unkToken))
        fail(join(path, "unk_token"),
            Message(MessageId::TokenizerNotIn, jsonQuoted(*bpe->unkToken), join(path, "vocab")));
    const Json &merges = arrayField(model, path, "merges");
    if (streamed.hasMerges) {
        const auto [at, missing] = bpe->addMerges(streamed.merges);
        if (at >= 0)
            fail(indexed(join(path, "merges"), size_t(at)),
                Message(MessageId::TokenizerNotInVocabulary, jsonQuoted(missing)));
        return bpe;
    }
    bpe->reserveMerges(merges.size());
    for (size_t i = 0; i < merges.size(); ++i) {
        const Json &m = merges[i];
        std::optional<Message> problem;
        if (m.is_string()) {
            problem = addMergeLine(*bpe, m.get_ref<const std::string &>(), int(i));
        } else if (m.is_array() && m.size() == 2 && m[0].is_string() && m[1].is_string()) {
            const std::string missing
                = bpe->addMerge(m[0].get_ref<const std::string &>(), m[1].get_ref<const std::string &>(), int(i));
            if (!missing.empty())
                problem = Message(MessageId::TokenizerNotInVocabulary, jsonQuoted(missing));
        } else {
            problem = Message(MessageId::TokenizerMergeNotStringOrPair);
        }
        if (problem)
            fail(indexed(join(path, "merges"), i), std::move(*problem));
    }
    return bpe;
}

std::unique_ptr<ModelPart> readWordPiece(const Json &model, const std::string &path, StreamedModel &streamed)
{
    auto wp = std::make_unique<WordPieceModel>();
    wp->unkToken = optionalString(model, path, "unk_token", "[UNK]").value_or("");
    wp->continuingSubwordPrefix = optionalString(model, path, "continuing_subword_prefix", "##").value_or("");
    wp->maxInputCharsPerWord
        = int(std::min<int64_t>(countField(model, path, "max_input_chars_per_word", 100), 1 << 30));
    readVocabulary(model, path, streamed, wp->vocabulary);
    if (!wp->vocabulary.contains(wp->unkToken))
        fail(
            join(path, "unk_token"), Message(MessageId::TokenizerNotIn, jsonQuoted(wp->unkToken), join(path, "vocab")));
    wp->prepare();
    return wp;
}

// Not a type of the tokenizers library: what core/gguf/gguftokenizer writes for a vocabulary of
// tokenizer.ggml.model "llama". "vocab" as BPE's, "scores" the pieces' scores by id, "unk_id" an
// id of the vocabulary or null.
std::unique_ptr<ModelPart> readSpm(const Json &model, const std::string &path, StreamedModel &streamed)
{
    auto spm = std::make_unique<SpmModel>();
    readVocabulary(model, path, streamed, spm->vocabulary);
    const Json &scores = arrayField(model, path, "scores");
    spm->scores.reserve(scores.size());
    for (size_t i = 0; i < scores.size(); ++i) {
        if (!scores[i].is_number())
            fail(indexed(join(path, "scores"), i), Message(MessageId::ExpectedNumber, typeName(scores[i])));
        spm->scores.push_back(scores[i].get<float>());
    }
    if (const Json *unk = find(model, "unk_id"); unk && !unk->is_null()) {
        spm->unkId = idAt(*unk, join(path, "unk_id"));
        if (!spm->vocabulary.textOf(spm->unkId))
            fail(join(path, "unk_id"),
                Message(MessageId::TokenizerNotIn, std::to_string(spm->unkId), join(path, "vocab")));
    }
    return spm;
}

// A row of the model table: its "type" and its reader, which also takes what was streamed.
struct ModelRow {
    const char *type;
    std::unique_ptr<ModelPart> (*read)(const Json &model, const std::string &path, StreamedModel &streamed);
};

const ModelRow kModels[] = {
    {"BPE", readBpe},
    {"WordPiece", readWordPiece},
    {"SentencePieceBpe", readSpm},
};

} // namespace

std::unique_ptr<ModelPart> readModel(const Json &model, const std::string &path, StreamedModel &streamed)
{
    if (!model.is_object())
        fail(path, Message(MessageId::TokenizerMustBeObjectNot, typeName(model)));
    if (find(model, "type")) {
        const std::string type = typeOf(model, path);
        std::string known;
        for (const ModelRow &row : kModels) {
            if (type == row.type)
                return row.read(model, path, streamed);
            known += known.empty() ? row.type : std::string(", ") + row.type;
        }
        failUnknownType(path, type, known);
    }
    // Files written before models carried "type" (ModelWrapper's untagged fallback).
    if (find(model, "merges"))
        return readBpe(model, path, streamed);
    if (find(model, "max_input_chars_per_word"))
        return readWordPiece(model, path, streamed);
    fail(join(path, "type"), Message(MessageId::TokenizerMissing));
}

void readVocabObject(const Json &object, const std::string &file, const std::string &path, Vocabulary &vocab)
{
    // The problem in `file`, at `where` below `path`; the top level of a file has no path, so it
    // is named in words.
    const auto problemAt = [&file, &path](const std::string &where, Message message) {
        if (path.empty())
            return Problem {"", Message(MessageId::TokenizerAtTopLevel, where, std::move(message)), 0, 0, file};
        return Problem {path + where, std::move(message), 0, 0, file};
    };
    if (!object.is_object())
        throw TokenizerError(problemAt("", Message(MessageId::TokenizerVocabNotObject, typeName(object))));
    vocab.reserve(object.size(), 8 * object.size());
    for (const auto &[piece, id] : object.items()) {
        if (id.is_number_unsigned() && id.get<uint64_t>() <= uint64_t(kMaxTokenId)) {
            vocab.set(piece, int(id.get<uint64_t>()));
            continue;
        }
        const std::string where = "[" + jsonQuoted(piece) + "]";
        try {
            idAt(id, where); // throws the precise message
        } catch (const TokenizerError &e) {
            // idAt names tokenizer.json and no path; name the file actually read.
            throw TokenizerError(problemAt(where, e.problem().message));
        }
    }
}

std::optional<Message> addMergeLine(BpeModel &bpe, const std::string &line, int rank)
{
    const size_t space = line.find(' ');
    if (space == std::string::npos || line.find(' ', space + 1) != std::string::npos)
        return Message(MessageId::TokenizerMergeNotTwoPieces, jsonQuoted(line));
    const std::string_view whole(line);
    const std::string missing = bpe.addMerge(whole.substr(0, space), whole.substr(space + 1), rank);
    if (missing.empty())
        return std::nullopt;
    return Message(MessageId::TokenizerNotInVocabulary, jsonQuoted(missing));
}

} // namespace attnlab::core::model
