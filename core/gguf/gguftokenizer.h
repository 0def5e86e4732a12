#pragma once
// The tokenizer of a GGUF file, from its metadata, built as the tokenizer.json the same model
// ships with and parsed by the one tokenizer reader (core/tokenize/tokenizer.h), so it is the same
// pipeline of parts and gives the same ids.
//
// tokenizer.ggml.model "gpt2" (byte-level BPE) with these tokenizer.ggml.pre, as llama.cpp's
// llama-vocab.cpp reads them:
//   "gpt2"       GPT-2's ByteLevel pre-tokenizer with its own split regex;
//   "qwen2"      NFC, Qwen2's Split regex (single digits), ByteLevel without regex;
//   "llama-bpe"  Llama 3's Split regex (digits in threes), ByteLevel without regex, merges
//                ignored for whole-vocabulary words (ignore_merges), BOS added by default.
// tokenizer.ggml.tokens is the vocabulary in id order, tokenizer.ggml.merges the merges ("a b",
// in rank order), tokenizer.ggml.token_type marks control (3) and user-defined (4) tokens, which
// become added tokens matched before the split (not normalized, as in Qwen2's and Llama 3's
// tokenizer.json; the control ones special); tokenizer.ggml.add_bos_token (else the pre's
// default) with tokenizer.ggml.bos_token_id puts the BOS in front.
//
// "llama" (SentencePiece) and other models or pre-tokenizers are refused by name.

#include "core/tokenize/tokenizer.h"

#include <string>

namespace attnlab::core::gguf {

class GgufFile;

// The tokenizer.json text the metadata describes. Throws ModelError naming the key.
std::string ggufTokenizerJson(const GgufFile &file);

// The tokenizer of the GGUF file at `path`. Never throws.
model::TokenizerLoadResult loadGgufTokenizer(const std::string &path);

} // namespace attnlab::core::gguf
