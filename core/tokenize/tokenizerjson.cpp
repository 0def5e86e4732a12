// Reading tokenizer.json as the `tokenizers` library writes it (serde field names and
// defaults of its Rust structs). Every malformed field is an error naming the field.

#include "core/tokenize/tokenizerdata.h"

#include "core/jsonguard.h"

#include <unordered_set>

namespace attnlab::core::model {

namespace {

using Json = nlohmann::json;

const std::string kFile = "tokenizer.json";

[[noreturn]] void fail(const std::string &path, const std::string &message)
{
    throw TokenizerError(kFile + ": " + path + ": " + message);
}

std::string jsonQuoted(const std::string &s)
{
    return Json(s).dump(-1, ' ', false, Json::error_handler_t::replace);
}

const char *typeName(const Json &v)
{
    return v.type_name();
}

const Json *find(const Json &object, const char *key)
{
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

const Json &require(const Json &object, const std::string &path, const char *key)
{
    const Json *v = find(object, key);
    if (!v)
        fail(path.empty() ? key : path, path.empty() ? "missing" : std::string("missing \"") + key + "\"");
    return *v;
}

std::string join(const std::string &path, const std::string &key)
{
    return path.empty() ? key : path + "." + key;
}

std::string stringAt(const Json &v, const std::string &path)
{
    if (!v.is_string())
        fail(path, std::string("must be a string, not ") + typeName(v));
    return v.get<std::string>();
}

bool boolField(const Json &object, const std::string &path, const char *key, bool fallback)
{
    const Json *v = find(object, key);
    if (!v)
        return fallback;
    if (!v->is_boolean())
        fail(join(path, key), std::string("must be true or false, not ") + typeName(*v));
    return v->get<bool>();
}

// A string, or null (→ nullopt) when `nullable`; absent → fallback.
std::optional<std::string> optionalString(
    const Json &object, const std::string &path, const char *key, std::optional<std::string> fallback)
{
    const Json *v = find(object, key);
    if (!v)
        return fallback;
    if (v->is_null())
        return std::nullopt;
    return stringAt(*v, join(path, key));
}

int idAt(const Json &v, const std::string &path)
{
    if (!v.is_number_integer() || (v.is_number_integer() && !v.is_number_unsigned() && v.get<int64_t>() < 0))
        fail(path, "must be a token id (a non-negative integer), not " + (v.is_number() ? v.dump() : typeName(v)));
    const uint64_t id = v.get<uint64_t>();
    if (id > uint64_t(kMaxTokenId))
        fail(path, "token id " + std::to_string(id) + " is larger than " + std::to_string(kMaxTokenId));
    return int(id);
}

int64_t countField(const Json &object, const std::string &path, const char *key, int64_t fallback)
{
    const Json *v = find(object, key);
    if (!v)
        return fallback;
    if (!v->is_number_unsigned())
        fail(join(path, key), std::string("must be a non-negative integer, not ") + typeName(*v));
    return int64_t(std::min<uint64_t>(v->get<uint64_t>(), uint64_t(1) << 40));
}

std::string typeOf(const Json &object, const std::string &path)
{
    if (!object.is_object())
        fail(path, std::string("must be an object or null, not ") + typeName(object));
    return stringAt(require(object, path, "type"), join(path, "type"));
}

void readBpe(const Json &model, detail::TokenizerData &data)
{
    BpeModel &bpe = data.bpe;
    if (const Json *dropout = find(model, "dropout"); dropout && !dropout->is_null()) {
        if (!dropout->is_number() || !(dropout->get<double>() >= 0.0 && dropout->get<double>() <= 1.0))
            fail("model.dropout", "must be null or a number from 0 to 1");
    }
    bpe.unkToken = optionalString(model, "model", "unk_token", std::nullopt);
    bpe.continuingSubwordPrefix = optionalString(model, "model", "continuing_subword_prefix", "").value_or("");
    bpe.endOfWordSuffix = optionalString(model, "model", "end_of_word_suffix", "").value_or("");
    bpe.fuseUnk = boolField(model, "model", "fuse_unk", false);
    bpe.byteFallback = boolField(model, "model", "byte_fallback", false);
    bpe.ignoreMerges = boolField(model, "model", "ignore_merges", false);
    readVocabObject(require(model, "model", "vocab"), kFile, "model.vocab", bpe.vocab);
    if (bpe.unkToken && !bpe.vocab.contains(*bpe.unkToken))
        fail("model.unk_token", jsonQuoted(*bpe.unkToken) + " is not in model.vocab");
    const Json &merges = require(model, "model", "merges");
    if (!merges.is_array())
        fail("model.merges", std::string("must be an array, not ") + typeName(merges));
    for (size_t i = 0; i < merges.size(); ++i) {
        const Json &m = merges[i];
        std::string problem;
        if (m.is_string()) {
            problem = addMergeLine(bpe, m.get_ref<const std::string &>(), int(i));
        } else if (m.is_array() && m.size() == 2 && m[0].is_string() && m[1].is_string()) {
            const std::string missing
                = bpe.addMerge(m[0].get_ref<const std::string &>(), m[1].get_ref<const std::string &>(), int(i));
            if (!missing.empty())
                problem = jsonQuoted(missing) + " is not in the vocabulary";
        } else {
            problem = "must be a string \"a b\" or a pair [\"a\", \"b\"]";
        }
        if (!problem.empty())
            fail("model.merges[" + std::to_string(i) + "]", problem);
    }
}

void readWordPiece(const Json &model, detail::TokenizerData &data)
{
    WordPieceModel &wp = data.wordPiece;
    wp.unkToken = optionalString(model, "model", "unk_token", "[UNK]").value_or("");
    wp.continuingSubwordPrefix = optionalString(model, "model", "continuing_subword_prefix", "##").value_or("");
    wp.maxInputCharsPerWord
        = int(std::min<int64_t>(countField(model, "model", "max_input_chars_per_word", 100), 1 << 30));
    readVocabObject(require(model, "model", "vocab"), kFile, "model.vocab", wp.vocab);
    if (!wp.vocab.contains(wp.unkToken))
        fail("model.unk_token", jsonQuoted(wp.unkToken) + " is not in model.vocab");
    wp.prepare();
}

void readModel(const Json &root, detail::TokenizerData &data)
{
    const Json &model = require(root, "", "model");
    if (!model.is_object())
        fail("model", std::string("must be an object, not ") + typeName(model));
    std::string type;
    if (const Json *t = find(model, "type"))
        type = stringAt(*t, "model.type");
    else if (find(model, "merges")) // files written before models carried "type"
        type = "BPE";
    else if (find(model, "max_input_chars_per_word"))
        type = "WordPiece";
    else
        fail("model.type", "missing");
    if (type == "BPE") {
        data.kind = TokenizerKind::Bpe;
        readBpe(model, data);
    } else if (type == "WordPiece") {
        data.kind = TokenizerKind::WordPiece;
        readWordPiece(model, data);
    } else {
        fail("model.type",
            jsonQuoted(type) + " is not supported (supported: BPE as GPT-2 uses it, WordPiece as BERT does)");
    }
}

void readNormalizer(const Json &root, detail::TokenizerData &data)
{
    const Json *n = find(root, "normalizer");
    if (!n || n->is_null())
        return;
    const std::string type = typeOf(*n, "normalizer");
    if (type != "BertNormalizer")
        fail("normalizer.type", jsonQuoted(type) + " is not supported (supported: BertNormalizer or null)");
    BertNormalizer &b = data.normalizer.options;
    data.normalizer.bert = true;
    b.cleanText = boolField(*n, "normalizer", "clean_text", true);
    b.handleChineseChars = boolField(*n, "normalizer", "handle_chinese_chars", true);
    b.lowercase = boolField(*n, "normalizer", "lowercase", true);
    const Json *strip = find(*n, "strip_accents");
    b.stripAccents = (!strip || strip->is_null()) ? -1 : int(boolField(*n, "normalizer", "strip_accents", false));
}

void readPreTokenizer(const Json &root, detail::TokenizerData &data)
{
    const Json *p = find(root, "pre_tokenizer");
    if (!p || p->is_null())
        return;
    std::string path = "pre_tokenizer";
    std::string type = typeOf(*p, path);
    // A Sequence of one pre-tokenizer is that pre-tokenizer.
    if (type == "Sequence") {
        const Json &list = require(*p, path, "pretokenizers");
        if (!list.is_array() || list.size() != 1)
            fail(path + ".pretokenizers", "only a Sequence of exactly one pre-tokenizer is supported");
        p = &list[0];
        path += ".pretokenizers[0]";
        type = typeOf(*p, path);
    }
    if (type == "ByteLevel") {
        data.preTokenizer.kind = PreTokenizerKind::ByteLevel;
        data.preTokenizer.addPrefixSpace = boolField(*p, path, "add_prefix_space", true);
        data.preTokenizer.useRegex = boolField(*p, path, "use_regex", true);
    } else if (type == "BertPreTokenizer") {
        data.preTokenizer.kind = PreTokenizerKind::Bert;
    } else {
        fail(path + ".type", jsonQuoted(type) + " is not supported (supported: ByteLevel, BertPreTokenizer or null)");
    }
}

// A [token, id] pair of BertProcessing / RobertaProcessing.
TemplatePiece specialPair(const Json &object, const std::string &path, const char *key)
{
    const Json &v = require(object, path, key);
    const std::string at = join(path, key);
    if (!v.is_array() || v.size() != 2)
        fail(at, "must be a pair [token, id]");
    TemplatePiece piece;
    piece.tokens.push_back(stringAt(v[0], at + "[0]"));
    piece.ids.push_back(idAt(v[1], at + "[1]"));
    return piece;
}

Template readTemplate(const Json &processor, const std::string &path)
{
    const Json &single = require(processor, path, "single");
    const std::string at = join(path, "single");
    if (!single.is_array())
        fail(at, "must be an array");
    const Json *specials = find(processor, "special_tokens");
    if (specials && !specials->is_object())
        fail(join(path, "special_tokens"), "must be an object");
    Template result;
    for (size_t i = 0; i < single.size(); ++i) {
        const std::string itemPath = at + "[" + std::to_string(i) + "]";
        const Json &item = single[i];
        TemplatePiece piece;
        if (item.is_object() && find(item, "Sequence")) {
            piece.sequence = true;
        } else if (item.is_object() && find(item, "SpecialToken")) {
            const Json &special = item["SpecialToken"];
            if (!special.is_object())
                fail(itemPath + ".SpecialToken", "must be an object");
            const std::string name
                = stringAt(require(special, itemPath + ".SpecialToken", "id"), itemPath + ".SpecialToken.id");
            const Json *entry = specials ? find(*specials, name.c_str()) : nullptr;
            if (!entry || !entry->is_object())
                fail(itemPath,
                    "the special token " + jsonQuoted(name) + " is missing from " + join(path, "special_tokens"));
            const std::string entryPath = join(path, "special_tokens") + "[" + jsonQuoted(name) + "]";
            const Json &ids = require(*entry, entryPath, "ids");
            const Json &tokens = require(*entry, entryPath, "tokens");
            if (!ids.is_array() || !tokens.is_array() || ids.size() != tokens.size())
                fail(entryPath, "\"ids\" and \"tokens\" must be arrays of the same length");
            for (size_t k = 0; k < ids.size(); ++k) {
                piece.ids.push_back(idAt(ids[k], entryPath + ".ids[" + std::to_string(k) + "]"));
                piece.tokens.push_back(stringAt(tokens[k], entryPath + ".tokens[" + std::to_string(k) + "]"));
            }
        } else {
            fail(itemPath, "must be {\"Sequence\": …} or {\"SpecialToken\": …}");
        }
        result.push_back(std::move(piece));
    }
    return result;
}

void readPostProcessor(const Json &processor, const std::string &path, detail::TokenizerData &data, int depth)
{
    if (processor.is_null())
        return;
    const std::string type = typeOf(processor, path);
    if (type == "ByteLevel") {
        return; // only trims offsets
    } else if (type == "TemplateProcessing") {
        data.postProcessors.push_back(readTemplate(processor, path));
    } else if (type == "BertProcessing" || type == "RobertaProcessing") {
        TemplatePiece sequence;
        sequence.sequence = true;
        data.postProcessors.push_back(
            {specialPair(processor, path, "cls"), sequence, specialPair(processor, path, "sep")});
    } else if (type == "Sequence" && depth == 0) {
        const Json &list = require(processor, path, "processors");
        if (!list.is_array())
            fail(join(path, "processors"), "must be an array");
        for (size_t i = 0; i < list.size(); ++i)
            readPostProcessor(list[i], join(path, "processors") + "[" + std::to_string(i) + "]", data, depth + 1);
    } else {
        fail(join(path, "type"),
            jsonQuoted(type)
                + " is not supported (supported: TemplateProcessing, BertProcessing, RobertaProcessing, ByteLevel, "
                  "Sequence or null)");
    }
}

void readAddedTokens(const Json &root, detail::TokenizerData &data)
{
    std::vector<AddedToken> tokens;
    if (const Json *list = find(root, "added_tokens"); list && !list->is_null()) {
        if (!list->is_array())
            fail("added_tokens", std::string("must be an array, not ") + typeName(*list));
        for (size_t i = 0; i < list->size(); ++i) {
            const std::string path = "added_tokens[" + std::to_string(i) + "]";
            const Json &item = (*list)[i];
            if (!item.is_object())
                fail(path, "must be an object");
            AddedToken t;
            t.id = idAt(require(item, path, "id"), path + ".id");
            t.content = stringAt(require(item, path, "content"), path + ".content");
            t.special = boolField(item, path, "special", false);
            t.singleWord = boolField(item, path, "single_word", false);
            t.lstrip = boolField(item, path, "lstrip", false);
            t.rstrip = boolField(item, path, "rstrip", false);
            t.normalized = boolField(item, path, "normalized", !t.special);
            tokens.push_back(std::move(t));
        }
    }
    data.finishAddedTokens(std::move(tokens));
}

} // namespace

void readVocabObject(const Json &object, const std::string &file, const std::string &path, Vocabulary &vocab)
{
    if (!object.is_object())
        throw TokenizerError(file + ": " + path + ": must be an object of \"piece\": id, not " + typeName(object));
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
            std::string message = e.what();
            throw TokenizerError(file + message.substr(kFile.size()));
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

nlohmann::json parseJsonFile(const std::string &text, const std::string &fileName)
{
    // The limits of core/jsonguard hold: a GPT-2 tokenizer.json is 1.4 MB and 100,000–200,000 values.
    JsonResult parsed = parseJson(text, fileName);
    if (!parsed.ok())
        throw TokenizerError(parsed.describe());
    return parsed.document->takeRoot();
}

TokenizerLoadResult parseTokenizerJson(const std::string &text)
{
    TokenizerLoadResult result;
    try {
        if (text.size() > kMaxTokenizerFileBytes)
            throw TokenizerError(kFile + ": larger than " + std::to_string(kMaxTokenizerFileBytes >> 20) + " MB");
        const Json root = parseJsonFile(text, kFile);
        if (!root.is_object())
            throw TokenizerError(kFile + ": must be a JSON object, not " + typeName(root));
        auto data = std::make_shared<detail::TokenizerData>();
        readModel(root, *data);
        readNormalizer(root, *data);
        readPreTokenizer(root, *data);
        if (const Json *p = find(root, "post_processor"))
            readPostProcessor(*p, "post_processor", *data, 0);
        readAddedTokens(root, *data);
        result.tokenizer = TokenizerFactory::make(std::move(data));
    } catch (const TokenizerError &e) {
        result.error = e.what();
    } catch (const std::bad_alloc &) {
        result.error = kFile + ": out of memory while reading";
    } catch (const std::exception &e) {
        result.error = kFile + ": " + e.what();
    }
    return result;
}

} // namespace attnlab::core::model
