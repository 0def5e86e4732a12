// The JSON guard on arbitrary bytes, with small limits so that the limits themselves are reached
// often: it must answer without crashing, and an accepted document must list every member of
// every object exactly once in members().
#include "core/json/jsonguard.h"

#include <cstdint>
#include <cstdlib>
#include <string>

namespace {

void checkOrder(const attnlab::core::JsonDocument &doc, const nlohmann::json &j)
{
    if (j.is_object()) {
        const auto members = doc.members(j);
        if (members.size() != j.size())
            std::abort();
        for (const auto &m : members) {
            if (&m->second != &j.at(m->first))
                std::abort();
            checkOrder(doc, m->second);
        }
    } else if (j.is_array()) {
        for (const auto &element : j)
            checkOrder(doc, element);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    attnlab::core::JsonLimits limits;
    limits.maxDepth = 8;
    limits.maxValues = 10'000;
    const std::string text(reinterpret_cast<const char *>(data), size);
    const attnlab::core::JsonResult r = attnlab::core::parseJson(text, "fuzz", limits);
    if (r.ok() == r.problem.has_value())
        std::abort();
    if (r.ok())
        checkOrder(*r.document, r.document->root());
    else if (r.problem->message.english().empty())
        std::abort();
    return 0;
}
