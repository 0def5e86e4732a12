#pragma once
// A Scene is everything the user sets: the tokens, the embedding table, the weights (or, in
// direct mode, Q, K and V themselves), the positional encoding, the scale and the mask.
// Scenes are plain values; the Pipeline turns one into Stages.
//
// Conventions (the chapters', not PyTorch's Linear transpose):
// - row i of X, Q, K, V and context is token i;
// - W_Q, W_K and W_V are d_model × (h·d_k) and Q = X·W_Q; head j uses columns
//   [j·d_k, (j+1)·d_k) of each;
// - W_O is (h·d_k) × d_model and output = concat·W_O;
// - in an n×n matrix (scores, weights, mask) the row is the query, the column the key.

#include "core/scene/memory/memory.h"
#include "core/scene/positional.h"
#include "core/scene/variants/variants.h"
#include "core/text/problem.h"
#include "core/types.h"

#include <string>
#include <utility>
#include <vector>

namespace attnlab::core {

enum class PositionalEncoding { None, Sinusoidal, Rope };
enum class ScaleKind { SqrtDk, None, Custom };
enum class MaskKind { None, Causal, Custom };

struct Scene {
    std::string title;
    // When the file gives the title in several languages: language code → text, in file order
    // (`title` then holds the English one, or the first).
    std::vector<std::pair<std::string, std::string>> titleTranslations;
    // Language code ("en", "zh_CN", …) → text, in file order.
    std::vector<std::pair<std::string, std::string>> description;

    std::vector<std::string> tokens;

    // Direct mode: q, k and v are given (n × d_k, n × d_k, n × d_v) and the embedding and
    // weight fields are unused. One head.
    bool direct = false;
    Matrix q, k, v;

    // Model mode.
    int dModel = 0;
    // One embedding row per entry, in order. Every token needs one; tokens that repeat share
    // their row, as in a real embedding lookup. Entries no token uses are kept.
    std::vector<std::string> vocabulary;
    Matrix embeddings; // vocabulary.size() × dModel
    int heads = 1;
    int dK = 0;
    Matrix wq, wk, wv; // dModel × (heads·dK)
    Matrix wo; // (heads·dK) × dModel, or empty when absent (only allowed for one head)

    // Layer-input mode (a head taken from a real model): X is given directly, n × dModel, and
    // replaces the embedding lookup; `vocabulary` and `embeddings` are then empty and the
    // positional encoding is None (the model already added its own into X) or Rope (a rotary
    // model: its positions rotate Q and K, never X). Empty otherwise.
    Matrix x;
    // Biases, each empty when absent: Q = X·W_Q + b_Q, likewise K and V (length heads·dK), and
    // output = concat·W_O + b_O (length dModel, only with W_O).
    RowVector bq, bk, bv, bo;

    PositionalEncoding positional = PositionalEncoding::None;
    // Rotary positions (positional == Rope, in either mode): how the d_k dimensions of a head
    // pair up, and each pair's frequency θ_i — ropeBase^(−2i/d_k), or, when `ropeFrequencies`
    // is not empty, its d_k/2 entries (a model's own table, e.g. llama3-scaled). Kept while
    // positional is something else, so turning RoPE off and on again restores them.
    RotaryConvention ropeConvention = RotaryConvention::Interleaved;
    Scalar ropeBase = Scalar(kDefaultRopeBase);
    RowVector ropeFrequencies;
    ScaleKind scale = ScaleKind::SqrtDk;
    Scalar customDivisor = 1; // used when scale == Custom; > 0
    MaskKind mask = MaskKind::None;
    MaskMatrix customMask; // n × n when mask == Custom
    // QK-norm, soft-capping, sliding window and sink logit, each off by default
    // (core/scene/variants/variants.h).
    AttentionVariants variants;
    // Cross-attention (core/scene/memory/memory.h): the s rows K and V are projected from
    // instead of X, with their key tokens; then scores and weights are n × s. Model mode only,
    // with the mask "none" and no sliding window (QK-norm, soft cap and sink logit apply as in
    // self-attention). Absent in a self-attention scene.
    Memory memory;

    int tokenCount() const { return int(tokens.size()); }
    int headCount() const { return direct ? 1 : heads; }
    // d_k of each head (direct mode: the width of q).
    int keyDim() const { return direct ? int(q.cols()) : dK; }
    // d_v of each head (direct mode: the width of v; otherwise d_k).
    int valueDim() const { return direct ? int(v.cols()) : dK; }
    bool hasOutputWeights() const { return !direct && wo.size() > 0; }
    bool hasInputX() const { return !direct && x.size() > 0; }
    bool hasMemory() const { return memory.present(); }
    // How many keys each query sees: the memory's rows, else the tokens.
    int keyCount() const { return hasMemory() ? memory.rows() : tokenCount(); }
    // The key tokens: the memory's, else the tokens themselves.
    const std::vector<std::string> &keyTokens() const { return hasMemory() ? memory.tokens : tokens; }

    bool operator==(const Scene &other) const;
    bool operator!=(const Scene &other) const { return !(*this == other); }
};

// Every problem of a scene: shapes, non-finite numbers, missing embeddings, option values,
// limits. Empty means the Pipeline may compute it.
std::vector<Problem> validate(const Scene &scene);

// The divisor applied to the scores: √d_k, 1, or the custom value.
Scalar divisor(const Scene &scene);

// The frequency θ_i of each rotated pair, d_k/2 of them: the scene's own table when it has one,
// else ropeBase^(−2i/d_k).
std::vector<double> ropeFrequencies(const Scene &scene);
// Whether the rotary settings are the defaults (interleaved pairs, base 10000, no table), which
// a scene file need not mention.
bool hasDefaultRope(const Scene &scene);

// The n × keyCount() visibility matrix the scene's mask setting describes (1 = visible); all
// ones with a memory.
MaskMatrix effectiveMask(const Scene &scene);

// For each token, its row in the embedding table, or -1 when it has none.
std::vector<int> embeddingRows(const Scene &scene);

// Whether titleTranslations still describe the title (an edited title drops them in effect).
bool hasTitleTranslations(const Scene &scene);

// Names used in files and on the command line ("none", "sinusoidal", "rope", …).
const char *name(PositionalEncoding pe);
const char *name(MaskKind mask);
const char *name(RotaryConvention convention); // "interleaved", "rotate_half"

} // namespace attnlab::core
