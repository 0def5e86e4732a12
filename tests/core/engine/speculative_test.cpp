// Speculative decoding (core/engine/speculative): greedy output equals the target's own greedy
// output token for token whatever the draft, the counts follow from the rounds, and under sampling
// the first token is distributed as the target's distribution, not the draft's.

#include "core/engine/speculative.h"
#include "core/generate/generationengine.h"
#include "core/model/decoder.h"
#include "core/model/forwardcheck.h"
#include "core/model/sampling.h"

#include "rotaryreference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using namespace attnlab::core;
using namespace attnlab::core::model;
using namespace attnlab::test;
using attnlab::core::engine::SpeculativeDecoder;
using attnlab::core::generate::GenerationEngine;

namespace {

std::vector<int> ids(const GenerationEngine &engine)
{
    std::vector<int> out;
    for (const auto &step : engine.steps())
        out.push_back(step.id);
    return out;
}

// The target's greedy run without a draft.
GenerationEngine plainRun(const std::shared_ptr<const ModelWeights> &w, const std::vector<int> &prompt, int count,
    const generate::StoppingRule &rule = {})
{
    Decoder decoder(w);
    GenerationEngine engine;
    engine.setRule(rule);
    engine.start(count);
    decoder.append(prompt);
    while (engine.next(decoder.logits(), decoder.probabilities(), decoder.tokenIds()) && engine.isRunning())
        decoder.append({engine.steps().back().id});
    return engine;
}

struct SpeculativeRun {
    GenerationEngine engine;
    engine::SpeculativeCounts counts;
    std::vector<engine::SpeculativeRound> rounds;
};

SpeculativeRun speculativeRun(const std::shared_ptr<const ModelWeights> &target,
    const std::shared_ptr<const ModelWeights> &draft, const std::vector<int> &prompt, int count, int draftTokens,
    const generate::StoppingRule &rule = {}, SamplingSettings sampling = {}, std::uint64_t seed = 0)
{
    Decoder t(target), d(draft);
    SpeculativeRun run {GenerationEngine(seed), {}, {}};
    run.engine.setSampling(sampling);
    run.engine.setRule(rule);
    run.engine.start(count);
    SpeculativeDecoder decoder(t, d, draftTokens);
    decoder.run(prompt, run.engine);
    run.counts = decoder.counts();
    run.rounds = decoder.rounds();
    return run;
}

const std::vector<int> kPrompt = {3, 17, 0, 28};

} // namespace

TEST(Speculative, GreedyOutputIsTheTargetsOwnWhateverTheDraft)
{
    const auto target = makeRotary(rotaryConfig(RotaryShape()), 5);
    RotaryShape small;
    small.layers = 1;
    small.heads = 2;
    small.kvHeads = 1;
    const auto draft = makeRotary(rotaryConfig(small), 11);
    const std::vector<int> expected = ids(plainRun(target, kPrompt, 14));
    for (int k : {1, 2, 4, 7}) {
        SCOPED_TRACE("draft tokens " + std::to_string(k));
        const SpeculativeRun run = speculativeRun(target, draft, kPrompt, 14, k);
        EXPECT_EQ(ids(run.engine), expected);
        // Each round proposes, accepts a prefix, and adds the target's own token.
        int proposed = 0, accepted = 0, made = 0;
        for (const auto &round : run.rounds) {
            EXPECT_LE(int(round.proposed.size()), k);
            EXPECT_LE(round.accepted, int(round.proposed.size()));
            proposed += int(round.proposed.size());
            accepted += round.accepted;
            made += round.accepted + (round.targetToken >= 0 ? 1 : 0);
        }
        EXPECT_EQ(run.counts.proposed, proposed);
        EXPECT_EQ(run.counts.accepted, accepted);
        EXPECT_EQ(made, 14);
        EXPECT_EQ(run.counts.targetPasses, 1 + int(run.rounds.size()));
        EXPECT_EQ(run.counts.draftTokens, k);
    }
}

TEST(Speculative, ADraftThatIsTheTargetIsAlwaysAcceptedAndSavesPasses)
{
    const auto target = makeRotary(rotaryConfig(RotaryShape()), 5);
    const SpeculativeRun run = speculativeRun(target, target, kPrompt, 10, 3);
    EXPECT_EQ(ids(run.engine), ids(plainRun(target, kPrompt, 10)));
    // Rounds of 3 accepted + 1 bonus, 3 + 1, then 2 accepted that end the run.
    EXPECT_EQ(run.counts.proposed, 8);
    EXPECT_EQ(run.counts.accepted, 8);
    EXPECT_EQ(run.counts.targetPasses, 4); // the prefill and three rounds, against 10 without a draft
    ASSERT_EQ(run.rounds.size(), 3u);
    EXPECT_TRUE(run.rounds[0].bonus);
    EXPECT_FALSE(run.rounds[2].bonus);
}

TEST(Speculative, AnEndTokenAmongTheAcceptedOnesEndsTheRunThere)
{
    const auto target = makeRotary(rotaryConfig(RotaryShape()), 5);
    const std::vector<int> free = ids(plainRun(target, kPrompt, 12));
    generate::StoppingRule rule;
    rule.modelEndTokens = {free[4]};
    const std::vector<int> expected = ids(plainRun(target, kPrompt, 12, rule));
    ASSERT_LE(expected.size(), 5u);
    const SpeculativeRun run = speculativeRun(target, target, kPrompt, 12, 4, rule);
    EXPECT_EQ(ids(run.engine), expected);
    EXPECT_EQ(run.engine.end(), generate::RunEnd::EndToken);
}

TEST(Speculative, TheRunStopsAtTheLastPositionLikeARunWithoutADraft)
{
    RotaryShape shape;
    shape.positions = 9;
    const auto target = makeRotary(rotaryConfig(shape), 5);
    generate::StoppingRule rule;
    rule.maxPositions = 9;
    const std::vector<int> expected = ids(plainRun(target, kPrompt, 5, rule));
    const SpeculativeRun run = speculativeRun(target, target, kPrompt, 5, 4, rule);
    EXPECT_EQ(ids(run.engine), expected);
}

TEST(Speculative, RefusesDifferentVocabulariesAndNoProposals)
{
    const auto target = makeRotary(rotaryConfig(RotaryShape()), 5);
    RotaryShape other;
    other.vocab = 31;
    const auto draft = makeRotary(rotaryConfig(other), 5);
    Decoder t(target), d(draft), same(target);
    EXPECT_THROW(SpeculativeDecoder(t, d, 4), ForwardError);
    EXPECT_THROW(SpeculativeDecoder(t, same, 0), ForwardError);
}

// Leviathan et al.'s rule: accepted with min(1, p/q), else drawn from max(0, p − q). Over many
// seeds the first token's frequencies approach the target's distribution p, which is far from the
// draft's q (so a rule that kept every proposal would fail).
TEST(Speculative, SamplingDrawsTheFirstTokenFromTheTargetsDistribution)
{
    const auto target = makeRotary(rotaryConfig(RotaryShape()), 5);
    RotaryShape small;
    small.layers = 1;
    const auto draft = makeRotary(rotaryConfig(small), 23);
    SamplingSettings sampling;
    sampling.temperature = 0.5; // sharpens both, so p and q differ clearly
    Decoder t(target), d(draft);
    t.append(kPrompt);
    d.append(kPrompt);
    const RowVector p = samplingDistribution(t.logits(), sampling);
    const RowVector q = samplingDistribution(d.logits(), sampling);
    const double draftDistance = 0.5 * double((p - q).cwiseAbs().sum());
    ASSERT_GT(draftDistance, 0.2);

    const int runs = 2000;
    RowVector counts = RowVector::Zero(p.size());
    for (int seed = 0; seed < runs; ++seed)
        counts[speculativeRun(target, draft, kPrompt, 1, 3, {}, sampling, std::uint64_t(seed)).engine.steps()[0].id]
            += 1;
    const RowVector frequencies = counts / Scalar(runs);
    const double distance = 0.5 * double((frequencies - p).cwiseAbs().sum());
    // The sampling error of 2000 draws over 29 tokens is about 0.05 in total variation.
    EXPECT_LT(distance, 0.08) << "the draft's own distribution is " << draftDistance << " away";
}
