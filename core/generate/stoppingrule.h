#pragma once
// When generation ends: the one rule --generate and the model room's Generate panel follow.
//
// A run of generation ends after the token that
// 1. is one of the end tokens. They are the model's (transformers' EosTokenCriteria over
//    generation_config.eos_token_id, in generation/stopping_criteria.py):
//    - generation_config.json's eos_token_id when the model folder has that file
//      (PreTrainedModel.from_pretrained loads it with GenerationConfig.from_pretrained);
//    - else config.json's eos_token_id (GenerationConfig.from_model_config, the fallback
//      from_pretrained keeps when the file is missing).
//    A generation_config.json whose eos_token_id is absent, null or [] leaves no end token, as
//    in transformers (it does not fall back to config.json key by key). Either file may give an
//    int or a list (Llama 3: [128001, 128008, 128009]).
//    In a chat turn (--generate --chat; the model room's chat prompt) the tokenizer's eos_token
//    from tokenizer_config.json ends it too: the end-of-turn token the chat template writes
//    after every message (Qwen2.5's <|im_end|>, Llama 3's <|eot_id|>), which is what chat models
//    end their answer with. vLLM stops at it the same way: its SamplingParams
//    .update_from_generation_config adds generation_config's eos ids to the tokenizer's
//    eos_token_id. Instruct models list it in generation_config.json anyway; a base model's
//    template (Qwen2.5's base models end with <|endoftext|>) needs it. When the tokenizer has
//    no single token of that text, nothing is added.
// 2. makes the run's count of new tokens (max_new_tokens; MaxLengthCriteria);
// 3. fills the model's last position: the prompt and the new tokens together never exceed
//    max_position_embeddings, as transformers checks max_length against it.
// The end token that ends a run is kept as its last token, as generate() returns it.

#include "core/text/message.h"

#include <functional>
#include <string>
#include <vector>

namespace attnlab::core::model {
struct ModelConfig;
}

namespace attnlab::core::generate {

struct StoppingRule {
    // The model's end tokens, in the file's order.
    std::vector<int> modelEndTokens;
    // Where they came from: "generation_config.json" or "config.json".
    std::string modelEndFile = "config.json";
    // tokenizer_config.json's eos_token and its id (−1: none, or the tokenizer has no such token).
    std::string chatEndText;
    int chatEndToken = -1;
    // A chat turn: chatEndToken ends a run too.
    bool chat = false;
    // max_position_embeddings: how long the sequence (prompt + new tokens) may grow.
    int maxPositions = 0;

    // Every id that ends a run: the model's, then the chat turn's when it is a new one.
    std::vector<int> endTokens() const;
    bool isEndToken(int id) const;
    // The rule in words for the user (the tooltip of the Generate panel's status).
    Message description() const;
};

// The id of a vocabulary string, or −1 (Tokenizer::idOf).
using TokenLookup = std::function<int(const std::string &piece)>;

// The rule for the model in `folder` whose config.json gave `config`; `chat` for a chat turn.
// Reads generation_config.json (readGenerationConfig) and, for a chat turn, tokenizer_config.json
// (core/chat's readSpecialTokens), finding the eos_token's id with `idOf`. Throws
// model::ModelError naming the file and field for a file that cannot be read or holds bad
// values.
StoppingRule readStoppingRule(
    const std::string &folder, const model::ModelConfig &config, bool chat, const TokenLookup &idOf);

} // namespace attnlab::core::generate
