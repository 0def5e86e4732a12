#include "core/gguf/dequantize.h"

#include "core/model/checkpoint/safetensors.h"
#include "core/model/kernels/quantblocks.h"

#include <cstdint>
#include <cstring>

namespace attnlab::core::gguf {

namespace {

using model::bfloat16ToFloat;
using model::halfToFloat;

float half(const unsigned char *p)
{
    return halfToFloat(std::uint16_t(p[0] | (p[1] << 8)));
}

} // namespace

model::ElementType quantElementType(GgmlType type)
{
    switch (type) {
    case GgmlType::Q4_0:
        return model::ElementType::Q4_0;
    case GgmlType::Q4_1:
        return model::ElementType::Q4_1;
    case GgmlType::Q5_0:
        return model::ElementType::Q5_0;
    case GgmlType::Q5_1:
        return model::ElementType::Q5_1;
    case GgmlType::Q8_0:
        return model::ElementType::Q8_0;
    case GgmlType::Q4_K:
        return model::ElementType::Q4_K;
    case GgmlType::Q5_K:
        return model::ElementType::Q5_K;
    case GgmlType::Q6_K:
        return model::ElementType::Q6_K;
    default:
        return model::ElementType::F32;
    }
}

bool dequantize(GgmlType type, const unsigned char *src, std::size_t count, float *out)
{
    const GgmlTypeInfo *info = ggmlTypeInfo(std::uint32_t(type));
    if (!info || !info->readable)
        return false;
    switch (type) {
    case GgmlType::F32:
        if (count > 0) // an empty tensor's storage may be null, which memcpy must not see
            std::memcpy(out, src, count * sizeof(float));
        return true;
    case GgmlType::F16:
        for (std::size_t i = 0; i < count; ++i)
            out[i] = half(src + 2 * i);
        return true;
    case GgmlType::BF16:
        for (std::size_t i = 0; i < count; ++i)
            out[i] = bfloat16ToFloat(std::uint16_t(src[2 * i] | (src[2 * i + 1] << 8)));
        return true;
    default: {
        const model::ElementType e = quantElementType(type);
        if (e == model::ElementType::F32)
            return false;
        model::kernels::dequantizeBlocks(e, src, count / info->blockSize, out);
        return true;
    }
    }
}

} // namespace attnlab::core::gguf
