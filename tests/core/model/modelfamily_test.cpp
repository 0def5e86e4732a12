// The family table: the registry, the prediction-position rule, and the forward pass refusing
// kinds its block code does not implement.
#include "core/model/family/modelfamily.h"
#include "core/model/forward.h"
#include "core/model/modelconfig.h"
#include "core/model/modelerror.h"

#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <stdexcept>

using namespace attnlab::core::model;

TEST(ModelFamily, RegistryFindsEachFamilyByItsModelType)
{
    std::set<std::string> types;
    for (const ModelFamily *f : modelFamilies()) {
        EXPECT_EQ(findFamily(f->modelType), f);
        EXPECT_TRUE(types.insert(f->modelType).second) << f->modelType << " is registered twice";
    }
    ASSERT_NE(findFamily("gpt2"), nullptr);
    ASSERT_NE(findFamily("bert"), nullptr);
    EXPECT_EQ(findFamily("gpt2")->name, "GPT-2");
    EXPECT_EQ(findFamily("bert")->name, "BERT");
    EXPECT_EQ(findFamily("qwen2")->name, "Qwen2");
    EXPECT_EQ(findFamily("llama")->name, "Llama");
    EXPECT_EQ(findFamily("mistral"), nullptr);
    EXPECT_EQ(findFamily("GPT2"), nullptr); // model_type is matched exactly, as AutoConfig does
}

TEST(ModelFamily, Gpt2AndBertDescribeTheirBlocks)
{
    const ModelFamily &gpt2 = *findFamily("gpt2");
    EXPECT_TRUE(gpt2.causal);
    EXPECT_EQ(gpt2.placement, NormPlacement::PreLn);
    EXPECT_EQ(gpt2.projection, ProjectionKind::Conv1DFused);
    EXPECT_EQ(gpt2.prediction, PredictionRule::NextToken);
    EXPECT_EQ(gpt2.tensors.finalNorm, "ln_f");
    const ModelFamily &bert = *findFamily("bert");
    EXPECT_FALSE(bert.causal);
    EXPECT_EQ(bert.placement, NormPlacement::PostLn);
    EXPECT_EQ(bert.projection, ProjectionKind::Linear);
    EXPECT_EQ(bert.prediction, PredictionRule::FirstMask);
    EXPECT_TRUE(bert.tensors.finalNorm.empty());
    for (const ModelFamily *f : {&gpt2, &bert}) {
        EXPECT_EQ(f->norm, NormKind::LayerNorm);
        EXPECT_EQ(f->mlp, MlpKind::Plain);
        EXPECT_EQ(f->position, PositionKind::LearnedAbsolute);
        EXPECT_TRUE(f->config.tiedOutputHead.fallback);
        EXPECT_TRUE(f->config.tiedOutputHead.key.empty());
    }
}

TEST(ModelFamily, ConfigTakesTheFamilysKeysAndDefaults)
{
    const ModelConfig gpt2 = parseModelConfig(R"({"model_type": "gpt2", "n_embd": 64, "n_head": 4})");
    EXPECT_EQ(gpt2.family, findFamily("gpt2"));
    EXPECT_EQ(gpt2.dInner, 256); // n_inner absent: 4·n_embd
    EXPECT_EQ(gpt2.kvHeads, 4);
    const ModelConfig bert = parseModelConfig(R"({"model_type": "bert"})");
    EXPECT_EQ(bert.family, findFamily("bert"));
    EXPECT_EQ(bert.dInner, 3072);
    EXPECT_EQ(bert.typeVocabSize, 2);
    EXPECT_EQ(bert.kvHeads, 12);
    EXPECT_THROW(parseModelConfig(R"({"model_type": "mistral"})"), ModelError);
}

TEST(ModelFamily, NextTokenPredictsAtTheLastPosition)
{
    const ModelFamily &gpt2 = *findFamily("gpt2");
    EXPECT_EQ(predictionPosition(gpt2, {5, 6, 7}, -1), 2);
    EXPECT_EQ(predictionPosition(gpt2, {5, 6, 7}, 6), 2); // a mask token means nothing here
    EXPECT_EQ(predictionPosition(gpt2, {}, -1), -1);
}

TEST(ModelFamily, FirstMaskPredictsAtTheFirstMaskToken)
{
    const ModelFamily &bert = *findFamily("bert");
    EXPECT_EQ(predictionPosition(bert, {2, 8, 4, 9, 4, 3}, 4), 2);
    EXPECT_EQ(predictionPosition(bert, {4, 8}, 4), 0);
    EXPECT_EQ(predictionPosition(bert, {2, 8, 9, 3}, 4), -1); // no mask in the text
    EXPECT_EQ(predictionPosition(bert, {2, 8, -1, 3}, -1), -1); // the tokenizer has no mask token
    EXPECT_EQ(predictionPosition(bert, {}, 4), -1);
}

namespace {

// The message ForwardRunner refuses a GPT-2 without tensors, changed by `change`, with.
std::string refusal(const std::function<void(ModelFamily &, ModelConfig &)> &change)
{
    ModelFamily family = *findFamily("gpt2");
    auto w = std::make_shared<ModelWeights>();
    w->config = parseModelConfig(R"({"model_type": "gpt2", "n_layer": 1, "n_head": 2, "n_embd": 4})");
    change(family, w->config);
    w->config.family = &family;
    try {
        ForwardRunner runner(w);
    } catch (const std::invalid_argument &e) {
        return e.what();
    }
    return "(accepted)";
}

} // namespace

TEST(ModelFamily, ForwardPassRefusesKindsItDoesNotImplement)
{
    // Unchanged, the family passes and what is refused comes later: the missing layers.
    EXPECT_EQ(refusal([](ModelFamily &, ModelConfig &) {}), "the checkpoint has 0 layers but config.json says 1");
    // RMSNorm is implemented for any family: what is refused is again the missing layers.
    EXPECT_EQ(refusal([](ModelFamily &f, ModelConfig &) { f.norm = NormKind::RmsNorm; }),
        "the checkpoint has 0 layers but config.json says 1");
    // So are a gated MLP, rotary positions and grouped key/value heads with GPT-2's fused Conv1D
    // layout: the loader makes every layout one in-memory form, and the block runs any of them.
    const std::string missingLayers = "the checkpoint has 0 layers but config.json says 1";
    EXPECT_EQ(refusal([](ModelFamily &f, ModelConfig &) { f.mlp = MlpKind::GatedSilu; }), missingLayers);
    EXPECT_EQ(refusal([](ModelFamily &f, ModelConfig &) { f.position = PositionKind::Rotary; }), missingLayers);
    EXPECT_EQ(refusal([](ModelFamily &, ModelConfig &c) { c.kvHeads = 1; }), missingLayers);
    EXPECT_EQ(refusal([](ModelFamily &f, ModelConfig &) {
        f.position = PositionKind::Rotary;
        f.rotary.convention = RotaryConvention::Interleaved;
    }),
        "GPT-2 rotates interleaved pairs of dimensions, which the forward pass does not implement");
    EXPECT_EQ(refusal([](ModelFamily &f, ModelConfig &) { f.position = PositionKind::None; }),
        "GPT-2 has no position information, which the forward pass does not implement");
    EXPECT_EQ(refusal([](ModelFamily &f, ModelConfig &) { f.tensors.finalNorm.clear(); }),
        "GPT-2 normalises before each block but has no final norm, which the forward pass does not implement");
}
