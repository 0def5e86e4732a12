#pragma once
// Generation in the model room, one token at a time, through the core's generation engine
// (core/generate/generationengine.h), the one --generate drives too: it picks the next token from
// the session's prediction under the sampling settings (greedy at temperature 0, else
// temperature, top-k and top-p as transformers' generate() applies them), records the step and
// says when a run ends, by the stopping rule of core/generate/stoppingrule.h. The Generator
// appends each token to the session and, when running to N, goes on as soon as the session has
// computed it and its views have read it (ModelSession::passRead), until the engine ends the run
// (N tokens, one of the rule's end tokens, which is kept, or the model's last position) or Stop. A chat prompt
// (ModelSession::TextKind::ChatPrompt) is a chat turn for the rule. The forward passes run on the session's worker,
// under the session's head mask, so an ablated head stays ablated while generating. The model's generation_config.json
// gives the sampling defaults the panel starts from and the logits rules (repetition penalty, banned sequences) the
// engine applies, as transformers' generate() does.

#include "core/generate/generationconfig.h"
#include "core/generate/generationengine.h"
#include "core/text/problem.h"

#include <QObject>

#include <cstdint>
#include <optional>
#include <vector>

namespace attnlab::ui {

class ModelSession;

class Generator : public QObject {
    Q_OBJECT
public:
    explicit Generator(ModelSession *session, QObject *parent = nullptr);

    // One generated token: the model's own probability of it (temperature 1, as --generate
    // prints it) and its most likely alternatives at that step (the token itself included).
    using Step = core::generate::GenerationStep;
    static constexpr int kAlternatives = 5;
    const std::vector<Step> &steps() const { return m_engine.steps(); }

    const core::model::SamplingSettings &settings() const { return m_engine.sampling(); }
    void setSettings(const core::model::SamplingSettings &settings);
    std::uint64_t seed() const { return m_engine.seed(); }
    // Restarts the random stream: the same seed and settings give the same tokens again.
    void setSeed(std::uint64_t seed);

    // The open model's generation_config.json; empty without a model, without the file, or when
    // it cannot be read (ruleProblem() says why).
    const std::optional<core::generate::GenerationConfig> &generationConfig() const { return m_generationConfig; }
    // The logits rules applied now: the file's, with the repetition penalty set here.
    const core::generate::LogitRules &logitRules() const { return m_engine.logitRules(); }
    // 1 is off; the file's value when a model is loaded. Values ≤ 0 or not finite are ignored.
    void setRepetitionPenalty(double penalty);

    // The stopping rule for the open model and the kind of its text; null without a model or
    // when the model's files for it cannot be read (ruleProblem() says why).
    const core::generate::StoppingRule *rule() const;
    const std::optional<core::Problem> &ruleProblem() const;

    // A causal model is open, idle, computed for its tokens, has a position left, and its
    // stopping rule could be read.
    bool canStep() const;
    // Why canStep() is false, in a sentence for a tooltip (empty while it is true).
    QString whyNotStep() const;
    // Picks and appends one token (false when !canStep()).
    bool step();
    // Generates `count` tokens, one per finished forward pass; the rule may end the run early.
    void run(int count);
    // The last token generated is one of the rule's end tokens.
    bool endedAtEndToken() const { return m_engine.endedAtEndToken(); }
    // Stops a run after the forward pass under way (which finishes, so no row is left half done).
    void stop();
    bool isRunning() const { return m_engine.isRunning(); }
    // Tokens a run still has to generate.
    int remaining() const { return m_engine.remaining(); }

Q_SIGNALS:
    // A token was added to steps(), or steps() was cleared (the user changed the text).
    void stepsChanged();
    void runningChanged(bool running);
    void settingsChanged();
    // A model was loaded: generationConfig() holds its file (or nothing).
    void defaultsChanged();
    // canStep() or rule() may have changed.
    void readyChanged();

private:
    // One step of a run: picks a token; a failure ends the run.
    void advance();
    // Reads the rules for the model just loaded, for a sentence and for a chat turn.
    void readRules();
    int kindIndex() const;

    ModelSession *m_session;
    core::generate::GenerationEngine m_engine;
    // By kindIndex(): the rule, or why it could not be read.
    std::optional<core::generate::StoppingRule> m_rules[2];
    std::optional<core::Problem> m_ruleProblems[2];
    std::optional<core::generate::GenerationConfig> m_generationConfig;
    bool m_appending = false;
};

} // namespace attnlab::ui
