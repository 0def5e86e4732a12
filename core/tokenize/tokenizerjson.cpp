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

nlohmann::json parseJsonFile(const std::string &text, const std::string &fileName)
{
    // The limits of core/jsonguard hold: a GPT-2 tokenizer.json is 1.4 MB and 100,000–200,000 values.
    JsonResult parsed = parseJson(text, fileName);
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
        const Json root = parseJsonFile(text, kFile);
        if (!root.is_object())
            throw TokenizerError(kFile, Message(MessageId::TokenizerNotJsonObject, typeName(root)));
        auto data = std::make_shared<detail::TokenizerData>();
        data->model = readModel(require(root, "", "model"), "model");
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
