// Opening a GPT-2-small-shaped checkpoint (124M parameters, F32, 475 MiB; and the same as BF16)
// with loadModel, and the resident memory it costs, also after a 1024-token forward pass. The
// checkpoints are generated once per run with a fixed seed in temporary folders and removed at
// exit. Targets (issue 11): open ≤ 1 s, resident memory ≤ file size + 300 MiB. Also a BF16
// checkpoint of 0.5B-model sizes (issue 18): open ≤ 1 s, kept BF16 in memory. Not run by ctest;
// see docs/performance.md.
#include "core/model/forward.h"
#include "core/model/modelloader.h"

#include "gpt2small.h"
#include "memoryfloor.h"
#include "modelfixtures.h"

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace attnlab::core::model;
using attnlab::test::writeGpt2Small;

namespace {

std::string g_dir, g_bf16Dir, g_halfBillionDir;
double g_fileMegabytes = 0, g_bf16FileMegabytes = 0, g_halfBillionFileMegabytes = 0;

// Resident set size of this process in MiB.
double residentMegabytes()
{
    return attnlab::bench::residentBytes() / (1024.0 * 1024.0);
}

// The weights of the folder, or nothing after failing the benchmark with the loader's message.
std::optional<ModelWeights> load(benchmark::State &state, const std::string &dir)
{
    LoadModelResult r = loadModel(dir);
    if (!r.ok())
        state.SkipWithError(r.error.c_str());
    return std::move(r.weights);
}

// Open the folder: map, validate, bind every view. F32 reads nothing but the header.
void loadGpt2Small(benchmark::State &state)
{
    double rss = 0;
    for (auto _ : state) {
        std::optional<ModelWeights> r = load(state, g_dir);
        if (!r)
            return;
        rss = residentMegabytes();
        benchmark::DoNotOptimize(r->tokenEmbeddings.data);
    }
    state.counters["file_MiB"] = g_fileMegabytes;
    state.counters["rss_after_load_MiB"] = rss;
}

// Open, then read every weight once (as a first forward pass does): the mapped pages become
// resident, and this is the figure the memory target is about.
void loadGpt2SmallAndTouchEveryWeight(benchmark::State &state)
{
    double rss = 0;
    for (auto _ : state) {
        std::optional<ModelWeights> r = load(state, g_dir);
        if (!r)
            return;
        const ModelWeights &w = *r;
        double sum = w.tokenEmbeddings.matrix().sum() + w.positionEmbeddings.matrix().sum()
            + w.finalNorm.weight.vector().sum();
        for (const LayerWeights &L : w.layers)
            sum += L.query.matrix().sum() + L.key.matrix().sum() + L.value.matrix().sum() + L.attnOut.matrix().sum()
                + L.fcIn.matrix().sum() + L.fcOut.matrix().sum();
        benchmark::DoNotOptimize(sum);
        rss = residentMegabytes();
    }
    state.counters["file_MiB"] = g_fileMegabytes;
    state.counters["rss_after_touch_MiB"] = rss;
}

// The whole target: open the file, run the longest text GPT-2 small reads (1024 tokens) and
// predict, as the window does. The resident memory then is the mapped weights plus everything
// the runner keeps (docs/performance.md); the target is file + 300 MiB.
void openAndRun1024Tokens(benchmark::State &state)
{
    double rss = 0;
    for (auto _ : state) {
        std::optional<ModelWeights> r = load(state, g_dir);
        if (!r)
            return;
        ForwardRunner runner(std::make_shared<const ModelWeights>(std::move(*r)));
        std::vector<int> ids(1024);
        for (int i = 0; i < 1024; ++i)
            ids[size_t(i)] = int((i * 7919L + 13) % 50257);
        runner.run(ids);
        benchmark::DoNotOptimize(runner.probabilities().data());
        rss = residentMegabytes();
    }
    state.counters["file_MiB"] = g_fileMegabytes;
    state.counters["rss_after_run_MiB"] = rss;
}

// The same weights as BF16 (half the file): the matrices stay BF16 in the mapped file, only the
// norms and biases are converted.
void loadGpt2SmallBf16(benchmark::State &state)
{
    double rss = 0;
    for (auto _ : state) {
        std::optional<ModelWeights> r = load(state, g_bf16Dir);
        if (!r)
            return;
        rss = residentMegabytes();
        benchmark::DoNotOptimize(r->tokenEmbeddings.data);
    }
    state.counters["file_MiB"] = g_bf16FileMegabytes;
    state.counters["rss_after_load_MiB"] = rss;
}

// A 0.5B-parameter BF16 checkpoint at Qwen2.5-0.5B's sizes (vocabulary 151,936, d 896, inner
// 4864, 24 layers; GPT-2's block layout, so 423M parameters, 847 MB): the whole open, then a
// 12-token prediction (every weight read once, the tied head over the whole vocabulary). The
// targets (issue 18): open ≤ 1 s, and no float copy — resident memory about the file, not 2×.
void openHalfBillionBf16(benchmark::State &state)
{
    double rssOpen = 0, rssRun = 0;
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        std::optional<ModelWeights> r = load(state, g_halfBillionDir);
        if (!r)
            return;
        state.counters["open_ms"]
            = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        rssOpen = residentMegabytes();
        ForwardRunner runner(std::make_shared<const ModelWeights>(std::move(*r)));
        std::vector<int> ids(12);
        for (int i = 0; i < 12; ++i)
            ids[size_t(i)] = (i * 7919 + 13) % 151936;
        runner.run(ids);
        benchmark::DoNotOptimize(runner.probabilities().data());
        rssRun = residentMegabytes();
    }
    state.counters["file_MiB"] = g_halfBillionFileMegabytes;
    state.counters["rss_after_open_MiB"] = rssOpen;
    state.counters["rss_after_run_MiB"] = rssRun;
}

BENCHMARK(loadGpt2Small)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(loadGpt2SmallAndTouchEveryWeight)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);
BENCHMARK(openAndRun1024Tokens)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);
BENCHMARK(loadGpt2SmallBf16)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);
BENCHMARK(openHalfBillionBf16)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);

} // namespace

int main(int argc, char **argv)
{
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    g_dir = attnlab::test::makeTempDir("gpt2-small");
    g_fileMegabytes = writeGpt2Small(g_dir, "F32");
    g_bf16Dir = attnlab::test::makeTempDir("gpt2-small-bf16");
    g_bf16FileMegabytes = writeGpt2Small(g_bf16Dir, "BF16");
    g_halfBillionDir = attnlab::test::makeTempDir("half-billion-bf16");
    attnlab::test::Gpt2Shape qwenSized;
    qwenSized.layers = 24;
    qwenSized.heads = 14;
    qwenSized.d = 896;
    qwenSized.inner = 4864;
    qwenSized.vocab = 151936;
    qwenSized.positions = 1024;
    g_halfBillionFileMegabytes = attnlab::test::writeGpt2Shaped(g_halfBillionDir, "BF16", qwenSized);
    std::fprintf(stderr, "generated %s/model.safetensors (%.0f MiB), resident before loading: %.0f MiB\n",
        g_dir.c_str(), g_fileMegabytes, residentMegabytes());
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    attnlab::test::removeTree(g_dir);
    attnlab::test::removeTree(g_bf16Dir);
    attnlab::test::removeTree(g_halfBillionDir);
    return 0;
}
