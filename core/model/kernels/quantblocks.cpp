#include "core/model/kernels/quantblocks.h"

#include "core/model/checkpoint/safetensors.h"

#include <cstdint>
#include <cstring>

namespace attnlab::core::model::kernels {

namespace {

float half(const unsigned char *p)
{
    return model::halfToFloat(std::uint16_t(p[0] | (p[1] << 8)));
}

void q4_0(const unsigned char *b, float *y)
{
    const float d = half(b);
    const unsigned char *qs = b + 2;
    for (int j = 0; j < 16; ++j) {
        const int x0 = (qs[j] & 0x0F) - 8;
        const int x1 = (qs[j] >> 4) - 8;
        y[j] = float(x0) * d;
        y[j + 16] = float(x1) * d;
    }
}

void q4_1(const unsigned char *b, float *y)
{
    const float d = half(b);
    const float m = half(b + 2);
    const unsigned char *qs = b + 4;
    for (int j = 0; j < 16; ++j) {
        y[j] = float(qs[j] & 0x0F) * d + m;
        y[j + 16] = float(qs[j] >> 4) * d + m;
    }
}

void q5_0(const unsigned char *b, float *y)
{
    const float d = half(b);
    std::uint32_t qh;
    std::memcpy(&qh, b + 2, 4);
    const unsigned char *qs = b + 6;
    for (int j = 0; j < 16; ++j) {
        const int xh0 = int(((qh >> j) << 4) & 0x10);
        const int xh1 = int((qh >> (j + 12)) & 0x10);
        y[j] = float(((qs[j] & 0x0F) | xh0) - 16) * d;
        y[j + 16] = float(((qs[j] >> 4) | xh1) - 16) * d;
    }
}

void q5_1(const unsigned char *b, float *y)
{
    const float d = half(b);
    const float m = half(b + 2);
    std::uint32_t qh;
    std::memcpy(&qh, b + 4, 4);
    const unsigned char *qs = b + 8;
    for (int j = 0; j < 16; ++j) {
        const int xh0 = int(((qh >> j) << 4) & 0x10);
        const int xh1 = int((qh >> (j + 12)) & 0x10);
        y[j] = float((qs[j] & 0x0F) | xh0) * d + m;
        y[j + 16] = float((qs[j] >> 4) | xh1) * d + m;
    }
}

void q8_0(const unsigned char *b, float *y)
{
    const float d = half(b);
    for (int j = 0; j < 32; ++j)
        y[j] = float(std::int8_t(b[2 + j])) * d;
}

// ggml's get_scale_min_k4: sub-block j's 6-bit scale and min from the 12 packed bytes.
void scaleMin(int j, const unsigned char *q, int *scale, int *min)
{
    if (j < 4) {
        *scale = q[j] & 63;
        *min = q[j + 4] & 63;
    } else {
        *scale = (q[j + 4] & 0xF) | ((q[j - 4] >> 6) << 4);
        *min = (q[j + 4] >> 4) | ((q[j] >> 6) << 4);
    }
}

void q4_K(const unsigned char *b, float *y)
{
    const float d = half(b);
    const float dmin = half(b + 2);
    const unsigned char *scales = b + 4;
    const unsigned char *q = b + 16;
    for (int is = 0; is < 8; is += 2) {
        int sc, m;
        scaleMin(is, scales, &sc, &m);
        const float d1 = d * float(sc), m1 = dmin * float(m);
        scaleMin(is + 1, scales, &sc, &m);
        const float d2 = d * float(sc), m2 = dmin * float(m);
        for (int l = 0; l < 32; ++l)
            *y++ = d1 * float(q[l] & 0xF) - m1;
        for (int l = 0; l < 32; ++l)
            *y++ = d2 * float(q[l] >> 4) - m2;
        q += 32;
    }
}

void q5_K(const unsigned char *b, float *y)
{
    const float d = half(b);
    const float dmin = half(b + 2);
    const unsigned char *scales = b + 4;
    const unsigned char *qh = b + 16;
    const unsigned char *ql = b + 48;
    unsigned u1 = 1, u2 = 2;
    for (int is = 0; is < 8; is += 2) {
        int sc, m;
        scaleMin(is, scales, &sc, &m);
        const float d1 = d * float(sc), m1 = dmin * float(m);
        scaleMin(is + 1, scales, &sc, &m);
        const float d2 = d * float(sc), m2 = dmin * float(m);
        for (int l = 0; l < 32; ++l)
            *y++ = d1 * float((ql[l] & 0xF) + ((qh[l] & u1) ? 16 : 0)) - m1;
        for (int l = 0; l < 32; ++l)
            *y++ = d2 * float((ql[l] >> 4) + ((qh[l] & u2) ? 16 : 0)) - m2;
        ql += 32;
        u1 <<= 2;
        u2 <<= 2;
    }
}

void q6_K(const unsigned char *b, float *y)
{
    const unsigned char *ql = b;
    const unsigned char *qh = b + 128;
    const auto *sc = reinterpret_cast<const std::int8_t *>(b + 192);
    const float d = half(b + 208);
    for (int n = 0; n < 256; n += 128) {
        for (int l = 0; l < 32; ++l) {
            const int is = l / 16;
            const int q1 = ((ql[l] & 0xF) | (((qh[l] >> 0) & 3) << 4)) - 32;
            const int q2 = ((ql[l + 32] & 0xF) | (((qh[l] >> 2) & 3) << 4)) - 32;
            const int q3 = ((ql[l] >> 4) | (((qh[l] >> 4) & 3) << 4)) - 32;
            const int q4 = ((ql[l + 32] >> 4) | (((qh[l] >> 6) & 3) << 4)) - 32;
            y[l] = d * float(sc[is]) * float(q1);
            y[l + 32] = d * float(sc[is + 2]) * float(q2);
            y[l + 64] = d * float(sc[is + 4]) * float(q3);
            y[l + 96] = d * float(sc[is + 6]) * float(q4);
        }
        y += 128;
        ql += 64;
        qh += 32;
        sc += 8;
    }
}

struct QuantLayout {
    ElementType type;
    int blockSize;
    std::size_t blockBytes;
    void (*block)(const unsigned char *, float *);
};

// ggml-common.h's block sizes.
constexpr QuantLayout kLayouts[] = {
    {ElementType::Q4_0, 32, 18, q4_0},
    {ElementType::Q4_1, 32, 20, q4_1},
    {ElementType::Q5_0, 32, 22, q5_0},
    {ElementType::Q5_1, 32, 24, q5_1},
    {ElementType::Q8_0, 32, 34, q8_0},
    {ElementType::Q4_K, 256, 144, q4_K},
    {ElementType::Q5_K, 256, 176, q5_K},
    {ElementType::Q6_K, 256, 210, q6_K},
};

const QuantLayout *layoutOf(ElementType type)
{
    for (const QuantLayout &l : kLayouts)
        if (l.type == type)
            return &l;
    return nullptr;
}

} // namespace

int quantBlockSize(ElementType type)
{
    const QuantLayout *l = layoutOf(type);
    return l ? l->blockSize : 0;
}

std::size_t quantBlockBytes(ElementType type)
{
    const QuantLayout *l = layoutOf(type);
    return l ? l->blockBytes : 0;
}

BlockDequantizer blockDequantizer(ElementType type)
{
    const QuantLayout *l = layoutOf(type);
    return l ? l->block : nullptr;
}

void dequantizeBlocks(ElementType type, const unsigned char *src, std::size_t blocks, float *out)
{
    const QuantLayout *l = layoutOf(type);
    if (!l)
        return;
    for (std::size_t i = 0; i < blocks; ++i)
        l->block(src + i * l->blockBytes, out + i * std::size_t(l->blockSize));
}

} // namespace attnlab::core::model::kernels
