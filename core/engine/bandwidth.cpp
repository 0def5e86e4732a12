#include "core/engine/bandwidth.h"

#include <Eigen/Core>

#include <algorithm>
#include <chrono>
#include <vector>

namespace attnlab::core::engine {

namespace {
double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}
} // namespace

double measureReadBandwidth(std::size_t bytes, int rounds)
{
    std::vector<float> buffer(std::max<std::size_t>(1, bytes / sizeof(float)), 1.0f);
    double best = 0;
    for (int round = 0; round < rounds; ++round) {
        const auto start = std::chrono::steady_clock::now();
        // Eigen's vectorised sum keeps several accumulators, so memory, not the adds, limits it.
        volatile float sum = Eigen::Map<const Eigen::VectorXf>(buffer.data(), Eigen::Index(buffer.size())).sum();
        (void)sum;
        const double seconds = secondsSince(start);
        if (seconds > 0)
            best = std::max(best, double(buffer.size() * sizeof(float)) / seconds);
    }
    return best;
}

double measureFlops(int n, int rounds)
{
    const Eigen::MatrixXf a = Eigen::MatrixXf::Constant(n, n, 0.5f);
    const Eigen::MatrixXf b = Eigen::MatrixXf::Constant(n, n, 0.25f);
    Eigen::MatrixXf c(n, n);
    double best = 0;
    for (int round = 0; round < rounds; ++round) {
        const auto start = std::chrono::steady_clock::now();
        c.noalias() = a * b;
        const double seconds = secondsSince(start);
        if (seconds > 0)
            best = std::max(best, 2.0 * double(n) * n * n / seconds);
    }
    volatile float keep = c(0, 0); // the product is used, so it is computed
    (void)keep;
    return best;
}

double readBandwidth()
{
    static const double measured = measureReadBandwidth();
    return measured;
}

double peakFlops()
{
    static const double measured = measureFlops();
    return measured;
}

} // namespace attnlab::core::engine
