#include "core/scene/memory/memory.h"

namespace attnlab::core {

bool operator==(const Memory &a, const Memory &b)
{
    return a.tokens == b.tokens && a.x.rows() == b.x.rows() && a.x.cols() == b.x.cols() && a.x == b.x;
}

} // namespace attnlab::core
