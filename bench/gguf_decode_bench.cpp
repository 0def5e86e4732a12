// One decoding step of a GGUF model whose matrices stay quantized (issue 34): a llama-shaped
// model of about 107M weights (8 layers, d 1024, inner 2816, 8192 tokens, untied head) written
// once per run as Q8_0 and as Q4_K to a temporary folder (random blocks; removed at exit), a
// 16-token prompt, then one new token per iteration with the cache cut back to the prompt.
// The Time column is ms per token (wall clock); the counters are the process's resident bytes
// after loading (the weights' bytes in the file's blocks, where float32 would take 4 per weight).
// Not run by ctest.
#include "core/gguf/ggufmodel.h"
#include "core/model/decoder.h"

#include "ggufwriter.h"
#include "modelfixtures.h"
#include "testutil.h"

#include <benchmark/benchmark.h>

#include <fstream>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

using namespace attnlab::core;

namespace {

constexpr int kPrompt = 16;

double residentBytes()
{
    std::ifstream statm("/proc/self/statm");
    long pages = 0, resident = 0;
    statm >> pages >> resident;
    return double(resident) * double(sysconf(_SC_PAGESIZE));
}

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
    const double before = residentBytes();
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
    for (auto _ : state) {
        decoder.truncate(kPrompt);
        decoder.append({42});
        benchmark::DoNotOptimize(decoder.logits().data());
    }
    state.counters["resident_MB"] = residentBytes() / 1e6;
    state.counters["resident_growth_MB"] = (residentBytes() - before) / 1e6;
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
