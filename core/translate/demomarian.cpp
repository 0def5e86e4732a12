#include "core/translate/demomarian.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace attnlab::core::translate {

namespace {

using Json = nlohmann::json;

// A tensor to write: its name, shape, and the uniform range of its values around `mean`.
struct TensorSpec {
    std::string name;
    std::vector<std::int64_t> shape;
    double scale = 0;
    double mean = 0;

    std::int64_t count() const
    {
        std::int64_t n = 1;
        for (const std::int64_t d : shape)
            n *= d;
        return n;
    }
};

// A fixed stream: xorshift64*, mapped to (−1, 1); the same numbers on every machine and library
// (std::normal_distribution's output is implementation-defined).
class Stream {
public:
    double next()
    {
        m_state ^= m_state >> 12;
        m_state ^= m_state << 25;
        m_state ^= m_state >> 27;
        const std::uint64_t x = m_state * 0x2545F4914F6CDD1DULL;
        return double(x >> 11) / double(1ULL << 53) * 2.0 - 1.0;
    }

private:
    std::uint64_t m_state = 0x35ULL * 0x9E3779B97F4A7C15ULL;
};

class Specs {
public:
    explicit Specs(const MarianShape &shape)
        : m_shape(shape)
    {
    }
    void add(const std::string &name, std::vector<std::int64_t> shape, double scale, double mean = 0)
    {
        list.push_back({name, std::move(shape), scale, mean});
    }
    void linear(const std::string &name, int rows, int cols)
    {
        add(name + ".weight", {rows, cols}, std::sqrt(3.0 / cols));
        add(name + ".bias", {rows}, 0.05);
    }
    void norm(const std::string &name)
    {
        add(name + ".weight", {m_shape.dModel}, 0.1, 1.0);
        add(name + ".bias", {m_shape.dModel}, 0.05);
    }
    void layer(const std::string &p, bool decoder)
    {
        const int d = m_shape.dModel;
        for (const char *proj : {"q_proj", "k_proj", "v_proj", "out_proj"})
            linear(p + "self_attn." + proj, d, d);
        norm(p + "self_attn_layer_norm");
        if (decoder) {
            for (const char *proj : {"q_proj", "k_proj", "v_proj", "out_proj"})
                linear(p + "encoder_attn." + proj, d, d);
            norm(p + "encoder_attn_layer_norm");
        }
        linear(p + "fc1", m_shape.ffn, d);
        linear(p + "fc2", d, m_shape.ffn);
        norm(p + "final_layer_norm");
    }

    std::vector<TensorSpec> list;

private:
    MarianShape m_shape;
};

void writeFile(const std::string &path, const std::string &bytes)
{
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file.write(bytes.data(), std::streamsize(bytes.size()));
    if (!file)
        throw std::runtime_error("cannot write " + path);
}

void appendLittleEndian(std::string &out, std::uint64_t value, int bytes)
{
    for (int b = 0; b < bytes; ++b)
        out += char((value >> (8 * b)) & 0xFF);
}

// The safetensors layout: an 8-byte little-endian header length, the JSON header, the data (F32),
// written a tensor at a time so that a full-size checkpoint never sits in memory twice.
void writeSafetensors(const std::string &path, const std::vector<TensorSpec> &tensors)
{
    Json header = Json::object();
    std::uint64_t offset = 0;
    for (const TensorSpec &t : tensors) {
        const std::uint64_t bytes = std::uint64_t(t.count()) * 4;
        header[t.name] = {{"dtype", "F32"}, {"shape", t.shape}, {"data_offsets", {offset, offset + bytes}}};
        offset += bytes;
    }
    header["__metadata__"] = {{"format", "pt"}};
    std::string text = header.dump();
    while (text.size() % 8 != 0)
        text += ' ';
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    std::string chunk;
    appendLittleEndian(chunk, text.size(), 8);
    file.write(chunk.data(), std::streamsize(chunk.size()));
    file.write(text.data(), std::streamsize(text.size()));
    Stream s;
    for (const TensorSpec &t : tensors) {
        chunk.clear();
        const std::int64_t n = t.count();
        for (std::int64_t i = 0; i < n; ++i) {
            const float v = float(t.mean + t.scale * s.next());
            std::uint32_t bits = 0;
            std::memcpy(&bits, &v, sizeof bits);
            appendLittleEndian(chunk, bits, 4);
            if (chunk.size() >= (1u << 20) || i + 1 == n) {
                file.write(chunk.data(), std::streamsize(chunk.size()));
                chunk.clear();
            }
        }
    }
    if (!file)
        throw std::runtime_error("cannot write " + path);
}

// vocab.json extended with "▁w<id>" pieces to `size` entries, written back.
Json extendVocabulary(const std::string &path, Json vocab, int size)
{
    for (int id = int(vocab.size()); id < size; ++id)
        vocab["\xE2\x96\x81w" + std::to_string(id)] = id;
    writeFile(path, vocab.dump(1));
    return vocab;
}

} // namespace

MarianShape opusMtShape()
{
    MarianShape shape;
    shape.dModel = 512;
    shape.heads = 8;
    shape.ffn = 2048;
    shape.layers = 6;
    shape.positions = 512;
    shape.vocab = 65001;
    return shape;
}

void writeDemoMarian(const std::string &dir, const MarianShape &shape)
{
    std::ifstream vocabFile(dir + "/vocab.json");
    if (!vocabFile)
        throw std::runtime_error("cannot read " + dir + "/vocab.json");
    std::stringstream text;
    text << vocabFile.rdbuf();
    Json vocab = Json::parse(text.str(), nullptr, false);
    if (!vocab.is_object() || !vocab.contains("<pad>") || !vocab.contains("</s>"))
        throw std::runtime_error(dir + "/vocab.json has no <pad> or </s>");
    if (shape.vocab > int(vocab.size()))
        vocab = extendVocabulary(dir + "/vocab.json", std::move(vocab), shape.vocab);
    const int size = int(vocab.size());
    const int pad = vocab.at("<pad>").get<int>(), eos = vocab.at("</s>").get<int>();

    Specs specs(shape);
    specs.add("model.shared.weight", {size, shape.dModel}, 1.0);
    specs.add("final_logits_bias", {1, size}, 0.2);
    for (int l = 0; l < shape.layers; ++l)
        specs.layer("model.encoder.layers." + std::to_string(l) + ".", false);
    for (int l = 0; l < shape.layers; ++l)
        specs.layer("model.decoder.layers." + std::to_string(l) + ".", true);
    writeSafetensors(dir + "/model.safetensors", specs.list);

    const Json config = {{"model_type", "marian"}, {"d_model", shape.dModel}, {"encoder_layers", shape.layers},
        {"decoder_layers", shape.layers}, {"encoder_attention_heads", shape.heads},
        {"decoder_attention_heads", shape.heads}, {"encoder_ffn_dim", shape.ffn}, {"decoder_ffn_dim", shape.ffn},
        {"vocab_size", size}, {"max_position_embeddings", shape.positions}, {"activation_function", "swish"},
        {"scale_embedding", true}, {"pad_token_id", pad}, {"eos_token_id", eos}, {"decoder_start_token_id", pad},
        {"architectures", {"MarianMTModel"}}};
    writeFile(dir + "/config.json", config.dump(2));
    const Json generation = {{"bad_words_ids", {{pad}}}, {"decoder_start_token_id", pad}, {"eos_token_id", eos},
        {"forced_eos_token_id", eos}, {"max_length", shape.positions}, {"num_beams", 4}, {"pad_token_id", pad}};
    writeFile(dir + "/generation_config.json", generation.dump(2));
}

} // namespace attnlab::core::translate
