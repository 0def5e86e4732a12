#pragma once
// generation_config.json, the file beside config.json that Hugging Face transformers reads with
// GenerationConfig.from_pretrained when it loads a model that can generate
// (PreTrainedModel.from_pretrained; the file takes the place of GenerationConfig.from_model_config,
// which copies config.json's generation keys, and only when it is missing does that copy apply).
//
// Only eos_token_id is read: the ids that end generation (stoppingrule.h says how they are used).
// transformers accepts an int or a list of ints and makes a 1-D tensor of either
// (GenerationMixin._prepare_special_tokens). We accept the same and refuse, naming the file and
// the field, what transformers would only warn about or crash on: a value that is not a whole
// number ≥ 0, a nested list, and an id outside the model's vocabulary. null, an absent key and an
// empty list mean no end token (transformers' None, and an empty tensor that never matches).
//
// The sampling defaults such a file may hold (do_sample, temperature, top_k, top_p, max_length,
// repetition_penalty) are not applied: the app samples as its own settings say (greedy unless
// asked), so `--generate` prints the same tokens whether or not the folder has the file.
//
// The text goes through the JSON guard (core/json/jsonguard) with limits for a small file: 1 MiB,
// 65,536 values, 16 levels (Whisper's forced_decoder_ids and lang_to_id, the deepest real ones,
// nest 2).

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
};

// Parses the text of a generation_config.json of a model with `vocabSize` token ids. Throws
// model::ModelError (core/model/modelerror.h) whose problem names the file
// ("generation_config.json") and the field ("eos_token_id", "eos_token_id[2]") for text the JSON
// guard refuses, a top level that is not an object, an eos_token_id of another type, or an id
// outside 0 … vocabSize − 1. Throws nothing else for any text (the fuzzing entry point).
GenerationConfig parseGenerationConfig(std::string_view text, int vocabSize);

// `folder`/generation_config.json, or nothing when the folder has no such file. Throws
// model::ModelError as parseGenerationConfig does, and for a file that cannot be read or is
// larger than kMaxGenerationConfigBytes.
std::optional<GenerationConfig> readGenerationConfig(const std::string &folder, int vocabSize);

} // namespace attnlab::core::generate
