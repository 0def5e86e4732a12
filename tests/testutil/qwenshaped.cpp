#include "qwenshaped.h"

#include "modelfixtures.h"

#include "core/tokenize/unicodetext.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <random>
#include <unordered_set>
#include <utility>
#include <vector>

namespace attnlab::test {

namespace {

constexpr std::int64_t kLayers = 24, kHeads = 14, kKvHeads = 2, kHeadDim = 64, kD = 896, kInner = 4864;
constexpr std::int64_t kVocab = 151936, kPositions = 32768;
constexpr int kPieces = 151643;

FixtureTensor spec(const std::string &name, std::vector<std::int64_t> shape, const std::string &dtype)
{
    FixtureTensor t;
    t.name = name;
    t.shape = std::move(shape);
    t.dtype = dtype;
    return t;
}

bool isNormWeight(const std::string &name)
{
    return name.size() > 11 && name.compare(name.size() - 11, 11, "norm.weight") == 0;
}

} // namespace

double writeQwen25HalfBillion(const std::string &dir, const std::string &dtype)
{
    std::vector<FixtureTensor> tensors = {spec("model.embed_tokens.weight", {kVocab, kD}, dtype)};
    for (int l = 0; l < kLayers; ++l) {
        const std::string p = "model.layers." + std::to_string(l) + ".";
        tensors.push_back(spec(p + "input_layernorm.weight", {kD}, dtype));
        for (const char *name : {"q", "k", "v"}) {
            const std::int64_t rows = std::string(name) == "q" ? kHeads * kHeadDim : kKvHeads * kHeadDim;
            tensors.push_back(spec(p + "self_attn." + name + "_proj.weight", {rows, kD}, dtype));
            tensors.push_back(spec(p + "self_attn." + name + "_proj.bias", {rows}, dtype));
        }
        tensors.push_back(spec(p + "self_attn.o_proj.weight", {kD, kHeads * kHeadDim}, dtype));
        tensors.push_back(spec(p + "post_attention_layernorm.weight", {kD}, dtype));
        tensors.push_back(spec(p + "mlp.gate_proj.weight", {kInner, kD}, dtype));
        tensors.push_back(spec(p + "mlp.up_proj.weight", {kInner, kD}, dtype));
        tensors.push_back(spec(p + "mlp.down_proj.weight", {kD, kInner}, dtype));
    }
    tensors.push_back(spec("model.norm.weight", {kD}, dtype));

    std::string header = safetensorsHeader(tensors, {{"format", "pt"}});
    while (header.size() % 8 != 0)
        header += ' ';
    std::ofstream out(dir + "/model.safetensors", std::ios::binary);
    const std::string prefix = safetensorsBytes(header, "");
    out.write(prefix.data(), std::streamsize(prefix.size()));
    std::mt19937 rng(2025);
    std::uniform_real_distribution<float> uniform(-0.05f, 0.05f);
    const std::uint64_t elementBytes = dtype == "F32" ? 4 : 2;
    FixtureTensor chunk;
    chunk.dtype = dtype;
    for (const FixtureTensor &t : tensors) {
        std::uint64_t left = tensorBytes(t) / elementBytes;
        while (left > 0) {
            chunk.values.resize(size_t(std::min<std::uint64_t>(left, 1 << 20)));
            // RMSNorm weights near 1, as trained ones are; everything else small and centred.
            for (float &v : chunk.values)
                v = isNormWeight(t.name) ? 1.0f + uniform(rng) : uniform(rng);
            const std::string bytes = encodeTensor(chunk);
            out.write(bytes.data(), std::streamsize(bytes.size()));
            left -= chunk.values.size();
        }
    }
    out.close();
    const nlohmann::json config = {{"architectures", {"Qwen2ForCausalLM"}}, {"model_type", "qwen2"},
        {"bos_token_id", 151643}, {"eos_token_id", 151645}, {"hidden_act", "silu"}, {"hidden_size", kD},
        {"intermediate_size", kInner}, {"max_position_embeddings", kPositions}, {"max_window_layers", 21},
        {"num_attention_heads", kHeads}, {"num_hidden_layers", kLayers}, {"num_key_value_heads", kKvHeads},
        {"rms_norm_eps", 1e-6}, {"rope_theta", 1000000.0}, {"sliding_window", 32768}, {"tie_word_embeddings", true},
        {"torch_dtype",
            dtype == "F32"       ? "float32"
                : dtype == "F16" ? "float16"
                                 : "bfloat16"},
        {"use_cache", true}, {"use_sliding_window", false}, {"vocab_size", kVocab}};
    writeBytes(dir + "/config.json", config.dump(2));
    std::ifstream written(dir + "/model.safetensors", std::ios::binary | std::ios::ate);
    return double(written.tellg());
}

// Byte-level pieces that grow by one merge each, so every merge is valid.
std::string qwenShapedTokenizerJson()
{
    using core::model::appendUtf8;
    using core::model::byteToUnicode;
    std::vector<std::string> pieces;
    nlohmann::json vocab = nlohmann::json::object();
    std::unordered_set<std::string> seen;
    for (int b = 0; b < 256; ++b) { // GPT-2's byte characters
        std::string piece;
        appendUtf8(piece, byteToUnicode()[b]);
        seen.insert(piece);
        vocab[piece] = int(pieces.size());
        pieces.push_back(piece);
    }
    nlohmann::json merges = nlohmann::json::array();
    std::mt19937 random(7);
    while (int(pieces.size()) < kPieces) {
        const std::string &a = pieces[random() % pieces.size()];
        const std::string &b = pieces[random() % std::min<size_t>(2000, pieces.size())];
        std::string ab = a + b;
        if (ab.size() > 24 || !seen.insert(ab).second)
            continue;
        merges.push_back(a + " " + b);
        vocab[ab] = int(pieces.size());
        pieces.push_back(std::move(ab));
    }
    nlohmann::json added = nlohmann::json::array();
    const std::vector<std::string> specials = {"<|endoftext|>", "<|im_start|>", "<|im_end|>"};
    for (int i = 0; i < 22; ++i)
        added.push_back({{"id", kPieces + i},
            {"content", i < int(specials.size()) ? specials[size_t(i)] : "<|extra_" + std::to_string(i) + "|>"},
            {"single_word", false}, {"lstrip", false}, {"rstrip", false}, {"normalized", false}, {"special", true}});
    const char *pattern = "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| "
                          "?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";
    const nlohmann::json root = {{"version", "1.0"}, {"added_tokens", added}, {"normalizer", {{"type", "NFC"}}},
        {"pre_tokenizer",
            {{"type", "Sequence"},
                {"pretokenizers",
                    {{{"type", "Split"}, {"pattern", {{"Regex", pattern}}}, {"behavior", "Isolated"},
                         {"invert", false}},
                        {{"type", "ByteLevel"}, {"add_prefix_space", false}, {"use_regex", false}}}}}},
        {"post_processor", {{"type", "ByteLevel"}}}, {"decoder", {{"type", "ByteLevel"}}},
        {"model", {{"type", "BPE"}, {"vocab", vocab}, {"merges", merges}}}};
    return root.dump();
}

void writeQwenShapedTokenizer(const std::string &dir)
{
    writeBytes(dir + "/tokenizer.json", qwenShapedTokenizerJson());
}

} // namespace attnlab::test
