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

constexpr int kModel = 16, kHeads = 2, kFfn = 32, kLayers = 2, kPositions = 128;

struct Tensor {
    std::string name;
    std::vector<std::int64_t> shape;
    std::vector<float> values;
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

void add(std::vector<Tensor> &out, Stream &s, const std::string &name, std::vector<std::int64_t> shape, double scale,
    double mean = 0)
{
    Tensor t {name, std::move(shape), {}};
    std::int64_t n = 1;
    for (const std::int64_t d : t.shape)
        n *= d;
    for (std::int64_t i = 0; i < n; ++i)
        t.values.push_back(float(mean + scale * s.next()));
    out.push_back(std::move(t));
}

void linear(std::vector<Tensor> &out, Stream &s, const std::string &name, int rows, int cols)
{
    add(out, s, name + ".weight", {rows, cols}, std::sqrt(3.0 / cols));
    add(out, s, name + ".bias", {rows}, 0.05);
}

void norm(std::vector<Tensor> &out, Stream &s, const std::string &name)
{
    add(out, s, name + ".weight", {kModel}, 0.1, 1.0);
    add(out, s, name + ".bias", {kModel}, 0.05);
}

void layer(std::vector<Tensor> &out, Stream &s, const std::string &p, bool decoder)
{
    for (const char *proj : {"q_proj", "k_proj", "v_proj", "out_proj"})
        linear(out, s, p + "self_attn." + proj, kModel, kModel);
    norm(out, s, p + "self_attn_layer_norm");
    if (decoder) {
        for (const char *proj : {"q_proj", "k_proj", "v_proj", "out_proj"})
            linear(out, s, p + "encoder_attn." + proj, kModel, kModel);
        norm(out, s, p + "encoder_attn_layer_norm");
    }
    linear(out, s, p + "fc1", kFfn, kModel);
    linear(out, s, p + "fc2", kModel, kFfn);
    norm(out, s, p + "final_layer_norm");
}

void writeFile(const std::string &path, const std::string &bytes)
{
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file.write(bytes.data(), std::streamsize(bytes.size()));
    if (!file)
        throw std::runtime_error("cannot write " + path);
}

// The safetensors layout: an 8-byte little-endian header length, the JSON header, the data.
std::string safetensors(const std::vector<Tensor> &tensors)
{
    Json header = Json::object();
    std::string data;
    for (const Tensor &t : tensors) {
        const size_t begin = data.size();
        for (const float v : t.values) {
            std::uint32_t bits = 0;
            std::memcpy(&bits, &v, sizeof bits);
            for (int b = 0; b < 4; ++b)
                data += char((bits >> (8 * b)) & 0xFF);
        }
        header[t.name] = {{"dtype", "F32"}, {"shape", t.shape}, {"data_offsets", {begin, data.size()}}};
    }
    header["__metadata__"] = {{"format", "pt"}};
    std::string text = header.dump();
    while (text.size() % 8 != 0)
        text += ' ';
    std::string bytes;
    for (int b = 0; b < 8; ++b)
        bytes += char((std::uint64_t(text.size()) >> (8 * b)) & 0xFF);
    return bytes + text + data;
}

} // namespace

void writeDemoMarian(const std::string &dir)
{
    std::ifstream vocabFile(dir + "/vocab.json");
    if (!vocabFile)
        throw std::runtime_error("cannot read " + dir + "/vocab.json");
    std::stringstream text;
    text << vocabFile.rdbuf();
    const Json vocab = Json::parse(text.str(), nullptr, false);
    if (!vocab.is_object() || !vocab.contains("<pad>") || !vocab.contains("</s>"))
        throw std::runtime_error(dir + "/vocab.json has no <pad> or </s>");
    const int size = int(vocab.size());
    const int pad = vocab.at("<pad>").get<int>(), eos = vocab.at("</s>").get<int>();

    Stream s;
    std::vector<Tensor> tensors;
    add(tensors, s, "model.shared.weight", {size, kModel}, 1.0);
    add(tensors, s, "final_logits_bias", {1, size}, 0.2);
    for (int l = 0; l < kLayers; ++l)
        layer(tensors, s, "model.encoder.layers." + std::to_string(l) + ".", false);
    for (int l = 0; l < kLayers; ++l)
        layer(tensors, s, "model.decoder.layers." + std::to_string(l) + ".", true);
    writeFile(dir + "/model.safetensors", safetensors(tensors));

    const Json config
        = {{"model_type", "marian"}, {"d_model", kModel}, {"encoder_layers", kLayers}, {"decoder_layers", kLayers},
            {"encoder_attention_heads", kHeads}, {"decoder_attention_heads", kHeads}, {"encoder_ffn_dim", kFfn},
            {"decoder_ffn_dim", kFfn}, {"vocab_size", size}, {"max_position_embeddings", kPositions},
            {"activation_function", "swish"}, {"scale_embedding", true}, {"pad_token_id", pad}, {"eos_token_id", eos},
            {"decoder_start_token_id", pad}, {"architectures", {"MarianMTModel"}}};
    writeFile(dir + "/config.json", config.dump(2));
    const Json generation = {{"bad_words_ids", {{pad}}}, {"decoder_start_token_id", pad}, {"eos_token_id", eos},
        {"forced_eos_token_id", eos}, {"max_length", kPositions}, {"num_beams", 4}, {"pad_token_id", pad}};
    writeFile(dir + "/generation_config.json", generation.dump(2));
}

} // namespace attnlab::core::translate
