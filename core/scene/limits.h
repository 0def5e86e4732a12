#pragma once
// Hard limits on scene sizes. They keep every computation bounded in time and memory: a scene
// past them is refused with a clear message instead of hanging or failing to allocate.

#include <cstddef>

namespace attnlab::core::limits {

inline constexpr int kMaxTokens = 2048;
inline constexpr int kMaxDModel = 4096;
inline constexpr int kMaxHeads = 64;
inline constexpr int kMaxDk = 4096;
// Every input number lies within ±kMaxAbsValue and a custom divisor within
// [kMinDivisor, kMaxAbsValue], so that no product or score can overflow a float.
inline constexpr double kMaxAbsValue = 1e6;
inline constexpr double kMinDivisor = 1e-3;
// h·d_k, the width of W_Q / W_K / W_V and of concat.
inline constexpr int kMaxHeadsTimesDk = 8192;
// Every stage kept for display: four n×n matrices per head plus the n×(h·d_k) ones. The
// largest scene within the other limits (2048 tokens, 64 heads) needs about 4.3 GiB.
inline constexpr std::size_t kMaxStageBytes = std::size_t(6) << 30;

// Bytes that the stages of a scene of this shape occupy.
std::size_t stageBytes(int tokens, int dModel, int heads, int dK, int dV);

} // namespace attnlab::core::limits
