// One decoding step of a GGUF model whose matrices stay quantized (issue 34): a llama-shaped
// model of about 107M weights (8 layers, d 1024, inner 2816, 8192 tokens, untied head) written
// once per run as Q8_0 and as Q4_K to a temporary folder (random blocks; removed at exit), a
// 16-token prompt, then one new token per iteration with the cache cut back to the prompt.
// The Time column is ms per token (wall clock); the label names the kernel variant that ran
// (ATTNLAB_KERNELS=portable|avx2|avx512 picks one), the counters give the memory floor of a step
// (the file's bytes at the measured read bandwidth, memoryfloor.h) and the process's resident
// bytes after loading (the weights' bytes in the file's blocks, where float32 would take 4 per
// weight).
// Not run by ctest.
#include "core/gguf/ggufmodel.h"
#include "core/model/decoder.h"

#include "ggufwriter.h"
#include "memoryfloor.h"
#include "modelfixtures.h"
#include "testutil.h"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

using namespace attnlab::core;

namespace {

constexpr int kPrompt = 16;

void decodeStep(benchmark::State &state, std::uint32_t type)
{
    const std::string dir = attnlab::test::makeTempDir("gguf-decode-bench");
    attnlab::test::TinyModelOptions o;
    o.layers = 8;
    o.heads = 16;
    o.kvHeads = 4;
    o.dModel = 1024;
    o.dInner = 2816;
    o.positions = 256;
    o.vocab = 8192;
    const std::string gguf = attnlab::test::writeTinyGgufPair(dir, "llama", o, {type});
    const double before = attnlab::bench::residentBytes();
    model::LoadModelResult loaded = gguf::loadGgufModel(gguf);
    if (!loaded.ok()) {
        state.SkipWithError(loaded.error.c_str());
        return;
    }
    const auto weights = std::make_shared<const model::ModelWeights>(std::move(*loaded.weights));
    model::Decoder decoder(weights);
    std::vector<int> prompt(kPrompt);
    for (int i = 0; i < kPrompt; ++i)
        prompt[size_t(i)] = (i * 7919 + 13) % o.vocab;
    decoder.append(prompt);
    // A step reads every matrix's blocks once: the file's bytes are the floor's.
    attnlab::bench::timeAgainstFloor(state, double(std::filesystem::file_size(gguf)), [&] {
        decoder.truncate(kPrompt);
        decoder.append({42});
        benchmark::DoNotOptimize(decoder.logits().data());
    });
    state.counters["resident_MB"] = attnlab::bench::residentBytes() / 1e6;
    state.counters["resident_growth_MB"] = (attnlab::bench::residentBytes() - before) / 1e6;
    attnlab::test::removeTree(dir);
}

void decodeStepQ8_0(benchmark::State &state)
{
    decodeStep(state, 8);
}
void decodeStepQ4_K(benchmark::State &state)
{
    decodeStep(state, 12);
}

} // namespace

BENCHMARK(decodeStepQ8_0)->Unit(benchmark::kMillisecond)->Iterations(20);
BENCHMARK(decodeStepQ4_K)->Unit(benchmark::kMillisecond)->Iterations(20);
BENCHMARK_MAIN();
