#include "ui/generate/generator.h"

#include "core/model/family/modelfamily.h"
#include "ui/i18n/coremessages.h"
#include "ui/model/modelsession.h"

#include <QFile>

#include <cmath>
#include <utility>

namespace attnlab::ui {

namespace model = core::model;

Generator::Generator(ModelSession *session, QObject *parent)
    : QObject(parent)
    , m_session(session)
{
    m_engine.setAlternatives(kAlternatives);
    connect(m_session, &ModelSession::computed, this, &Generator::readyChanged);
    // The next token is picked once every view has read this pass, and its pass starts at once: no
    // timer, no wait for the views to redraw (they draw the pass they read while the next one
    // runs). Picked inside computed(), the next token made the session busy before the views
    // connected after the generator had read the runner (the sampling chart blank with "No
    // prediction yet", the cache at 0 tokens). A Stop pressed meanwhile ends the run there.
    connect(m_session, &ModelSession::passRead, this, [this] {
        if (isRunning())
            advance();
    });
    connect(m_session, &ModelSession::busyChanged, this, &Generator::readyChanged);
    // Tokens the user typed replace the generated ones: their chips go.
    connect(m_session, &ModelSession::tokensChanged, this, [this] {
        if (m_appending)
            return;
        const bool wasRunning = isRunning();
        const bool hadSteps = !steps().empty();
        m_engine.clear();
        if (wasRunning)
            Q_EMIT runningChanged(false);
        if (hadSteps)
            Q_EMIT stepsChanged();
        // A chat prompt and a sentence have different rules.
        Q_EMIT readyChanged();
    });
    connect(m_session, &ModelSession::modelLoaded, this, [this] {
        m_engine.setSeed(m_engine.seed());
        readRules();
        Q_EMIT defaultsChanged();
        Q_EMIT readyChanged();
    });
    // A panel made for a model already open (the classroom's chat turn) reads its rules now.
    if (m_session->hasModel())
        readRules();
}

void Generator::setSettings(const model::SamplingSettings &settings)
{
    const model::SamplingSettings &now = m_engine.sampling();
    if (settings.temperature == now.temperature && settings.topK == now.topK && settings.topP == now.topP)
        return;
    m_engine.setSampling(settings);
    Q_EMIT settingsChanged();
}

void Generator::setRepetitionPenalty(double penalty)
{
    if (!(penalty > 0) || !std::isfinite(penalty) || penalty == m_engine.logitRules().repetitionPenalty)
        return;
    core::generate::LogitRules rules = m_engine.logitRules();
    rules.repetitionPenalty = penalty;
    m_engine.setLogitRules(rules);
    Q_EMIT settingsChanged();
}

void Generator::setSeed(std::uint64_t seed)
{
    m_engine.setSeed(seed);
}

int Generator::kindIndex() const
{
    return m_session->textKind() == ModelSession::TextKind::ChatPrompt ? 1 : 0;
}

void Generator::readRules()
{
    const model::ModelConfig *config = m_session->config();
    const std::string folder = QFile::encodeName(m_session->filePath()).toStdString();
    m_generationConfig.reset();
    m_engine.setLogitRules({});
    if (config) {
        try {
            m_generationConfig = core::generate::readGenerationConfig(folder, config->vocabSize);
        } catch (const std::exception &) {
            // The stopping rule reads the same file and keeps its problem.
        }
        if (m_generationConfig)
            m_engine.setLogitRules(m_generationConfig->logitRules());
    }
    for (int chat = 0; chat < 2; ++chat) {
        m_rules[chat].reset();
        m_ruleProblems[chat].reset();
        if (!config)
            continue;
        try {
            m_rules[chat] = core::generate::readStoppingRule(
                folder, *config, chat == 1, [this](const std::string &piece) { return m_session->tokenId(piece); });
        } catch (const std::exception &e) {
            m_ruleProblems[chat] = exceptionProblem(e);
        }
    }
}

const core::generate::StoppingRule *Generator::rule() const
{
    const std::optional<core::generate::StoppingRule> &rule = m_rules[kindIndex()];
    return m_session->hasModel() && rule ? &*rule : nullptr;
}

const std::optional<core::Problem> &Generator::ruleProblem() const
{
    return m_ruleProblems[kindIndex()];
}

bool Generator::canStep() const
{
    const model::ForwardRunner *runner = m_session->runner();
    return runner && runner->config().family->causal && runner->canPredict() && m_session->isComputed()
        && !m_session->tokens().empty() && runner->tokenCount() < runner->config().maxPositions && rule();
}

QString Generator::whyNotStep() const
{
    if (canStep())
        return QString();
    const model::ForwardRunner *runner = m_session->runner();
    if (!runner)
        return tr("Open a model first.");
    if (!runner->config().family->causal)
        return tr("%1 reads the whole text at once, in both directions, so it has no next token to add: it fills "
                  "in [MASK] instead. Generation needs a left-to-right model such as GPT-2, Qwen2 or Llama.")
            .arg(QString::fromStdString(runner->config().family->name));
    if (!runner->canPredict())
        return tr("This checkpoint has no output head, so there is no prediction to pick a token from.");
    if (m_session->tokens().empty())
        return tr("Type a sentence first.");
    if (!m_session->isComputed())
        return tr("Waiting for the model's run on the text.");
    if (runner->tokenCount() >= runner->config().maxPositions)
        return tr("The text fills all %1 positions the model has.").arg(runner->config().maxPositions);
    return tr("The model's end tokens cannot be read (see the line beside the buttons).");
}

bool Generator::step()
{
    if (!canStep())
        return false;
    const model::ForwardRunner &runner = *m_session->runner();
    const bool wasRunning = isRunning();
    m_engine.setRule(*rule());
    bool appended = false;
    if (m_engine.next(runner.logits(), runner.probabilities(), runner.tokenIds())) {
        m_appending = true;
        appended = m_session->appendToken(m_engine.steps().back().id);
        m_appending = false;
        if (!appended)
            m_engine.withdraw();
    }
    if (appended)
        Q_EMIT stepsChanged();
    if (wasRunning != isRunning())
        Q_EMIT runningChanged(isRunning());
    return appended;
}

void Generator::run(int count)
{
    if (count <= 0 || !canStep())
        return;
    m_engine.start(count);
    Q_EMIT runningChanged(true);
    advance();
}

void Generator::advance()
{
    if (!step() && isRunning()) {
        m_engine.stop();
        Q_EMIT runningChanged(false);
    }
}

void Generator::stop()
{
    if (!isRunning())
        return;
    m_engine.stop();
    Q_EMIT runningChanged(false);
}

} // namespace attnlab::ui
