#pragma once
// The tensor types of ggml (ggml.h's enum ggml_type) as a table. Every type stores its elements
// in blocks: blockSize elements in blockBytes bytes (1 element for the plain types, 32 for the
// legacy quants Q4_0 … Q8_0, 256 for the k-quants). A row's element count must be a whole
// number of blocks, so a row of n elements is n / blockSize × blockBytes bytes.
//
// The table knows the sizes of every type ggml has had, so a file with tensors this reader cannot
// dequantize still opens and lists them; `readable` says which ones dequantize.h turns into
// floats. Ids that ggml removed (4, 5, 31–33, 36–38) and ids past the end name no type.

#include <cstdint>
#include <string>

namespace attnlab::core::gguf {

enum class GgmlType : std::uint32_t {
    F32 = 0,
    F16 = 1,
    Q4_0 = 2,
    Q4_1 = 3,
    Q5_0 = 6,
    Q5_1 = 7,
    Q8_0 = 8,
    Q8_1 = 9,
    Q2_K = 10,
    Q3_K = 11,
    Q4_K = 12,
    Q5_K = 13,
    Q6_K = 14,
    Q8_K = 15,
    BF16 = 30,
};

struct GgmlTypeInfo {
    const char *name; // as ggml names it: "Q4_K", "BF16"
    std::uint32_t blockSize; // elements per block
    std::uint32_t blockBytes; // bytes per block
    bool readable; // dequantize() reads it
};

// The type with ggml id `id`, or nullptr when no ggml type has that id.
const GgmlTypeInfo *ggmlTypeInfo(std::uint32_t id);

// The readable types' names in one line ("F32, F16, BF16, Q8_0, …"), for messages.
std::string readableTypeNames();

} // namespace attnlab::core::gguf
