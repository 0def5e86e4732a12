#pragma once
// Tiny Gemma 2 and Gemma 3 (text) checkpoint folders as transformers saves Gemma2ForCausalLM and
// Gemma3ForCausalLM: tensors under "model.", four norms per layer, the output head tied to
// embed_tokens (no lm_head tensor), Gemma 3's q_norm and k_norm; config.json with the options'
// attention variants. model_type "gemma3" writes the multimodal layout of the hub's Gemma 3 4B and
// larger (Gemma3ForConditionalGeneration): the language model's keys in config.json's text_config
// (model_type, architectures and the token ids at the top), its tensors under
// "language_model.model." beside a vision tower's and a projector's that the app must ignore.
// Weights are seeded random; norm weights are centred on 0 as Gemma's are (the model multiplies by
// 1 + w). No GoogleTest here, so command-line tests can use it too.

#include "modelfixtures.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace attnlab::test {

struct TinyGemmaOptions {
    std::string modelType = "gemma2"; // or "gemma3_text", or "gemma3" (multimodal layout)
    // The multimodal layout's prefix of the language model's tensors.
    std::string multimodalPrefix = "language_model.model.";
    std::string dtype = "F32";
    unsigned seed = 4;
    int layers = 3;
    int heads = 4;
    int kvHeads = 2;
    int dModel = 16;
    int headDim = 8;
    int dInner = 24;
    int positions = 64;
    int vocab = 29;
    // config.json's values, as raw JSON text (an empty text leaves the key out).
    std::string slidingWindow = "3";
    std::string queryPreAttnScalar = "12";
    std::string attnSoftcap = "2.5", finalSoftcap = "3.0";
    std::string ropeTheta = "10000.0";
    // Replace or add config.json keys: key → raw JSON text; an empty text removes the key. In the
    // multimodal layout they go into text_config, except model_type, architectures and the token ids.
    std::map<std::string, std::string> configEdits;
    std::function<void(std::vector<FixtureTensor> &)> editTensors;
    std::function<void(const std::string &dir)> addFiles;
};

// Writes DIR/config.json and DIR/model.safetensors; DIR must exist.
void writeTinyGemma(const std::string &dir, const TinyGemmaOptions &options = {});

} // namespace attnlab::test
