#include "core/scene/memory/memorycheck.h"

#include "core/scene/limits.h"
#include "core/text/messageid.h"

#include <cmath>
#include <string>

namespace attnlab::core {

void validateMemory(const Scene &s, std::vector<Problem> &out)
{
    const Memory &m = s.memory;
    if (!m.present())
        return;
    if (s.direct) {
        out.push_back({"memory", Message(MessageId::NotInDirectScene)});
        return;
    }
    const long long rows = m.x.rows();
    if (rows == 0)
        out.push_back({"memory.X", Message(MessageId::MustHaveARow)});
    if (Eigen::Index(m.tokens.size()) != m.x.rows())
        out.push_back({"memory.tokens", Message(MessageId::MemoryTokenPerRow, m.x.rows(), m.tokens.size())});
    if (rows > limits::kMaxTokens)
        out.push_back({"memory.X", Message(MessageId::TooManyTokens, rows, limits::kMaxTokens)});
    if (m.x.cols() != s.dModel) {
        out.push_back({"memory.X", Message(MessageId::MemoryWidth, s.dModel, m.x.cols())});
    } else {
        for (Eigen::Index r = 0; r < m.x.rows(); ++r)
            for (Eigen::Index c = 0; c < m.x.cols(); ++c) {
                const double v = m.x(r, c);
                if (std::isfinite(v) && std::abs(v) <= limits::kMaxAbsValue)
                    continue;
                const std::string path = "memory.X[" + std::to_string(r) + "][" + std::to_string(c) + "]";
                out.push_back(
                    {path, Message(std::isfinite(v) ? MessageId::MustLieInValueRange : MessageId::MustBeFinite)});
                return;
            }
    }
    for (size_t i = 0; i < m.tokens.size(); ++i)
        if (m.tokens[i].empty())
            out.push_back({"memory.tokens[" + std::to_string(i) + "]", Message(MessageId::TokenEmpty)});
    if (s.mask != MaskKind::None)
        out.push_back({"mask", Message(MessageId::MemoryNoMask, name(s.mask))});
    if (s.positional == PositionalEncoding::Rope)
        out.push_back({"positional_encoding", Message(MessageId::MemoryNoRope)});
    // QK-norm, the soft cap and the sink logit act on K's rows or on a row of scores and mean the
    // same across two sequences; the window does not (core/scene/variants/variants.h).
    if (s.variants.slidingWindow > 0)
        out.push_back({"variants.sliding_window", Message(MessageId::MemoryNoSlidingWindow, s.variants.slidingWindow)});
}

} // namespace attnlab::core
