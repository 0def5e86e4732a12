#include "core/engine/speculative.h"

#include "core/model/forwardcheck.h"
#include "core/model/sampling.h"
#include "core/scene/softmax.h"
#include "core/text/messageid.h"

#include <algorithm>

namespace attnlab::core::engine {

using model::Decoder;
using model::ForwardError;

double acceptanceProbability(const RowVector &p, const RowVector &q, int x)
{
    return q[x] > 0 ? std::min(1.0, double(p[x]) / double(q[x])) : 1.0;
}

RowVector residualDistribution(const RowVector &p, const RowVector &q)
{
    return (p - q).cwiseMax(Scalar(0));
}

SpeculativeDecoder::SpeculativeDecoder(Decoder &target, Decoder &draft, int draftTokens)
    : m_target(target)
    , m_draft(draft)
{
    if (draft.config().vocabSize != target.config().vocabSize)
        throw ForwardError(
            Message(MessageId::GenerateDraftVocabulary, draft.config().vocabSize, target.config().vocabSize));
    if (draftTokens < 1)
        throw ForwardError(Message(MessageId::GenerateDraftTokens, draftTokens));
    m_counts.draftTokens = draftTokens;
}

void SpeculativeDecoder::run(
    const std::vector<int> &prompt, generate::GenerationEngine &engine, const std::function<bool()> &keepGoing)
{
    m_sequence = prompt;
    m_counts = SpeculativeCounts {m_counts.draftTokens, 0, 0, 0};
    m_rounds.clear();
    m_target.setKeepRowLogits(false);
    m_target.append(prompt);
    ++m_counts.targetPasses;
    while (engine.isRunning()) {
        if (keepGoing && !keepGoing()) {
            engine.stop();
            return;
        }
        round(engine);
    }
}

// The draft's `count` proposals after the sequence, drawn from its distributions q (kept for the
// acceptance test). Fewer when the draft's prediction gives no token a probability.
std::vector<int> SpeculativeDecoder::propose(generate::GenerationEngine &engine, int count, std::vector<RowVector> &q)
{
    const int cached = m_draft.tokenCount();
    if (cached < int(m_sequence.size()))
        m_draft.append(std::vector<int>(m_sequence.begin() + cached, m_sequence.end()));
    const model::SamplingSettings &settings = engine.sampling();
    std::vector<int> proposed;
    std::vector<int> sequence = m_sequence;
    for (int i = 0; i < count; ++i) {
        const RowVector scores = engine.scores(m_draft.logits(), sequence);
        q.push_back(model::samplingDistribution(scores, settings));
        const int x
            = settings.greedy() ? model::greedyToken(scores) : model::sampleIndex(q.back(), engine.sampler().uniform());
        if (x < 0)
            break;
        proposed.push_back(x);
        sequence.push_back(x);
        if (i + 1 < count)
            m_draft.append({x});
    }
    return proposed;
}

void SpeculativeDecoder::round(generate::GenerationEngine &engine)
{
    const int length = int(m_sequence.size());
    const int positions = std::min(m_target.config().maxPositions, m_draft.config().maxPositions);
    const int count = std::min({m_counts.draftTokens, engine.remaining(), positions - length});
    const int cached = m_target.tokenCount();
    const std::vector<int> pending(m_sequence.begin() + cached, m_sequence.end());
    std::vector<RowVector> q;
    const std::vector<int> proposed = count > 0 ? propose(engine, count, q) : std::vector<int> {};
    if (proposed.empty()) {
        // No room for a proposal (or none drawn): one step of the target alone.
        if (!pending.empty()) {
            m_target.append(pending);
            ++m_counts.targetPasses;
        }
        if (engine.next(m_target.logits(), m_target.probabilities(), m_sequence))
            m_sequence.push_back(engine.steps().back().id);
        return;
    }

    // The verifying pass: the target's own pending token, then every proposal, in one append.
    const RowVector before = m_target.logits();
    std::vector<int> ids = pending;
    ids.insert(ids.end(), proposed.begin(), proposed.end());
    m_target.setKeepRowLogits(true);
    m_target.append(ids);
    m_target.setKeepRowLogits(false);
    ++m_counts.targetPasses;
    // The target's logits of the token after proposal i − 1 (i = 0: after the sequence).
    const Matrix &rows = m_target.rowLogits();
    const auto targetLogits = [&](int i) -> RowVector {
        const int row = int(pending.size()) - 1 + i;
        return row < 0 ? before : RowVector(rows.row(row));
    };

    const model::SamplingSettings &settings = engine.sampling();
    SpeculativeRound round;
    round.proposed = proposed;
    m_counts.proposed += int(proposed.size());
    for (size_t i = 0; i < proposed.size() && engine.isRunning(); ++i) {
        const RowVector logits = targetLogits(int(i));
        const RowVector probabilities = softmax(logits);
        const RowVector scores = engine.scores(logits, m_sequence);
        const int x = proposed[i];
        bool accept = false;
        if (settings.greedy()) {
            accept = x == model::greedyToken(scores);
        } else {
            const RowVector p = model::samplingDistribution(scores, settings);
            accept = engine.sampler().uniform() < acceptanceProbability(p, q[i], x);
            if (!accept) {
                // The residual max(0, p − q), renormalised by sampleIndex; p itself if it is empty.
                const RowVector residual = residualDistribution(p, q[i]);
                const int t = model::sampleIndex(residual.sum() > 0 ? residual : p, engine.sampler().uniform());
                if (engine.record(t, probabilities, int(m_sequence.size())))
                    m_sequence.push_back(t);
                round.targetToken = t;
                break;
            }
        }
        if (!accept) {
            // Greedy: the target's arg-max in place of the proposal.
            if (engine.next(logits, probabilities, m_sequence))
                m_sequence.push_back(engine.steps().back().id);
            round.targetToken = m_sequence.back();
            break;
        }
        engine.record(x, probabilities, int(m_sequence.size()));
        m_sequence.push_back(x);
        ++round.accepted;
    }
    if (round.accepted == int(proposed.size()) && engine.isRunning()) {
        const RowVector logits = targetLogits(int(proposed.size()));
        if (engine.next(logits, softmax(logits), m_sequence)) {
            m_sequence.push_back(engine.steps().back().id);
            round.targetToken = m_sequence.back();
            round.bonus = true;
        }
    }
    m_counts.accepted += round.accepted;
    // Keep the rows of the accepted tokens; the target's own token is pending for the next pass.
    m_target.truncate(cached + int(pending.size()) + round.accepted);
    m_draft.truncate(std::min(m_draft.tokenCount(), length + std::min(round.accepted, int(proposed.size()) - 1)));
    m_rounds.push_back(std::move(round));
}

} // namespace attnlab::core::engine
