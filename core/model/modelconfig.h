#pragma once
// config.json of a Hugging Face checkpoint → ModelConfig.
//
// Keys that are absent take the defaults of transformers' GPT2Config / BertConfig (GPT-2:
// n_layer 12, n_head 12, n_embd 768, n_positions 1024, vocab_size 50257, n_inner null → 4·n_embd,
// layer_norm_epsilon 1e-5, activation_function "gelu_new"; BERT: num_hidden_layers 12,
// num_attention_heads 12, hidden_size 768, intermediate_size 3072, max_position_embeddings 512,
// type_vocab_size 2, vocab_size 30522, layer_norm_eps 1e-12, hidden_act "gelu"). GPT-2 also
// accepts BERT-style key names (transformers' attribute_map: hidden_size, num_hidden_layers, …)
// when its own key is absent.
//
// Errors (ModelError, one line naming the file and the key): a model_type other than gpt2 or bert,
// sizes that are not integers, not positive or past the caps below, a hidden size not divisible by
// the head count, an epsilon that is not a positive finite number, variants the forward passes do
// not implement (GPT-2 scale_attn_by_inverse_layer_idx, scale_attn_weights false; BERT
// position_embedding_type other than "absolute").

#include "core/model/modelweights.h"

#include <string>

namespace attnlab::core::model {

// Caps far above any GPT-2 or BERT checkpoint, so that a typo or hostile file is refused before
// anything is sized from it.
inline constexpr int kMaxConfigLayers = 256;
inline constexpr int kMaxConfigHeads = 256;
inline constexpr int kMaxConfigDModel = 16384;
inline constexpr int kMaxConfigDInner = 65536;
inline constexpr int kMaxConfigPositions = 1 << 20;
inline constexpr int kMaxConfigVocab = 1 << 22;
inline constexpr int kMaxConfigTypeVocab = 1024;
inline constexpr int kMaxConfigExperts = 4096;

// Parses config.json text; `file` names it in messages. Throws ModelError.
ModelConfig parseModelConfig(const std::string &text, const std::string &file = "config.json");

// The same with the keys of `family`, a row that need not be in the registry (a family being added,
// a test's made-up one); config.json's model_type must be the family's.
ModelConfig parseModelConfig(
    const std::string &text, const ModelFamily &family, const std::string &file = "config.json");
// Reads and parses a config.json file (at most 16 MB), with `family`'s keys when given (as the
// overload above), else the family its model_type names. Throws ModelError.
ModelConfig readModelConfig(const std::string &path, const ModelFamily *family = nullptr);

} // namespace attnlab::core::model
