// Issue 31's decoding figures on checkpoints at the real shapes of two 2025 models, random BF16
// weights streamed to the file from a fixed seed, the tensors named as transformers saves them:
// - Gemma-3-1B (attnlab_gemma3_bench; gemma3_text, about 2.0 GB): google/gemma-3-1b-it's config.json
//   (26 layers, 4 query heads and 1 key/value head of 256, d 1152, inner 6912, 262,144 tokens, tied
//   embeddings, sliding window 512 on five of every six layers, rope_local_base_freq 10000 and
//   rope_theta 1e6, query_pre_attn_scalar 256, no caps);
// - Qwen3-0.6B (attnlab_qwen3_bench; qwen3, about 1.2 GB): Qwen/Qwen3-0.6B's config.json (28 layers,
//   16 query heads and 8 key/value heads of 128, d 1024, inner 3072, 151,936 tokens, tied
//   embeddings, q_norm and k_norm, rope_theta 1e6).
// For each (ATTNLAB_BENCH_SHAPE picks the row at build time):
// - open: the checkpoint mapped, every shape checked, BF16 kept;
// - a 12-token prompt plus 16 greedy new tokens through the KV-cache Decoder;
// - one decoding step after 12 cached tokens, beside the memory floor (every weight read once per
//   step: checkpoint bytes ÷ read bandwidth, measured in the same run).
// The checkpoint is written to a temporary folder and removed at exit, unless ATTNLAB_SHAPED_DIR
// names a folder that already holds one of the shape. No tokenizer: the ids are made up. Not run
// by ctest; see docs/performance.md. (The writer lives here: tests/testutil is at its 25 files.)
#include "core/model/block/blockmath.h"
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

// One model's sizes and the config.json keys that differ between the two rows.
struct Shape {
    const char *modelType, *architecture;
    std::int64_t layers, heads, kvHeads, headDim, d, inner, vocab;
    bool sandwichNorms; // Gemma's four norms per layer; else Qwen's two
    nlohmann::json extra; // the family's own config keys
};

const Shape &shape()
{
#if ATTNLAB_BENCH_SHAPE == 2
    static const Shape s {"qwen3", "Qwen3ForCausalLM", 28, 16, 8, 128, 1024, 3072, 151936, false,
        {{"hidden_act", "silu"}, {"rope_theta", 1000000.0}, {"rms_norm_eps", 1e-6}, {"attention_bias", false},
            {"use_sliding_window", false}, {"max_position_embeddings", 40960}, {"eos_token_id", 151645}}};
#else
    static const Shape s {"gemma3_text", "Gemma3ForCausalLM", 26, 4, 1, 256, 1152, 6912, 262144, true,
        {{"attention_bias", false}, {"attn_logit_softcapping", nullptr}, {"bos_token_id", 2}, {"eos_token_id", 1},
            {"final_logit_softcapping", nullptr}, {"hidden_activation", "gelu_pytorch_tanh"},
            {"max_position_embeddings", 32768}, {"query_pre_attn_scalar", 256}, {"rms_norm_eps", 1e-6},
            {"rope_local_base_freq", 10000.0}, {"rope_scaling", nullptr}, {"rope_theta", 1000000.0},
            {"sliding_window", 512}, {"sliding_window_pattern", 6}}};
#endif
    return s;
}

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

// Writes DIR/config.json and DIR/model.safetensors.
void writeShapedCheckpoint(const std::string &dir)
{
    using attnlab::test::FixtureTensor;
    const Shape &m = shape();
    std::vector<FixtureTensor> tensors = {spec("model.embed_tokens.weight", {m.vocab, m.d})};
    for (int l = 0; l < m.layers; ++l) {
        const std::string p = "model.layers." + std::to_string(l) + ".";
        tensors.push_back(spec(p + "input_layernorm.weight", {m.d}));
        tensors.push_back(spec(p + "self_attn.q_proj.weight", {m.heads * m.headDim, m.d}));
        tensors.push_back(spec(p + "self_attn.k_proj.weight", {m.kvHeads * m.headDim, m.d}));
        tensors.push_back(spec(p + "self_attn.v_proj.weight", {m.kvHeads * m.headDim, m.d}));
        tensors.push_back(spec(p + "self_attn.o_proj.weight", {m.d, m.heads * m.headDim}));
        tensors.push_back(spec(p + "self_attn.q_norm.weight", {m.headDim}));
        tensors.push_back(spec(p + "self_attn.k_norm.weight", {m.headDim}));
        tensors.push_back(spec(p + "post_attention_layernorm.weight", {m.d}));
        if (m.sandwichNorms) {
            tensors.push_back(spec(p + "pre_feedforward_layernorm.weight", {m.d}));
            tensors.push_back(spec(p + "post_feedforward_layernorm.weight", {m.d}));
        }
        tensors.push_back(spec(p + "mlp.gate_proj.weight", {m.inner, m.d}));
        tensors.push_back(spec(p + "mlp.up_proj.weight", {m.inner, m.d}));
        tensors.push_back(spec(p + "mlp.down_proj.weight", {m.d, m.inner}));
    }
    tensors.push_back(spec("model.norm.weight", {m.d}));

    std::string header = attnlab::test::safetensorsHeader(tensors, {{"format", "pt"}});
    while (header.size() % 8 != 0)
        header += ' ';
    std::ofstream out(dir + "/model.safetensors", std::ios::binary);
    const std::string prefix = attnlab::test::safetensorsBytes(header, "");
    out.write(prefix.data(), std::streamsize(prefix.size()));
    std::mt19937 rng(2026);
    // Small for every tensor: Gemma's norm weights are centred on 0 (the model multiplies by 1 + w),
    // and Qwen's (× w) stay near 0 too, which keeps the random activations finite.
    std::uniform_real_distribution<float> uniform(-0.05f, 0.05f);
    FixtureTensor chunk;
    chunk.dtype = "BF16";
    for (const FixtureTensor &t : tensors) {
        std::uint64_t left = attnlab::test::tensorBytes(t) / 2;
        while (left > 0) {
            chunk.values.resize(size_t(std::min<std::uint64_t>(left, 1 << 20)));
            for (float &v : chunk.values)
                v = uniform(rng);
            const std::string bytes = attnlab::test::encodeTensor(chunk);
            out.write(bytes.data(), std::streamsize(bytes.size()));
            left -= chunk.values.size();
        }
    }
    out.close();
    nlohmann::json config = {{"architectures", {m.architecture}}, {"model_type", m.modelType}, {"head_dim", m.headDim},
        {"hidden_size", m.d}, {"intermediate_size", m.inner}, {"num_attention_heads", m.heads},
        {"num_hidden_layers", m.layers}, {"num_key_value_heads", m.kvHeads}, {"tie_word_embeddings", true},
        {"torch_dtype", "bfloat16"}, {"vocab_size", m.vocab}};
    config.update(m.extra);
    attnlab::test::writeBytes(dir + "/config.json", config.dump(2));
}

std::vector<int> promptIds(int n)
{
    std::vector<int> ids(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i)
        ids[size_t(i)] = int((i * 7919L + 13) % shape().vocab);
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

// The output head alone for one row (the token embeddings read once), as a decoding step's last
// product: its bytes and time say how fast the widen-and-dot kernel reads this model's weights.
void outputHeadOneRow(benchmark::State &state)
{
    std::shared_ptr<const ModelWeights> weights = openWeights(state);
    if (!weights)
        return;
    const TensorView &head = weights->tokenEmbeddings;
    const attnlab::core::RowVector x = attnlab::core::RowVector::Constant(head.cols, 0.5f);
    attnlab::core::RowVector logits;
    for (auto _ : state) {
        projectRow(x, head, logits);
        benchmark::DoNotOptimize(logits.data());
    }
    state.counters["head_MiB"] = double(head.rows) * head.cols * 2 / (1 << 20);
    state.counters["floor_ms"] = attnlab::bench::memoryFloorMs(double(head.rows) * head.cols * 2);
}

} // namespace

BENCHMARK(outputHeadOneRow)->Unit(benchmark::kMillisecond)->Iterations(16);
BENCHMARK(openCheckpoint)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);
BENCHMARK(generatePrompt12New16)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);
BENCHMARK(decodeOneToken)->Unit(benchmark::kMillisecond)->Iterations(16);

int main(int argc, char **argv)
{
    const char *given = std::getenv("ATTNLAB_SHAPED_DIR");
    const bool temporary = !given || !*given;
    g_dir = temporary ? attnlab::test::makeTempDir(std::string(shape().modelType) + "-bench") : std::string(given);
    if (temporary || !std::ifstream(g_dir + "/model.safetensors"))
        writeShapedCheckpoint(g_dir);
    g_fileBytes = double(std::ifstream(g_dir + "/model.safetensors", std::ios::binary | std::ios::ate).tellg());
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    if (temporary)
        attnlab::test::removeTree(g_dir);
    return 0;
}
