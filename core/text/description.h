#pragma once
// Scene descriptions whose numbers are computed, never typed.
//
// A description (an example's "description" in any language) may refer to values of its own
// scene in braces; renderDescription() replaces each reference by the value the scene gives
// now, so the text follows every edit and no number in it can go stale or be mistyped.
//
// Syntax of a reference: {NAME} or {NAME:FORMAT}; "{{" and "}}" stand for literal braces.
//
//   NAME, sizes of the scene:      n (tokens), d_model, d_k, d_v, heads, h_d_k (heads × d_k,
//                                  the width of W_Q), divisor (what the scores are divided by:
//                                  √d_k, 1 or the custom one); first_column@H, last_column@H
//                                  (the columns of W_Q that head H uses)
//   NAME, a cell of a stage:       STAGE[row][column], STAGE one of X, Q, K, V, Q_rot,
//                                  K_rot (or the older Q_rotated, K_rotated), scores, scaled, masked, weights, context,
//                                  concat, output (the names of --dump); rows and columns count from 0, the row is the
//                                  query in an n × n stage. A per-head stage takes head 1 unless a head follows the
//                                  name, counted from 1 as the app shows heads: weights@2[0][1].
//   NAME, a row summary:           max_weight[row] (the largest weight of that query row),
//                                  row_sum[row] (the sum of its weights)
//   FORMAT:                        .Nf   N decimals (default .3f for a cell, none for a size)
//                                  .N%   a percentage with N decimals (0.8 → 80%)
//                                  d     a whole number (rounded)
//
// Negative numbers are written with the true minus sign (U+2212), as everywhere in the app.
// A reference that does not resolve (an unknown name, a row past the tokens, a stage the scene
// does not have, stages not computed) is written as "?" and listed in `unresolved`.

#include "core/scene/pipeline.h"
#include "core/scene/scene.h"

#include <string>
#include <vector>

namespace attnlab::core {

struct RenderedDescription {
    std::string text;
    // Each reference that could not be resolved, as written between the braces, with why.
    std::vector<std::string> unresolved;
};

// `text` with every reference replaced by its value in `scene` and `stages` (the stages of that
// scene; empty stages leave every cell reference unresolved). Text outside braces is copied
// unchanged, UTF-8 included.
RenderedDescription renderDescription(const std::string &text, const Scene &scene, const Stages &stages);

// The text with every reference removed (braces included) and "{{" / "}}" reduced to one
// brace: what is left is what the author typed, e.g. for checking that no number is typed.
std::string withoutReferences(const std::string &text);

} // namespace attnlab::core
