#include "gpt2small.h"

#include "modelfixtures.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace attnlab::test {

namespace {

FixtureTensor spec(const std::string &name, std::vector<std::int64_t> shape)
{
    FixtureTensor t;
    t.name = name;
    t.shape = std::move(shape);
    return t;
}

} // namespace

double writeGpt2Small(const std::string &dir, const std::string &dtype)
{
    return writeGpt2Shaped(dir, dtype, Gpt2Shape {});
}

double writeGpt2Shaped(const std::string &dir, const std::string &dtype, const Gpt2Shape &shape)
{
    const std::int64_t d = shape.d, inner = shape.inner, vocab = shape.vocab, positions = shape.positions;
    std::vector<FixtureTensor> tensors = {spec("wte.weight", {vocab, d}), spec("wpe.weight", {positions, d})};
    for (int l = 0; l < shape.layers; ++l) {
        const std::string h = "h." + std::to_string(l) + ".";
        for (const auto &[name, shape] :
            std::vector<std::pair<std::string, std::vector<std::int64_t>>> {{"ln_1.weight", {d}}, {"ln_1.bias", {d}},
                {"attn.c_attn.weight", {d, 3 * d}}, {"attn.c_attn.bias", {3 * d}}, {"attn.c_proj.weight", {d, d}},
                {"attn.c_proj.bias", {d}}, {"ln_2.weight", {d}}, {"ln_2.bias", {d}}, {"mlp.c_fc.weight", {d, inner}},
                {"mlp.c_fc.bias", {inner}}, {"mlp.c_proj.weight", {inner, d}}, {"mlp.c_proj.bias", {d}}})
            tensors.push_back(spec(h + name, shape));
    }
    tensors.push_back(spec("ln_f.weight", {d}));
    tensors.push_back(spec("ln_f.bias", {d}));
    for (FixtureTensor &t : tensors)
        t.dtype = dtype;

    std::string header = safetensorsHeader(tensors, {{"format", "pt"}});
    while (header.size() % 8 != 0)
        header += ' ';
    std::ofstream out(dir + "/model.safetensors", std::ios::binary);
    const std::string prefix = safetensorsBytes(header, "");
    out.write(prefix.data(), std::streamsize(prefix.size()));
    std::mt19937 rng(2024);
    std::uniform_real_distribution<float> uniform(-0.1f, 0.1f);
    const std::uint64_t elementBytes = dtype == "F32" ? 4 : 2;
    FixtureTensor chunk;
    chunk.dtype = dtype;
    for (const FixtureTensor &t : tensors) {
        std::uint64_t left = tensorBytes(t) / elementBytes;
        while (left > 0) {
            chunk.values.resize(size_t(std::min<std::uint64_t>(left, 1 << 20)));
            for (float &v : chunk.values)
                v = uniform(rng);
            const std::string bytes = encodeTensor(chunk);
            out.write(bytes.data(), std::streamsize(bytes.size()));
            left -= chunk.values.size();
        }
    }
    out.close();
    writeBytes(dir + "/config.json",
        "{\"model_type\": \"gpt2\", \"n_layer\": " + std::to_string(shape.layers)
            + ", \"n_head\": " + std::to_string(shape.heads) + ", \"n_embd\": " + std::to_string(d)
            + ", \"n_inner\": " + std::to_string(inner) + ", \"n_positions\": " + std::to_string(positions)
            + ", \"vocab_size\": " + std::to_string(vocab) + "}");
    std::ifstream written(dir + "/model.safetensors", std::ios::binary | std::ios::ate);
    return double(written.tellg()) / (1024.0 * 1024.0);
}

} // namespace attnlab::test
