#include "core/tokenize/jsonfields.h"

#include "core/text/messageid.h"

#include <algorithm>

namespace attnlab::core::model::json {

namespace {
const std::string kFile = "tokenizer.json";
}

void fail(const std::string &path, Message message)
{
    throw TokenizerError(Problem {path, std::move(message), 0, 0, kFile});
}

Message typeName(const Json &v)
{
    switch (v.type()) {
    case Json::value_t::null:
        return Message(MessageId::TypeNull);
    case Json::value_t::object:
        return Message(MessageId::JsonContextObject);
    case Json::value_t::array:
        return Message(MessageId::JsonContextArray);
    case Json::value_t::string:
        return Message(MessageId::JsonTypeString);
    case Json::value_t::boolean:
        return Message(MessageId::JsonTypeBoolean);
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::number_float:
        return Message(MessageId::JsonTypeNumber);
    default:
        return Message::literal(v.type_name());
    }
}

void failUnknownType(const std::string &path, const std::string &type, const std::string &known)
{
    fail(join(path, "type"), Message(MessageId::TokenizerNotSupported, jsonQuoted(type), known));
}

std::string jsonQuoted(const std::string &s)
{
    return Json(s).dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string join(const std::string &path, const std::string &key)
{
    return path.empty() ? key : path + "." + key;
}

std::string indexed(const std::string &path, size_t i)
{
    return path + "[" + std::to_string(i) + "]";
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
        fail(path.empty() ? key : path,
            path.empty() ? Message(MessageId::TokenizerMissing) : Message(MessageId::TokenizerMissingKey, key));
    return *v;
}

std::string stringAt(const Json &v, const std::string &path)
{
    if (!v.is_string())
        fail(path, Message(MessageId::TokenizerMustBeString, typeName(v)));
    return v.get<std::string>();
}

std::string stringField(const Json &object, const std::string &path, const char *key, const std::string &fallback)
{
    const Json *v = find(object, key);
    return (!v || v->is_null()) ? fallback : stringAt(*v, join(path, key));
}

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

bool boolField(const Json &object, const std::string &path, const char *key, bool fallback)
{
    const Json *v = find(object, key);
    if (!v)
        return fallback;
    if (!v->is_boolean())
        fail(join(path, key), Message(MessageId::TokenizerMustBeBoolean, typeName(*v)));
    return v->get<bool>();
}

int idAt(const Json &v, const std::string &path)
{
    if (!v.is_number_integer() || (!v.is_number_unsigned() && v.get<int64_t>() < 0))
        fail(
            path, Message(MessageId::TokenizerMustBeTokenId, v.is_number() ? Message::literal(v.dump()) : typeName(v)));
    const uint64_t id = v.get<uint64_t>();
    if (id > uint64_t(kMaxTokenId))
        fail(path, Message(MessageId::TokenizerTokenIdTooLarge, id, kMaxTokenId));
    return int(id);
}

int64_t countField(const Json &object, const std::string &path, const char *key, int64_t fallback)
{
    const Json *v = find(object, key);
    if (!v)
        return fallback;
    if (!v->is_number_integer() || (!v->is_number_unsigned() && v->get<int64_t>() < 0))
        fail(join(path, key), Message(MessageId::TokenizerMustBeCount, typeName(*v)));
    return int64_t(std::min<uint64_t>(v->get<uint64_t>(), uint64_t(1) << 40));
}

char32_t charField(const Json &object, const std::string &path, const char *key, char32_t fallback)
{
    const Json *v = find(object, key);
    if (!v)
        return fallback;
    const Text text = decodeUtf8(stringAt(*v, join(path, key)));
    if (text.size() != 1)
        fail(join(path, key), Message(MessageId::TokenizerMustBeCharacter));
    return text[0].c;
}

const Json &arrayField(const Json &object, const std::string &path, const char *key)
{
    const Json &v = require(object, path, key);
    if (!v.is_array())
        fail(join(path, key), Message(MessageId::TokenizerMustBeArray, typeName(v)));
    return v;
}

Pattern readPattern(const Json &v, const std::string &path)
{
    if (v.is_object() && v.size() == 1 && find(v, "String"))
        return Pattern::literal(stringAt(v["String"], join(path, "String")));
    if (!v.is_object() || v.size() != 1 || !find(v, "Regex"))
        fail(path, Message(MessageId::TokenizerMustBePattern));
    const std::string expression = stringAt(v["Regex"], join(path, "Regex"));
    try {
        return Pattern::regex(expression);
    } catch (const TokenizerError &e) {
        fail(join(path, "Regex"), e.problem().message);
    }
}

SplitBehavior behaviorField(const Json &object, const std::string &path, const char *key, SplitBehavior fallback)
{
    static const std::pair<const char *, SplitBehavior> kNames[] = {
        {"Removed", SplitBehavior::Removed},
        {"Isolated", SplitBehavior::Isolated},
        {"MergedWithPrevious", SplitBehavior::MergedWithPrevious},
        {"MergedWithNext", SplitBehavior::MergedWithNext},
        {"Contiguous", SplitBehavior::Contiguous},
    };
    const Json *v = find(object, key);
    if (!v)
        return fallback;
    const std::string name = stringAt(*v, join(path, key));
    for (const auto &[known, behavior] : kNames)
        if (name == known)
            return behavior;
    fail(join(path, key),
        Message(MessageId::TokenizerNotSupported, jsonQuoted(name),
            "Removed, Isolated, MergedWithPrevious, MergedWithNext, Contiguous"));
}

PrependScheme prependSchemeField(const Json &object, const std::string &path)
{
    const std::string name = stringField(object, path, "prepend_scheme", "always");
    PrependScheme scheme = PrependScheme::Always;
    if (name == "first")
        scheme = PrependScheme::First;
    else if (name == "never")
        scheme = PrependScheme::Never;
    else if (name != "always")
        fail(join(path, "prepend_scheme"),
            Message(MessageId::TokenizerNotSupported, jsonQuoted(name), "always, first, never"));
    if (!boolField(object, path, "add_prefix_space", true)) {
        if (scheme != PrependScheme::Never)
            fail(join(path, "add_prefix_space"), Message(MessageId::TokenizerPrefixSpaceMismatch));
        scheme = PrependScheme::Never;
    }
    return scheme;
}

std::string typeOf(const Json &object, const std::string &path)
{
    if (!object.is_object())
        fail(path, Message(MessageId::TokenizerMustBePart, typeName(object)));
    return stringAt(require(object, path, "type"), join(path, "type"));
}

} // namespace attnlab::core::model::json
