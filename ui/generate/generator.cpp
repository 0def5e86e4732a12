#include "ui/generate/generator.h"

#include "core/model/family/modelfamily.h"
#include "ui/model/modelsession.h"

#include <algorithm>

namespace attnlab::ui {

namespace model = core::model;

Generator::Generator(ModelSession *session, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_sampler(m_seed)
{
    connect(m_session, &ModelSession::computed, this, &Generator::onComputed);
    connect(m_session, &ModelSession::busyChanged, this, &Generator::readyChanged);
    // Tokens the user typed replace the generated ones: their chips go.
    connect(m_session, &ModelSession::tokensChanged, this, [this] {
        if (m_appending)
            return;
        setRemaining(0);
        if (!m_steps.empty()) {
            m_steps.clear();
            Q_EMIT stepsChanged();
        }
    });
    connect(m_session, &ModelSession::modelLoaded, this, [this] {
        m_sampler = model::TokenSampler(m_seed);
        Q_EMIT readyChanged();
    });
}

void Generator::setSettings(const model::SamplingSettings &settings)
{
    if (settings.temperature == m_settings.temperature && settings.topK == m_settings.topK
        && settings.topP == m_settings.topP)
        return;
    m_settings = settings;
    Q_EMIT settingsChanged();
}

void Generator::setSeed(std::uint64_t seed)
{
    m_seed = seed;
    m_sampler = model::TokenSampler(seed);
}

bool Generator::canStep() const
{
    const model::ForwardRunner *runner = m_session->runner();
    return runner && runner->config().family->causal && runner->canPredict() && m_session->isComputed()
        && !m_session->tokens().empty() && runner->tokenCount() < runner->config().maxPositions;
}

bool Generator::step()
{
    if (!canStep())
        return false;
    const model::ForwardRunner &runner = *m_session->runner();
    Step step;
    step.id = m_sampler.next(runner.logits(), m_settings);
    step.probability = runner.probabilities()(step.id);
    step.alternatives = model::topK(runner.probabilities(), kAlternatives);
    m_appending = true;
    const bool appended = m_session->appendToken(step.id);
    m_appending = false;
    if (!appended)
        return false;
    m_steps.push_back(std::move(step));
    Q_EMIT stepsChanged();
    return true;
}

void Generator::run(int count)
{
    if (count <= 0 || !canStep())
        return;
    setRemaining(count);
    advance();
}

void Generator::advance()
{
    if (!step() || endedAtEos()) {
        setRemaining(0);
        return;
    }
    setRemaining(m_remaining - 1);
}

bool Generator::isEos(int id) const
{
    const model::ModelConfig *config = m_session->config();
    return config && std::find(config->eosTokenIds.begin(), config->eosTokenIds.end(), id) != config->eosTokenIds.end();
}

bool Generator::endedAtEos() const
{
    return !m_steps.empty() && isEos(m_steps.back().id);
}

void Generator::stop()
{
    setRemaining(0);
}

void Generator::onComputed()
{
    Q_EMIT readyChanged();
    if (m_remaining <= 0)
        return;
    advance();
}

void Generator::setRemaining(int remaining)
{
    const bool was = isRunning();
    m_remaining = remaining;
    if (was != isRunning())
        Q_EMIT runningChanged(isRunning());
}

} // namespace attnlab::ui
