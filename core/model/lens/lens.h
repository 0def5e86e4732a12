#pragma once
// The logit lens: what the model would predict if it stopped after each layer. The model's own
// output head — the final norm and the unembedding for a pre-norm model, the masked-LM head
// (dense, activation, LayerNorm, tied decoder, output bias) for BERT — applied at the prediction
// position to the residual stream after layer l, for l = 0 (the embeddings) … layers.

#include "core/model/forward.h"
#include "core/model/topk.h"

#include <vector>

namespace attnlab::core::model {

// The matrix of the tokens' output directions (vocab × d): the token embeddings when the output
// head is tied to them (GPT-2, BERT's decoder, tie_word_embeddings), else lm_head.
const TensorView &unembedding(const ModelWeights &weights);

// The logits the model's output head gives for each row of `residual` (rows × d): rows × vocab.
// Needs a checkpoint that can predict (ForwardRunner::canPredict()).
Matrix outputHeadLogits(const ModelWeights &weights, const Eigen::Ref<const Matrix> &residual);

struct LogitLens {
    int position = 0; // the prediction position
    // (layers + 1) × vocab: row l from the residual stream after layer l (row 0: the
    // embeddings). The last row IS the runner's prediction (its logits() and probabilities()),
    // so it equals --predict exactly; the rows before are computed in one product.
    Matrix logits, probabilities;
};

// The lens of the runner's last pass at its prediction position. Needs a complete pass
// (isComplete()) of a model that can predict; throws std::invalid_argument otherwise.
LogitLens logitLens(const ForwardRunner &runner);

// The lens of one token row `row` of the runner's last pass, as the model room's tokens × layers
// grid shows it: for l = 0 … layers, the `k` most likely tokens (topK) of the output head applied
// to the residual stream after layer l at that row — what the model would predict there had it
// stopped after layer l. One product of (layers + 1) rows with the unembedding, so a grid costs
// only the rows asked for. At the prediction position the last entry is the runner's own
// prediction (topK of probabilities()); at any other row it is what the model's head gives on the
// last residual there. Needs a complete pass of a model that can predict; throws
// std::invalid_argument otherwise or for a row outside the sequence.
std::vector<std::vector<TokenProbability>> lensTopTokens(const ForwardRunner &runner, int row, int k);

} // namespace attnlab::core::model
