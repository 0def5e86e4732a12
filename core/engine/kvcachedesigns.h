#pragma once
// How much a KV cache holds under the attention designs of 2017–2024, for one model's sizes
// (issue 31): what each token leaves behind in each layer, per token and at long contexts.
//
// - MHA (multi-head attention): a key and a value per query head, 2 · heads · d_head numbers.
// - GQA (grouped-query attention): query heads share key/value heads, 2 · kv_heads · d_head.
// - MQA (multi-query attention): one key/value head for all, 2 · d_head.
// - MLA (DeepSeek-V2 and V3's multi-head latent attention): no per-head keys or values are kept;
//   each token leaves one compressed latent vector c_KV (kv_lora_rank numbers, from which every
//   head's key and value are rebuilt) and one rotary key part shared by all heads
//   (qk_rope_head_dim numbers): kv_lora_rank + qk_rope_head_dim per layer, the two parts of
//   DeepSeek's kv_a_proj_with_mqa output. (transformers' own DeepSeek code caches the rebuilt
//   per-head keys and values instead; the latent cache is what DeepSeek's inference keeps.)
//   A model that is not MLA gets DeepSeek-V2's proportions for its head width: kv_lora_rank
//   = 4 · d_head and qk_rope_head_dim = d_head / 2 (DeepSeek-V2: d_head 128, 512 and 64).
// - this model: its own key/value heads; a sliding-window layer needs only its window's keys,
//   so its share stops growing at the window (Gemma's sliding layers).
// Bytes per number are given (2 for BF16/F16 as checkpoints and inference engines keep them).

#include "core/model/modelweights.h"

#include <cstdint>
#include <vector>

namespace attnlab::core::engine {

enum class KvCacheDesign {
    ThisModel,
    Mha,
    Gqa,
    Mqa,
    Mla,
};

// The context lengths the comparison is given at: 4k, 32k and 128k tokens.
inline constexpr std::int64_t kComparedContexts[] = {4096, 32768, 131072};

// A cache's sizes: per layer, how many numbers one token adds, and the window after which it
// adds no more (0: none).
struct KvCacheLayout {
    KvCacheDesign design = KvCacheDesign::ThisModel;
    int kvHeads = 0; // key/value heads (MHA, GQA, MQA, this model); 0 under MLA
    int latentRank = 0, ropeDim = 0; // MLA: kv_lora_rank and qk_rope_head_dim
    std::int64_t numbersPerLayer = 0; // per token and layer
    std::vector<int> windows; // one per layer
    int bytesPerNumber = 2;

    // Bytes one token adds while no window is full (every layer grows).
    std::int64_t bytesPerToken() const;
    // Bytes of the cache after `tokens` tokens: each layer holds min(tokens, window) rows.
    std::int64_t bytes(std::int64_t tokens) const;
};

// The layout MLA gives a model of `layers` layers with these DeepSeek config fields
// (kv_lora_rank, qk_rope_head_dim), no windows.
KvCacheLayout mlaLayout(int layers, int kvLoraRank, int qkRopeHeadDim, int bytesPerNumber);

// The comparison for a model's config, in the order of KvCacheDesign: this model (its key/value
// heads and sliding windows), then at the same layers, heads and head width without windows MHA
// (kv_heads = heads), GQA (the model's own kv_heads when 1 < kv_heads < heads, else 8 when heads is
// a multiple of 8 above 8, else heads / 2 for an even count, else heads), MQA (1) and MLA (DeepSeek-V2's
// proportions above).
std::vector<KvCacheLayout> kvCacheDesigns(const model::ModelConfig &config, int bytesPerNumber);

// The key/value heads the GQA row uses for `heads` query heads of which `kvHeads` hold keys.
int gqaComparisonHeads(int heads, int kvHeads);

} // namespace attnlab::core::engine
