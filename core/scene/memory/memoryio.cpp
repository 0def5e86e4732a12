#include "core/scene/memory/memoryio.h"

#include "core/json/jsonwriter.h"
#include "core/text/messageid.h"

#include <nlohmann/json.hpp>

namespace attnlab::core {

void readMemory(const nlohmann::json *value, const std::string &key, const MemoryParsers &parse, Memory &out)
{
    if (!value)
        return;
    if (!value->is_object()) {
        parse.fail(key, Message(MessageId::ExpectedMemoryObject, parse.typeName(*value)));
        return;
    }
    for (const auto &member : value->items())
        if (member.key() != "tokens" && member.key() != "X")
            parse.fail(key + "." + member.key(), Message(MessageId::UnknownKey));
    const auto tokens = value->find("tokens"), x = value->find("X");
    if (tokens == value->end())
        parse.fail(key + ".tokens", Message(MessageId::IsMissing));
    else
        parse.tokens(&*tokens, key + ".tokens", out.tokens);
    if (x == value->end())
        parse.fail(key + ".X", Message(MessageId::IsMissing));
    else
        parse.matrix(*x, key + ".X", out.x);
}

std::string writeMemory(const Memory &m)
{
    if (!m.present())
        return {};
    return "  \"memory\": {\n    \"tokens\": " + json::stringArray(m.tokens) + ",\n    \"X\": " + json::matrix(m.x, 4)
        + "\n  },\n";
}

} // namespace attnlab::core
