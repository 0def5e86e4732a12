#pragma once
// Test helper: writes GGUF files (ggml/docs/gguf.md) byte by byte, so the reader's tests and the
// model tests make their own tiny files. Metadata values and tensors are added in order;
// bytes() lays the header out and pads the data section to general.alignment (32 unless a
// "general.alignment" uint32 was added). Hostile files are made by editing the bytes afterwards
// or with addRaw().

#include "modelfixtures.h" // writeBytes

#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace attnlab::test {

// Little-endian encodings, for building values and tensor data.
std::string le16(std::uint16_t v);
std::string le32(std::uint32_t v);
std::string le64(std::uint64_t v);
std::string f32Bytes(float v);
std::string ggufString(const std::string &s); // uint64 length + bytes
// IEEE half of a float, rounded to nearest even (finite, in range).
std::uint16_t halfBits(float v);

class GgufWriter {
public:
    explicit GgufWriter(std::uint32_t version = 3)
        : m_version(version)
    {
    }

    void addString(const std::string &key, const std::string &value);
    void addUInt32(const std::string &key, std::uint32_t value);
    void addInt32(const std::string &key, std::int32_t value);
    void addUInt64(const std::string &key, std::uint64_t value);
    void addFloat32(const std::string &key, float value);
    void addBool(const std::string &key, bool value);
    void addStringArray(const std::string &key, const std::vector<std::string> &values);
    void addInt32Array(const std::string &key, const std::vector<std::int32_t> &values);
    void addFloat32Array(const std::string &key, const std::vector<float> &values);
    // A value given as its type id and encoded bytes (after the type).
    void addRaw(const std::string &key, std::uint32_t type, const std::string &encoded);

    // A tensor with extents fastest first (ggml's ne[]), ggml type id and data bytes. Its offset
    // is the next aligned one unless `offset` is given.
    void addTensor(const std::string &name, const std::vector<std::uint64_t> &extents, std::uint32_t type,
        const std::string &data, std::int64_t offset = -1);
    // A float32 tensor.
    void addF32Tensor(
        const std::string &name, const std::vector<std::uint64_t> &extents, const std::vector<float> &data);

    std::string bytes() const;
    // Writes bytes() to `path`.
    void write(const std::string &path) const;

private:
    struct Tensor {
        std::string name;
        std::vector<std::uint64_t> extents;
        std::uint32_t type;
        std::string data;
        std::int64_t offset;
    };
    std::uint32_t m_version;
    std::uint32_t m_alignment = 32;
    std::string m_kv;
    std::uint64_t m_kvCount = 0;
    std::vector<Tensor> m_tensors;
};

// A Hugging Face tensor name ("model.layers.3.self_attn.q_proj.weight") as llama.cpp's converter
// names it ("blk.3.attn_q.weight"), written out independently of core/gguf; throws
// std::invalid_argument for a name it does not know.
std::string ggufTensorName(std::string name);

// Writes the tiny model of `arch` ("llama", "qwen2" or "qwen3", writeTinyLlama … of
// modelfixtures.h with `options`) twice: as the safetensors folder `dir`, and as `dir`/model.gguf
// the way llama.cpp's converter writes it (its tensor names, extents fastest first, q's and k's
// rows paired per head for llama, the metadata keys of the architecture). Returns the GGUF's
// path. With `matrixTypes` (ggml type ids), the matrices get those types in turn, filled with
// random blocks, and the folder holds their dequantized values, so both files describe the same
// model exactly; norms stay float32. `metadata` may add keys (a tokenizer's) to the GGUF.
// The sizes the GGUF tests share: 2 layers, 4 query and 2 key/value heads, d 32, inner 64,
// 16 positions, `vocab` tokens.
TinyModelOptions smallGgufSizes(int vocab);

// The GPT-2 fixture tokenizer (tokenizerfixtures.h) as llama.cpp's converter writes it into a
// GGUF's metadata: tokenizer.ggml.model gpt2, pre gpt2, tokens, token types, merges, no BOS.
void addGpt2FixtureTokenizer(GgufWriter &w);

// Random blocks of ggml type `type` (a quant type, F16 or BF16) for `count` elements (a whole
// number of blocks): random bytes with small finite half-precision scales.
std::string randomBlocks(std::mt19937 &rng, std::uint32_t type, size_t count);

std::string writeTinyGgufPair(const std::string &dir, const std::string &arch, TinyModelOptions options,
    const std::vector<std::uint32_t> &matrixTypes = {}, const std::function<void(GgufWriter &)> &metadata = {});

} // namespace attnlab::test
