#pragma once
// Direct logit attribution: how much each part of the model writes toward one token's logit at
// the prediction position.
//
// Pre-norm models (a norm before each sub-layer): the residual stream after the last layer is the sum
// of the embeddings, every head's output (its context row times its slice of W_O), every MLP's
// output (without its output bias) and the biases (every attention and MLP output bias). The
// final norm is made linear by freezing its scale 1/√(var + ε) (LayerNorm, which also centres)
// or 1/√(mean(x²) + ε) (RMSNorm) at the value computed on the whole residual; then each part's
// share of the logit is its normed vector (without the norm's bias) times the token's
// unembedding row. The norm's bias times that row (and an output bias of the token) go to
// "biases". The parts sum to the logit up to float rounding.
//
// Post-norm models (BERT) renormalise the residual stream inside every layer, so no such sum
// of per-head parts exists. There the attribution is per layer only: the embeddings' share is
// the logit lens's logit of the token at layer 0, and layer l's share is how much the lens's
// logit changes from layer l − 1 to l. These also sum to the logit (they telescope), but they
// measure the layer as a whole, norms included.

#include "core/model/forward.h"

#include <string>
#include <vector>

namespace attnlab::core::model {

struct AttributionPart {
    enum class Kind {
        Embeddings,
        Head, // one head of one layer (layer and head set)
        Mlp, // the MLP of one layer (layer set)
        Layer, // a whole layer (post-norm models only; layer set)
        Biases,
    };
    Kind kind = Kind::Embeddings;
    int layer = -1; // 0-based
    int head = -1; // 0-based
    double value = 0;
};

struct Attribution {
    int token = 0;
    double logit = 0; // the model's own logit of `token` (ForwardRunner::logits())
    // True: embeddings, every head, every MLP and the biases; false: embeddings and whole layers.
    bool perHead = true;
    // In the model's order: embeddings, then per layer its heads and MLP (or the layer), then the
    // biases (pre-norm only).
    std::vector<AttributionPart> parts;
};

// The part's name as the command line prints it, counted from 1: "embeddings", "L.H" (a head),
// "L.mlp", "L" (a whole layer) or "biases".
std::string partName(const AttributionPart &part);

// Whether a model of this config gets the per-head decomposition (pre-norm) or only the per-layer
// one (post-norm; and Gemma, whose norms of each sub-layer's output and capped logits make the
// logit no sum of per-head shares: its layers' shares are the logit lens's differences).
bool attributionIsPerHead(const ModelConfig &config);

// The attribution of `token` (0 ≤ token < vocabSize) at the runner's prediction position. Needs a
// complete pass of a model that can predict; throws std::invalid_argument otherwise or for a token
// outside the vocabulary.
Attribution attributeLogit(const ForwardRunner &runner, int token);

// The same with `progress` called, on the calling thread, before each group of layers (layer,
// layers) and once more with (layers, layers): returning false cancels, and then the function
// returns false and leaves `out` as it was. A causal model's heads read the pass's cached keys
// and values, so only the prediction row's query and attention row are computed; a model without
// that cache recomputes each head's attention weights (about 20 ms at 1,024 tokens of GPT-2 small,
// so seconds for every head). Either way every layer's q, W_O and MLP weights are read once.
bool attributeLogit(const ForwardRunner &runner, int token, const ForwardProgress &progress, Attribution &out);

} // namespace attnlab::core::model
