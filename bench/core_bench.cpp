// Full and incremental recompute of the attention pipeline at the sizes of docs/performance.md.
#include "core/scene/pipeline.h"

#include "testutil.h"

#include <benchmark/benchmark.h>

#include <random>

using namespace attnlab::core;

namespace {

Scene sceneOfSize(int n, int dModel, int heads, int dK)
{
    std::mt19937 rng(1234);
    Scene s = attnlab::test::randomScene(rng, n, dModel, heads, dK);
    if (s.wo.size() == 0) {
        std::normal_distribution<float> normal(0.f, 1.f);
        s.wo.resize(heads * dK, dModel);
        for (Eigen::Index i = 0; i < s.wo.size(); ++i)
            s.wo.data()[i] = normal(rng);
    }
    return s;
}

void fullRecompute(benchmark::State &state)
{
    const Scene s = sceneOfSize(int(state.range(0)), int(state.range(1)), int(state.range(2)), int(state.range(3)));
    Pipeline p;
    p.compute(s);
    for (auto _ : state) {
        benchmark::DoNotOptimize(p.compute(s).output.data());
        benchmark::ClobberMemory();
    }
}

// The same at the largest size with every token distinct (no repeated rows to share).
void fullRecomputeDistinctTokens(benchmark::State &state)
{
    Scene s = sceneOfSize(1024, 768, 12, 64);
    std::mt19937 rng(99);
    std::normal_distribution<float> normal(0.f, 1.f);
    s.vocabulary.clear();
    s.embeddings.resize(1024, 768);
    for (int i = 0; i < 1024; ++i) {
        s.tokens[size_t(i)] = "w" + std::to_string(i);
        s.vocabulary.push_back(s.tokens[size_t(i)]);
        for (int c = 0; c < 768; ++c)
            s.embeddings(i, c) = normal(rng);
    }
    Pipeline p;
    p.compute(s);
    for (auto _ : state) {
        benchmark::DoNotOptimize(p.compute(s).output.data());
        benchmark::ClobberMemory();
    }
}

// A single-cell edit at (1024, 768, 12, 64) through the incremental path. With unit-variance
// numbers the attention is nearly one-hot (most weights underflow to 0, and an X edit changes few
// query rows); `soft` scales W_Q down so that every weight of every row is far from 0 and an X
// edit changes every row of every head (the rescaled path's worst case).
void cellEdit(benchmark::State &state, Edit::Target target, bool soft)
{
    Scene s = sceneOfSize(1024, 768, 12, 64);
    if (soft)
        s.wq *= 1e-3f;
    Pipeline p;
    p.compute(s);
    Matrix &m = target == Edit::Target::Embeddings ? s.embeddings : target == Edit::Target::WQ ? s.wq : s.wv;
    int step = 0;
    for (auto _ : state) {
        const int r = step % int(m.rows()), c = (step * 7) % int(m.cols());
        m(r, c) += 0.01f;
        benchmark::DoNotOptimize(p.update(s, Edit {target, r, c}).stages);
        ++step;
    }
}

} // namespace

BENCHMARK(fullRecompute)
    ->ArgNames({"n", "d_model", "h", "d_k"})
    ->Args({3, 8, 1, 8})
    ->Args({64, 64, 1, 64})
    ->Args({256, 256, 4, 64})
    ->Args({1024, 768, 12, 64})
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();
BENCHMARK(fullRecomputeDistinctTokens)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(cellEdit, X, Edit::Target::Embeddings, false)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(cellEdit, X_soft_attention, Edit::Target::Embeddings, true)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(cellEdit, W_Q, Edit::Target::WQ, false)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(cellEdit, W_V, Edit::Target::WV, false)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
