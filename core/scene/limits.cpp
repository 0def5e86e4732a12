#include "core/scene/limits.h"

#include "core/types.h"

namespace attnlab::core::limits {

std::size_t stageBytes(int tokens, int dModel, int heads, int dK, int dV)
{
    const std::size_t n = std::size_t(tokens);
    const std::size_t h = std::size_t(heads);
    const std::size_t perHead = 4 * n * n + n * (2 * std::size_t(dK) + std::size_t(dV)) * 2 + n * std::size_t(dV);
    const std::size_t shared = n * std::size_t(dModel) * 2 + n * h * std::size_t(dV);
    return (perHead * h + shared) * sizeof(Scalar);
}

} // namespace attnlab::core::limits
