// Writes the Qwen2.5-0.5B-shaped BF16 checkpoint of attnlab_write_qwen (DIR/model.safetensors,
// config.json, tokenizer.json) as a GGUF file llama.cpp loads, the way its converter
// (convert_hf_to_gguf.py, Qwen2Model) writes one: architecture qwen2 and its keys, llama.cpp's
// tensor names with the matrices in BF16 byte for byte and the 1-D tensors (norms, biases) in
// float32, no "output" tensor (the head is tied), and the tokenizer as gpt2/qwen2 metadata padded
// to the embedding's 151,936 rows with "[PADn]" pieces. scripts/bench-llamacpp quantizes it with
// llama.cpp's own code and times attnlab against llama.cpp on the same files.
#include "ggufwriter.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

namespace {

using attnlab::test::GgufWriter;
using Json = nlohmann::json;

Json readJson(const std::string &path)
{
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return Json::parse(text.str());
}

// convert_hf_to_gguf.py's get_vocab_base: pieces by id, special added tokens as CONTROL (3), the
// rows no piece fills as UNUSED (5) "[PADn]".
void addTokenizer(GgufWriter &w, const Json &tokenizer, int vocab)
{
    std::vector<std::string> tokens(static_cast<size_t>(vocab));
    std::vector<std::int32_t> types(static_cast<size_t>(vocab), 5);
    for (const auto &[piece, id] : tokenizer["model"]["vocab"].items()) {
        tokens[id.get<size_t>()] = piece;
        types[id.get<size_t>()] = 1;
    }
    for (const Json &added : tokenizer["added_tokens"]) {
        tokens[added["id"].get<size_t>()] = added["content"].get<std::string>();
        types[added["id"].get<size_t>()] = added["special"].get<bool>() ? 3 : 4;
    }
    for (size_t id = 0; id < tokens.size(); ++id)
        if (types[id] == 5)
            tokens[id] = "[PAD" + std::to_string(id) + "]";
    w.addString("tokenizer.ggml.model", "gpt2");
    w.addString("tokenizer.ggml.pre", "qwen2");
    w.addStringArray("tokenizer.ggml.tokens", tokens);
    w.addInt32Array("tokenizer.ggml.token_type", types);
    w.addStringArray("tokenizer.ggml.merges", tokenizer["model"]["merges"].get<std::vector<std::string>>());
    w.addUInt32("tokenizer.ggml.eos_token_id", 151645);
    w.addUInt32("tokenizer.ggml.padding_token_id", 151643);
    w.addUInt32("tokenizer.ggml.bos_token_id", 151643);
    w.addBool("tokenizer.ggml.add_bos_token", false);
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        std::fprintf(stderr, "usage: %s DIR [OUT.gguf]\n", argv[0]);
        return 2;
    }
    const std::string dir = argv[1], out = argc == 3 ? argv[2] : dir + "/model.gguf";
    const Json config = readJson(dir + "/config.json");
    std::ifstream in(dir + "/model.safetensors", std::ios::binary);
    std::uint64_t headerSize = 0;
    in.read(reinterpret_cast<char *>(&headerSize), 8);
    std::string headerText(headerSize, '\0');
    in.read(headerText.data(), std::streamsize(headerSize));
    const Json header = Json::parse(headerText);
    if (!in || config["torch_dtype"] != "bfloat16") {
        std::fprintf(stderr, "%s: no BF16 checkpoint in %s (write one with attnlab_write_qwen)\n", argv[0], argv[1]);
        return 2;
    }

    GgufWriter w;
    const std::string arch = "qwen2";
    w.addString("general.architecture", arch);
    w.addString("general.name", "Qwen2.5-0.5B-shaped benchmark model");
    w.addUInt32(arch + ".block_count", config["num_hidden_layers"].get<std::uint32_t>());
    w.addUInt32(arch + ".context_length", config["max_position_embeddings"].get<std::uint32_t>());
    w.addUInt32(arch + ".embedding_length", config["hidden_size"].get<std::uint32_t>());
    w.addUInt32(arch + ".feed_forward_length", config["intermediate_size"].get<std::uint32_t>());
    w.addUInt32(arch + ".attention.head_count", config["num_attention_heads"].get<std::uint32_t>());
    w.addUInt32(arch + ".attention.head_count_kv", config["num_key_value_heads"].get<std::uint32_t>());
    w.addFloat32(arch + ".rope.freq_base", config["rope_theta"].get<float>());
    w.addFloat32(arch + ".attention.layer_norm_rms_epsilon", config["rms_norm_eps"].get<float>());
    w.addUInt32("general.file_type", 32); // LLAMA_FTYPE_MOSTLY_BF16
    addTokenizer(w, readJson(dir + "/tokenizer.json"), config["vocab_size"].get<int>());

    // The header names each tensor at its aligned offset; the data is streamed after it.
    struct Entry {
        std::string name;
        std::uint64_t begin, end, offset;
        bool vector;
    };
    std::vector<Entry> entries;
    std::uint64_t offset = 0;
    for (const auto &[name, info] : header.items()) {
        if (name == "__metadata__")
            continue;
        const auto shape = info["shape"].get<std::vector<std::uint64_t>>();
        const std::uint64_t begin = info["data_offsets"][0], end = info["data_offsets"][1];
        const bool vector = shape.size() == 1;
        offset = (offset + 31) / 32 * 32;
        entries.push_back({attnlab::test::ggufTensorName(name), begin, end, offset, vector});
        w.addTensor(entries.back().name, std::vector<std::uint64_t>(shape.rbegin(), shape.rend()), vector ? 0 : 30, "",
            std::int64_t(offset));
        offset += vector ? (end - begin) * 2 : end - begin;
    }
    std::ofstream file(out, std::ios::binary);
    const std::string head = w.bytes();
    file.write(head.data(), std::streamsize(head.size()));
    std::uint64_t written = 0;
    std::string bytes;
    for (const Entry &e : entries) {
        const std::string pad(e.offset - written, '\0');
        file.write(pad.data(), std::streamsize(pad.size()));
        bytes.resize(e.end - e.begin);
        in.seekg(std::streamoff(8 + headerSize + e.begin));
        in.read(bytes.data(), std::streamsize(bytes.size()));
        if (e.vector) { // BF16 → float32 is exact: the upper half of the float's bits
            std::string wide(bytes.size() * 2, '\0');
            for (size_t i = 0; i < bytes.size() / 2; ++i)
                std::memcpy(&wide[4 * i + 2], &bytes[2 * i], 2);
            bytes = std::move(wide);
        }
        file.write(bytes.data(), std::streamsize(bytes.size()));
        written = e.offset + bytes.size();
    }
    if (!in || !file) {
        std::fprintf(stderr, "%s: could not write %s\n", argv[0], out.c_str());
        return 2;
    }
    std::printf("%s\n", out.c_str());
    return 0;
}
