// The row kernels of every variant in one process (core/engine/kernelvariant.h), on one thread:
// a BF16 weight matrix times one input row (dotRows, what a decoding step does with every
// nn.Linear weight) at the sizes of a Qwen2.5-0.5B MLP projection (4,864 × 896, 8.7 MB, which a
// large last-level cache holds) and of its 151,936 × 896 output head (272 MB, read from memory),
// the same through the few-row float product with 4 rows, the quantized row kernel on a
// 896 × 4,864 matrix (the MLP's down projection) in the types of Q8_0 and Q4_K_M files, and a
// 1,024-cell softmax row. A variant
// this processor cannot run is reported as skipped. Beside them, the AVX512-BF16 experiment of
// bf16split_avx512bf16.cpp (why there is no vdpbf16ps variant): its speed and its error against a
// double-precision sum, next to the exact AVX-512 kernel's. Not run by ctest; see
// docs/performance.md.
#include "core/model/kernels/halfrows.h"
#include "core/model/kernels/quantblocks.h"
#include "core/model/kernels/quantrows.h"
#include "core/model/kernels/skinny.h"
#include "core/scene/softmax.h"

#include "memoryfloor.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#if defined(__x86_64__)
namespace attnlab::bench::detail {
void dotRowsBf16Split(
    int parts, const float *x, const unsigned short *w, long rows, long k, float *out, unsigned short *scratch);
}
#endif

using namespace attnlab::core;
using engine::KernelVariant;

namespace {

KernelVariant variantOf(const benchmark::State &state)
{
    return engine::kKernelVariants[state.range(0)];
}

bool runnable(benchmark::State &state)
{
    state.SetLabel(engine::kernelVariantName(variantOf(state)));
    if (engine::kernelVariantSupported(variantOf(state)))
        return true;
    state.SkipWithError((std::string(engine::kernelVariantName(variantOf(state))) + " not supported here").c_str());
    return false;
}

std::vector<unsigned short> bf16Weights(std::size_t count)
{
    std::mt19937 rng(1);
    std::uniform_int_distribution<int> bits(0x3c00, 0x3f80); // positive values of moderate size
    std::vector<unsigned short> w(count);
    for (auto &b : w)
        b = static_cast<unsigned short>(bits(rng));
    return w;
}

void dotRowsBf16(benchmark::State &state)
{
    if (!runnable(state))
        return;
    const long rows = state.range(1), k = 896;
    const std::vector<unsigned short> w = bf16Weights(std::size_t(rows * k));
    const std::vector<float> x(std::size_t(k), 0.5f);
    std::vector<float> out(static_cast<std::size_t>(rows));
    const model::kernels::HalfRowKernels &kernels = model::kernels::halfRowKernels(variantOf(state));
    for (auto _ : state) {
        kernels.dotRows(true, x.data(), w.data(), rows, k, k, out.data());
        benchmark::DoNotOptimize(out.data());
    }
    state.SetBytesProcessed(state.iterations() * rows * k * 2);
    state.counters["read_MB_per_s"] = attnlab::bench::readBandwidth();
}

void skinnyFourRows(benchmark::State &state)
{
    if (!runnable(state))
        return;
    const long count = 4864, k = 896, rows = 4;
    const std::vector<float> w(std::size_t(count * k), 0.25f), x(std::size_t(rows * k), 0.5f);
    std::vector<float> out(static_cast<std::size_t>(rows * count));
    for (auto _ : state) {
        model::kernels::skinnyDot(variantOf(state), {x.data(), std::size_t(rows), std::size_t(k), std::size_t(k)},
            w.data(), std::size_t(k), {out.data(), std::size_t(count), std::size_t(count)});
        benchmark::DoNotOptimize(out.data());
    }
    state.SetBytesProcessed(state.iterations() * count * k * 4);
}

// The types a Q8_0 or Q4_K_M file holds, and where their blocks keep half-precision scales.
struct QuantCase {
    model::ElementType type;
    const char *name;
    int halves[2]; // byte offsets of the block's half scales, −1: none
};
constexpr QuantCase kQuantCases[]
    = {{model::ElementType::Q8_0, "Q8_0", {0, -1}}, {model::ElementType::Q5_0, "Q5_0", {0, -1}},
        {model::ElementType::Q4_K, "Q4_K", {0, 2}}, {model::ElementType::Q6_K, "Q6_K", {208, -1}}};

// One input row against 896 quantized weight rows of 4,864 inputs: random codes, scales of 1/16.
void quantDotRows(benchmark::State &state)
{
    if (!runnable(state))
        return;
    const QuantCase &c = kQuantCases[state.range(1)];
    state.SetLabel(std::string(engine::kernelVariantName(variantOf(state))) + " " + c.name);
    const long rows = 896, k = 4864;
    const long blocks = k / model::kernels::quantBlockSize(c.type);
    const long blockBytes = long(model::kernels::quantBlockBytes(c.type));
    std::vector<unsigned char> w(std::size_t(rows * blocks * blockBytes));
    std::mt19937 rng(3);
    for (auto &b : w)
        b = static_cast<unsigned char>(rng());
    for (std::size_t b = 0; b < w.size(); b += std::size_t(blockBytes))
        for (int at : c.halves)
            if (at >= 0) {
                w[b + std::size_t(at)] = 0x00;
                w[b + std::size_t(at) + 1] = 0x2c; // 0x2c00 = 1/16
            }
    const std::vector<float> x(std::size_t(k), 0.5f);
    std::vector<float> out(static_cast<std::size_t>(rows));
    model::kernels::QuantDot p;
    p.type = c.type;
    p.w = w.data();
    p.rows = rows;
    p.blocks = blocks;
    p.rowBytes = blocks * blockBytes;
    p.x = x.data();
    p.m = 1;
    p.ldx = k;
    p.out = out.data();
    p.ldo = rows;
    for (auto _ : state) {
        model::kernels::quantDotRows(variantOf(state), p);
        benchmark::DoNotOptimize(out.data());
    }
    state.SetBytesProcessed(state.iterations() * std::int64_t(w.size()));
    // Time per weight (shown in seconds: "250p" is 0.25 ns), to compare the types with each other.
    state.counters["per_weight"] = benchmark::Counter(
        double(rows * k), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void softmaxRow(benchmark::State &state)
{
    if (!runnable(state))
        return;
    const long n = 1024;
    std::vector<float> scaled(static_cast<std::size_t>(n)), masked(static_cast<std::size_t>(n)),
        weights(static_cast<std::size_t>(n));
    std::vector<unsigned char> visible(std::size_t(n), 1);
    for (long j = 0; j < n; ++j)
        scaled[std::size_t(j)] = float(j % 37) * 0.25f;
    for (auto _ : state) {
        maskedSoftmaxRow(variantOf(state), scaled.data(), visible.data(), n, masked.data(), weights.data());
        benchmark::DoNotOptimize(weights.data());
    }
}

#if defined(__x86_64__)
// The worst |error| of out against the double-precision dot products, relative to Σ|x_i·w_i|.
double worstRelativeError(
    const std::vector<float> &x, const std::vector<unsigned short> &w, const std::vector<float> &out)
{
    const std::size_t k = x.size();
    double worst = 0;
    for (std::size_t r = 0; r < out.size(); ++r) {
        double sum = 0, magnitude = 0;
        for (std::size_t i = 0; i < k; ++i) {
            const std::uint32_t bits = std::uint32_t(w[r * k + i]) << 16;
            float wi;
            std::memcpy(&wi, &bits, sizeof wi);
            sum += double(x[i]) * wi;
            magnitude += std::abs(double(x[i]) * wi);
        }
        worst = std::max(worst, std::abs(out[r] - sum) / magnitude);
    }
    return worst;
}

// parts 0: the exact AVX-512 kernel; 1–3: vdpbf16ps with x split into that many bf16 parts.
void dotRowsBf16Split(benchmark::State &state)
{
    const int parts = int(state.range(0));
    const long rows = state.range(1), k = 896;
    state.SetLabel(parts == 0 ? "avx512, exact" : std::to_string(parts) + " bf16 parts of x");
    if (!engine::kernelVariantSupported(KernelVariant::Avx512)
        || (parts > 0 && !__builtin_cpu_supports("avx512bf16"))) {
        state.SkipWithError("AVX-512 or AVX512-BF16 not supported here");
        return;
    }
    std::vector<unsigned short> w(std::size_t(rows * k));
    std::vector<float> x(static_cast<std::size_t>(k)), out(static_cast<std::size_t>(rows));
    std::mt19937 rng(5);
    std::normal_distribution<float> normal(0.f, 1.f);
    for (float &v : x)
        v = normal(rng);
    for (auto &b : w) {
        const float v = normal(rng) * 0.05f;
        std::uint32_t bits;
        std::memcpy(&bits, &v, sizeof bits);
        b = static_cast<unsigned short>((bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16); // round to nearest even
    }
    std::vector<unsigned short> scratch(std::size_t(3 * (k + 31) / 32 * 32));
    const auto run = [&] {
        if (parts == 0)
            model::kernels::halfRowKernels(KernelVariant::Avx512)
                .dotRows(true, x.data(), w.data(), rows, k, k, out.data());
        else
            attnlab::bench::detail::dotRowsBf16Split(parts, x.data(), w.data(), rows, k, out.data(), scratch.data());
    };
    run();
    state.counters["worst_rel_err"] = worstRelativeError(x, w, out);
    for (auto _ : state) {
        run();
        benchmark::DoNotOptimize(out.data());
    }
    state.SetBytesProcessed(state.iterations() * rows * k * 2);
}
#endif

} // namespace

BENCHMARK(dotRowsBf16)->ArgsProduct({{0, 1, 2}, {4864, 151936}})->Unit(benchmark::kMillisecond);
BENCHMARK(skinnyFourRows)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);
BENCHMARK(quantDotRows)->ArgsProduct({{0, 1, 2}, {0, 1, 2, 3}})->Unit(benchmark::kMillisecond);
BENCHMARK(softmaxRow)->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);

#if defined(__x86_64__)
BENCHMARK(dotRowsBf16Split)->ArgsProduct({{0, 1, 2, 3}, {4864, 151936}})->Unit(benchmark::kMillisecond);
#endif

BENCHMARK_MAIN();
