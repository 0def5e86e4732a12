// The KV-cache comparison of issue 31 (core/engine/kvcachedesigns.h) against numbers counted by
// hand: Qwen3-0.6B (grouped-query), Gemma-3-1B (one key/value head, sliding windows) and
// DeepSeek-V3's latent cache from its config's fields.

#include "core/engine/kvcachedesigns.h"
#include "core/model/modelconfig.h"

#include <gtest/gtest.h>

using namespace attnlab::core;
using namespace attnlab::core::engine;

namespace {

const KvCacheLayout &row(const std::vector<KvCacheLayout> &rows, KvCacheDesign d)
{
    for (const KvCacheLayout &l : rows)
        if (l.design == d)
            return l;
    throw std::logic_error("no such row");
}

} // namespace

TEST(KvCacheDesigns, Qwen3SmallCountsEachDesignPerTokenAndAtLongContexts)
{
    // Qwen3-0.6B's config.json: 28 layers, 16 query heads, 8 key/value heads of 128, BF16.
    const model::ModelConfig c = model::parseModelConfig(R"({"model_type": "qwen3", "num_hidden_layers": 28,
        "num_attention_heads": 16, "num_key_value_heads": 8, "head_dim": 128, "hidden_size": 1024})");
    const std::vector<KvCacheLayout> rows = kvCacheDesigns(c, 2);
    ASSERT_EQ(rows.size(), 5u);
    EXPECT_EQ(rows.front().design, KvCacheDesign::ThisModel);
    // This model: 2 · 8 · 128 = 2048 numbers per layer, × 28 layers × 2 bytes = 114 688 bytes a token.
    EXPECT_EQ(row(rows, KvCacheDesign::ThisModel).numbersPerLayer, 2048);
    EXPECT_EQ(row(rows, KvCacheDesign::ThisModel).bytesPerToken(), 114688);
    EXPECT_EQ(row(rows, KvCacheDesign::ThisModel).bytes(4096), 469762048);
    EXPECT_EQ(row(rows, KvCacheDesign::ThisModel).bytes(32768), 3758096384LL);
    EXPECT_EQ(row(rows, KvCacheDesign::ThisModel).bytes(131072), 15032385536LL);
    // MHA: 2 · 16 · 128 · 28 · 2 = 229 376; GQA at the model's 8 groups equals the model; MQA:
    // 2 · 128 · 28 · 2 = 14 336; MLA at DeepSeek-V2's proportions: (512 + 64) · 28 · 2 = 32 256.
    EXPECT_EQ(row(rows, KvCacheDesign::Mha).bytesPerToken(), 229376);
    EXPECT_EQ(row(rows, KvCacheDesign::Gqa).kvHeads, 8);
    EXPECT_EQ(row(rows, KvCacheDesign::Gqa).bytesPerToken(), 114688);
    EXPECT_EQ(row(rows, KvCacheDesign::Mqa).bytesPerToken(), 14336);
    EXPECT_EQ(row(rows, KvCacheDesign::Mla).latentRank, 512);
    EXPECT_EQ(row(rows, KvCacheDesign::Mla).ropeDim, 64);
    EXPECT_EQ(row(rows, KvCacheDesign::Mla).bytesPerToken(), 32256);
    EXPECT_EQ(row(rows, KvCacheDesign::Mla).bytes(131072), 4227858432LL);
}

TEST(KvCacheDesigns, Gemma3SlidingLayersStopGrowingAtTheirWindow)
{
    // Gemma-3-1B: 26 layers, 4 query heads, 1 key/value head of 256, window 512 on five of every six
    // layers (the full ones: 5, 11, 17, 23).
    const model::ModelConfig c = model::parseModelConfig(R"({"model_type": "gemma3_text", "num_hidden_layers": 26,
        "num_attention_heads": 4, "num_key_value_heads": 1, "head_dim": 256, "hidden_size": 1152,
        "sliding_window": 512, "sliding_window_pattern": 6})");
    const std::vector<KvCacheLayout> rows = kvCacheDesigns(c, 2);
    const KvCacheLayout &own = row(rows, KvCacheDesign::ThisModel);
    // 2 · 256 numbers · 2 bytes = 1024 bytes per layer and token; 26 layers grow at first.
    EXPECT_EQ(own.bytesPerToken(), 26624);
    EXPECT_EQ(own.bytes(512), 26624 * 512);
    // At 4096: 4 full layers · 4096 + 22 sliding layers · 512 rows, each 1024 bytes.
    EXPECT_EQ(own.bytes(4096), 4LL * 4096 * 1024 + 22LL * 512 * 1024);
    EXPECT_EQ(own.bytes(4096), 28311552);
    EXPECT_EQ(own.bytes(131072), 4LL * 131072 * 1024 + 22LL * 512 * 1024);
    // Without windows the same heads would hold 26 · 4096 · 1024 = 109 051 904 bytes: MQA's row.
    EXPECT_EQ(row(rows, KvCacheDesign::Mqa).bytes(4096), 109051904);
    // MHA: 2 · 4 · 256 · 26 · 2 = 106 496 a token; a model with one key/value head compares with
    // GQA at half its query heads (2); MLA: (4 · 256 + 128) · 26 · 2 = 59 904, more than MQA here.
    EXPECT_EQ(row(rows, KvCacheDesign::Mha).bytesPerToken(), 106496);
    EXPECT_EQ(row(rows, KvCacheDesign::Gqa).kvHeads, 2);
    EXPECT_EQ(row(rows, KvCacheDesign::Gqa).bytesPerToken(), 53248);
    EXPECT_EQ(row(rows, KvCacheDesign::Mla).bytesPerToken(), 59904);
}

TEST(KvCacheDesigns, DeepSeekV3LatentCacheFromItsConfigFields)
{
    // DeepSeek-V3's config.json: 61 layers, kv_lora_rank 512, qk_rope_head_dim 64; BF16.
    const KvCacheLayout mla = mlaLayout(61, 512, 64, 2);
    // 576 numbers per layer: 61 · 576 · 2 = 70 272 bytes a token, 9 210 691 584 at 128k.
    EXPECT_EQ(mla.numbersPerLayer, 576);
    EXPECT_EQ(mla.bytesPerToken(), 70272);
    EXPECT_EQ(mla.bytes(131072), 9210691584LL);
    // Its 128 heads with per-head keys of 192 (128 + 64) and values of 128 would cache
    // 128 · (192 + 128) = 40 960 numbers per layer: 71 times the latent's 576 (rounded down).
    EXPECT_EQ(128 * (192 + 128) / mla.numbersPerLayer, 71);
}

TEST(KvCacheDesigns, GqaComparisonHeadsFollowTheModelOrACommonChoice)
{
    EXPECT_EQ(gqaComparisonHeads(32, 8), 8);
    EXPECT_EQ(gqaComparisonHeads(32, 32), 8);
    EXPECT_EQ(gqaComparisonHeads(12, 12), 6);
    EXPECT_EQ(gqaComparisonHeads(4, 1), 2);
    EXPECT_EQ(gqaComparisonHeads(3, 3), 3);
    EXPECT_EQ(gqaComparisonHeads(8, 8), 4);
}
