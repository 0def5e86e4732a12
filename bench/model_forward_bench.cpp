// Forward passes of a GPT-2-small-shaped model (12 layers, 12 heads, d 768, inner 3072,
// vocabulary 50257, 1024 positions; 124M parameters) with fixed-seed random weights built in
// memory: forward + prediction for 12 and 1024 tokens (steady state and first run), and
// ablating one head of layer 6 (1-based) then re-predicting, which re-runs layers 6…12 only;
// what the runner keeps resident, and recomputing one head for the head view.
// Targets (issue 11): ≤ 100 ms for 12 tokens, ≤ 3 s for 1024. Run with OMP_WAIT_POLICY=PASSIVE.
// After the pass (issue 19): the logit lens and the direct logit attribution of the predicted
// token for a 12-token text, target ≤ 50 ms together, and the lens's product alone through the
// few-row kernel and through the general product; the block board's stages of one layer and one
// cell's derivation; the block board's update after a single-cell edit of one block tensor
// (target ≤ 16 ms at 1,024 tokens, beside the whole layer's stages).
#include "core/model/forward.h"
#include "core/model/lens/attribution.h"
#include "core/model/lens/blockderivation.h"
#include "core/model/lens/blockupdate.h"
#include "core/model/lens/lens.h"

#include <benchmark/benchmark.h>

#include <sys/resource.h>

#include <algorithm>

#include <cstdint>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

using namespace attnlab::core;
using namespace attnlab::core::model;

namespace {

// Outputs [first, first + count) of a Conv1D weight `stored` (in × out) as the loader shows them:
// outputs × inputs, input-major, no copy.
TensorView conv1dColumns(TensorView stored, int first, int count)
{
    stored.inputMajor = true;
    stored.stride = stored.cols;
    stored.cols = stored.rows;
    stored.rows = count;
    stored.data += first;
    return stored;
}

// Elements [first, first + count) of a vector, no copy.
TensorView vectorPart(TensorView v, int first, int count)
{
    v.cols = count;
    v.data += first;
    return v;
}

struct Storage {
    std::vector<std::vector<float>> buffers;
};

// Uniform numbers of the given standard deviation from a fixed-seed xorshift: 124M normal draws
// would dominate the set-up, and the distribution does not matter for speed.
class Filler {
public:
    TensorView make(Storage &s, int rows, int cols, float sigma, float mean = 0)
    {
        s.buffers.emplace_back(size_t(rows) * cols);
        std::vector<float> &b = s.buffers.back();
        const float half = sigma * 1.7320508f; // uniform on [−a, a] has σ = a/√3
        for (float &v : b) {
            m_state ^= m_state << 13;
            m_state ^= m_state >> 7;
            m_state ^= m_state << 17;
            v = mean + half * (float(m_state >> 40) / float(1 << 24) * 2 - 1);
        }
        return {b.data(), rows, cols};
    }

private:
    std::uint64_t m_state = 0x9E3779B97F4A7C15ull;
};

std::shared_ptr<const ModelWeights> gpt2Small()
{
    static std::shared_ptr<const ModelWeights> cached;
    if (cached)
        return cached;
    ModelConfig c;
    c.family = findFamily("gpt2");
    c.modelType = "gpt2";
    c.layers = 12;
    c.heads = 12;
    c.dModel = 768;
    c.dInner = 3072;
    c.maxPositions = 1024;
    c.vocabSize = 50257;
    c.layerNormEps = 1e-5f;
    c.activation = "gelu_new";
    auto storage = std::make_shared<Storage>();
    storage->buffers.reserve(16 * 12 + 8); // views must not move: no reallocation
    Storage &s = *storage;
    Filler f;
    auto w = std::make_shared<ModelWeights>();
    w->config = c;
    const int d = c.dModel, inner = c.dInner;
    w->tokenEmbeddings = f.make(s, c.vocabSize, d, 0.02f);
    w->positionEmbeddings = f.make(s, c.maxPositions, d, 0.01f);
    w->finalNorm = {f.make(s, 1, d, 0.02f, 1), f.make(s, 1, d, 0.02f)};
    for (int l = 0; l < c.layers; ++l) {
        LayerWeights L;
        L.attnNorm = {f.make(s, 1, d, 0.02f, 1), f.make(s, 1, d, 0.02f)};
        // GPT-2's layout as the loader shows it: Conv1D weights (in × out) as input-major views,
        // q, k and v three column windows of c_attn.
        const TensorView qkv = f.make(s, d, 3 * d, 0.02f), qkvBias = f.make(s, 1, 3 * d, 0.02f);
        L.query = conv1dColumns(qkv, 0, d);
        L.key = conv1dColumns(qkv, d, d);
        L.value = conv1dColumns(qkv, 2 * d, d);
        L.queryBias = vectorPart(qkvBias, 0, d);
        L.keyBias = vectorPart(qkvBias, d, d);
        L.valueBias = vectorPart(qkvBias, 2 * d, d);
        L.attnOut = conv1dColumns(f.make(s, d, d, 0.02f), 0, d);
        L.attnOutBias = f.make(s, 1, d, 0.02f);
        L.mlpNorm = {f.make(s, 1, d, 0.02f, 1), f.make(s, 1, d, 0.02f)};
        L.fcIn = conv1dColumns(f.make(s, d, inner, 0.02f), 0, inner);
        L.fcInBias = f.make(s, 1, inner, 0.02f);
        L.fcOut = conv1dColumns(f.make(s, inner, d, 0.02f), 0, d);
        L.fcOutBias = f.make(s, 1, d, 0.02f);
        w->layers.push_back(L);
    }
    w->owner = storage;
    cached = w;
    return cached;
}

// CPU time of every thread of the process (user + system), in ms: the work done, which on a
// shared machine says more than the wall clock; on an idle one the wall clock is about this
// divided by the threads that ran in parallel.
double processCpuMs()
{
    rusage u {};
    getrusage(RUSAGE_SELF, &u);
    const auto ms = [](const timeval &t) { return t.tv_sec * 1e3 + t.tv_usec / 1e3; };
    return ms(u.ru_utime) + ms(u.ru_stime);
}

void reportCpu(benchmark::State &state, double startMs)
{
    state.counters["cpu_all_threads_ms"]
        = benchmark::Counter(processCpuMs() - startMs, benchmark::Counter::kAvgIterations);
}

// The process's resident memory now (VmRSS), in MiB (what /proc reports, kB / 1024).
double residentMegabytes()
{
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("VmRSS:", 0) == 0)
            return std::stod(line.substr(6)) / 1024.0;
    return 0;
}

std::vector<int> tokens(int n)
{
    std::vector<int> ids(n);
    for (int i = 0; i < n; ++i)
        ids[i] = int((i * 7919L + 13) % 50257);
    return ids;
}

// Steady state: the runner has run a text of this length before, so its buffers exist (the UI
// re-running after an edit, or a new text of the same length).
void forwardAndPredict(benchmark::State &state)
{
    ForwardRunner runner(gpt2Small());
    const std::vector<int> ids = tokens(int(state.range(0)));
    runner.run(ids);
    const double start = processCpuMs();
    for (auto _ : state) {
        runner.run(ids);
        benchmark::DoNotOptimize(runner.probabilities().data());
    }
    reportCpu(state, start);
}

// The first run at a new length: a fresh runner allocates (and the kernel faults in) every
// cache. Also reports what a runner that has run keeps resident beyond the weights
// (runner_MiB): the residual stream and ln_1 of every layer, the thumbnails and the scratch.
void forwardAndPredictCold(benchmark::State &state)
{
    const std::vector<int> ids = tokens(int(state.range(0)));
    const auto weights = gpt2Small();
    double runnerMb = 0;
    const double start = processCpuMs();
    for (auto _ : state) {
        const double before = residentMegabytes();
        ForwardRunner runner(weights);
        runner.run(ids);
        benchmark::DoNotOptimize(runner.probabilities().data());
        runnerMb = std::max(runnerMb, residentMegabytes() - before);
    }
    reportCpu(state, start);
    state.counters["runner_MiB"] = runnerMb;
}

// The head view and "open on board" ask for one head's full weights, recomputed from the
// layer's cached attention input: head 1 of layer 6 (1-based).
void recomputeOneHead(benchmark::State &state)
{
    ForwardRunner runner(gpt2Small());
    runner.run(tokens(int(state.range(0))));
    const double start = processCpuMs();
    for (auto _ : state) {
        Matrix w = runner.attentionWeights(5, 0);
        benchmark::DoNotOptimize(w.data());
    }
    reportCpu(state, start);
}

// Alternately ablates head 1 of layer 6 (1-based) and switches it back on: each step re-runs
// layers 6…12 and the prediction.
void ablateHeadInLayer6(benchmark::State &state)
{
    ForwardRunner runner(gpt2Small());
    runner.run(tokens(int(state.range(0))));
    Matrix on = Matrix::Ones(12, 12), off = on;
    off(5, 0) = 0;
    bool ablated = false;
    const double start = processCpuMs();
    for (auto _ : state) {
        ablated = !ablated;
        runner.setHeadMask(ablated ? off : on);
        benchmark::DoNotOptimize(runner.probabilities().data());
    }
    reportCpu(state, start);
    state.counters["restarted_from_layer"] = runner.restartedFrom() + 1; // 1-based, as in the UI
}

// The logit lens (13 rows through ln_f and the 50257-token unembedding), the attribution of the
// predicted token (144 heads, 12 MLPs), or both, after a finished pass of `range(0)` tokens.
void lensAndAttribution(benchmark::State &state, bool lens, bool attribution)
{
    ForwardRunner runner(gpt2Small());
    runner.run(tokens(int(state.range(0))));
    Eigen::Index predicted = 0;
    runner.logits().maxCoeff(&predicted);
    const double start = processCpuMs();
    for (auto _ : state) {
        if (lens) {
            const LogitLens l = logitLens(runner);
            benchmark::DoNotOptimize(l.probabilities.data());
        }
        if (attribution) {
            const Attribution a = attributeLogit(runner, int(predicted));
            benchmark::DoNotOptimize(a.parts.data());
        }
    }
    reportCpu(state, start);
}

// The lens's product alone: the 13 residual rows of a 12-token text (after ln_f) against the
// 50257 × 768 unembedding, through project() (the few-row kernel, core/model/kernels/skinny.h) or
// through the general matrix product the lens used before it (BLAS sgemm, which packs the matrix).
void lensProduct(benchmark::State &state, bool general)
{
    const auto w = gpt2Small();
    ForwardRunner runner(w);
    runner.run(tokens(12));
    Matrix x(13, 768), logits(13, w->config.vocabSize);
    for (int l = 0; l <= 12; ++l)
        x.row(l) = runner.layerInput(l).row(11);
    const double start = processCpuMs();
    for (auto _ : state) {
        if (general)
            logits.noalias() = x * w->tokenEmbeddings.matrix().transpose();
        else
            project(x, w->tokenEmbeddings, TensorView {}, logits);
        benchmark::DoNotOptimize(logits.data());
    }
    reportCpu(state, start);
}

// The block board: every stage of layer 6 (1-based) recomputed from the finished pass (each
// head's attention weights for concat, W_O, the norms, the MLP), and the derivation of one cell of
// mlp_act (one row's pre-activation), for `range(0)` tokens.
void blockBoardLayer(benchmark::State &state, bool derivationOnly)
{
    ForwardRunner runner(gpt2Small());
    runner.run(tokens(int(state.range(0))));
    const BlockStages stages = blockStages(runner, 5);
    const double start = processCpuMs();
    for (auto _ : state) {
        if (derivationOnly) {
            const CellDerivation d = deriveBlockCell(runner, 5, stages, BlockStage::MlpAct, runner.tokenCount() - 1, 7);
            benchmark::DoNotOptimize(d.value);
        } else {
            const BlockStages s = blockStages(runner, 5);
            benchmark::DoNotOptimize(s.output.data());
        }
    }
    reportCpu(state, start);
}

// One cell of `tensor` in layer 6 (1-based) edited on the block board: its stages updated in
// place from those before the edit, the dense stages at the 10 rows a board asks for at most (the
// selected row and the prediction row, each with two neighbours either side), for `range(0)` tokens.
void blockCellEdit(benchmark::State &state, BlockTensor tensor)
{
    ForwardRunner runner(gpt2Small());
    runner.run(tokens(int(state.range(0))));
    BlockStages stages = blockStages(runner, 5);
    const Matrix t = runner.blockTensor(5, tensor);
    BlockCellEdit edit {tensor, int(t.rows()) / 2, int(t.cols()) / 3, 0, 0};
    edit.before = t(edit.row, edit.col);
    edit.after = edit.before + 0.5f;
    std::vector<int> rows;
    for (int r = std::max(0, runner.tokenCount() - 10); r < runner.tokenCount(); ++r)
        rows.push_back(r);
    const double start = processCpuMs();
    for (auto _ : state) {
        const BlockUpdate u = updateBlockStages(runner, 5, stages, edit, rows);
        benchmark::DoNotOptimize(u.state.data());
        benchmark::DoNotOptimize(stages.output.data());
    }
    reportCpu(state, start);
}

} // namespace

BENCHMARK_CAPTURE(blockCellEdit, mlp_in, BlockTensor::MlpIn)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(blockCellEdit, mlp_in_bias, BlockTensor::MlpInBias)
    ->Arg(1024)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(blockCellEdit, mlp_out, BlockTensor::MlpOut)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(blockCellEdit, mlp_out_bias, BlockTensor::MlpOutBias)
    ->Arg(1024)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(blockCellEdit, mlp_norm_weight, BlockTensor::MlpNormWeight)
    ->Arg(1024)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(blockCellEdit, mlp_norm_bias, BlockTensor::MlpNormBias)
    ->Arg(1024)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(blockCellEdit, attn_norm_weight, BlockTensor::AttnNormWeight)
    ->Arg(1024)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(blockCellEdit, attn_out, BlockTensor::AttnOut)
    ->Arg(1024)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(blockBoardLayer, stages, false)->Arg(12)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(blockBoardLayer, derivation, true)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(lensAndAttribution, both, true, true)->Arg(12)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(lensAndAttribution, lens, true, false)->Arg(12)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(lensAndAttribution, attribution, false, true)->Arg(12)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(lensProduct, skinny, false)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(lensProduct, general, true)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(forwardAndPredict)->Arg(12)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(forwardAndPredictCold)->Arg(12)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(recomputeOneHead)->Arg(12)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(ablateHeadInLayer6)->Arg(12)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
