#pragma once
// Opens a checkpoint folder laid out as the Hugging Face hub stores a model: config.json and
// model.safetensors, or the shards model.safetensors.index.json lists (core/model/checkpoint/checkpointfiles.h);
// tokenizer files are read elsewhere. The weights are bound to ModelWeights
// views: F32 tensors in place in the mapped file, F16/BF16 converted once.
//
// Tensor names are accepted with or without the "transformer." (GPT-2) / "bert." (BERT) prefix,
// LayerNorm parameters as weight/bias or gamma/beta; tensors the forward passes do not use
// (lm_head.weight, the pooler, position_ids buffers, …) are ignored, whatever their dtype. A
// missing required tensor, a shape that disagrees with config.json, or a required tensor of a
// dtype other than F32/F16/BF16 is an error naming the tensor (and both shapes). BERT's masked-LM
// head (cls.predictions.*) is optional as a whole: absent, its fields stay empty; present in
// part, the missing pieces are errors.

#include "core/model/modelweights.h"
#include "core/text/problem.h"

#include <functional>
#include <optional>
#include <string>

namespace attnlab::core::model {

// Called with the fraction done, 0 … 1, from the loading thread. Return false to cancel.
using LoadProgress = std::function<bool(double fraction)>;

struct LoadModelResult {
    std::optional<ModelWeights> weights; // set exactly when the folder loaded
    // What went wrong, naming the file and the tensor or key, as data for the user's language
    // (ui/i18n/coremessages.h); unset when loaded or cancelled.
    std::optional<Problem> problem;
    // The same in English, one line, e.g.
    // `model.safetensors: tensor "wte.weight" has shape [10, 8] but config.json implies [24, 8]`.
    std::string error;
    bool cancelled = false;

    bool ok() const { return weights.has_value(); }
};

// Loads DIR/config.json and the weights. Never throws for bad input. The weights' `owner` is
// the CheckpointFiles (core/model/checkpoint/checkpointfiles.h) the views point into; keep the
// ModelWeights (or a copy) alive as long as any view is used. Runs on any thread.
//
// Memory: views read the mapped files, F32 as floats and F16/BF16 matrices as their 16-bit
// elements, so opening costs almost nothing and pages become resident as the forward pass reads
// them (file-backed, shared with the page cache): a BF16 checkpoint takes its file size, not
// twice that. Only F16/BF16 vectors (norms, biases) are converted to float on open.
LoadModelResult loadModel(const std::string &dir, const LoadProgress &progress = {});
// The same for a family given as a row of its own, which need not be in the registry (see
// parseModelConfig): its config keys read config.json and its tensor table binds the weights.
LoadModelResult loadModel(const std::string &dir, const ModelFamily &family, const LoadProgress &progress = {});

} // namespace attnlab::core::model
