#pragma once
// Beam search for a translation model, as transformers' generate(num_beams=B, do_sample=False)
// runs it (GenerationMixin._beam_search; BeamSearchScorer and BeamHypotheses in older releases).
//
// Each step scores every running beam's continuations by log_softmax of the logits plus the beam's
// sum, after the generation rules (the pad token and bad_words_ids banned; at the last step,
// forced_eos_token_id leaves </s> alone with log-probability 0). Of the 2·B best candidates, an
// </s> ranked among the first B finishes its beam as a hypothesis scored
//     sum of log-probabilities / (generated tokens, </s> included)^length_penalty,
// and the best B others run on. The B best hypotheses are kept. The run ends by early_stopping
// (EarlyStopping), or when max_new_tokens are made: then the running beams join the hypotheses
// scored the same way. The best hypothesis is the translation.
//
// One beam is greedy search, as in transformers (translateGreedy).

#include "core/translate/translationmodel.h"

namespace attnlab::core::translate {

struct SearchOptions {
    int maxNewTokens = 64;
    int numBeams = 1;
    double lengthPenalty = 1.0;
    EarlyStopping earlyStopping = EarlyStopping::Heuristic;
};

// The options generation_config.json asks for, with `maxNewTokens` new tokens at most.
SearchOptions searchOptions(const GenerationRules &rules, int maxNewTokens);

struct SearchResult {
    Translation translation;
    // The winning hypothesis's score under the length-penalty rule above (greedy: the same rule
    // applied to its tokens).
    double score = 0;
};

// A hypothesis's score: `sumLogProbabilities` / `generatedTokens`^`lengthPenalty`.
double beamScore(double sumLogProbabilities, int generatedTokens, double lengthPenalty);

// Translates `text` by beam search (one beam: greedy). `progress` is told the best running beam's
// tokens after each step and may stop the run. Throws what TranslationModel::encode throws.
SearchResult translate(const TranslationModel &model, const std::string &text, const SearchOptions &options,
    const TranslationProgress &progress = {});

// The log-probabilities of the next token after `targetIds` (the decoder start first) under the
// generation rules, in double: log_softmax of the last row's logits, banned tokens −∞, and when
// `forceEos` only </s> (forced_eos_token_id) at 0. Also the plain softmax (before the rules) into
// `probabilities` when given.
std::vector<double> nextLogProbabilities(const TranslationModel &model, const Matrix &encoderOut,
    const std::vector<int> &targetIds, bool forceEos, std::vector<double> *probabilities = nullptr);

} // namespace attnlab::core::translate
