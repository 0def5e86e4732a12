#include "core/generate/generationengine.h"

#include <algorithm>

namespace attnlab::core::generate {

GenerationEngine::GenerationEngine(std::uint64_t seed)
    : m_seed(seed)
    , m_sampler(seed)
{
}

void GenerationEngine::setSeed(std::uint64_t seed)
{
    m_seed = seed;
    m_sampler = model::TokenSampler(seed);
}

void GenerationEngine::start(int count)
{
    m_remaining = std::max(count, 0);
    m_end = RunEnd::NotEnded;
}

RowVector GenerationEngine::scores(const Eigen::Ref<const RowVector> &logits, const std::vector<int> &sequence) const
{
    return applyLogitRules(logits, sequence, m_logitRules);
}

bool GenerationEngine::next(const Eigen::Ref<const RowVector> &logits, const Eigen::Ref<const RowVector> &probabilities,
    const std::vector<int> &sequence)
{
    if (!isRunning())
        start(1);
    const int id = m_logitRules.active() ? m_sampler.next(scores(logits, sequence), m_sampling)
                                         : m_sampler.next(logits, m_sampling);
    return record(id, probabilities, int(sequence.size()));
}

bool GenerationEngine::record(int id, const Eigen::Ref<const RowVector> &probabilities, int length)
{
    if (!isRunning())
        start(1);
    if (id < 0 || id >= probabilities.size()) {
        m_remaining = 0;
        m_end = RunEnd::NoToken;
        return false;
    }
    GenerationStep step;
    step.id = id;
    step.probability = probabilities[id];
    if (m_alternatives > 0)
        step.alternatives = model::topK(probabilities, m_alternatives);
    m_steps.push_back(std::move(step));
    --m_remaining;
    // The new token makes the sequence length + 1 long; at maxPositions nothing more fits.
    if (m_rule.isEndToken(id))
        m_end = RunEnd::EndToken;
    else if (m_rule.maxPositions > 0 && length + 1 >= m_rule.maxPositions)
        m_end = RunEnd::LastPosition;
    else if (m_remaining == 0)
        m_end = RunEnd::TokenCount;
    if (m_end != RunEnd::NotEnded)
        m_remaining = 0;
    return true;
}

void GenerationEngine::withdraw()
{
    if (!m_steps.empty())
        m_steps.pop_back();
    m_remaining = 0;
    m_end = RunEnd::Stopped;
}

void GenerationEngine::stop()
{
    if (!isRunning())
        return;
    m_remaining = 0;
    m_end = RunEnd::Stopped;
}

void GenerationEngine::clear()
{
    m_steps.clear();
    m_remaining = 0;
    m_end = RunEnd::NotEnded;
}

bool GenerationEngine::endedAtEndToken() const
{
    return !m_steps.empty() && m_rule.isEndToken(m_steps.back().id);
}

} // namespace attnlab::core::generate
