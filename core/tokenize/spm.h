#pragma once
// llama.cpp's SentencePiece tokenizer (llm_tokenizer_spm in src/llama-vocab.cpp), the model part
// of a GGUF vocabulary whose tokenizer.ggml.model is "llama" (Llama 2, TinyLlama, Mistral …).
//
// A word is split into its characters; every pair of neighbours whose concatenation is a piece
// of the vocabulary is queued with that piece's score, and the highest score is merged first
// (ties: the leftmost pair), queueing the new pairs, until nothing merges. A final symbol that is
// not a piece is split back along the merges that made it, and a character that is no piece at
// all becomes its bytes as "<0xNN>" pieces (byte fallback), or the raw byte's piece, or the
// unknown piece.
//
// This gives the ids of the same model's tokenizer.json (BPE with byte_fallback, merges ranked
// by the merged piece's score), which is what Hugging Face's converter makes of the same scores.
// The escaping of spaces ("▁") and the space prefix are the normalizer's, not this part's.

#include "core/tokenize/parts.h"

#include <vector>

namespace attnlab::core::model {

class SpmModel : public ModelPart {
public:
    Vocabulary vocabulary;
    std::vector<float> scores; // by id; a missing score counts as 0
    int unkId = -1; // -1: an unknown byte is dropped

    std::vector<ModelPiece> tokenize(const Text &word) const override;
    const Vocabulary &vocab() const override { return vocabulary; }
    TokenizerKind kind() const override { return TokenizerKind::Bpe; }

private:
    float scoreOf(int id) const { return id >= 0 && size_t(id) < scores.size() ? scores[size_t(id)] : 0.0f; }
};

} // namespace attnlab::core::model
