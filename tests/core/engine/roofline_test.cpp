// Prefill, decode and the roofline (issue 32 §4): the weights a pass reads counted from a model's
// tensors, the FLOP and bytes of a decode step and a prefill counted by hand, decode's intensity
// near 2 FLOP per weight over the bytes of a weight, prefill's growing with the prompt, and the
// machine's measured speeds.

#include "core/engine/bandwidth.h"
#include "core/engine/kvcachesize.h"
#include "core/engine/roofline.h"
#include "core/gguf/ggufmodel.h"
#include "core/model/modelloader.h"

#include "ggufwriter.h"
#include "modelfixtures.h"
#include "testutil.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace attnlab::core;
using namespace attnlab::core::engine;

namespace {
// 1000 weights in BF16, 2 layers of 4 heads (2 for keys and values) of 8.
ModelTraffic handModel()
{
    ModelTraffic m;
    m.weights = 1000;
    m.bytesPerWeight = 2;
    m.layers = 2;
    m.heads = 4;
    m.kvHeads = 2;
    m.headDim = 8;
    return m;
}

// A Qwen2.5-0.5B-shaped model in BF16: about 494 M weights in its matrices and tied head.
ModelTraffic qwenShaped()
{
    ModelTraffic m;
    m.weights = 494'000'000;
    m.bytesPerWeight = 2;
    m.layers = 24;
    m.heads = 14;
    m.kvHeads = 2;
    m.headDim = 64;
    return m;
}
} // namespace

TEST(Roofline, ADecodeStepCountedByHand)
{
    const PassCost first = decodeCost(handModel(), 0);
    // 2 · 1000 + 4 · 2 layers · 4 heads · 8 · 1 key; 1000 · 2 bytes + 2 · 2 · 2 · 8 · 1 token · 2 bytes.
    EXPECT_DOUBLE_EQ(first.flops, 2256);
    EXPECT_DOUBLE_EQ(first.bytes, 2128);
    const PassCost later = decodeCost(handModel(), 9); // 10 keys
    EXPECT_DOUBLE_EQ(later.flops, 2000 + 2560);
    EXPECT_DOUBLE_EQ(later.bytes, 2000 + 1280);
    EXPECT_NEAR(later.intensity(), 4560.0 / 3280.0, 1e-12);
}

TEST(Roofline, APrefillCountedByHand)
{
    // 3 tokens: 3 · 2000 + 4 · 2 · 4 · 8 · (1 + 2 + 3); the weights once and 3 tokens of cache.
    const PassCost prefill = prefillCost(handModel(), 3);
    EXPECT_DOUBLE_EQ(prefill.flops, 6000 + 1536);
    EXPECT_DOUBLE_EQ(prefill.bytes, 2000 + 384);
    EXPECT_EQ(PassCost().intensity(), 0);
}

TEST(Roofline, DecodeDoesTwoFlopPerWeightReadAndPrefillScalesWithThePrompt)
{
    const ModelTraffic m = qwenShaped();
    const double decode = decodeCost(m, 12).intensity();
    EXPECT_NEAR(decode, 2.0 / m.bytesPerWeight, 0.01);
    for (int n : {16, 128, 512}) {
        const double prefill = prefillCost(m, n).intensity();
        EXPECT_NEAR(prefill / (2.0 * n / m.bytesPerWeight), 1.0, 0.05) << n;
    }
    EXPECT_GT(prefillCost(m, 512).intensity(), 400 * decode);
}

TEST(Roofline, TheFloorAndTheRoof)
{
    // 988 MB at 20 GB/s: 49.4 ms.
    EXPECT_NEAR(floorMs(988e6, 20e9), 49.4, 1e-9);
    EXPECT_EQ(floorMs(1e6, 0), 0);
    // Below the ridge (peak / bandwidth = 5 FLOP/byte) memory bounds it, above it compute.
    EXPECT_NEAR(attainableFlops(1, 20e9, 100e9), 20e9, 1);
    EXPECT_NEAR(attainableFlops(5, 20e9, 100e9), 100e9, 1);
    EXPECT_NEAR(attainableFlops(64, 20e9, 100e9), 100e9, 1);
}

// A step of 1 GFLOP reading 988 MB that took 98.8 ms ran at 10 GFLOP/s: at its intensity the roof
// at 20 GB/s allows 1e9 / 988e6 × 20e9 ≈ 20.2 GFLOP/s, so the point sits at half the roof, as the
// time is twice the floor.
TEST(Roofline, TheMeasuredPointIsTheWorkOverTheTimeTaken)
{
    PassCost step;
    step.flops = 1e9;
    step.bytes = 988e6;
    EXPECT_NEAR(achievedFlops(step, 98.8), 1e9 / 0.0988, 1e-3);
    const double roof = attainableFlops(step.intensity(), 20e9, 100e9);
    const double twiceTheFloor = 2 * floorMs(step.bytes, 20e9);
    EXPECT_NEAR(achievedFlops(step, twiceTheFloor), roof / 2, 1e-3);
    EXPECT_EQ(achievedFlops(step, 0), 0);
}

TEST(Roofline, CountsTheMatricesATokenIsMultipliedWith)
{
    const std::string dir = attnlab::test::makeTempDir("roofline-llama");
    attnlab::test::TinyModelOptions o;
    o.dtype = "BF16";
    o.kvHeads = 1;
    attnlab::test::writeTinyLlama(dir, o);
    const model::LoadModelResult r = model::loadModel(dir);
    ASSERT_TRUE(r.ok()) << r.error;
    const ModelTraffic t = modelTraffic(*r.weights);
    // Per layer q 8 × 8, k and v 4 × 8, o 8 × 8, gate and up 12 × 8, down 8 × 12; lm_head 24 × 8.
    EXPECT_EQ(t.weights, 2 * (64 + 32 + 32 + 64 + 3 * 96) + 24 * 8);
    EXPECT_EQ(t.bytesPerWeight, 2);
    EXPECT_EQ(t.kvHeads, 1);
    EXPECT_EQ(t.headDim, 4);
    EXPECT_EQ(t.cacheBytes(5), 2 * 2 * 1 * 4 * 5 * 2);
    attnlab::test::removeTree(dir);
}

TEST(Roofline, MeasuresThisMachinesSpeeds)
{
    // Small sizes keep the test quick; the numbers only have to be real speeds.
    const double bandwidth = measureReadBandwidth(std::size_t(16) << 20, 2);
    EXPECT_TRUE(std::isfinite(bandwidth));
    EXPECT_GT(bandwidth, 1e8); // 100 MB/s: any machine reads faster
    const double flops = measureFlops(128, 2);
    EXPECT_TRUE(std::isfinite(flops));
    EXPECT_GT(flops, 1e7);
}

TEST(Roofline, AQuantizedModelReadsItsBlocks)
{
    const std::string dir = attnlab::test::makeTempDir("roofline-q4k");
    attnlab::test::TinyModelOptions o = attnlab::test::smallGgufSizes(40);
    o.dModel = 256;
    o.dInner = 256;
    o.headDim = 64;
    const std::string gguf = attnlab::test::writeTinyGgufPair(dir, "qwen2", o, {12}); // Q4_K
    const model::LoadModelResult r = attnlab::core::gguf::loadGgufModel(gguf);
    ASSERT_TRUE(r.ok()) << r.error;
    const ModelTraffic t = modelTraffic(*r.weights);
    // Q4_K: 144 bytes per 256 weights; the cache is F16, as llama.cpp keeps it.
    EXPECT_GT(t.weights, 0);
    EXPECT_EQ(t.weightBytes() * 256, t.weights * 144);
    EXPECT_EQ(t.bytesPerWeight, 2);
    EXPECT_EQ(attnlab::core::engine::kvCacheSize(*r.weights).bytesPerElement, 2);
    attnlab::test::removeTree(dir);
}

// A mixture of experts: a decode step reads the experts its token is routed to, but a prefill of n
// tokens reaches up to all of them (k per token), and its bytes count them; the FLOP stay k
// experts' per token.
TEST(Roofline, APrefillOfAMixtureOfExpertsReadsTheExpertsItsTokensReach)
{
    const std::string dir = attnlab::test::makeTempDir("roofline-moe");
    attnlab::test::TinyModelOptions o;
    o.dtype = "BF16";
    o.experts = 8;
    o.expertsPerToken = 2;
    attnlab::test::writeTinyQwen3Moe(dir, o);
    const model::LoadModelResult r = model::loadModel(dir);
    ASSERT_TRUE(r.ok()) << r.error;
    const ModelTraffic t = modelTraffic(*r.weights);
    attnlab::test::removeTree(dir);
    ASSERT_GT(t.routedExpertBytes, 0);
    EXPECT_EQ(t.allExpertBytes, 4 * t.routedExpertBytes); // 8 experts against 2 per token
    EXPECT_EQ(t.weightBytesFor(1), t.weightBytes());
    // 2 tokens reach at most 4 experts, 3 tokens 6, 4 tokens and more all 8.
    EXPECT_EQ(t.weightBytesFor(2), t.weightBytes() + t.routedExpertBytes);
    EXPECT_EQ(t.weightBytesFor(3), t.weightBytes() + 2 * t.routedExpertBytes);
    EXPECT_EQ(t.weightBytesFor(4), t.weightBytes() - t.routedExpertBytes + t.allExpertBytes);
    EXPECT_EQ(t.weightBytesFor(100), t.weightBytesFor(4));
    const PassCost prefill = prefillCost(t, 100);
    EXPECT_DOUBLE_EQ(prefill.bytes, double(t.weightBytesFor(100) + t.cacheBytes(100)));
    EXPECT_DOUBLE_EQ(decodeCost(t, 99).bytes, double(t.weightBytes() + t.cacheBytes(100)));
    // A dense model reads the same weights whatever the prompt.
    EXPECT_EQ(handModel().weightBytesFor(100), handModel().weightBytes());
}
