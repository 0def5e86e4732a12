#pragma once
// One generation engine for the command line (--generate, driving a Decoder) and the model
// room's Generate panel (driving the session's ForwardRunner, whose passes finish on a worker
// thread). It owns what both decide the same way: the next token under the sampling settings
// (core/model/sampling's TokenSampler, one seeded stream), the record of the steps, and when a
// run ends (stoppingrule.h). It owns no model and no thread: the caller runs the model, hands
// the engine its prediction, feeds the token the engine picked back to the model, and asks
// again, for as long as isRunning() says.
//
//     GenerationEngine engine(seed);
//     engine.setRule(readStoppingRule(folder, config, chat, idOf));
//     engine.start(count);
//     decoder.append(prompt);
//     while (engine.next(decoder.logits(), decoder.probabilities(), decoder.tokenIds())
//            && engine.isRunning())
//         decoder.append({engine.steps().back().id});

#include "core/generate/logitrules.h"
#include "core/generate/stoppingrule.h"
#include "core/model/sampling.h"
#include "core/model/topk.h"
#include "core/types.h"

#include <cstdint>
#include <vector>

namespace attnlab::core::generate {

// One generated token: the model's own probability of it (from its softmax at temperature 1,
// whatever the sampling settings) and the model's most likely tokens at that step, largest first
// (the token itself among them when it is one of them).
struct GenerationStep {
    int id = -1;
    double probability = 0;
    std::vector<model::TokenProbability> alternatives;
};

// Why the last run ended.
enum class RunEnd {
    NotEnded, // the run goes on, or none was started since clear()
    EndToken, // it generated one of the rule's end tokens (kept as its last step)
    TokenCount, // it made the count of tokens start() asked for
    LastPosition, // the sequence filled the model's positions
    Stopped, // stop() was called
    NoToken, // the prediction gave no token a probability (logits that are not finite)
};

class GenerationEngine {
public:
    explicit GenerationEngine(std::uint64_t seed = 0);

    // The sampling settings of the next picks (checked by TokenSampler::next, which throws
    // ForwardError for settings out of range).
    const model::SamplingSettings &sampling() const { return m_sampling; }
    void setSampling(const model::SamplingSettings &settings) { m_sampling = settings; }
    std::uint64_t seed() const { return m_seed; }
    // Restarts the random stream: the same seed and settings give the same tokens again.
    void setSeed(std::uint64_t seed);
    // The logits rules (repetition penalty, banned sequences) applied before the sampling
    // settings; none by default.
    const LogitRules &logitRules() const { return m_logitRules; }
    void setLogitRules(LogitRules rules) { m_logitRules = std::move(rules); }
    // The scores the next pick after `sequence` is made from: `logits` under the logits rules.
    RowVector scores(const Eigen::Ref<const RowVector> &logits, const std::vector<int> &sequence) const;
    const StoppingRule &rule() const { return m_rule; }
    void setRule(StoppingRule rule) { m_rule = std::move(rule); }
    // How many alternatives each step records (5 by default; 0 spares the work).
    void setAlternatives(int count) { m_alternatives = count; }

    // Starts a run of at most `count` new tokens (count ≥ 1). The steps of earlier runs stay.
    void start(int count);
    // Picks the next token from the model's prediction after `sequence` (the prompt and every
    // token generated so far, all run through the model): `logits` and `probabilities` over the
    // whole vocabulary, as Decoder and ForwardRunner give them; the pick is made from
    // scores(logits, sequence) under the sampling settings. Records it as a step and
    // counts it against the run, which ends with it when the rule says so. Outside a run it is
    // a run of one token. False, recording nothing and ending the run (RunEnd::NoToken), when no
    // token can be drawn.
    bool next(const Eigen::Ref<const RowVector> &logits, const Eigen::Ref<const RowVector> &probabilities,
        const std::vector<int> &sequence);
    // Records token `id`, picked by the caller (speculative decoding's acceptance rule), as next()
    // records its own pick: a step with the model's `probabilities`, counted against the run and
    // ending it when the rule says so. False, recording nothing, for an id outside them.
    bool record(int id, const Eigen::Ref<const RowVector> &probabilities, int length);
    // The run's random stream, for a caller that draws its own picks (the same seed, the same
    // draws).
    model::TokenSampler &sampler() { return m_sampler; }
    // Takes back the last step, for a caller that could not feed its token to the model, and
    // ends the run (RunEnd::Stopped).
    void withdraw();
    // Ends the run (RunEnd::Stopped); nothing when none runs.
    void stop();

    bool isRunning() const { return m_remaining > 0; }
    // Tokens the run may still make.
    int remaining() const { return m_remaining; }
    RunEnd end() const { return m_end; }

    const std::vector<GenerationStep> &steps() const { return m_steps; }
    // Forgets the steps (the prompt changed) and ends the run.
    void clear();
    // The last step is one of the rule's end tokens (however it was generated).
    bool endedAtEndToken() const;

private:
    model::SamplingSettings m_sampling;
    LogitRules m_logitRules;
    std::uint64_t m_seed;
    model::TokenSampler m_sampler;
    StoppingRule m_rule;
    int m_alternatives = 5;
    std::vector<GenerationStep> m_steps;
    int m_remaining = 0;
    RunEnd m_end = RunEnd::NotEnded;
};

} // namespace attnlab::core::generate
