#pragma once
// Speculative decoding (Leviathan, Kalman and Matias 2023; Chen et al. 2023): a small draft model
// proposes K tokens one by one, the target checks all of them in ONE pass (its logits at every
// appended row), and keeps the longest prefix it agrees with, plus one token of its own: the
// correction where it disagreed, or a bonus token after K accepted ones. So every target pass
// yields between 1 and K + 1 tokens, while the text is the target's:
// - greedy (temperature 0): proposal x_i is accepted when it is the target's arg-max at that
//   position, and the correction is that arg-max, so the output is the target's own greedy text;
// - sampling: x_i drawn from the draft's q_i is accepted with probability min(1, p_i(x_i)/q_i(x_i)),
//   else the token is drawn from max(0, p_i − q_i) renormalised; p and q are the distributions
//   the sampling settings give (core/model/sampling's samplingDistribution). Each token then has
//   exactly the target's distribution.
//
// The target's cache keeps the accepted rows and drops the rejected ones (Decoder::truncate); the
// token the target chose itself is appended at the start of the next round's verifying pass.

#include "core/generate/generationengine.h"
#include "core/model/decoder.h"

#include <functional>
#include <vector>

namespace attnlab::core::engine {

// The sampling rule's two halves, as the verifying pass applies them to proposal x drawn from the
// draft's distribution q where the target's is p (both over the vocabulary, each summing to 1):
// the probability the target accepts x, min(1, p(x) / q(x)) (1 when q(x) is 0), and the residual
// max(0, p − q) the replacement is drawn from after a rejection, not renormalised (sampleIndex
// renormalises; its sum is the probability that a proposal is rejected at all).
double acceptanceProbability(const RowVector &p, const RowVector &q, int x);
RowVector residualDistribution(const RowVector &p, const RowVector &q);

// The counts the CLI reports: `proposed` draft tokens, `accepted` of them, and the target's
// passes (the prompt's prefill included).
struct SpeculativeCounts {
    int draftTokens = 0;
    int proposed = 0;
    int accepted = 0;
    int targetPasses = 0;
};

// One round: what the draft proposed, how many the target accepted, and the token the target
// added itself (-1 when the run ended within the accepted ones); `bonus` when all were accepted.
struct SpeculativeRound {
    std::vector<int> proposed;
    int accepted = 0;
    int targetToken = -1;
    bool bonus = false;
};

// Runs `engine`'s run (engine.start() called by the caller) on `prompt` with `target` and `draft`
// (both empty caches; one vocabulary), `draftTokens` proposals per round. The engine records the
// target's tokens with the target's own probabilities and decides when the run ends, as in a run
// without a draft. Throws ForwardError for vocabularies of different sizes or draftTokens < 1,
// and what Decoder::append throws.
class SpeculativeDecoder {
public:
    SpeculativeDecoder(model::Decoder &target, model::Decoder &draft, int draftTokens);

    // `keepGoing`, when given, is asked before each round; false stops the run there
    // (engine.stop(): RunEnd::Stopped), the tokens so far kept.
    void run(const std::vector<int> &prompt, generate::GenerationEngine &engine,
        const std::function<bool()> &keepGoing = {});

    const SpeculativeCounts &counts() const { return m_counts; }
    const std::vector<SpeculativeRound> &rounds() const { return m_rounds; }

private:
    void round(generate::GenerationEngine &engine);
    std::vector<int> propose(generate::GenerationEngine &engine, int count, std::vector<RowVector> &q);

    model::Decoder &m_target, &m_draft;
    std::vector<int> m_sequence; // the prompt and every token the engine recorded
    SpeculativeCounts m_counts;
    std::vector<SpeculativeRound> m_rounds;
};

} // namespace attnlab::core::engine
