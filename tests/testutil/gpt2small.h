#pragma once
// A GPT-2-small-shaped checkpoint for the benchmarks: 12 layers, 12 heads, d 768, 1024
// positions, 50257 tokens, in the order and naming of the hub's model.safetensors, with uniform
// random weights from a fixed seed. The data is streamed, so generating costs no memory.

#include <string>

namespace attnlab::test {

// Writes DIR/model.safetensors (dtype "F32" or "BF16") and DIR/config.json; returns the
// safetensors file's size in MiB.
double writeGpt2Small(const std::string &dir, const std::string &dtype);

} // namespace attnlab::test
