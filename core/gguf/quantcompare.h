#pragma once
// Several files of one model side by side (issue 34): the same head on the same text computed
// from each file (F32 or BF16 original, Q8_0, Q4_K …), the difference of its attention weights
// from the first file's, each file's prediction, what each file costs (its type, bits per weight,
// bytes on disk and in memory) and how fast it decodes. The UI's "Same Head, Several Files"
// window shows these; each file has its own ForwardRunner.
//
// Shapes: n tokens; scores and weights n × n (row = query, column = key), context n × d_head.

#include "core/model/forward.h"
#include "core/model/topk.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace attnlab::core::gguf {

class GgufFile;

// One file's view of head `head` of layer `layer` on the runner's text.
struct FileHead {
    Matrix scores; // q·kᵀ scaled as the model scales them; cells the mask hides are −∞
    Matrix weights; // after the softmax (equal to ForwardRunner::attentionWeights up to rounding)
    Matrix context; // weights · values of the head
    // The most likely next tokens at the prediction position, largest first (the model's own
    // softmax over the whole vocabulary); empty when the runner cannot predict.
    std::vector<model::TokenProbability> top;
};

// Reads head `head` of `layer` (0-based) from a runner that has run its text completely.
// `tokens` are the display strings (one per token). Throws std::invalid_argument (or
// std::out_of_range) for a layer or head out of range.
FileHead fileHead(
    const model::ForwardRunner &runner, int layer, int head, const std::vector<std::string> &tokens, int topCount = 5);

// other.weights − first.weights, cell by cell; empty when the shapes differ.
Matrix weightDifference(const FileHead &first, const FileHead &other);

// What one GGUF file costs.
struct FileCost {
    std::string quantization; // fileQuantization (modellist.h): "Q4_K_M", "Q8_0", "F32"
    double bitsPerWeight = 0; // the tensors' bytes · 8 / their elements
    std::uint64_t fileBytes = 0; // the whole file
    std::uint64_t weightElements = 0; // every tensor's elements
    // The bytes the app holds for the weights once loaded (core/gguf/ggufmodel.h): every matrix
    // in the file's own elements (its quantized blocks, its 16 bits, its floats), every vector
    // (norms, biases) as float32. About the file's size for a quantized file.
    std::uint64_t memoryBytes = 0;
};
FileCost fileCost(const GgufFile &file);

// A measured greedy decode.
struct DecodeSpeed {
    int tokens = 0; // tokens generated after the prompt
    double seconds = 0; // their time, the prompt's pass (prefill) not counted
    double tokensPerSecond() const { return seconds > 0 ? tokens / seconds : 0; }
};

// Runs `prompt` through a Decoder of `weights` (not timed), then generates `count` tokens
// greedily (the most likely each time), one pass each, timing those passes. `cancelled` is
// asked before each pass (and before each layer); true stops with false. Stops early, with the
// tokens so far, when the context is full. Throws ForwardError for a model that cannot generate.
bool measureDecodeSpeed(const std::shared_ptr<const model::ModelWeights> &weights, const std::vector<int> &prompt,
    int count, const std::function<bool()> &cancelled, DecodeSpeed *speed);

} // namespace attnlab::core::gguf
