#pragma once
// The memory floor of a decoding step: a step reads every weight once, so it cannot be faster
// than the checkpoint's bytes divided by the machine's read bandwidth, measured in the same run
// (core/engine/bandwidth, the measurement the model room's roofline meter shows). A decode figure
// is reported beside the floor, the bandwidth and the kernel variant that ran
// (core/engine/kernelvariant.h; ATTNLAB_KERNELS=portable|avx2|avx512 picks another), and the
// process's resident memory, the other side of a model's cost.

#include "core/engine/bandwidth.h"
#include "core/engine/kernelvariant.h"
#include "core/engine/roofline.h"

#include <benchmark/benchmark.h>

#include <chrono>
#include <fstream>
#include <string>
#include <unistd.h>

namespace attnlab::bench {

// Read bandwidth in MB/s, measured once per process.
inline double readBandwidth()
{
    return core::engine::readBandwidth() / 1e6;
}

// The floor in milliseconds for a checkpoint of `bytes`.
inline double memoryFloorMs(double bytes)
{
    return core::engine::floorMs(bytes, core::engine::readBandwidth());
}

// The process's resident memory now in bytes (Linux: /proc/self/statm's resident pages); 0 where
// it cannot be read.
inline double residentBytes()
{
    std::ifstream statm("/proc/self/statm");
    long pages = 0, resident = 0;
    statm >> pages >> resident;
    return double(resident) * double(sysconf(_SC_PAGESIZE));
}

// Runs `step` once per benchmark iteration, then reports the kernel variant that ran (the label),
// the read bandwidth (MB/s), the floor (ms) for `bytes` read per step and the step's multiple of it.
template<typename Step> void timeAgainstFloor(benchmark::State &state, double bytes, Step step)
{
    const auto start = std::chrono::steady_clock::now();
    for (auto _ : state)
        step();
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count()
        / double(state.iterations() > 0 ? state.iterations() : 1);
    const double floor = memoryFloorMs(bytes);
    state.SetLabel(std::string("kernels ") + core::engine::kernelVariantName(core::engine::kernelVariant()));
    state.counters["read_MB_per_s"] = readBandwidth();
    state.counters["floor_ms"] = floor;
    state.counters["x_floor"] = ms / floor;
}

} // namespace attnlab::bench
