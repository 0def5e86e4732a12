#pragma once
// A scene's memory: the rows cross-attention reads its keys and values from (an encoder's
// output), with one key token per row (the source tokens). With a memory, Q is still X·W_Q (the
// n query tokens) while K and V are memory·W_K and memory·W_V, so scores and weights are n × s,
// row = query (target token), column = key (source token). Which stages read the memory is the
// stage table's choice (StageEntry::input, core/scene/stagetable.h), not a branch of the pipeline.
//
// Cross-attention has no causal mask across the memory (modeling_marian.py passes the decoder's
// cross-attention only the encoder's padding mask): a scene with a memory has the mask "none".

#include "core/types.h"

#include <string>
#include <vector>

namespace attnlab::core {

struct Memory {
    Matrix x; // s × d_model; empty: the scene has no memory
    std::vector<std::string> tokens; // the key tokens, one per row of x

    bool present() const { return x.size() > 0 || !tokens.empty(); }
    int rows() const { return int(x.rows()); }
};

bool operator==(const Memory &a, const Memory &b);
inline bool operator!=(const Memory &a, const Memory &b)
{
    return !(a == b);
}

} // namespace attnlab::core
