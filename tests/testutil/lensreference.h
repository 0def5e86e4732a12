#pragma once
// The naive double-precision reference of issue 19's analyses for the tiny GPT-2 and BERT of
// modelreference.h: the stages of one whole block, the logit lens and the direct logit
// attribution, written with plain loops from the weights and the reference forward pass (no Eigen,
// no production code).

#include "modelreference.h"

#include <string>
#include <vector>

namespace attnlab::test {

struct BlockReference {
    Mat input, attnIn, attnOut, afterAttn, mlpIn, mlpAct, mlpOut, output;
};

// Block `layer` of GPT-2 (pre-LN) or BERT (post-LN), from the forward reference `ref` of the same
// ids and head mask.
BlockReference gpt2BlockReference(const ModelWeights &w, const Reference &ref, int layer);
BlockReference bertBlockReference(const ModelWeights &w, const Reference &ref, int layer);

// The output head of one residual row: GPT-2's ln_f and tied decoder, BERT's masked-LM head.
Vec gpt2HeadReference(const ModelWeights &w, const Vec &residual);
Vec bertHeadReference(const ModelWeights &w, const Vec &residual);

// The logit lens at `position`: row l = the head's logits of ref.inputs[l][position].
Mat gpt2LensReference(const ModelWeights &w, const Reference &ref, int position);
Mat bertLensReference(const ModelWeights &w, const Reference &ref, int position);

// The direct logit attribution of `token` at the last position of GPT-2, with ln_f's scale frozen
// at the full residual: the embeddings, every head (layer-major), every MLP after its layer's
// heads, then the biases; each named as the command line names it ("embeddings", "2.3",
// "2.mlp", "biases", counted from 1).
struct PartReference {
    std::string name;
    double value = 0;
};
std::vector<PartReference> gpt2AttributionReference(
    const ModelWeights &w, const std::vector<int> &ids, const Mat &headMask, int token);
// BERT's per-layer attribution: "embeddings" = the lens logit at layer 0, "l" = its change over
// layer l.
std::vector<PartReference> bertAttributionReference(
    const ModelWeights &w, const std::vector<int> &ids, int position, int token);

} // namespace attnlab::test
