#pragma once
// A checkpoint at Qwen2.5-0.5B-Instruct's sizes for the benchmarks of issue 18: its config.json
// (24 layers, 14 query and 2 key/value heads of 64, d 896, inner 4864, 151,936 tokens, tied
// embeddings, rope_theta 1e6), the tensors in the order and naming transformers saves
// Qwen2ForCausalLM, and a tokenizer.json of the same size (NFC, Split regex, ByteLevel, 151,643
// BPE pieces and as many merges, Qwen's specials after them). The weights are uniform random from
// a fixed seed and streamed to the file, so writing costs no memory.

#include <string>

namespace attnlab::test {

// Writes DIR/config.json and DIR/model.safetensors (dtype "BF16", "F16" or "F32"); returns the
// safetensors file's size in bytes.
double writeQwen25HalfBillion(const std::string &dir, const std::string &dtype);

// The tokenizer.json text described above (about 7.7 MB), and the same written to
// DIR/tokenizer.json.
std::string qwenShapedTokenizerJson();
void writeQwenShapedTokenizer(const std::string &dir);

} // namespace attnlab::test
