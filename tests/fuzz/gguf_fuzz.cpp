// The GGUF reader on arbitrary bytes: a file it accepts has every tensor inside the data section
// and every readable tensor dequantizes, and a tokenizer its metadata describes (gguftokenizer)
// is built and encodes and decodes a text; anything else is a ModelError or a refused tokenizer,
// never a crash. The bytes go through an in-memory file, since the reader maps a path.
#include "core/gguf/gguffile.h"
#include "core/gguf/gguftokenizer.h"
#include "core/model/modelerror.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace attnlab::core::gguf;
    const int fd = memfd_create("gguf-fuzz", 0);
    if (fd < 0)
        return 0;
    std::size_t written = 0;
    while (written < size) {
        const ssize_t n = write(fd, data + written, size - written);
        if (n <= 0)
            break;
        written += std::size_t(n);
    }
    try {
        const auto file = GgufFile::open("/proc/self/fd/" + std::to_string(fd), "fuzz.gguf");
        for (const auto &[key, value] : file->metadata()) {
            if (value.isArray() && value.strings.empty() && value.count > 0)
                (void)value.numberAt(value.count - 1);
            (void)value.number();
        }
        if (file->find("tokenizer.ggml.model")) {
            const auto tokenizer = attnlab::core::model::parseTokenizerJson(ggufTokenizerJson(*file));
            if (tokenizer.ok()) {
                std::vector<int> ids;
                for (const auto &token :
                    tokenizer.tokenizer->encode("the cat \xe4\xbd\xa0\xe5\xa5\xbd \xf0\x9f\x99\x82\n<s>"))
                    ids.push_back(token.id);
                (void)tokenizer.tokenizer->decode(ids);
            }
        }
        for (const GgufTensor &t : file->tensors()) {
            if (t.offset + t.bytes > file->fileSize() - file->dataOffset() || t.extents.size() > 4)
                std::abort();
            if (!t.type->readable)
                continue;
            const std::vector<float> values = file->floats(t);
            volatile float sink = 0;
            for (std::size_t i = 0; i < values.size(); i += 997)
                sink = sink + values[i];
        }
    } catch (const attnlab::core::model::ModelError &) {
    }
    close(fd);
    return 0;
}
