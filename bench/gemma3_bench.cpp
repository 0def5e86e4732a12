// Issue 31's Gemma 3 figures on a checkpoint at Gemma-3-1B's shapes (gemma3_text, BF16, about
// 2.0 GB): google/gemma-3-1b-it's config.json (26 layers, 4 query heads and 1 key/value head of
// 256, d 1152, inner 6912, 262,144 tokens, tied embeddings, sliding window 512 on five of every six
// layers, rope_local_base_freq 10000 and rope_theta 1e6, query_pre_attn_scalar 256, no caps) and
// the tensors as transformers saves Gemma3ForCausalLM, uniform random from a fixed seed and
// streamed to the file (the writer lives here: tests/testutil is at its 25 files):
// - open: the checkpoint mapped, every shape checked, BF16 kept;
// - a 12-token prompt plus 16 greedy new tokens through the KV-cache Decoder;
// - one decoding step after 12 cached tokens, beside the memory floor (every weight read once per
//   step: checkpoint bytes ÷ read bandwidth, measured in the same run).
// The checkpoint is written to a temporary folder and removed at exit, unless ATTNLAB_GEMMA3_DIR
// names a folder that already holds one. No tokenizer: the ids are made up. Not run by ctest; see
// docs/performance.md.
#include "core/model/decoder.h"
#include "core/model/modelloader.h"
#include "core/model/sampling.h"

#include "memoryfloor.h"
#include "modelfixtures.h"

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <vector>

using namespace attnlab::core::model;

namespace {

constexpr std::int64_t kLayers = 26, kHeads = 4, kKvHeads = 1, kHeadDim = 256, kD = 1152, kInner = 6912;
constexpr std::int64_t kVocab = 262144, kPositions = 32768, kWindow = 512;

std::string g_dir;
double g_fileBytes = 0;

attnlab::test::FixtureTensor spec(const std::string &name, std::vector<std::int64_t> shape)
{
    attnlab::test::FixtureTensor t;
    t.name = name;
    t.shape = std::move(shape);
    t.dtype = "BF16";
    return t;
}

// Writes DIR/config.json and DIR/model.safetensors; returns the latter's size in bytes.
double writeGemma3OneBillion(const std::string &dir)
{
    using attnlab::test::FixtureTensor;
    std::vector<FixtureTensor> tensors = {spec("model.embed_tokens.weight", {kVocab, kD})};
    for (int l = 0; l < kLayers; ++l) {
        const std::string p = "model.layers." + std::to_string(l) + ".";
        tensors.push_back(spec(p + "input_layernorm.weight", {kD}));
        tensors.push_back(spec(p + "self_attn.q_proj.weight", {kHeads * kHeadDim, kD}));
        tensors.push_back(spec(p + "self_attn.k_proj.weight", {kKvHeads * kHeadDim, kD}));
        tensors.push_back(spec(p + "self_attn.v_proj.weight", {kKvHeads * kHeadDim, kD}));
        tensors.push_back(spec(p + "self_attn.o_proj.weight", {kD, kHeads * kHeadDim}));
        tensors.push_back(spec(p + "self_attn.q_norm.weight", {kHeadDim}));
        tensors.push_back(spec(p + "self_attn.k_norm.weight", {kHeadDim}));
        tensors.push_back(spec(p + "post_attention_layernorm.weight", {kD}));
        tensors.push_back(spec(p + "pre_feedforward_layernorm.weight", {kD}));
        tensors.push_back(spec(p + "post_feedforward_layernorm.weight", {kD}));
        tensors.push_back(spec(p + "mlp.gate_proj.weight", {kInner, kD}));
        tensors.push_back(spec(p + "mlp.up_proj.weight", {kInner, kD}));
        tensors.push_back(spec(p + "mlp.down_proj.weight", {kD, kInner}));
    }
    tensors.push_back(spec("model.norm.weight", {kD}));

    std::string header = attnlab::test::safetensorsHeader(tensors, {{"format", "pt"}});
    while (header.size() % 8 != 0)
        header += ' ';
    std::ofstream out(dir + "/model.safetensors", std::ios::binary);
    const std::string prefix = attnlab::test::safetensorsBytes(header, "");
    out.write(prefix.data(), std::streamsize(prefix.size()));
    std::mt19937 rng(2026);
    std::uniform_real_distribution<float> uniform(-0.05f, 0.05f);
    FixtureTensor chunk;
    chunk.dtype = "BF16";
    for (const FixtureTensor &t : tensors) {
        std::uint64_t left = attnlab::test::tensorBytes(t) / 2;
        while (left > 0) {
            chunk.values.resize(size_t(std::min<std::uint64_t>(left, 1 << 20)));
            // Gemma's norm weights are centred on 0 (the model multiplies by 1 + w), so all are small.
            for (float &v : chunk.values)
                v = uniform(rng);
            const std::string bytes = attnlab::test::encodeTensor(chunk);
            out.write(bytes.data(), std::streamsize(bytes.size()));
            left -= chunk.values.size();
        }
    }
    out.close();
    const nlohmann::json config = {{"architectures", {"Gemma3ForCausalLM"}}, {"model_type", "gemma3_text"},
        {"attention_bias", false}, {"attn_logit_softcapping", nullptr}, {"bos_token_id", 2}, {"eos_token_id", 1},
        {"final_logit_softcapping", nullptr}, {"head_dim", kHeadDim}, {"hidden_activation", "gelu_pytorch_tanh"},
        {"hidden_size", kD}, {"intermediate_size", kInner}, {"max_position_embeddings", kPositions},
        {"num_attention_heads", kHeads}, {"num_hidden_layers", kLayers}, {"num_key_value_heads", kKvHeads},
        {"query_pre_attn_scalar", 256}, {"rms_norm_eps", 1e-6}, {"rope_local_base_freq", 10000.0},
        {"rope_scaling", nullptr}, {"rope_theta", 1000000.0}, {"sliding_window", kWindow},
        {"sliding_window_pattern", 6}, {"tie_word_embeddings", true}, {"torch_dtype", "bfloat16"},
        {"vocab_size", kVocab}};
    attnlab::test::writeBytes(dir + "/config.json", config.dump(2));
    return double(std::ifstream(dir + "/model.safetensors", std::ios::binary | std::ios::ate).tellg());
}

std::vector<int> promptIds(int n)
{
    std::vector<int> ids(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i)
        ids[size_t(i)] = int((i * 7919L + 13) % kVocab);
    return ids;
}

std::shared_ptr<const ModelWeights> openWeights(benchmark::State &state)
{
    LoadModelResult r = loadModel(g_dir);
    if (!r.ok()) {
        state.SkipWithError(r.error.c_str());
        return nullptr;
    }
    return std::make_shared<const ModelWeights>(std::move(*r.weights));
}

void openCheckpoint(benchmark::State &state)
{
    for (auto _ : state) {
        std::shared_ptr<const ModelWeights> weights = openWeights(state);
        benchmark::DoNotOptimize(weights);
    }
}

void generatePrompt12New16(benchmark::State &state)
{
    std::shared_ptr<const ModelWeights> weights = openWeights(state);
    if (!weights)
        return;
    Decoder decoder(weights);
    for (auto _ : state) {
        decoder.clear();
        decoder.append(promptIds(12));
        for (int i = 0; i + 1 < 16; ++i)
            decoder.append({greedyToken(decoder.logits())});
        benchmark::DoNotOptimize(decoder.logits().data());
    }
}

// One step after 12 cached tokens (growing by one per iteration), against the memory floor.
void decodeOneToken(benchmark::State &state)
{
    std::shared_ptr<const ModelWeights> weights = openWeights(state);
    if (!weights)
        return;
    Decoder decoder(weights);
    decoder.append(promptIds(12));
    attnlab::bench::timeAgainstFloor(state, g_fileBytes, [&] { decoder.append({42}); });
    state.counters["file_MiB"] = g_fileBytes / (1 << 20);
}

} // namespace

BENCHMARK(openCheckpoint)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);
BENCHMARK(generatePrompt12New16)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);
BENCHMARK(decodeOneToken)->Unit(benchmark::kMillisecond)->Iterations(16);

int main(int argc, char **argv)
{
    const char *given = std::getenv("ATTNLAB_GEMMA3_DIR");
    const bool temporary = !given || !*given;
    g_dir = temporary ? attnlab::test::makeTempDir("gemma3-bench") : std::string(given);
    if (temporary || !std::ifstream(g_dir + "/model.safetensors"))
        writeGemma3OneBillion(g_dir);
    g_fileBytes = double(std::ifstream(g_dir + "/model.safetensors", std::ios::binary | std::ios::ate).tellg());
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    if (temporary)
        attnlab::test::removeTree(g_dir);
    return 0;
}
