#include "core/generate/logitrules.h"

#include <algorithm>
#include <limits>

namespace attnlab::core::generate {

RowVector applyLogitRules(
    const Eigen::Ref<const RowVector> &logits, const std::vector<int> &sequence, const LogitRules &rules)
{
    RowVector scores = logits;
    const int n = int(scores.size());
    if (rules.repetitionPenalty != 1) {
        // gather, then scatter: each id once, however often it was read.
        std::vector<int> seen = sequence;
        std::sort(seen.begin(), seen.end());
        seen.erase(std::unique(seen.begin(), seen.end()), seen.end());
        const Scalar penalty = Scalar(rules.repetitionPenalty);
        for (const int id : seen) {
            if (id < 0 || id >= n)
                continue;
            const Scalar s = logits[id];
            scores[id] = s < 0 ? s * penalty : s / penalty;
        }
    }
    const Scalar banned = -std::numeric_limits<Scalar>::infinity();
    for (const std::vector<int> &words : rules.badWords) {
        // One token: always banned; longer: only when the text is at least as long as it
        // (SequenceBiasLogitsProcessor's len(sequence_ids) > input_ids.shape[1] skips it) and ends
        // with all but its last.
        if (words.empty() || (words.size() > 1 && words.size() > sequence.size()) || words.back() < 0
            || words.back() >= n)
            continue;
        const std::size_t prefix = words.size() - 1;
        if (std::equal(words.begin(), words.end() - 1, sequence.end() - std::ptrdiff_t(prefix)))
            scores[words.back()] = banned;
    }
    return scores;
}

} // namespace attnlab::core::generate
