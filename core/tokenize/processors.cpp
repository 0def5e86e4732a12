// The post-processors of tokenizers/src/processors for one sequence with add_special_tokens:
// template.rs (the `single` template), bert.rs, roberta.rs, sequence.rs, and ByteLevel
// (pre_tokenizers/byte_level.rs), which only trims offsets and so adds nothing here.

#include "core/text/messageid.h"
#include "core/tokenize/jsonfields.h"

namespace attnlab::core::model {

namespace {

using namespace json;

// One element of a template: the sequence ($A) or special tokens.
struct TemplatePiece {
    bool sequence = false;
    std::vector<int> ids;
    std::vector<std::string> tokens;
};

class Template : public PostProcessorPart {
public:
    std::vector<TemplatePiece> pieces;

    void process(std::vector<Token> &tokens) const override
    {
        std::vector<Token> wrapped;
        for (const TemplatePiece &p : pieces) {
            if (p.sequence) {
                wrapped.insert(wrapped.end(), tokens.begin(), tokens.end());
                continue;
            }
            for (size_t k = 0; k < p.ids.size(); ++k) {
                Token token;
                token.id = p.ids[k];
                token.piece = token.display = p.tokens[k];
                token.special = true;
                wrapped.push_back(std::move(token));
            }
        }
        tokens.swap(wrapped);
    }
};

std::unique_ptr<PostProcessorPart> readTemplate(const Json &processor, const std::string &path)
{
    const Json &single = arrayField(processor, path, "single");
    const std::string at = join(path, "single");
    const Json *specials = find(processor, "special_tokens");
    if (specials && !specials->is_object())
        fail(join(path, "special_tokens"), Message(MessageId::TokenizerMustBeObject));
    auto result = std::make_unique<Template>();
    for (size_t i = 0; i < single.size(); ++i) {
        const std::string itemPath = indexed(at, i);
        const Json &item = single[i];
        TemplatePiece piece;
        if (item.is_object() && find(item, "Sequence")) {
            piece.sequence = true;
        } else if (item.is_object() && find(item, "SpecialToken")) {
            const Json &special = item["SpecialToken"];
            if (!special.is_object())
                fail(itemPath + ".SpecialToken", Message(MessageId::TokenizerMustBeObject));
            const std::string name
                = stringAt(require(special, itemPath + ".SpecialToken", "id"), itemPath + ".SpecialToken.id");
            const Json *entry = specials ? find(*specials, name.c_str()) : nullptr;
            if (!entry || !entry->is_object())
                fail(itemPath,
                    Message(
                        MessageId::TokenizerSpecialTokenMissingFrom, jsonQuoted(name), join(path, "special_tokens")));
            const std::string entryPath = join(path, "special_tokens") + "[" + jsonQuoted(name) + "]";
            const Json &ids = require(*entry, entryPath, "ids");
            const Json &tokens = require(*entry, entryPath, "tokens");
            if (!ids.is_array() || !tokens.is_array() || ids.size() != tokens.size())
                fail(entryPath, Message(MessageId::TokenizerIdsAndTokensLength));
            for (size_t k = 0; k < ids.size(); ++k) {
                piece.ids.push_back(idAt(ids[k], indexed(entryPath + ".ids", k)));
                piece.tokens.push_back(stringAt(tokens[k], indexed(entryPath + ".tokens", k)));
            }
        } else {
            fail(itemPath, Message(MessageId::TokenizerMustBeTemplatePiece));
        }
        result->pieces.push_back(std::move(piece));
    }
    return result;
}

// A [token, id] pair of BertProcessing / RobertaProcessing.
TemplatePiece specialPair(const Json &object, const std::string &path, const char *key)
{
    const Json &v = require(object, path, key);
    const std::string at = join(path, key);
    if (!v.is_array() || v.size() != 2)
        fail(at, Message(MessageId::TokenizerMustBePair));
    TemplatePiece piece;
    piece.tokens.push_back(stringAt(v[0], at + "[0]"));
    piece.ids.push_back(idAt(v[1], at + "[1]"));
    return piece;
}

// bert.rs and roberta.rs: [CLS] $A [SEP] (<s> $A </s>); Roberta's options only move offsets.
std::unique_ptr<PostProcessorPart> readClsSep(const Json &processor, const std::string &path)
{
    auto result = std::make_unique<Template>();
    TemplatePiece sequence;
    sequence.sequence = true;
    result->pieces = {specialPair(processor, path, "cls"), sequence, specialPair(processor, path, "sep")};
    return result;
}

class NoPostProcessing : public PostProcessorPart {
public:
    void process(std::vector<Token> &) const override { }
};

std::unique_ptr<PostProcessorPart> readByteLevel(const Json &, const std::string &)
{
    return std::make_unique<NoPostProcessing>();
}

class PostProcessorSequence : public PostProcessorPart {
public:
    std::vector<std::unique_ptr<PostProcessorPart>> parts;

    void process(std::vector<Token> &tokens) const override
    {
        for (const auto &part : parts)
            part->process(tokens);
    }
};

std::unique_ptr<PostProcessorPart> readSequence(const Json &processor, const std::string &path)
{
    auto s = std::make_unique<PostProcessorSequence>();
    const Json &list = arrayField(processor, path, "processors");
    for (size_t i = 0; i < list.size(); ++i)
        s->parts.push_back(readPostProcessor(list[i], indexed(join(path, "processors"), i)));
    return s;
}

const PartRow<PostProcessorPart> kPostProcessors[] = {
    {"TemplateProcessing", readTemplate},
    {"BertProcessing", readClsSep},
    {"RobertaProcessing", readClsSep},
    {"ByteLevel", readByteLevel},
    {"Sequence", readSequence},
};

} // namespace

std::unique_ptr<PostProcessorPart> readPostProcessor(const Json &value, const std::string &path)
{
    return readPart(kPostProcessors, value, path);
}

} // namespace attnlab::core::model
