#pragma once
// Alignment read from cross-attention: for each target token, the source token its query attends
// to most in a layer, the layer's heads averaged. Attention is not word alignment (Jain & Wallace
// 2019; Garg et al. 2019 train a head for it): the table says where the weight went, not which
// words translate each other.
//
// Shapes: a layer's heads are target rows × source columns, each row a softmax (sums to 1). Row i
// is the decoder's query at input position i (the decoder start first), the one that predicted
// generated token i.

#include "core/types.h"

#include <vector>

namespace attnlab::core::translate {

// The heads' mean, cell by cell (target × source). Empty for no heads. Throws std::invalid_argument
// when the heads' shapes differ.
Matrix averageHeads(const std::vector<Matrix> &heads);

struct LayerAlignment {
    std::vector<int> source; // per target row: the source column with the largest mean weight
    std::vector<double> weight; // that weight
    double confidence = 0; // the mean of `weight` over the rows
};

struct CrossAlignment {
    std::vector<LayerAlignment> layers;
    int mostConfident = -1; // the layer with the largest confidence (the first on a tie); −1: none
};

// The alignment of every layer of `crossWeights` ([layer][head] → target × source). A tie in a row
// goes to the first source column.
CrossAlignment alignCrossAttention(const std::vector<std::vector<Matrix>> &crossWeights);

} // namespace attnlab::core::translate
