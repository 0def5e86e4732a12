// config.json on arbitrary bytes: a config it accepts has sizes that divide and stay within the
// documented caps; anything else is a ModelError, never a crash.
#include "core/model/modelconfig.h"
#include "core/model/modelerror.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace attnlab::core::model;
    try {
        const ModelConfig c = parseModelConfig(std::string(reinterpret_cast<const char *>(data), size));
        if (c.layers < 1 || c.heads < 1 || c.dModel < 1 || c.dModel % c.heads != 0 || c.vocabSize < 1)
            std::abort();
    } catch (const ModelError &) {
    }
    return 0;
}
