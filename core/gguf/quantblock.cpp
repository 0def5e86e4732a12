#include "core/gguf/quantblock.h"

#include "core/gguf/dequantize.h"
#include "core/model/checkpoint/safetensors.h"

#include <cmath>
#include <cstring>

namespace attnlab::core::gguf {

namespace {

std::uint16_t u16(const unsigned char *p)
{
    return std::uint16_t(p[0] | (p[1] << 8));
}

float half(const unsigned char *p)
{
    return model::halfToFloat(u16(p));
}

// Bit k of the little-endian bit string at p (Q5_0's and Q5_1's qh).
int bitAt(const unsigned char *p, int k)
{
    return (p[k / 8] >> (k % 8)) & 1;
}

// ggml's get_scale_min_k4, as dequantize.cpp reads it.
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

void legacy(QuantBlock &out, const unsigned char *b)
{
    const GgmlType t = out.type;
    const bool withMin = t == GgmlType::Q4_1 || t == GgmlType::Q5_1;
    const bool five = t == GgmlType::Q5_0 || t == GgmlType::Q5_1;
    out.hasD = true;
    out.d = half(b);
    out.hasMin = withMin;
    out.m = withMin ? half(b + 2) : 0.f;
    out.formula = withMin ? QuantFormula::ScalePlusMin : QuantFormula::Zero;
    out.zero = withMin || t == GgmlType::Q8_0 ? 0 : (five ? 16 : 8);
    out.groups = {QuantGroup {0, 32, 0, 0, out.d, out.m}};
    if (t == GgmlType::Q8_0) {
        for (int e = 0; e < 32; ++e)
            out.codes[std::size_t(e)] = std::int8_t(b[2 + e]);
        return;
    }
    const unsigned char *qh = b + (withMin ? 4 : 2);
    const unsigned char *qs = qh + (five ? 4 : 0);
    // Element j < 16 is the low nibble of byte j, element j + 16 its high nibble.
    for (int e = 0; e < 32; ++e) {
        int q = (qs[e % 16] >> (4 * (e / 16))) & 0xF;
        if (five)
            q |= bitAt(qh, e) << 4;
        out.codes[std::size_t(e)] = q;
    }
}

void kQuant45(QuantBlock &out, const unsigned char *b)
{
    const bool five = out.type == GgmlType::Q5_K;
    out.hasD = out.hasMin = true;
    out.d = half(b);
    out.m = half(b + 2);
    out.formula = QuantFormula::ScaleMinusMin;
    const unsigned char *scales = b + 4;
    const unsigned char *qh = b + 16;
    const unsigned char *qs = b + (five ? 48 : 16);
    for (int s = 0; s < 8; ++s) {
        int sc, mn;
        scaleMin(s, scales, &sc, &mn);
        out.groups.push_back(QuantGroup {32 * s, 32, sc, mn, out.d * float(sc), out.m * float(mn)});
        // Each 64 elements take 32 bytes: even sub-blocks the low nibbles, odd ones the high;
        // Q5_K's fifth bit of sub-block s is bit s of qh[l].
        for (int l = 0; l < 32; ++l) {
            int q = (qs[32 * (s / 2) + l] >> (4 * (s % 2))) & 0xF;
            if (five)
                q += ((qh[l] >> s) & 1) << 4;
            out.codes[std::size_t(32 * s + l)] = q;
        }
    }
}

void q6K(QuantBlock &out, const unsigned char *b)
{
    out.hasD = true;
    out.d = half(b + 208);
    out.formula = QuantFormula::Zero;
    out.zero = 32;
    for (int g = 0; g < 16; ++g) {
        const int sc = std::int8_t(b[192 + g]);
        out.groups.push_back(QuantGroup {16 * g, 16, sc, 0, out.d * float(sc), 0.f});
    }
    // Two halves of 128 elements; quadrant k of a half takes the low (k < 2) or high nibble of
    // ql byte l (+ 32 for odd k) and bits 2k, 2k + 1 of qh byte l.
    for (int e = 0; e < 256; ++e) {
        const int h = e / 128, k = (e % 128) / 32, l = e % 32;
        const int low = (b[64 * h + l + 32 * (k % 2)] >> (4 * (k / 2))) & 0xF;
        const int high = (b[128 + 32 * h + l] >> (2 * k)) & 3;
        out.codes[std::size_t(e)] = low | (high << 4);
    }
}

} // namespace

const QuantGroup *QuantBlock::groupOf(int e) const
{
    for (const QuantGroup &g : groups)
        if (e >= g.first && e < g.first + g.count)
            return &g;
    return nullptr;
}

QuantBlock decodeBlock(GgmlType type, const unsigned char *data, std::uint64_t index)
{
    QuantBlock out;
    out.type = type;
    out.index = index;
    const GgmlTypeInfo *info = ggmlTypeInfo(std::uint32_t(type));
    if (!info || !info->readable)
        return out;
    const unsigned char *b = data + index * info->blockBytes;
    out.elements = int(info->blockSize);
    out.firstElement = index * info->blockSize;
    out.codes.assign(std::size_t(out.elements), 0);
    out.values.assign(std::size_t(out.elements), 0.f);
    dequantize(type, b, std::size_t(out.elements), out.values.data());
    switch (type) {
    case GgmlType::F32: {
        std::uint32_t bits;
        std::memcpy(&bits, b, 4);
        out.codes[0] = bits;
        break;
    }
    case GgmlType::F16:
    case GgmlType::BF16:
        out.codes[0] = u16(b);
        break;
    case GgmlType::Q4_K:
    case GgmlType::Q5_K:
        kQuant45(out, b);
        break;
    case GgmlType::Q6_K:
        q6K(out, b);
        break;
    default:
        legacy(out, b);
        break;
    }
    return out;
}

float rebuildValue(const QuantBlock &block, int e)
{
    const std::int64_t code = block.codes[std::size_t(e)];
    const QuantGroup *g = block.groupOf(e);
    switch (block.formula) {
    case QuantFormula::Zero:
        return float(code - block.zero) * g->scale;
    case QuantFormula::ScalePlusMin:
        return float(code) * g->scale + g->min;
    case QuantFormula::ScaleMinusMin:
        return g->scale * float(code) - g->min;
    case QuantFormula::Plain:
        break;
    }
    switch (block.type) {
    case GgmlType::F16:
        return model::halfToFloat(std::uint16_t(code));
    case GgmlType::BF16:
        return model::bfloat16ToFloat(std::uint16_t(code));
    default: {
        const auto bits = std::uint32_t(code);
        float f;
        std::memcpy(&f, &bits, 4);
        return f;
    }
    }
}

double bitsPerWeight(const GgmlTypeInfo &type)
{
    return double(type.blockBytes) * 8.0 / double(type.blockSize);
}

QuantError quantizationError(const float *quantized, const float *original, std::size_t n)
{
    QuantError err;
    if (n == 0)
        return err;
    double squares = 0, absolute = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double diff = double(quantized[i]) - double(original[i]);
        const double a = std::fabs(diff);
        squares += diff * diff;
        absolute += a;
        if (a > err.maxAbs) {
            err.maxAbs = a;
            err.maxAt = i;
        }
    }
    err.rms = std::sqrt(squares / double(n));
    err.meanAbs = absolute / double(n);
    return err;
}

} // namespace attnlab::core::gguf
