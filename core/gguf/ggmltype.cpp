#include "core/gguf/ggmltype.h"

#include <iterator>

namespace attnlab::core::gguf {

namespace {

// Indexed by id. Sizes from ggml's type_traits (ggml/src/ggml.c) and block structs
// (ggml/src/ggml-common.h); a null name marks an id ggml removed.
constexpr GgmlTypeInfo kTypes[] = {
    {"F32", 1, 4, true}, // 0
    {"F16", 1, 2, true}, // 1
    {"Q4_0", 32, 18, true}, // 2: half d, 16 bytes of nibbles
    {"Q4_1", 32, 20, true}, // 3: half d, half m, 16 bytes of nibbles
    {nullptr, 0, 0, false}, // 4: Q4_2, removed
    {nullptr, 0, 0, false}, // 5: Q4_3, removed
    {"Q5_0", 32, 22, true}, // 6: half d, 4 bytes of fifth bits, 16 bytes of nibbles
    {"Q5_1", 32, 24, true}, // 7: half d, half m, 4 + 16 bytes
    {"Q8_0", 32, 34, true}, // 8: half d, 32 int8
    {"Q8_1", 32, 36, false}, // 9
    {"Q2_K", 256, 84, false}, // 10
    {"Q3_K", 256, 110, false}, // 11
    {"Q4_K", 256, 144, true}, // 12: half d, half dmin, 12 bytes of 6-bit scales and mins, 128 bytes of nibbles
    {"Q5_K", 256, 176, true}, // 13: as Q4_K plus 32 bytes of fifth bits
    {"Q6_K", 256, 210, true}, // 14: 128 bytes of low nibbles, 64 of high pairs, 16 int8 scales, half d
    {"Q8_K", 256, 292, false}, // 15
    {"IQ2_XXS", 256, 66, false}, // 16
    {"IQ2_XS", 256, 74, false}, // 17
    {"IQ3_XXS", 256, 98, false}, // 18
    {"IQ1_S", 256, 50, false}, // 19
    {"IQ4_NL", 32, 18, false}, // 20
    {"IQ3_S", 256, 110, false}, // 21
    {"IQ2_S", 256, 82, false}, // 22
    {"IQ4_XS", 256, 136, false}, // 23
    {"I8", 1, 1, false}, // 24
    {"I16", 1, 2, false}, // 25
    {"I32", 1, 4, false}, // 26
    {"I64", 1, 8, false}, // 27
    {"F64", 1, 8, false}, // 28
    {"IQ1_M", 256, 56, false}, // 29
    {"BF16", 1, 2, true}, // 30
    {nullptr, 0, 0, false}, // 31: Q4_0_4_4, removed
    {nullptr, 0, 0, false}, // 32: Q4_0_4_8, removed
    {nullptr, 0, 0, false}, // 33: Q4_0_8_8, removed
    {"TQ1_0", 256, 54, false}, // 34
    {"TQ2_0", 256, 66, false}, // 35
    {nullptr, 0, 0, false}, // 36: IQ4_NL_4_4, removed
    {nullptr, 0, 0, false}, // 37: IQ4_NL_4_8, removed
    {nullptr, 0, 0, false}, // 38: IQ4_NL_8_8, removed
    {"MXFP4", 32, 17, false}, // 39
};

} // namespace

const GgmlTypeInfo *ggmlTypeInfo(std::uint32_t id)
{
    if (id >= std::size(kTypes) || !kTypes[id].name)
        return nullptr;
    return &kTypes[id];
}

std::string readableTypeNames()
{
    std::string names;
    for (const GgmlTypeInfo &t : kTypes)
        if (t.readable)
            names += (names.empty() ? "" : ", ") + std::string(t.name);
    return names;
}

} // namespace attnlab::core::gguf
