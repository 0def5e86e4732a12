#pragma once
// One cross-attention head of a translation model as a Scene with a memory
// (core/scene/memory/memory.h), so the pipeline board shows it step by step with the model's own
// numbers: the query tokens are the decoder's input ([decoder start] + the target ids), X is what
// the head's q is projected from (the decoder rows after the self-attention sublayer, as the block
// hands them to the cross-attention: TranslationModel::decode's HeadTrace::input), the memory is
// the encoder's output with the source tokens as key tokens, and
//   W_Q = rows [H·dh, (H+1)·dh) of encoder_attn.q_proj.weight, transposed (nn.Linear is out × in),
//   W_K, W_V likewise of k_proj and v_proj, b_Q, b_K, b_V the matching slices,
//   W_O = columns [H·dh, (H+1)·dh) of encoder_attn.out_proj.weight, transposed, b_O its whole bias
//   (added once to the sum of all heads);
// scale √d_k (Marian multiplies q by d_head^−½), no mask. So the scene's weights and context equal
// `attnlab --dump --attention cross` for the same layer and head.

#include "core/scene/scene.h"
#include "core/translate/translationmodel.h"

#include <vector>

namespace attnlab::core::translate {

// The scene of cross-attention head `head` of decoder layer `layer` (both 0-based; the title
// counts from 1) over `sourceIds` (with its </s>) and `targetIds` (the decoder start first).
// Throws std::invalid_argument when layer or head is out of range or a list is empty.
Scene crossHeadScene(const TranslationModel &model, const std::vector<int> &sourceIds,
    const std::vector<int> &targetIds, int layer, int head);

} // namespace attnlab::core::translate
