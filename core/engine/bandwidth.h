#pragma once
// The machine's speeds that bound a forward pass: how fast it reads memory (a pass reads every
// weight once) and how fast it multiplies (a pass does 2 FLOP per weight per token). Both are
// measured, not looked up: the roofline and the decode floor compare the app's own passes with
// what this machine can do. A measurement takes about a second: call it off the GUI thread.

#include <cstddef>

namespace attnlab::core::engine {

// Read bandwidth in bytes per second: the best of `rounds` vectorised sums over `bytes` of floats
// (512 MiB by default, larger than any cache, so memory and not the adds limits it).
double measureReadBandwidth(std::size_t bytes = std::size_t(512) << 20, int rounds = 5);

// Single-precision FLOP per second of a matrix product of n × n matrices (2 n³ FLOP each), the
// best of `rounds`: the compute ceiling a forward pass's projections can reach here.
double measureFlops(int n = 512, int rounds = 5);

// The read bandwidth, measured once per process on first use (thread-safe; later calls return
// the same value at once).
double readBandwidth();
// The FLOP rate, measured once per process on first use.
double peakFlops();

} // namespace attnlab::core::engine
