#pragma once
// The most likely tokens of a prediction.

#include "core/types.h"

#include <vector>

namespace attnlab::core::model {

struct TokenProbability {
    int id = 0;
    Scalar probability = 0;
};

// The k largest entries of `probabilities` (e.g. ForwardRunner::probabilities(), the model's own
// softmax over the whole vocabulary, not renormalised over the k), largest first; equal
// probabilities in order of smaller id. k ≤ 0 gives none; k beyond the length gives all.
std::vector<TokenProbability> topK(const Eigen::Ref<const RowVector> &probabilities, int k);

} // namespace attnlab::core::model
