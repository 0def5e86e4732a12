// The safetensors reader on arbitrary bytes: a file it accepts has every tensor inside the data
// section and readable as floats; anything else is a ModelError, never a crash. The bytes go
// through an in-memory file, since the reader maps a path.
#include "core/model/checkpoint/safetensors.h"
#include "core/model/modelerror.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace attnlab::core::model;
    const int fd = memfd_create("safetensors-fuzz", 0);
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
        const auto file = SafetensorsFile::open("/proc/self/fd/" + std::to_string(fd), "fuzz.safetensors");
        for (const SafetensorsTensor &t : file->tensors()) {
            if (t.end < t.begin || t.end - t.begin > file->fileSize())
                std::abort();
            if (t.dtype == DType::Other)
                continue;
            const float *values = file->floats(t);
            volatile float sink = 0;
            for (std::uint64_t i = 0; i < t.elements; i += 997)
                sink = sink + values[i];
        }
    } catch (const ModelError &) {
    }
    close(fd);
    return 0;
}
