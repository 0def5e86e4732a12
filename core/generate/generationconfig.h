#pragma once
// generation_config.json, the file beside config.json that Hugging Face transformers reads with
// GenerationConfig.from_pretrained when it loads a model that can generate
// (PreTrainedModel.from_pretrained; the file takes the place of GenerationConfig.from_model_config,
// which copies config.json's generation keys, and only when it is missing does that copy apply).
//
// Read, as transformers' GenerationConfig holds them (generation/configuration_utils.py):
// - eos_token_id, the ids that end generation (stoppingrule.h says how they are used).
//   transformers accepts an int or a list of ints and makes a 1-D tensor of either
//   (GenerationMixin._prepare_special_tokens). null, an absent key and an empty list mean no end
//   token (transformers' None, and an empty tensor that never matches).
// - the sampling defaults do_sample, temperature, top_k and top_p: samplingDefaults() is what
//   generate() does with them when the caller passes none (greedy unless do_sample is true;
//   then the file's values over GenerationConfig's own defaults, temperature 1.0, top_k 50,
//   top_p 1.0). The command line stays greedy unless asked (--temperature), as its contract says;
//   the model room's Generate panel starts from these.
// - repetition_penalty and bad_words_ids, the logits rules of logitrules.h, applied by both.
// max_length, max_new_tokens, num_beams and the other keys are not read.
// We refuse, naming the file and the field, what transformers would only warn about or crash on:
// an id that is not a whole number ≥ 0, a nested eos list, an id outside the model's vocabulary,
// a do_sample that is not true or false, a temperature < 0, a top_k < 0, a top_p outside (0, 1],
// a repetition penalty ≤ 0, a bad_words_ids that is not a list of non-empty id lists. null reads
// as an absent key; an empty bad_words_ids as none.
//
// The text goes through the JSON guard (core/json/jsonguard) with limits for a small file: 1 MiB,
// 65,536 values, 16 levels (Whisper's forced_decoder_ids and lang_to_id, the deepest real ones,
// nest 2).

#include "core/generate/logitrules.h"
#include "core/model/sampling.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace attnlab::core::generate {

inline constexpr const char *kGenerationConfigFile = "generation_config.json";
inline constexpr std::uint64_t kMaxGenerationConfigBytes = std::uint64_t(1) << 20;

struct GenerationConfig {
    // eos_token_id in the file's order (an int becomes one id); empty when the key is absent,
    // null or an empty list.
    std::vector<int> endTokens;
    // The keys as the file gave them; empty when absent or null.
    std::optional<bool> doSample;
    std::optional<double> temperature;
    std::optional<int> topK;
    std::optional<double> topP;
    std::optional<double> repetitionPenalty;
    std::vector<std::vector<int>> badWords;

    // The sampling settings generate() uses when its caller passes none: greedy unless do_sample
    // is true, then temperature (1.0 when absent; 0 means greedy here), top_k (50) and top_p (1.0).
    model::SamplingSettings samplingDefaults() const;
    // repetition_penalty (1 when absent) and bad_words_ids without the one-token lists that are
    // end tokens, as NoBadWordsLogitsProcessor drops them.
    LogitRules logitRules() const;
    // The sampling and rule keys the file set, in the order above ("do_sample", "temperature",
    // "top_k", "top_p", "repetition_penalty", "bad_words_ids"), for saying where settings came from.
    std::vector<std::string> keysSet() const;
};

// Parses the text of a generation_config.json of a model with `vocabSize` token ids. Throws
// model::ModelError (core/model/modelerror.h) whose problem names the file
// ("generation_config.json") and the field ("eos_token_id", "eos_token_id[2]", "top_p",
// "bad_words_ids[1][0]") for text the JSON guard refuses, a top level that is not an object, or a
// value refused above. Throws nothing else for any text (the fuzzing entry point).
GenerationConfig parseGenerationConfig(std::string_view text, int vocabSize);

// `folder`/generation_config.json, or nothing when the folder has no such file. Throws
// model::ModelError as parseGenerationConfig does, and for a file that cannot be read or is
// larger than kMaxGenerationConfigBytes.
std::optional<GenerationConfig> readGenerationConfig(const std::string &folder, int vocabSize);

} // namespace attnlab::core::generate
