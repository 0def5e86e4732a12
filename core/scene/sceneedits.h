#pragma once
// Pure functions from a scene to an edited scene: every setting the editors offer. They do
// not check limits; callers run core::validate() on the result before pushing it, so a bad
// request becomes a message instead of an invalid scene.

#include "core/scene/scene.h"

#include <cstdint>
#include <string>
#include <vector>

namespace attnlab::core::edits {

// The value at `index` of the reproducible stream named by `seed`: a number in [−1, 1] with
// two decimals, so that cells read like hand-written examples.
core::Scalar seededValue(std::uint64_t seed, std::uint64_t index);
// A stable 64-bit hash of a text (FNV-1a), the same on every platform and run.
std::uint64_t textSeed(const std::string &text);
// The starting embedding of a token: column c is seededValue(textSeed(token), c), so the same
// token always starts with the same vector, and a wider d_model only appends columns.
core::RowVector tokenEmbedding(const std::string &token, int dModel);

// New tokens. Model mode: the embedding table gets one row per distinct token in order of
// first appearance; a token that had a row keeps it, a new one gets tokenEmbedding(). Rows of
// tokens that left the sentence stay after those, in their old order (see withoutUnusedRows). Direct
// mode: each token takes the Q, K, V rows of the first old position holding the same token,
// or seeded rows. A custom mask is resized, new cells visible.
core::Scene withTokens(const core::Scene &scene, const std::vector<std::string> &tokens);

// The entries of the embedding table that no token of the sentence uses (model mode), in table order.
std::vector<std::string> unusedVocabulary(const core::Scene &scene);
// The scene without those rows; the order of the others is kept.
core::Scene withoutUnusedRows(const core::Scene &scene);

// New dimensions (model mode). Values at positions that still exist are kept, head by head
// (column c of head j stays column c of head j); new cells get seeded values. W_O appears
// when heads > 1 and is kept when going back to one head.
core::Scene withDimensions(const core::Scene &scene, int dModel, int heads, int dK);
// Direct mode: Q and K get `dK` columns, V keeps its width.
core::Scene withDirectKeyDim(const core::Scene &scene, int dK);

// W_Q, W_K, W_V (and W_O when present) drawn from `seed`; in direct mode Q, K and V.
core::Scene withRandomWeights(const core::Scene &scene, std::uint64_t seed);
// Every weight matrix set to a rectangular identity (1 where row = column).
core::Scene withIdentityWeights(const core::Scene &scene);

core::Scene withPositional(const core::Scene &scene, core::PositionalEncoding pe);
core::Scene withScale(const core::Scene &scene, core::ScaleKind kind, core::Scalar customDivisor);
// Switching to Custom starts from the mask currently in effect, so nothing jumps.
core::Scene withMaskKind(const core::Scene &scene, core::MaskKind kind);
// A custom mask that hides the last `k` keys from every query (padding).
core::Scene withPaddingMask(const core::Scene &scene, int k);
// Toggles one cell of the mask, switching to a custom mask first.
core::Scene withMaskCellToggled(const core::Scene &scene, int row, int column);

// Direct mode with the Q, K and V that head `head` currently computes (positional encodings
// already applied to X are baked in; RoPE stays on). Model mode from direct mode: d_model =
// d_k, one head, seeded embeddings and identity weights.
core::Scene toDirectMode(const core::Scene &scene, int head);
core::Scene toModelMode(const core::Scene &scene);

} // namespace attnlab::core::edits
