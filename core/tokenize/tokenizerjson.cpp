// Reading tokenizer.json as the `tokenizers` library writes it: the added tokens and the parts
// (each read by its kind's table, parts.h), with an error naming every malformed field.

#include "core/tokenize/jsonfields.h"

#include "core/json/jsonguard.h"
#include "core/text/messageid.h"

namespace attnlab::core::model {

namespace {

using namespace json;

const std::string kFile = "tokenizer.json";

// A part that may be absent or null.
template<class Part>
std::unique_ptr<Part> optionalPart(
    const Json &root, const char *key, std::unique_ptr<Part> (*read)(const Json &, const std::string &))
{
    const Json *v = find(root, key);
    return (!v || v->is_null()) ? nullptr : read(*v, key);
}

// model.vocab and model.merges, taken while the file is parsed (StreamedModel). Each piece's id
// and each merge's form are checked here, with the paths the tree's readers would name.
std::vector<JsonStream> modelStreams(StreamedModel &model)
{
    JsonStream vocab;
    vocab.path = {"model", "vocab"};
    vocab.has = [&model](const std::string &piece) { return model.vocab.contains(piece); };
    vocab.take = [&model](const std::string &piece, size_t, Json &id) -> std::optional<Problem> {
        model.hasVocab = true;
        if (id.is_number_unsigned() && id.get<uint64_t>() <= uint64_t(kMaxTokenId)) {
            model.vocab.set(piece, int(id.get<uint64_t>()));
            return std::nullopt;
        }
        const std::string where = "model.vocab[" + jsonQuoted(piece) + "]";
        try {
            idAt(id, where); // throws the precise message
        } catch (const TokenizerError &e) {
            return e.problem();
        }
        return std::nullopt;
    };
    JsonStream merges;
    merges.path = {"model", "merges"};
    merges.type = Json::value_t::array;
    merges.take = [&model](const std::string &, size_t i, Json &m) -> std::optional<Problem> {
        model.hasMerges = true;
        const auto problem = [i](Message message) {
            return Problem {indexed("model.merges", i), std::move(message), 0, 0, kFile};
        };
        if (m.is_string()) {
            const std::string &line = m.get_ref<const std::string &>();
            const size_t space = line.find(' ');
            if (space == std::string::npos || line.find(' ', space + 1) != std::string::npos)
                return problem(Message(MessageId::TokenizerMergeNotTwoPieces, jsonQuoted(line)));
            model.merges.emplace_back(line.substr(0, space), line.substr(space + 1));
        } else if (m.is_array() && m.size() == 2 && m[0].is_string() && m[1].is_string()) {
            model.merges.emplace_back(
                std::move(m[0].get_ref<std::string &>()), std::move(m[1].get_ref<std::string &>()));
        } else {
            return problem(Message(MessageId::TokenizerMergeNotStringOrPair));
        }
        return std::nullopt;
    };
    return {std::move(vocab), std::move(merges)};
}

void readAddedTokens(const Json &root, detail::TokenizerData &data)
{
    std::vector<AddedToken> tokens;
    if (const Json *list = find(root, "added_tokens"); list && !list->is_null()) {
        if (!list->is_array())
            fail("added_tokens", Message(MessageId::TokenizerMustBeArray, typeName(*list)));
        for (size_t i = 0; i < list->size(); ++i) {
            const std::string path = "added_tokens[" + std::to_string(i) + "]";
            const Json &item = (*list)[i];
            if (!item.is_object())
                fail(path, Message(MessageId::TokenizerMustBeObject));
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

nlohmann::json parseJsonFile(const std::string &text, const std::string &fileName,
    const std::vector<JsonStream> &streams, const JsonLimits &limits)
{
    // The limits of core/jsonguard hold: a GPT-2 tokenizer.json is 1.4 MB and 100,000–200,000 values.
    JsonResult parsed = parseJson(text, fileName, limits, streams);
    if (!parsed.ok()) {
        Problem problem = std::move(*parsed.problem);
        problem.file = fileName;
        throw TokenizerError(std::move(problem));
    }
    return parsed.document->takeRoot();
}

TokenizerLoadResult parseTokenizerJson(const std::string &text)
{
    TokenizerLoadResult result;
    try {
        if (text.size() > kMaxTokenizerFileBytes)
            throw TokenizerError(kFile, Message(MessageId::TokenizerFileTooLarge, kMaxTokenizerFileBytes >> 20));
        StreamedModel streamed;
        const Json root = parseJsonFile(text, kFile, modelStreams(streamed));
        if (!root.is_object())
            throw TokenizerError(kFile, Message(MessageId::TokenizerNotJsonObject, typeName(root)));
        auto data = std::make_shared<detail::TokenizerData>();
        data->model = readModel(require(root, "", "model"), "model", streamed);
        data->normalizer = optionalPart(root, "normalizer", readNormalizer);
        data->preTokenizer = optionalPart(root, "pre_tokenizer", readPreTokenizer);
        data->postProcessor = optionalPart(root, "post_processor", readPostProcessor);
        data->decoder = optionalPart(root, "decoder", readDecoder);
        readAddedTokens(root, *data);
        result.tokenizer = TokenizerFactory::make(std::move(data));
    } catch (const TokenizerError &e) {
        result.problem = e.problem();
    } catch (const std::bad_alloc &) {
        result.problem = Problem {"", Message(MessageId::TokenizerOutOfMemory), 0, 0, kFile};
    } catch (const std::exception &e) {
        result.problem = Problem {"", Message::literal(e.what()), 0, 0, kFile};
    }
    if (result.problem)
        result.error = formatProblem(result.problem->file, *result.problem);
    return result;
}

} // namespace attnlab::core::model
