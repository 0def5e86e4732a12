#pragma once
// The memory floor of a decoding step: a step reads every weight once, so it cannot be faster
// than the checkpoint's bytes divided by the machine's read bandwidth, measured in the same run.

#include <Eigen/Core>

#include <algorithm>
#include <chrono>
#include <vector>

namespace attnlab::bench {

// Read bandwidth in MB/s: the best of five sums over 512 MiB of floats (larger than any cache).
inline double readBandwidth()
{
    static double cached = 0;
    if (cached > 0)
        return cached;
    std::vector<float> buffer(size_t(128) << 20, 1.0f);
    for (int round = 0; round < 5; ++round) {
        const auto start = std::chrono::steady_clock::now();
        // Eigen's vectorised sum keeps several accumulators, so memory, not the adds, limits it.
        volatile float sum = Eigen::Map<const Eigen::VectorXf>(buffer.data(), Eigen::Index(buffer.size())).sum();
        (void)sum;
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        cached = std::max(cached, double(buffer.size() * sizeof(float)) / seconds / 1e6);
    }
    return cached;
}

// The floor in milliseconds for a checkpoint of `bytes`.
inline double memoryFloorMs(double bytes)
{
    return bytes / 1e6 / readBandwidth() * 1e3;
}

} // namespace attnlab::bench
