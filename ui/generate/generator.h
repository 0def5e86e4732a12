#pragma once
// Generation in the model room, one token at a time: picks the next token from the model's
// prediction under the sampling settings (core/model/sampling: greedy at temperature 0, else
// temperature, top-k and top-p as transformers' generate() applies them), appends it to the
// session, and when running to N goes on each time the session has computed the new token, until
// N tokens, Stop, the model's last position, or a token of config.json's eos_token_id (which is
// kept, as --generate and transformers' generate() keep it). The forward passes run on the session's worker,
// under the session's head mask, so an ablated head stays ablated while generating.

#include "core/model/sampling.h"
#include "core/model/topk.h"

#include <QObject>

#include <cstdint>
#include <vector>

namespace attnlab::ui {

class ModelSession;

class Generator : public QObject {
    Q_OBJECT
public:
    explicit Generator(ModelSession *session, QObject *parent = nullptr);

    // One generated token: the model's own probability of it (temperature 1, as --generate
    // prints it) and its most likely alternatives at that step (the token itself included).
    struct Step {
        int id = -1;
        double probability = 0;
        std::vector<core::model::TokenProbability> alternatives;
    };
    static constexpr int kAlternatives = 5;
    const std::vector<Step> &steps() const { return m_steps; }

    const core::model::SamplingSettings &settings() const { return m_settings; }
    void setSettings(const core::model::SamplingSettings &settings);
    std::uint64_t seed() const { return m_seed; }
    // Restarts the random stream: the same seed and settings give the same tokens again.
    void setSeed(std::uint64_t seed);

    // A causal model is open, idle, computed for its tokens, and has a position left.
    bool canStep() const;
    // Picks and appends one token (false when !canStep()).
    bool step();
    // Generates `count` tokens, one per finished forward pass; an end token ends the run early.
    void run(int count);
    // The last token generated is one of the model's end tokens (config.json's eos_token_id).
    bool endedAtEos() const;
    bool isEos(int id) const;
    // Stops a run after the forward pass under way (which finishes, so no row is left half done).
    void stop();
    bool isRunning() const { return m_remaining > 0; }
    // Tokens a run still has to generate.
    int remaining() const { return m_remaining; }

Q_SIGNALS:
    // A token was added to steps(), or steps() was cleared (the user changed the text).
    void stepsChanged();
    void runningChanged(bool running);
    void settingsChanged();
    // canStep() may have changed.
    void readyChanged();

private:
    void onComputed();
    // One step of a run: picks a token and counts it; an end token or a failure ends the run.
    void advance();
    void setRemaining(int remaining);

    ModelSession *m_session;
    core::model::SamplingSettings m_settings;
    std::uint64_t m_seed = 0;
    core::model::TokenSampler m_sampler;
    std::vector<Step> m_steps;
    int m_remaining = 0;
    bool m_appending = false;
};

} // namespace attnlab::ui
