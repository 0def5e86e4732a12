// transformers v5's rope_parameters (issue 31): hand-written config.json files, one per layout the
// RotaryEmbeddingConfigMixin and Gemma3TextConfig.convert_rope_params_to_dict read — one object
// with θ inside, the older rope_scaling beside it (which replaces it), Gemma 3's object per layer
// type, the same inside a multimodal text_config — and the rotary frequencies the block computes
// from each, checked against the formulas of modeling_rope_utils computed here in double precision.
// Then the layouts and types the app does not compute, refused naming the field.

#include "core/model/block/blockspec.h"
#include "core/model/modelconfig.h"
#include "core/model/modelerror.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

using namespace attnlab::core;
using namespace attnlab::core::model;

namespace {

// What a rope object asks for, spelled out independently of RopeScaling.
struct Rope {
    double theta = 10000;
    std::string type = "default";
    double factor = 1, low = 1, high = 4, original = 8192;
};

// θ_i = θ^(−2i/d), then linear: ÷ factor; llama3: wavelengths 2π/θ_i above original/low divided by
// the factor, below original/high kept, and between them a blend with weight
// (original/wavelength − low)/(high − low) on the kept value.
std::vector<double> expectedFrequencies(int headDim, const Rope &r)
{
    std::vector<double> out;
    const double pi = std::acos(-1.0);
    for (int i = 0; i < headDim / 2; ++i) {
        const double inv = std::pow(r.theta, -2.0 * i / headDim);
        if (r.type == "linear") {
            out.push_back(inv / r.factor);
            continue;
        }
        if (r.type != "llama3") {
            out.push_back(inv);
            continue;
        }
        const double wavelength = 2 * pi / inv;
        if (wavelength < r.original / r.high) {
            out.push_back(inv);
        } else if (wavelength > r.original / r.low) {
            out.push_back(inv / r.factor);
        } else {
            const double smooth = (r.original / wavelength - r.low) / (r.high - r.low);
            out.push_back((1 - smooth) * inv / r.factor + smooth * inv);
        }
    }
    return out;
}

void expectFrequencies(const RowVector &got, int headDim, const Rope &r)
{
    const std::vector<double> want = expectedFrequencies(headDim, r);
    ASSERT_EQ(got.size(), Eigen::Index(want.size()));
    for (std::size_t i = 0; i < want.size(); ++i)
        EXPECT_NEAR(got(Eigen::Index(i)), want[i], 2e-6 * want[i]) << "pair " << i;
}

// A small shape around the rope keys: head size 16 (hidden 64, 4 heads).
std::string llama(const std::string &rope)
{
    return R"({"model_type": "llama", "hidden_size": 64, "num_attention_heads": 4,
        "max_position_embeddings": 131072, )"
        + rope + "}";
}

std::string gemma3(const std::string &rope)
{
    return R"({"model_type": "gemma3_text", "hidden_size": 64, "num_attention_heads": 4,
        "num_key_value_heads": 1, "head_dim": 16, "num_hidden_layers": 2, )"
        + rope + "}";
}

std::string configError(const std::string &text)
{
    try {
        parseModelConfig(text);
    } catch (const ModelError &e) {
        return e.what();
    }
    return "no error";
}

} // namespace

TEST(RopeParameters, OneObjectWithThetaInsideGivesLlama3Frequencies)
{
    const ModelConfig c = parseModelConfig(llama(R"("rope_parameters": {"rope_type": "llama3",
        "rope_theta": 500000.0, "factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
        "original_max_position_embeddings": 8192})"));
    EXPECT_EQ(c.ropeScaling.type, "llama3");
    EXPECT_DOUBLE_EQ(c.ropeTheta, 500000);
    // Head size 16 at θ = 500 000 has pairs in all three bands (wavelengths 6.3 … 6·10⁵ against
    // 2048 and 8192), so every branch of the formula is checked.
    Rope r;
    r.theta = 500000;
    r.type = "llama3";
    r.factor = 8;
    expectFrequencies(BlockSpec::of(c).inverseFrequencies, 16, r);
}

TEST(RopeParameters, ThetaInsideTheObjectWinsOverTheTopLevelKeyWhichWinsOverTheDefault)
{
    const std::string qwen = R"({"model_type": "qwen3", "hidden_size": 64, "num_attention_heads": 4,
        "num_key_value_heads": 2, "head_dim": 16, )";
    const ModelConfig inside = parseModelConfig(
        qwen + R"("rope_theta": 10000, "rope_parameters": {"rope_type": "default", "rope_theta": 1000000}})");
    Rope r;
    r.theta = 1e6;
    expectFrequencies(BlockSpec::of(inside).inverseFrequencies, 16, r);
    const ModelConfig top
        = parseModelConfig(qwen + R"("rope_theta": 20000, "rope_parameters": {"rope_type": "default"}})");
    r.theta = 20000;
    expectFrequencies(BlockSpec::of(top).inverseFrequencies, 16, r);
    // No rope_type: "default"; null: as if absent.
    const ModelConfig none = parseModelConfig(qwen + R"("rope_parameters": null})");
    EXPECT_EQ(none.ropeScaling.type, "default");
    EXPECT_DOUBLE_EQ(none.ropeTheta, 10000);
    EXPECT_EQ(parseModelConfig(qwen + R"("rope_parameters": {"rope_theta": 5.0}})").ropeTheta, 5.0);
}

TEST(RopeParameters, ANonEmptyRopeScalingReplacesRopeParameters)
{
    // `rope_scaling or self.rope_parameters`: the older object wins whole, so θ is the top-level
    // key's, not the one inside rope_parameters.
    const ModelConfig c = parseModelConfig(llama(R"("rope_theta": 20000, "rope_scaling": {"rope_type": "linear",
        "factor": 4.0}, "rope_parameters": {"rope_type": "default", "rope_theta": 1000000})"));
    Rope r;
    r.theta = 20000;
    r.type = "linear";
    r.factor = 4;
    expectFrequencies(BlockSpec::of(c).inverseFrequencies, 16, r);
    // An empty rope_scaling is falsy in Python: rope_parameters stands.
    const ModelConfig empty
        = parseModelConfig(llama(R"("rope_scaling": {}, "rope_parameters": {"rope_type": "linear", "factor": 2.0})"));
    EXPECT_EQ(empty.ropeScaling.type, "linear");
    EXPECT_DOUBLE_EQ(empty.ropeScaling.factor, 2);
}

TEST(RopeParameters, Llama3WithoutOriginalLengthTakesMaxPositionsAndATopLevelOneWins)
{
    const std::string scaling = R"("rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0,
        "high_freq_factor": 4.0)";
    const ModelConfig fallback = parseModelConfig(llama(R"("rope_parameters": {)" + scaling + "}"));
    EXPECT_EQ(fallback.ropeScaling.originalMaxPositions, 131072);
    const ModelConfig top = parseModelConfig(llama(R"("original_max_position_embeddings": 4096,
        "rope_parameters": {)"
        + scaling + R"(, "original_max_position_embeddings": 8192})"));
    EXPECT_EQ(top.ropeScaling.originalMaxPositions, 4096);
    Rope r;
    r.type = "llama3";
    r.factor = 8;
    r.original = 4096;
    expectFrequencies(BlockSpec::of(top).inverseFrequencies, 16, r);
}

TEST(RopeParameters, Gemma3ObjectPerLayerTypeGivesEachLayerItsOwnFrequencies)
{
    // The objects' θ win over the top-level keys, and the sliding layers may scale too.
    const ModelConfig c = parseModelConfig(gemma3(R"("rope_theta": 5.0, "rope_local_base_freq": 7.0,
        "layer_types": ["sliding_attention", "full_attention"], "rope_parameters": {
        "full_attention": {"rope_type": "linear", "factor": 8.0, "rope_theta": 1000000.0},
        "sliding_attention": {"rope_type": "linear", "factor": 2.0, "rope_theta": 10000.0}})"));
    const BlockSpec spec = BlockSpec::of(c);
    Rope full;
    full.theta = 1e6;
    full.type = "linear";
    full.factor = 8;
    Rope sliding;
    sliding.theta = 1e4;
    sliding.type = "linear";
    sliding.factor = 2;
    expectFrequencies(spec.layer(1).inverseFrequencies, 16, full);
    EXPECT_EQ(spec.layer(1).ropeSet, 0);
    expectFrequencies(spec.layer(0).inverseFrequencies, 16, sliding);
    EXPECT_EQ(spec.layer(0).ropeSet, 1);
}

TEST(RopeParameters, Gemma3ObjectsWithoutThetaFallBackToRopeThetaAndRopeLocalBaseFreq)
{
    const ModelConfig c = parseModelConfig(gemma3(R"("rope_theta": 50000.0, "rope_local_base_freq": 500.0,
        "rope_parameters": {"full_attention": {"rope_type": "default"}, "sliding_attention": null})"));
    EXPECT_DOUBLE_EQ(c.ropeTheta, 50000);
    EXPECT_DOUBLE_EQ(c.localRopeTheta, 500);
    EXPECT_EQ(c.localRopeScaling.type, "default");
    // Nothing at all: Gemma3TextConfig's default_theta, 1 000 000 global and 10 000 local.
    const ModelConfig d = parseModelConfig(gemma3(R"("rope_parameters": {})"));
    Rope full;
    full.theta = 1e6;
    Rope local;
    local.theta = 1e4;
    expectFrequencies(BlockSpec::of(d).inverseFrequencies, 16, full);
    expectFrequencies(BlockSpec::of(d).localInverseFrequencies, 16, local);
}

TEST(RopeParameters, Gemma3RopeScalingIsMergedIntoTheFullAttentionObject)
{
    // rope_scaling's keys win over the object's; the object's θ stays.
    const ModelConfig c = parseModelConfig(gemma3(R"("rope_scaling": {"rope_type": "linear", "factor": 4.0},
        "rope_parameters": {"full_attention": {"rope_type": "default", "rope_theta": 30000.0}})"));
    Rope r;
    r.theta = 30000;
    r.type = "linear";
    r.factor = 4;
    expectFrequencies(BlockSpec::of(c).inverseFrequencies, 16, r);
    EXPECT_EQ(c.localRopeScaling.type, "default");
}

TEST(RopeParameters, MultimodalGemma3ReadsTheObjectsInsideTextConfig)
{
    const ModelConfig c = parseModelConfig(R"({"model_type": "gemma3", "text_config": {"hidden_size": 64,
        "num_attention_heads": 4, "num_key_value_heads": 1, "head_dim": 16, "num_hidden_layers": 2,
        "rope_parameters": {"full_attention": {"rope_type": "linear", "factor": 8.0, "rope_theta": 1000000.0},
        "sliding_attention": {"rope_type": "default", "rope_theta": 10000.0}}}})");
    Rope r;
    r.theta = 1e6;
    r.type = "linear";
    r.factor = 8;
    expectFrequencies(BlockSpec::of(c).inverseFrequencies, 16, r);
    const std::string e = configError(R"({"model_type": "gemma3", "text_config": {"rope_parameters": {
        "full_attention": {"rope_type": "yarn", "factor": 4.0}}}})");
    EXPECT_NE(e.find("\"text_config.rope_parameters.full_attention\""), std::string::npos) << e;
    EXPECT_NE(e.find("\"yarn\""), std::string::npos) << e;
}

TEST(RopeParameters, TypesAndKeysTheAppDoesNotComputeAreRefusedByField)
{
    EXPECT_EQ(configError(llama(R"("rope_parameters": {"rope_type": "yarn", "factor": 4.0,
        "original_max_position_embeddings": 32768})")),
        R"(config.json: "rope_parameters" type "yarn" is not supported (supported: "default", "linear", "llama3"))");
    for (const char *type : {"dynamic", "longrope", "proportional"}) {
        const std::string e = configError(llama(std::string(R"("rope_parameters": {"rope_type": ")") + type + "\"}"));
        EXPECT_NE(e.find(std::string("\"rope_parameters\" type \"") + type + "\""), std::string::npos) << e;
    }
    EXPECT_EQ(configError(llama(R"("rope_parameters": {"rope_type": "default", "partial_rotary_factor": 0.5})")),
        R"(config.json: "rope_parameters.partial_rotary_factor" = 0.5 is not supported)");
    EXPECT_EQ(configError(llama(R"("partial_rotary_factor": 0.25)")),
        R"(config.json: "partial_rotary_factor" = 0.25 is not supported)");
    EXPECT_EQ(configError(llama(R"("rope_parameters": {"rope_type": "default", "mrope_section": [2, 3, 3]})")),
        R"(config.json: "rope_parameters" has "mrope_section", which rope type "default" does not use (refused rather than ignored))");
    EXPECT_EQ(configError(llama(R"("rope_parameters": {"rope_type": "linear"})")),
        R"(config.json: "rope_parameters" needs a number "factor" for type "linear")");
    EXPECT_EQ(configError(llama(R"("rope_parameters": 3)")),
        R"(config.json: "rope_parameters" must be an object or null (got 3))");
    // A family with one rotary table does not read objects per layer type as such.
    const std::string gemma2 = configError(R"({"model_type": "gemma2", "rope_parameters": {
        "full_attention": {"rope_type": "default"}}})");
    EXPECT_NE(gemma2.find("\"rope_parameters\" has \"full_attention\""), std::string::npos) << gemma2;
    // Gemma 3 expects one object per layer type: a single flat object would be ignored by transformers
    // (the first other key in alphabetical order, as the reader holds them, is named).
    EXPECT_EQ(configError(gemma3(R"("rope_parameters": {"rope_type": "linear", "factor": 8.0})")),
        R"(config.json: "rope_parameters" has "factor", but holds one object per layer type ("full_attention", "sliding_attention"))");
    const std::string local = configError(gemma3(R"("rope_parameters": {"sliding_attention": {"rope_type": "dynamic",
        "factor": 2.0}})"));
    EXPECT_NE(local.find("\"rope_parameters.sliding_attention\" type \"dynamic\""), std::string::npos) << local;
}
