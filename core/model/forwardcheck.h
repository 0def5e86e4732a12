#pragma once
// Shape checks the forward passes rely on, so that an inconsistent ModelWeights is an error that
// names the tensor, never an out-of-bounds read.

#include "core/model/modelweights.h"

namespace attnlab::core::model {

// Throws std::invalid_argument naming the first missing tensor or wrong shape (with the name
// transformers gives it, e.g. "h.3.attn.c_attn.weight"), or an inconsistent config (layers,
// heads not dividing d_model, …). The BERT masked-LM head may be absent as a whole.
void checkForwardWeights(const ModelWeights &weights);

// Whether the checkpoint has what predicting needs (GPT-2 always; BERT its masked-LM head).
bool hasPredictionHead(const ModelWeights &weights);

} // namespace attnlab::core::model
