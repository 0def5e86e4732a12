#include "ggufwriter.h"

#include "core/gguf/dequantize.h"
#include "tokenizerfixtures.h"

#include <cmath>
#include <cstring>
#include <fstream>
#include <random>
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

namespace attnlab::test {

std::string ggufTensorName(std::string name)
{
    if (name.rfind("model.", 0) == 0)
        name = name.substr(6);
    static const std::pair<const char *, const char *> kWhole[]
        = {{"embed_tokens.", "token_embd."}, {"norm.", "output_norm."}, {"lm_head.", "output."}};
    for (const auto &[hf, gguf] : kWhole)
        if (name.rfind(hf, 0) == 0)
            return gguf + name.substr(std::strlen(hf));
    static const std::pair<const char *, const char *> kLayer[]
        = {{"input_layernorm", "attn_norm"}, {"self_attn.q_proj", "attn_q"}, {"self_attn.k_proj", "attn_k"},
            {"self_attn.v_proj", "attn_v"}, {"self_attn.o_proj", "attn_output"}, {"self_attn.q_norm", "attn_q_norm"},
            {"self_attn.k_norm", "attn_k_norm"}, {"post_attention_layernorm", "ffn_norm"},
            {"mlp.gate_proj", "ffn_gate"}, {"mlp.up_proj", "ffn_up"}, {"mlp.down_proj", "ffn_down"}};
    const size_t dot = name.find('.', 7); // after "layers.N"
    const std::string layer = name.substr(7, dot - 7), rest = name.substr(dot + 1);
    for (const auto &[hf, gguf] : kLayer)
        if (rest.rfind(std::string(hf) + ".", 0) == 0)
            return "blk." + layer + "." + gguf + rest.substr(std::strlen(hf));
    throw std::invalid_argument("no GGUF name for " + name);
}

namespace {

// convert_hf_to_gguf.py's LlamaModel.permute on whole rows of `rowBytes` bytes: per head of d
// rows, Hugging Face row j·d/2 + i goes to row 2i + j.
std::string pairRows(const std::string &bytes, size_t rowBytes, size_t d)
{
    std::string out(bytes.size(), '\0');
    const size_t rows = bytes.size() / rowBytes;
    for (size_t r = 0; r < rows; ++r) {
        const size_t head = r / d * d, j = (r % d) / (d / 2), i = (r % d) % (d / 2);
        out.replace((head + 2 * i + j) * rowBytes, rowBytes, bytes, r * rowBytes, rowBytes);
    }
    return out;
}

struct BlockLayout {
    std::uint32_t type;
    size_t elements, bytes;
    std::vector<size_t> halves; // the half-precision scale fields
};

const BlockLayout &layoutOf(std::uint32_t type)
{
    static const std::vector<BlockLayout> kLayouts
        = {{2, 32, 18, {0}}, {3, 32, 20, {0, 2}}, {6, 32, 22, {0}}, {7, 32, 24, {0, 2}}, {8, 32, 34, {0}},
            {12, 256, 144, {0, 2}}, {13, 256, 176, {0, 2}}, {14, 256, 210, {208}}, {1, 1, 2, {0}}, {30, 1, 2, {}}};
    for (const BlockLayout &l : kLayouts)
        if (l.type == type)
            return l;
    throw std::invalid_argument("no layout for type " + std::to_string(type));
}

} // namespace

std::string randomBlocks(std::mt19937 &rng, std::uint32_t type, size_t count)
{
    const BlockLayout &l = layoutOf(type);
    std::uniform_int_distribution<int> byte(0, 255);
    std::uniform_real_distribution<float> scale(-0.02f, 0.02f), value(-0.3f, 0.3f);
    std::string out(count / l.elements * l.bytes, '\0');
    for (char &c : out)
        c = char(byte(rng));
    for (size_t k = 0; k < count / l.elements; ++k) {
        if (type == 30) { // BF16: the upper half of a float
            float v = value(rng);
            std::uint32_t bits;
            std::memcpy(&bits, &v, 4);
            out.replace(k * 2, 2, le16(std::uint16_t(bits >> 16)));
            continue;
        }
        for (size_t h : l.halves)
            out.replace(k * l.bytes + h, 2, le16(halfBits(type == 1 ? value(rng) : scale(rng))));
    }
    return out;
}

std::string writeTinyGgufPair(const std::string &dir, const std::string &arch, TinyModelOptions options,
    const std::vector<std::uint32_t> &matrixTypes, const std::function<void(GgufWriter &)> &metadata)
{
    struct Stored {
        FixtureTensor tensor;
        std::uint32_t type = 0;
        std::string data;
    };
    std::vector<Stored> stored;
    std::mt19937 rng(options.seed + 100);
    options.editTensors = [&](std::vector<FixtureTensor> &tensors) {
        size_t next = 0;
        for (FixtureTensor &t : tensors) {
            Stored s;
            if (t.shape.size() == 2 && !matrixTypes.empty()) {
                s.type = matrixTypes[next++ % matrixTypes.size()];
                s.data = randomBlocks(rng, s.type, t.values.size());
                if (!core::gguf::dequantize(core::gguf::GgmlType(s.type),
                        reinterpret_cast<const unsigned char *>(s.data.data()), t.values.size(), t.values.data()))
                    throw std::invalid_argument("type not readable");
            } else {
                for (float v : t.values)
                    s.data += f32Bytes(v);
            }
            s.tensor = t;
            stored.push_back(std::move(s));
        }
    };
    const TinyModel model = arch == "llama" ? writeTinyLlama(dir, options)
        : arch == "qwen2"                   ? writeTinyQwen2(dir, options)
                                            : writeTinyQwen3(dir, options);
    (void)model;

    const int kv = options.kvHeads > 0 ? options.kvHeads : options.heads;
    const int dh = options.headDim > 0 ? options.headDim : options.dModel / options.heads;
    GgufWriter w;
    w.addString("general.architecture", arch);
    w.addString("general.name", "tiny " + arch);
    w.addUInt32(arch + ".block_count", std::uint32_t(options.layers));
    w.addUInt32(arch + ".context_length", std::uint32_t(options.positions));
    w.addUInt32(arch + ".embedding_length", std::uint32_t(options.dModel));
    w.addUInt32(arch + ".feed_forward_length", std::uint32_t(options.dInner));
    w.addUInt32(arch + ".attention.head_count", std::uint32_t(options.heads));
    w.addUInt32(arch + ".attention.head_count_kv", std::uint32_t(kv));
    w.addFloat32(arch + ".rope.freq_base", arch == "llama" ? 500000.f : 1000000.f);
    w.addFloat32(arch + ".attention.layer_norm_rms_epsilon", 1e-6f);
    if (arch == "qwen3" || options.headDim > 0)
        w.addUInt32(arch + ".attention.key_length", std::uint32_t(dh));
    if (metadata)
        metadata(w);
    for (const Stored &s : stored) {
        const std::string name = ggufTensorName(s.tensor.name);
        const std::vector<std::int64_t> &shape = s.tensor.shape;
        std::vector<std::uint64_t> extents(shape.rbegin(), shape.rend());
        std::string data = s.data;
        const bool paired = arch == "llama"
            && (name.find(".attn_q.") != std::string::npos || name.find(".attn_k.") != std::string::npos);
        if (paired)
            data = pairRows(data, data.size() / size_t(shape[0]), size_t(dh));
        w.addTensor(name, extents, s.type, data);
    }
    const std::string path = dir + "/model.gguf";
    w.write(path);
    return path;
}

TinyModelOptions smallGgufSizes(int vocab)
{
    TinyModelOptions o;
    o.layers = 2;
    o.heads = 4;
    o.kvHeads = 2;
    o.dModel = 32;
    o.dInner = 64;
    o.positions = 16;
    o.vocab = vocab;
    return o;
}

void addGpt2FixtureTokenizer(GgufWriter &w)
{
    const std::vector<std::string> vocab = gpt2FixtureVocab();
    std::vector<std::string> merges;
    for (const auto &[a, b] : kGpt2Merges)
        merges.push_back(a + " " + b);
    std::vector<std::int32_t> types(vocab.size(), 1);
    types.back() = 3;
    w.addString("tokenizer.ggml.model", "gpt2");
    w.addString("tokenizer.ggml.pre", "gpt2");
    w.addStringArray("tokenizer.ggml.tokens", vocab);
    w.addInt32Array("tokenizer.ggml.token_type", types);
    w.addStringArray("tokenizer.ggml.merges", merges);
    w.addBool("tokenizer.ggml.add_bos_token", false);
}

} // namespace attnlab::test
