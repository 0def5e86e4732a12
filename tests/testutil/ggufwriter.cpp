#include "ggufwriter.h"

#include <cmath>
#include <cstring>
#include <fstream>
#include <stdexcept>

namespace attnlab::test {

std::string le16(std::uint16_t v)
{
    return std::string {char(v & 0xff), char(v >> 8)};
}

std::string le32(std::uint32_t v)
{
    std::string s;
    for (int i = 0; i < 4; ++i)
        s += char((v >> (8 * i)) & 0xff);
    return s;
}

std::string le64(std::uint64_t v)
{
    std::string s;
    for (int i = 0; i < 8; ++i)
        s += char((v >> (8 * i)) & 0xff);
    return s;
}

std::string f32Bytes(float v)
{
    std::uint32_t bits;
    std::memcpy(&bits, &v, 4);
    return le32(bits);
}

std::string ggufString(const std::string &s)
{
    return le64(s.size()) + s;
}

std::uint16_t halfBits(float v)
{
    // Through the exponent and a rounded mantissa; tests only give finite, normal-range values
    // or values that round to a subnormal.
    const std::uint16_t sign = std::signbit(v) ? 0x8000 : 0;
    const float a = std::fabs(v);
    if (a == 0)
        return sign;
    int exponent;
    std::frexp(a, &exponent); // a = m · 2^exponent, m in [0.5, 1)
    int e = exponent - 1 + 15; // biased half exponent of a
    if (e <= 0) {
        const auto m = std::uint16_t(std::nearbyint(a * 0x1p24f)); // subnormal units of 2⁻²⁴
        return std::uint16_t(sign | m);
    }
    float mantissa = std::nearbyint((a / std::ldexp(1.f, exponent - 1) - 1.f) * 1024.f);
    if (mantissa >= 1024.f) {
        mantissa = 0;
        ++e;
    }
    if (e >= 31)
        throw std::range_error("halfBits: out of range");
    return std::uint16_t(sign | (e << 10) | int(mantissa));
}

void GgufWriter::addRaw(const std::string &key, std::uint32_t type, const std::string &encoded)
{
    m_kv += ggufString(key) + le32(type) + encoded;
    ++m_kvCount;
}

void GgufWriter::addString(const std::string &key, const std::string &value)
{
    addRaw(key, 8, ggufString(value));
}

void GgufWriter::addUInt32(const std::string &key, std::uint32_t value)
{
    if (key == "general.alignment")
        m_alignment = value;
    addRaw(key, 4, le32(value));
}

void GgufWriter::addInt32(const std::string &key, std::int32_t value)
{
    addRaw(key, 5, le32(std::uint32_t(value)));
}

void GgufWriter::addUInt64(const std::string &key, std::uint64_t value)
{
    addRaw(key, 10, le64(value));
}

void GgufWriter::addFloat32(const std::string &key, float value)
{
    addRaw(key, 6, f32Bytes(value));
}

void GgufWriter::addBool(const std::string &key, bool value)
{
    addRaw(key, 7, std::string(1, char(value ? 1 : 0)));
}

void GgufWriter::addStringArray(const std::string &key, const std::vector<std::string> &values)
{
    std::string encoded = le32(8) + le64(values.size());
    for (const std::string &v : values)
        encoded += ggufString(v);
    addRaw(key, 9, encoded);
}

void GgufWriter::addInt32Array(const std::string &key, const std::vector<std::int32_t> &values)
{
    std::string encoded = le32(5) + le64(values.size());
    for (std::int32_t v : values)
        encoded += le32(std::uint32_t(v));
    addRaw(key, 9, encoded);
}

void GgufWriter::addFloat32Array(const std::string &key, const std::vector<float> &values)
{
    std::string encoded = le32(6) + le64(values.size());
    for (float v : values)
        encoded += f32Bytes(v);
    addRaw(key, 9, encoded);
}

void GgufWriter::addTensor(const std::string &name, const std::vector<std::uint64_t> &extents, std::uint32_t type,
    const std::string &data, std::int64_t offset)
{
    m_tensors.push_back({name, extents, type, data, offset});
}

void GgufWriter::addF32Tensor(
    const std::string &name, const std::vector<std::uint64_t> &extents, const std::vector<float> &data)
{
    std::string bytes;
    for (float v : data)
        bytes += f32Bytes(v);
    addTensor(name, extents, 0, bytes);
}

std::string GgufWriter::bytes() const
{
    const auto pad = [this](std::string &s) {
        while (s.size() % m_alignment)
            s += '\0';
    };
    std::string data;
    std::vector<std::uint64_t> offsets;
    for (const Tensor &t : m_tensors) {
        pad(data);
        offsets.push_back(t.offset >= 0 ? std::uint64_t(t.offset) : data.size());
        data += t.data;
    }
    std::string out = "GGUF" + le32(m_version) + le64(m_tensors.size()) + le64(m_kvCount) + m_kv;
    for (size_t i = 0; i < m_tensors.size(); ++i) {
        const Tensor &t = m_tensors[i];
        out += ggufString(t.name) + le32(std::uint32_t(t.extents.size()));
        for (std::uint64_t e : t.extents)
            out += le64(e);
        out += le32(t.type) + le64(offsets[i]);
    }
    if (!m_tensors.empty()) {
        pad(out);
        out += data;
    }
    return out;
}

void GgufWriter::write(const std::string &path) const
{
    writeBytes(path, bytes());
}

} // namespace attnlab::test
