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
// tokenizer.ggml.model "llama" (SentencePiece: Llama 2, TinyLlama, Mistral …; tokenizer.ggml.pre
// is ignored, as llama.cpp does) becomes llama.cpp's SPM model part (core/tokenize/spm.h) with
// tokenizer.ggml.scores, behind the normalizer of a Llama 2 tokenizer.json: "▁" put in front of
// every stretch of text between added tokens (unless tokenizer.ggml.add_space_prefix is false)
// and for every space; the decoder turns "▁" back into spaces, "<0xNN>" pieces into their bytes
// and drops the first space. The unknown piece is tokenizer.ggml.unknown_token_id, else id 0;
// the BOS is added unless tokenizer.ggml.add_bos_token says otherwise.
// Unknown (2) tokens are split out of the text as control ones are, as llama.cpp does;
// tokenizer.ggml.add_eos_token puts the EOS (tokenizer.ggml.eos_token_id) at the end.
//
// Other models or pre-tokenizers are refused by name.

#include "core/tokenize/tokenizer.h"

#include <string>

namespace attnlab::core::gguf {

class GgufFile;

// The tokenizer.json text the metadata describes. Throws ModelError naming the key.
std::string ggufTokenizerJson(const GgufFile &file);

// The tokenizer of the GGUF file at `path`. Never throws.
model::TokenizerLoadResult loadGgufTokenizer(const std::string &path);

} // namespace attnlab::core::gguf
