// Generation with the KV-cache Decoder on a GPT-2-small-shaped checkpoint (124M parameters, F32,
// written once per run with a fixed seed to a temporary folder, removed at exit):
// - a 12-token prompt plus 16 greedy new tokens, the whole loop (issue 18's comparison with a
//   PyTorch float32 KV-cache loop);
// - one decoding step at 12 and at 1,000 cached tokens, beside the memory floor of a step: every
//   weight is read once per token, so a step cannot beat checkpoint bytes ÷ the machine's read
//   bandwidth, measured in the same run by summing a buffer larger than the caches;
// - the same 16 tokens with a full forward pass per token (ForwardRunner), what the cache saves.
// Not run by ctest; see docs/performance.md.
#include "core/model/decoder.h"
#include "core/model/forward.h"
#include "core/model/modelloader.h"
#include "core/model/sampling.h"

#include "gpt2small.h"
#include "memoryfloor.h"
#include "modelfixtures.h"

#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

using namespace attnlab::core;
using namespace attnlab::core::model;

namespace {

std::string g_dir;
double g_fileMegabytes = 0;
std::shared_ptr<const ModelWeights> g_weights;

constexpr int kPrompt = 12;
constexpr int kNewTokens = 16;

std::vector<int> promptIds(int n)
{
    std::vector<int> ids(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i)
        ids[size_t(i)] = (i * 7919 + 13) % 50257;
    return ids;
}

// The prompt, then 16 greedy tokens, each one row of work per layer.
void generatePrompt12New16(benchmark::State &state)
{
    Decoder decoder(g_weights);
    TokenSampler sampler;
    for (auto _ : state) {
        decoder.clear();
        decoder.append(promptIds(kPrompt));
        for (int i = 0; i < kNewTokens; ++i) {
            const int id = sampler.next(decoder.logits(), {});
            if (i + 1 < kNewTokens)
                decoder.append({id});
        }
        benchmark::DoNotOptimize(decoder.logits().data());
    }
}

// The same tokens with a full forward pass over the whole text for each (no KV cache).
void generatePrompt12New16WithoutCache(benchmark::State &state)
{
    TokenSampler sampler;
    for (auto _ : state) {
        std::vector<int> ids = promptIds(kPrompt);
        for (int i = 0; i < kNewTokens; ++i) {
            ForwardRunner fresh(g_weights);
            fresh.run(ids);
            ids.push_back(sampler.next(fresh.logits(), {}));
        }
        benchmark::DoNotOptimize(ids.data());
    }
}

// One decoding step after `state.range(0)` cached tokens (growing by one per iteration, 20 of
// them), against the memory floor.
void decodeOneToken(benchmark::State &state)
{
    const int context = int(state.range(0));
    Decoder decoder(g_weights);
    decoder.append(promptIds(context));
    attnlab::bench::timeAgainstFloor(state, g_fileMegabytes * 1048576.0, [&] { decoder.append({42}); });
    state.counters["cache_MiB"] = double(decoder.cacheBytes()) / (1 << 20);
}

} // namespace

BENCHMARK(generatePrompt12New16)->Unit(benchmark::kMillisecond);
BENCHMARK(generatePrompt12New16WithoutCache)->Unit(benchmark::kMillisecond);
BENCHMARK(decodeOneToken)->Arg(12)->Arg(1000)->Iterations(20)->Unit(benchmark::kMillisecond);

int main(int argc, char **argv)
{
    g_dir = attnlab::test::makeTempDir("decoder-bench");
    g_fileMegabytes = attnlab::test::writeGpt2Small(g_dir, "F32");
    LoadModelResult loaded = loadModel(g_dir);
    if (!loaded.ok())
        return 1;
    g_weights = std::make_shared<const ModelWeights>(std::move(*loaded.weights));
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    g_weights.reset();
    attnlab::test::removeTree(g_dir);
    return 0;
}
