#pragma once
// A GPT-2-small-shaped checkpoint for the benchmarks: 12 layers, 12 heads, d 768, 1024
// positions, 50257 tokens, in the order and naming of the hub's model.safetensors, with uniform
// random weights from a fixed seed. The data is streamed, so generating costs no memory.

#include <string>

namespace attnlab::test {

// Writes DIR/model.safetensors (dtype "F32" or "BF16") and DIR/config.json; returns the
// safetensors file's size in MiB.
double writeGpt2Small(const std::string &dir, const std::string &dtype);

// The sizes of a GPT-2-layout checkpoint (GPT-2 small's by default).
struct Gpt2Shape {
    int layers = 12, heads = 12, d = 768, inner = 3072, vocab = 50257, positions = 1024;
};
// The same for any sizes, e.g. Qwen2.5-0.5B's (24 layers, d 896, inner 4864, 151,936 tokens)
// in GPT-2's block layout, for the memory and open-time benchmarks of a 0.5B model.
double writeGpt2Shaped(const std::string &dir, const std::string &dtype, const Gpt2Shape &shape);

} // namespace attnlab::test
