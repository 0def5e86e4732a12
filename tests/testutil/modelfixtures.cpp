// Helpers only: no TEST here (this file is globbed into the core test executable).
#include "modelfixtures.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <mutex>
#include <random>
#include <stdexcept>

#include <unistd.h>

namespace attnlab::test {

namespace {

std::uint32_t bitsOf(float f)
{
    std::uint32_t b;
    std::memcpy(&b, &f, 4);
    return b;
}

float halfBitsToFloat(std::uint16_t h)
{
    // Written from the definition (sign · 2^(e−15) · 1.m, subnormals 2^−14 · 0.m) rather than
    // with bit tricks, to stay independent of the reader.
    const int e = (h >> 10) & 0x1f, m = h & 0x3ff;
    const double sign = (h & 0x8000) ? -1.0 : 1.0;
    if (e == 31)
        return m ? std::numeric_limits<float>::quiet_NaN() : float(sign * INFINITY);
    if (e == 0)
        return float(sign * std::ldexp(double(m), -24));
    return float(sign * std::ldexp(1.0 + m / 1024.0, e - 15));
}

std::string jsonString(const std::string &s)
{
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + "\"";
}

std::string shapeJson(const std::vector<std::int64_t> &shape)
{
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); ++i)
        s += (i ? "," : "") + std::to_string(shape[i]);
    return s + "]";
}

std::string littleEndian64(std::uint64_t v)
{
    std::string out(8, '\0');
    for (int i = 0; i < 8; ++i)
        out[size_t(i)] = char((v >> (8 * i)) & 0xff);
    return out;
}

std::size_t count(const std::vector<std::int64_t> &shape)
{
    std::size_t n = 1;
    for (std::int64_t d : shape)
        n *= std::size_t(d);
    return n;
}

} // namespace

std::uint16_t floatToHalf(float value)
{
    const std::uint16_t sign = std::uint16_t((bitsOf(value) >> 16) & 0x8000);
    if (std::isnan(value))
        return sign | 0x7e00;
    const double a = std::fabs(double(value));
    // 65520 is halfway between the largest half (65504) and 2^16: it and above round to ∞.
    if (a >= 65520.0)
        return sign | 0x7c00;
    if (a < std::ldexp(1.0, -14)) {
        // Subnormal: a multiple of 2^−24; nearbyint rounds half to even. 1024 is the smallest
        // normal, whose bit pattern is the same formula.
        return std::uint16_t(sign | std::uint16_t(std::nearbyint(a * std::ldexp(1.0, 24))));
    }
    int exponent;
    const double fraction = std::frexp(a, &exponent); // a = fraction · 2^exponent, fraction in [0.5, 1)
    int e = exponent - 1;
    double m = std::nearbyint((fraction * 2.0 - 1.0) * 1024.0);
    if (m == 1024.0) {
        m = 0;
        ++e;
    }
    if (e + 15 >= 31)
        return sign | 0x7c00;
    return std::uint16_t(sign | std::uint16_t((e + 15) << 10) | std::uint16_t(m));
}

std::uint16_t floatToBfloat16(float value)
{
    const std::uint32_t b = bitsOf(value);
    if (std::isnan(value))
        return std::uint16_t((b >> 16) | 0x40);
    const std::uint32_t roundingBias = 0x7fff + ((b >> 16) & 1);
    return std::uint16_t((b + roundingBias) >> 16);
}

float roundToDType(float value, const std::string &dtype)
{
    if (dtype == "F16")
        return halfBitsToFloat(floatToHalf(value));
    if (dtype == "BF16") {
        const std::uint32_t b = std::uint32_t(floatToBfloat16(value)) << 16;
        float f;
        std::memcpy(&f, &b, 4);
        return f;
    }
    return value;
}

std::string encodeTensor(const FixtureTensor &t)
{
    std::string out;
    if (t.dtype == "F32") {
        for (float v : t.values) {
            const std::uint32_t b = bitsOf(v);
            for (int i = 0; i < 4; ++i)
                out += char((b >> (8 * i)) & 0xff);
        }
    } else if (t.dtype == "F16" || t.dtype == "BF16") {
        for (float v : t.values) {
            const std::uint16_t b = t.dtype == "F16" ? floatToHalf(v) : floatToBfloat16(v);
            out += char(b & 0xff);
            out += char(b >> 8);
        }
    } else {
        out = t.rawBytes;
    }
    return out;
}

std::uint64_t tensorBytes(const FixtureTensor &t)
{
    if (t.dtype == "F32")
        return 4 * count(t.shape);
    if (t.dtype == "F16" || t.dtype == "BF16")
        return 2 * count(t.shape);
    return t.rawBytes.size();
}

std::string safetensorsHeader(
    const std::vector<FixtureTensor> &tensors, const std::map<std::string, std::string> &metadata)
{
    std::string header = "{";
    bool first = true;
    if (!metadata.empty()) {
        header += "\"__metadata__\":{";
        for (const auto &[k, v] : metadata)
            header += (first ? "" : ",") + jsonString(k) + ":" + jsonString(v), first = false;
        header += "}";
    }
    std::uint64_t offset = 0;
    for (const FixtureTensor &t : tensors) {
        const std::uint64_t bytes = tensorBytes(t);
        header += std::string(header.size() > 1 ? "," : "") + jsonString(t.name) + ":{\"dtype\":" + jsonString(t.dtype)
            + ",\"shape\":" + shapeJson(t.shape) + ",\"data_offsets\":[" + std::to_string(offset) + ","
            + std::to_string(offset + bytes) + "]}";
        offset += bytes;
    }
    return header + "}";
}

std::string safetensorsBytes(
    const std::vector<FixtureTensor> &tensors, const std::map<std::string, std::string> &metadata, int headerAlignment)
{
    std::string header = safetensorsHeader(tensors, metadata);
    while (header.size() % std::size_t(headerAlignment) != 0)
        header += ' ';
    std::string data;
    for (const FixtureTensor &t : tensors)
        data += encodeTensor(t);
    return safetensorsBytes(header, data);
}

std::string safetensorsBytes(const std::string &header, const std::string &data)
{
    return littleEndian64(header.size()) + header + data;
}

void writeBytes(const std::string &path, const std::string &bytes)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), std::streamsize(bytes.size()));
    if (!out)
        throw std::runtime_error("cannot write " + path);
}

std::string shardName(int k, int n)
{
    char name[64];
    std::snprintf(name, sizeof name, "model-%05d-of-%05d.safetensors", k, n);
    return name;
}

void writeShardedSafetensors(const std::string &dir, const std::vector<FixtureTensor> &tensors, int shards)
{
    std::vector<std::vector<FixtureTensor>> parts(static_cast<size_t>(shards));
    std::uint64_t total = 0;
    std::string map;
    for (size_t i = 0; i < tensors.size(); ++i) {
        const int k = int(i % size_t(shards));
        parts[size_t(k)].push_back(tensors[i]);
        total += tensorBytes(tensors[i]);
        map += std::string(map.empty() ? "" : ",\n") + "    " + jsonString(tensors[i].name) + ": "
            + jsonString(shardName(k + 1, shards));
    }
    for (int k = 0; k < shards; ++k)
        writeBytes(dir + "/" + shardName(k + 1, shards), safetensorsBytes(parts[size_t(k)], {{"format", "pt"}}));
    writeBytes(dir + "/model.safetensors.index.json",
        "{\n  \"metadata\": {\"total_size\": " + std::to_string(total) + "},\n  \"weight_map\": {\n" + map
            + "\n  }\n}\n");
}

std::string readBytes(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

namespace {

// The folders makeTempDir made in this process, removed when it exits: a test that stops at a
// failed ASSERT never reaches its own removeTree, and a fixture without a TearDown left one folder
// per run behind (86 quantwindow folders in /tmp after a day's runs). Only the process that made
// them removes them.
class TempDirs {
public:
    void add(const std::string &dir)
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_dirs.push_back(dir);
    }
    ~TempDirs()
    {
        if (getpid() != m_owner)
            return;
        for (const std::string &dir : m_dirs)
            removeTree(dir);
    }

private:
    std::mutex m_mutex;
    std::vector<std::string> m_dirs;
    const pid_t m_owner = getpid();
};

TempDirs &tempDirs()
{
    static TempDirs dirs;
    return dirs;
}

} // namespace

std::string makeTempDir(const std::string &tag)
{
    TempDirs &dirs = tempDirs(); // constructed before its first folder, so destroyed after its last use
    const char *tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/attnlab-" + tag + "-XXXXXX";
    if (!mkdtemp(pattern.data()))
        throw std::runtime_error("cannot create a temporary folder " + pattern);
    dirs.add(pattern);
    return pattern;
}

void removeTree(const std::string &dir)
{
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
}

const std::vector<float> &TinyModel::values(const std::string &canonicalName) const
{
    const auto it = tensors.find(canonicalName);
    if (it == tensors.end())
        throw std::out_of_range("no tensor " + canonicalName + " in the tiny model");
    return it->second.values;
}

namespace {

struct Spec {
    std::string name; // canonical
    std::vector<std::int64_t> shape;
    bool norm = false; // a LayerNorm parameter (gamma/beta renaming; weights near 1)
    bool unprefixed = false; // lm_head.*, cls.*: outside the transformer./bert. module
};

void addLinear(
    std::vector<Spec> &specs, const std::string &name, std::int64_t rows, std::int64_t cols, std::int64_t biasLength)
{
    specs.push_back({name + ".weight", {rows, cols}});
    specs.push_back({name + ".bias", {biasLength}});
}

void addNorm(std::vector<Spec> &specs, const std::string &name, std::int64_t d, bool unprefixed = false)
{
    specs.push_back({name + ".weight", {d}, true, unprefixed});
    specs.push_back({name + ".bias", {d}, true, unprefixed});
}

std::string configText(std::map<std::string, std::string> keys, const std::map<std::string, std::string> &edits)
{
    for (const auto &[k, v] : edits) {
        if (v.empty())
            keys.erase(k);
        else
            keys[k] = v;
    }
    std::string out = "{\n";
    for (const auto &[k, v] : keys)
        out += std::string(out.size() > 2 ? ",\n" : "") + "  " + jsonString(k) + ": " + v;
    return out + "\n}\n";
}

TinyModel writeTiny(const std::string &dir, const TinyModelOptions &o, const std::vector<Spec> &specs,
    const std::string &prefix, const std::string &config, const std::vector<FixtureTensor> &extra)
{
    TinyModel model;
    model.dir = dir;
    std::mt19937 rng(o.seed);
    std::normal_distribution<float> normal(0.f, 0.5f);
    std::vector<FixtureTensor> tensors;
    for (const Spec &s : specs) {
        FixtureTensor t;
        t.shape = s.shape;
        t.dtype = o.dtype;
        t.values.resize(count(s.shape));
        const bool normWeight = s.norm && s.name.size() > 7 && s.name.compare(s.name.size() - 7, 7, ".weight") == 0;
        for (float &v : t.values)
            v = roundToDType(normWeight ? 1.f + 0.2f * normal(rng) : normal(rng), o.dtype);
        // GPT-2's lm_head is a tied copy of wte.
        if (s.name == "lm_head.weight" && model.tensors.count("wte.weight"))
            t.values = model.tensors.at("wte.weight").values;
        t.name = s.name;
        model.tensors[s.name] = t;

        std::string fileName = s.name;
        if (s.norm && o.gammaBeta) {
            const size_t dot = fileName.rfind('.');
            fileName = fileName.substr(0, dot + 1) + (fileName.substr(dot + 1) == "weight" ? "gamma" : "beta");
        }
        t.name = (s.unprefixed ? "" : prefix) + fileName;
        tensors.push_back(std::move(t));
    }
    tensors.insert(tensors.end(), extra.begin(), extra.end());
    if (o.editTensors)
        o.editTensors(tensors);
    writeBytes(dir + "/config.json", config);
    if (o.shards > 0)
        writeShardedSafetensors(dir, tensors, o.shards);
    else
        writeBytes(dir + "/model.safetensors", safetensorsBytes(tensors, {{"format", "pt"}}));
    if (o.addFiles)
        o.addFiles(dir);
    return model;
}

} // namespace

TinyModel writeTinyGpt2(const std::string &dir, const TinyModelOptions &o)
{
    const std::int64_t d = o.dModel, inner = o.dInner;
    std::vector<Spec> specs;
    specs.push_back({"wte.weight", {o.vocab, d}});
    specs.push_back({"wpe.weight", {o.positions, d}});
    for (int l = 0; l < o.layers; ++l) {
        const std::string h = "h." + std::to_string(l) + ".";
        addNorm(specs, h + "ln_1", d);
        addLinear(specs, h + "attn.c_attn", d, 3 * d, 3 * d);
        addLinear(specs, h + "attn.c_proj", d, d, d);
        addNorm(specs, h + "ln_2", d);
        addLinear(specs, h + "mlp.c_fc", d, inner, inner);
        addLinear(specs, h + "mlp.c_proj", inner, d, d);
    }
    addNorm(specs, "ln_f", d);
    if (o.lmHead)
        specs.push_back({"lm_head.weight", {o.vocab, d}, false, true});

    const std::map<std::string, std::string> keys = {
        {"model_type", "\"gpt2\""},
        {"architectures", "[\"GPT2LMHeadModel\"]"},
        {"n_layer", std::to_string(o.layers)},
        {"n_head", std::to_string(o.heads)},
        {"n_embd", std::to_string(o.dModel)},
        {"n_inner", std::to_string(o.dInner)},
        {"n_positions", std::to_string(o.positions)},
        {"vocab_size", std::to_string(o.vocab)},
        {"layer_norm_epsilon", "1e-05"},
        {"activation_function", "\"gelu_new\""},
    };
    return writeTiny(dir, o, specs, o.prefixed ? "transformer." : "", configText(keys, o.configEdits), {});
}

TinyModel writeTinyBert(const std::string &dir, const TinyModelOptions &o)
{
    const std::int64_t d = o.dModel, inner = o.dInner;
    std::vector<Spec> specs;
    specs.push_back({"embeddings.word_embeddings.weight", {o.vocab, d}});
    specs.push_back({"embeddings.position_embeddings.weight", {o.positions, d}});
    specs.push_back({"embeddings.token_type_embeddings.weight", {o.typeVocab, d}});
    addNorm(specs, "embeddings.LayerNorm", d);
    for (int l = 0; l < o.layers; ++l) {
        const std::string e = "encoder.layer." + std::to_string(l) + ".";
        addLinear(specs, e + "attention.self.query", d, d, d);
        addLinear(specs, e + "attention.self.key", d, d, d);
        addLinear(specs, e + "attention.self.value", d, d, d);
        addLinear(specs, e + "attention.output.dense", d, d, d);
        addNorm(specs, e + "attention.output.LayerNorm", d);
        addLinear(specs, e + "intermediate.dense", inner, d, inner);
        addLinear(specs, e + "output.dense", d, inner, d);
        addNorm(specs, e + "output.LayerNorm", d);
    }
    if (o.mlmHead) {
        specs.push_back({"cls.predictions.transform.dense.weight", {d, d}, false, true});
        specs.push_back({"cls.predictions.transform.dense.bias", {d}, false, true});
        addNorm(specs, "cls.predictions.transform.LayerNorm", d, true);
        specs.push_back({"cls.predictions.bias", {o.vocab}, false, true});
    }

    // Real BERT checkpoints carry an int64 buffer the reader must skip.
    FixtureTensor positionIds;
    positionIds.name = std::string(o.prefixed ? "bert." : "") + "embeddings.position_ids";
    positionIds.dtype = "I64";
    positionIds.shape = {1, o.positions};
    for (int i = 0; i < o.positions; ++i) {
        std::string le(8, '\0');
        le[0] = char(i & 0xff);
        le[1] = char((i >> 8) & 0xff);
        positionIds.rawBytes += le;
    }

    const std::map<std::string, std::string> keys = {
        {"model_type", "\"bert\""},
        {"architectures", "[\"BertForMaskedLM\"]"},
        {"num_hidden_layers", std::to_string(o.layers)},
        {"num_attention_heads", std::to_string(o.heads)},
        {"hidden_size", std::to_string(o.dModel)},
        {"intermediate_size", std::to_string(o.dInner)},
        {"max_position_embeddings", std::to_string(o.positions)},
        {"vocab_size", std::to_string(o.vocab)},
        {"type_vocab_size", std::to_string(o.typeVocab)},
        {"layer_norm_eps", "1e-12"},
        {"hidden_act", "\"gelu\""},
    };
    return writeTiny(dir, o, specs, o.prefixed ? "bert." : "", configText(keys, o.configEdits), {positionIds});
}

namespace {

// The tensors and config.json keys Qwen2, Qwen3 and Llama share; `type` (their model_type) picks
// the biases, Qwen3's q_norm and k_norm, and the defaults.
TinyModel writeTinyRotary(const std::string &dir, const TinyModelOptions &o, const std::string &type)
{
    const std::int64_t d = o.dModel, inner = o.dInner, heads = o.heads, kv = o.kvHeads > 0 ? o.kvHeads : o.heads;
    const std::int64_t dh = o.headDim > 0 ? o.headDim : d / heads;
    const bool qwen = type == "qwen2", moe = type == "qwen3_moe", qwen3 = type == "qwen3" || moe;
    const bool qkvBias = qwen || o.attentionBias, outBias = !qwen && o.attentionBias;
    const bool mlpBias = type == "llama" && o.mlpBias;
    std::vector<Spec> specs;
    specs.push_back({"embed_tokens.weight", {o.vocab, d}});
    auto linear = [&](const std::string &name, std::int64_t rows, std::int64_t cols, bool bias) {
        specs.push_back({name + ".weight", {rows, cols}});
        if (bias)
            specs.push_back({name + ".bias", {rows}});
    };
    for (int l = 0; l < o.layers; ++l) {
        const std::string p = "layers." + std::to_string(l) + ".";
        specs.push_back({p + "input_layernorm.weight", {d}, true});
        linear(p + "self_attn.q_proj", heads * dh, d, qkvBias);
        linear(p + "self_attn.k_proj", kv * dh, d, qkvBias);
        linear(p + "self_attn.v_proj", kv * dh, d, qkvBias);
        if (qwen3) {
            specs.push_back({p + "self_attn.q_norm.weight", {dh}, true});
            specs.push_back({p + "self_attn.k_norm.weight", {dh}, true});
        }
        linear(p + "self_attn.o_proj", d, heads * dh, outBias);
        specs.push_back({p + "post_attention_layernorm.weight", {d}, true});
        const bool dense = std::find(o.mlpOnlyLayers.begin(), o.mlpOnlyLayers.end(), l) != o.mlpOnlyLayers.end();
        if (moe && !dense && (l + 1) % o.sparseStep == 0) {
            specs.push_back({p + "mlp.gate.weight", {o.experts, d}});
            for (int e = 0; e < o.experts; ++e) {
                const std::string x = p + "mlp.experts." + std::to_string(e) + ".";
                specs.push_back({x + "gate_proj.weight", {o.expertInner, d}});
                specs.push_back({x + "up_proj.weight", {o.expertInner, d}});
                specs.push_back({x + "down_proj.weight", {d, o.expertInner}});
            }
            continue;
        }
        linear(p + "mlp.gate_proj", inner, d, mlpBias);
        linear(p + "mlp.up_proj", inner, d, mlpBias);
        linear(p + "mlp.down_proj", d, inner, mlpBias);
    }
    specs.push_back({"norm.weight", {d}, true});
    if (!o.tied)
        specs.push_back({"lm_head.weight", {o.vocab, d}, false, true});

    std::map<std::string, std::string> keys = {
        {"model_type", "\"" + type + "\""},
        {"architectures",
            qwen        ? "[\"Qwen2ForCausalLM\"]"
                : moe   ? "[\"Qwen3MoeForCausalLM\"]"
                : qwen3 ? "[\"Qwen3ForCausalLM\"]"
                        : "[\"LlamaForCausalLM\"]"},
        {"num_hidden_layers", std::to_string(o.layers)},
        {"num_attention_heads", std::to_string(o.heads)},
        {"num_key_value_heads", std::to_string(kv)},
        {"hidden_size", std::to_string(o.dModel)},
        {"intermediate_size", std::to_string(o.dInner)},
        {"max_position_embeddings", std::to_string(o.positions)},
        {"vocab_size", std::to_string(o.vocab)},
        {"rms_norm_eps", "1e-06"},
        {"hidden_act", "\"silu\""},
        {"rope_theta", type == "llama" ? "500000.0" : "1000000.0"},
        {"tie_word_embeddings", o.tied ? "true" : "false"},
    };
    // Qwen3Config's head_dim defaults to 128, not d / heads: its configs always give it.
    if (o.headDim > 0 || qwen3)
        keys["head_dim"] = std::to_string(dh);
    if (qwen) {
        keys["use_sliding_window"] = "false";
    } else if (qwen3) {
        keys["use_sliding_window"] = "false";
        keys["attention_bias"] = o.attentionBias ? "true" : "false";
        if (moe) {
            keys["num_experts"] = std::to_string(o.experts);
            keys["num_experts_per_tok"] = std::to_string(o.expertsPerToken);
            keys["moe_intermediate_size"] = std::to_string(o.expertInner);
            keys["decoder_sparse_step"] = std::to_string(o.sparseStep);
            keys["norm_topk_prob"] = o.normTopk ? "true" : "false";
            std::string list = "[";
            for (const int l : o.mlpOnlyLayers)
                list += (list.size() > 1 ? ", " : "") + std::to_string(l);
            keys["mlp_only_layers"] = list + "]";
        }
    } else {
        keys["attention_bias"] = o.attentionBias ? "true" : "false";
        keys["mlp_bias"] = o.mlpBias ? "true" : "false";
    }
    return writeTiny(dir, o, specs, "model.", configText(keys, o.configEdits), {});
}

} // namespace

TinyModel writeTinyQwen2(const std::string &dir, const TinyModelOptions &o)
{
    return writeTinyRotary(dir, o, "qwen2");
}

TinyModel writeTinyLlama(const std::string &dir, const TinyModelOptions &o)
{
    return writeTinyRotary(dir, o, "llama");
}

TinyModel writeTinyQwen3(const std::string &dir, const TinyModelOptions &o)
{
    return writeTinyRotary(dir, o, "qwen3");
}

TinyModel writeTinyQwen3Moe(const std::string &dir, const TinyModelOptions &o)
{
    return writeTinyRotary(dir, o, "qwen3_moe");
}

} // namespace attnlab::test
