// Issue 18's speed and memory on a checkpoint at Qwen2.5-0.5B-Instruct's sizes (qwen2 family,
// BF16, 988 MB, 151k-piece tokenizer.json; tests/testutil/qwenshaped.h writes it):
// - open: the checkpoint (mapped, every shape checked, BF16 kept) and the tokenizer.json;
// - a 12-token prompt plus 16 greedy new tokens through the KV-cache Decoder;
// - one decoding step after 12 cached tokens, beside the memory floor (every weight is read once
//   per step: checkpoint bytes ÷ read bandwidth, measured in the same run);
// - resident memory after 2,048 tokens, through the Decoder (what --generate runs) and through
//   the ForwardRunner (what --predict and the model room run). Run these two alone
//   (--benchmark_filter), since the peak is the process's.
// The checkpoint is written to a temporary folder and removed at exit, unless ATTNLAB_QWEN_DIR
// names a folder that already holds one (scripts/bench-qwen writes it once for all its runs).
// Not run by ctest; see docs/performance.md.
#include "core/model/decoder.h"
#include "core/model/forward.h"
#include "core/model/modelloader.h"
#include "core/model/sampling.h"
#include "core/tokenize/tokenizer.h"

#include "memoryfloor.h"
#include "modelfixtures.h"
#include "qwenshaped.h"
#include "residentmemory.h"

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

using namespace attnlab::core::model;

namespace {

std::string g_dir;
double g_fileBytes = 0;

constexpr int kVocab = 151936;

std::vector<int> promptIds(int n)
{
    std::vector<int> ids(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i)
        ids[size_t(i)] = int((i * 7919L + 13) % 151643);
    return ids;
}

double millisecondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
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

// What opening costs the user: the checkpoint, then the tokenizer.
void openCheckpointAndTokenizer(benchmark::State &state)
{
    double checkpointMs = 0, tokenizerMs = 0;
    for (auto _ : state) {
        auto start = std::chrono::steady_clock::now();
        std::shared_ptr<const ModelWeights> weights = openWeights(state);
        if (!weights)
            return;
        checkpointMs = millisecondsSince(start);
        start = std::chrono::steady_clock::now();
        TokenizerLoadResult tokenizer = loadTokenizer(g_dir);
        if (!tokenizer.ok()) {
            state.SkipWithError(tokenizer.error.c_str());
            return;
        }
        tokenizerMs = millisecondsSince(start);
        benchmark::DoNotOptimize(tokenizer);
    }
    state.counters["checkpoint_ms"] = checkpointMs;
    state.counters["tokenizer_ms"] = tokenizerMs;
    state.counters["rss_MiB"] = attnlab::test::residentMiB();
}

void generatePrompt12New16(benchmark::State &state)
{
    std::shared_ptr<const ModelWeights> weights = openWeights(state);
    if (!weights)
        return;
    Decoder decoder(weights);
    TokenSampler sampler;
    for (auto _ : state) {
        decoder.clear();
        decoder.append(promptIds(12));
        for (int i = 0; i < 16; ++i) {
            const int id = sampler.next(decoder.logits(), {});
            if (i + 1 < 16)
                decoder.append({id});
        }
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
}

// Resident memory after 2,048 tokens: the prompt in one prefill, as --generate runs it.
void residentAt2048Decoder(benchmark::State &state)
{
    std::shared_ptr<const ModelWeights> weights = openWeights(state);
    if (!weights)
        return;
    for (auto _ : state) {
        Decoder decoder(weights);
        decoder.append(promptIds(2048));
        benchmark::DoNotOptimize(decoder.logits().data());
        state.counters["cache_MiB"] = double(decoder.cacheBytes()) / (1 << 20);
        state.counters["rss_MiB"] = attnlab::test::residentMiB();
    }
    state.counters["peak_MiB"] = attnlab::test::residentMiB("VmHWM");
    state.counters["file_MiB"] = g_fileBytes / (1 << 20);
}

// The same through the ForwardRunner, which keeps each layer's residual stream for the views.
void residentAt2048Runner(benchmark::State &state)
{
    std::shared_ptr<const ModelWeights> weights = openWeights(state);
    if (!weights)
        return;
    for (auto _ : state) {
        ForwardRunner runner(weights);
        runner.run(promptIds(2048));
        benchmark::DoNotOptimize(runner.probabilities().data());
        state.counters["rss_MiB"] = attnlab::test::residentMiB();
    }
    state.counters["peak_MiB"] = attnlab::test::residentMiB("VmHWM");
    state.counters["file_MiB"] = g_fileBytes / (1 << 20);
}

} // namespace

BENCHMARK(openCheckpointAndTokenizer)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(5);
BENCHMARK(generatePrompt12New16)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(5);
BENCHMARK(decodeOneToken)->Unit(benchmark::kMillisecond)->Iterations(16);
BENCHMARK(residentAt2048Decoder)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(residentAt2048Runner)->Unit(benchmark::kMillisecond)->Iterations(1);

int main(int argc, char **argv)
{
    const char *given = std::getenv("ATTNLAB_QWEN_DIR");
    const bool temporary = !given || !*given;
    g_dir = temporary ? attnlab::test::makeTempDir("qwen-bench") : std::string(given);
    if (temporary || !std::ifstream(g_dir + "/model.safetensors")) {
        attnlab::test::writeQwen25HalfBillion(g_dir, "BF16");
        attnlab::test::writeQwenShapedTokenizer(g_dir);
    }
    g_fileBytes = double(std::ifstream(g_dir + "/model.safetensors", std::ios::binary | std::ios::ate).tellg());
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    if (temporary)
        attnlab::test::removeTree(g_dir);
    return 0;
}
