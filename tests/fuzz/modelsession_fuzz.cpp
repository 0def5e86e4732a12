// A model session file on arbitrary bytes: it reads, or it gives exactly one problem; what reads
// writes back to a file that reads to the same session.
#include "core/session/modelsessionfile.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace attnlab::core::session;
    const ModelSessionRead r = parseModelSession(std::string_view(reinterpret_cast<const char *>(data), size));
    if (r.session.has_value() == r.problem.has_value())
        std::abort();
    if (r.session) {
        const ModelSessionRead again = parseModelSession(writeModelSession(*r.session));
        if (!again.session || !(*again.session == *r.session))
            std::abort();
    }
    return 0;
}
