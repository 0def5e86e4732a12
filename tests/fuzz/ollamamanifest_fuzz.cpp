// An Ollama manifest on arbitrary bytes: a digest it accepts is "sha256:" and 64 lowercase hex
// digits (so the blob path it makes stays in the store's blobs folder); anything else is a
// ModelError naming the file, never a crash.
#include "core/gguf/ollamastore.h"
#include "core/model/modelerror.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    try {
        const std::string digest = attnlab::core::gguf::ollamaModelDigest(
            std::string_view(reinterpret_cast<const char *>(data), size), "manifest");
        if (digest.size() != 71 || digest.compare(0, 7, "sha256:") != 0)
            std::abort();
        for (size_t i = 7; i < digest.size(); ++i)
            if (!((digest[i] >= '0' && digest[i] <= '9') || (digest[i] >= 'a' && digest[i] <= 'f')))
                std::abort();
    } catch (const attnlab::core::model::ModelError &) {
    }
    return 0;
}
