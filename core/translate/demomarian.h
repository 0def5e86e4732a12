#pragma once
// The built-in demo translation model, for when no opus-mt model is on the machine: a tiny Marian
// checkpoint (d_model 16, 2 heads, 2 encoder and 2 decoder layers) whose weights are drawn from a
// fixed pseudo-random stream, so every machine writes the same bytes. Its weights are random: it
// shows how encoder, decoder and cross-attention run and what the views draw, not a translation
// anyone trained. Its tokenizer is a pair of real SentencePiece models (resources/translate/demo,
// trained by scripts/marian-spm-fixtures) with their vocab.json.
//
// The same writer makes a checkpoint at opus-mt-zh-en's real shapes (opusMtShape(): 6 + 6 layers,
// d_model 512, 8 heads, 2048-wide MLPs, 65,001 tokens, float32: 297 MiB), for the benchmarks
// and for trying the translation view at full size.

#include <string>

namespace attnlab::core::translate {

// The sizes of a written checkpoint. `vocab` 0: vocab.json's own size.
struct MarianShape {
    int dModel = 16;
    int heads = 2;
    int ffn = 32;
    int layers = 2; // each of the encoder and the decoder
    int positions = 128; // max_position_embeddings
    int vocab = 0;
};

// Helsinki-NLP/opus-mt-zh-en's config.json sizes.
MarianShape opusMtShape();

// Writes config.json, generation_config.json and model.safetensors into `dir`, which must exist
// and already hold vocab.json (the vocabulary size and <pad>, </s> ids are read from it). When
// `shape.vocab` is larger than vocab.json, vocab.json is first extended with pieces "▁w<id>" up to
// that size (a real vocabulary's size; SentencePiece never produces those pieces). Throws
// std::runtime_error when vocab.json is unreadable or a file cannot be written.
void writeDemoMarian(const std::string &dir, const MarianShape &shape = {});

} // namespace attnlab::core::translate
