#pragma once
// The built-in demo translation model, for when no opus-mt model is on the machine: a tiny Marian
// checkpoint (d_model 16, 2 heads, 2 encoder and 2 decoder layers) whose weights are drawn from a
// fixed pseudo-random stream, so every machine writes the same bytes. Its weights are random: it
// shows how encoder, decoder and cross-attention run and what the views draw, not a translation
// anyone trained. Its tokenizer is a pair of real SentencePiece models (resources/translate/demo,
// trained by scripts/marian-spm-fixtures) with their vocab.json.

#include <string>

namespace attnlab::core::translate {

// Writes config.json, generation_config.json and model.safetensors into `dir`, which must exist
// and already hold vocab.json (the vocabulary size and <pad>, </s> ids are read from it). Throws
// std::runtime_error when vocab.json is unreadable or a file cannot be written.
void writeDemoMarian(const std::string &dir);

} // namespace attnlab::core::translate
