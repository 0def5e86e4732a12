#pragma once
// The logits processors of transformers' generate() that look at the tokens already in the
// sequence (generation/logits_process.py), applied to the model's logits before the sampling
// settings (core/model/sampling.h: greedy, or temperature, top-k and top-p), in transformers'
// order (GenerationMixin._get_logits_processor puts both before the warpers):
// 1. RepetitionPenaltyLogitsProcessor: every token id already in the sequence — the prompt and
//    every generated token — has its logit divided by the penalty when it is positive and
//    multiplied by it when it is negative, so a penalty above 1 makes a repeat less likely. The
//    arithmetic is float32, as PyTorch's on a float tensor with a Python number.
// 2. NoBadWordsLogitsProcessor: a banned sequence of one token never comes; a longer one never
//    completes: its last token gets −∞ when the sequence ends with all its other tokens. A
//    sequence of two or more tokens is skipped until more tokens than its prefix were read (as
//    transformers' SequenceBiasLogitsProcessor skips a sequence longer than the context, one
//    token more than its prefix needs). A banned
//    one-token sequence that is one of the model's end tokens was dropped on reading
//    (GenerationConfig::logitRules), as NoBadWordsLogitsProcessor drops it.

#include "core/types.h"

#include <vector>

namespace attnlab::core::generate {

struct LogitRules {
    // repetition_penalty: 1 is off; > 0 and finite.
    double repetitionPenalty = 1;
    // bad_words_ids: each a non-empty list of ids inside the vocabulary.
    std::vector<std::vector<int>> badWords;

    // Either rule changes something.
    bool active() const { return repetitionPenalty != 1 || !badWords.empty(); }
};

// `logits` (one per vocabulary id) after the rules, for the next token after `sequence` (every
// token the model has read, in order). Ids in `sequence` or a rule outside the logits are
// skipped. Returns `logits` unchanged when !rules.active().
RowVector applyLogitRules(
    const Eigen::Ref<const RowVector> &logits, const std::vector<int> &sequence, const LogitRules &rules);

} // namespace attnlab::core::generate
