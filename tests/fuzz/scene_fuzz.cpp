// The scene reader on arbitrary bytes: it must answer (scene or problems) without crashing, and a
// scene it accepts must survive writeScene → parseScene unchanged (sceneio.h's promise).
#include "core/scene/sceneio.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char *>(data), size);
    const attnlab::core::LoadResult r = attnlab::core::parseScene(text);
    if (r.ok() != r.problems.empty())
        std::abort();
    if (r.ok()) {
        const attnlab::core::LoadResult again = attnlab::core::parseScene(attnlab::core::writeScene(*r.scene));
        if (!again.ok() || *again.scene != *r.scene) {
            std::fprintf(stderr, "round trip changed the scene\n");
            std::abort();
        }
    }
    return 0;
}
