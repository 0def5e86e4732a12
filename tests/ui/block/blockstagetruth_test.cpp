// The block board's formulas and explanations say what the block computes for each family: the
// head's mask, rotation and shared keys and values; the gated MLP's two products; what each norm
// subtracts; and what the stream is under post-norm. Each test reads the block's description
// (BlockSpec) and checks the words against it, in English and in Chinese where there are words.
#include "core/model/block/blockspec.h"
#include "core/model/lens/blockstagetable.h"
#include "core/model/modelconfig.h"
#include "ui/block/blockstagelook.h"
#include "ui/i18n/language.h"

#include "gemmafixture.h"
#include "modelfixtures.h"
#include "modelreference.h"
#include "rotaryreference.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

using namespace attnlab;
using namespace attnlab::ui;
namespace model = attnlab::core::model;
using model::BlockStage;

namespace {

test::RotaryShape llama(bool biases)
{
    test::RotaryShape s;
    s.family = "llama";
    s.attentionBias = biases;
    s.mlpBias = biases;
    return s;
}

std::vector<model::ModelConfig> configs()
{
    return {test::gpt2Config(), test::bertConfig(), test::rotaryConfig(test::RotaryShape {}),
        test::rotaryConfig(llama(false)), test::rotaryConfig(llama(true))};
}

QString formula(BlockStage stage, const model::ModelConfig &c)
{
    return blockStageFormula(model::blockStageForm(stage, c));
}

QString explanation(BlockStage stage, const model::ModelConfig &c)
{
    return blockStageExplanation(model::blockStageForm(stage, c));
}

} // namespace

// A head's formula has the mask when the block is causal, RoPE when it rotates, and the shared
// key/value head g = ⌈h / G⌉ (G query heads per key/value head) under grouped-query attention —
// the key/value head BlockSpec::kvHeadOf gives, counted from 1.
TEST(BlockStageTruth, TheHeadFormulaShowsMaskRopeAndSharedKeysAsTheBlockRunsThem)
{
    for (const model::ModelConfig &c : configs()) {
        const model::BlockSpec spec = model::BlockSpec::of(c);
        const QString f = formula(BlockStage::Heads, c);
        const std::string where = c.modelType + ": " + f.toStdString();
        EXPECT_EQ(f.contains(QStringLiteral(" + M)")), spec.causal) << where;
        EXPECT_EQ(f.contains(QStringLiteral("RoPE(Qₕ)")), spec.rotary) << where;
        const int group = spec.heads / spec.kvHeads;
        EXPECT_EQ(f.contains(QStringLiteral("K_g")), group > 1) << where;
        if (group > 1) {
            EXPECT_TRUE(f.endsWith(QStringLiteral(", g = ⌈h / %1⌉").arg(group))) << where;
            for (int h = 0; h < spec.heads; ++h)
                EXPECT_EQ(spec.kvHeadOf(h) + 1, (h + 1 + group - 1) / group) << where << " head " << h + 1;
        } else {
            EXPECT_TRUE(f.contains(QStringLiteral("Kₕ")) && f.endsWith(QStringLiteral("·Vₕ"))) << where;
        }
    }
}

// The 2025 variants in the head's formula, each exactly when the block runs it: q_norm and k_norm
// before RoPE (Qwen3, Gemma 3), √s for query_pre_attn_scalar s (Gemma), the cap c·tanh(·/c)
// (Gemma 2) and the sliding window's band in M.
TEST(BlockStageTruth, TheHeadFormulaShowsQkNormTheScalarTheCapAndTheWindowAsTheBlockRunsThem)
{
    std::vector<model::ModelConfig> cs;
    test::RotaryShape qwen3;
    qwen3.family = "qwen3";
    cs.push_back(test::rotaryConfig(qwen3));
    const std::string dir = test::makeTempDir("blockstagetruth");
    for (const std::string type : {"gemma2", "gemma3_text"}) {
        test::TinyGemmaOptions o;
        o.modelType = type;
        std::filesystem::create_directories(dir + "/" + type);
        test::writeTinyGemma(dir + "/" + type, o);
        cs.push_back(model::readModelConfig(dir + "/" + type + "/config.json"));
    }
    int withNorm = 0, withCap = 0, withWindow = 0;
    for (const model::ModelConfig &c : cs) {
        const model::BlockSpec spec = model::BlockSpec::of(c);
        const QString f = formula(BlockStage::Heads, c);
        const std::string where = c.modelType + ": " + f.toStdString();
        EXPECT_EQ(f.contains(QStringLiteral("RoPE(q_norm(Qₕ))")), spec.qkNorm) << where;
        EXPECT_EQ(f.contains(QStringLiteral("RoPE(k_norm(K")), spec.qkNorm) << where;
        const bool byScalar = spec.scoreScaling == model::ScoreScaling::TimesInverseSqrtQueryPreAttnScalar;
        EXPECT_EQ(f.contains(QStringLiteral(" / √s")), byScalar) << where;
        EXPECT_EQ(f.contains(QStringLiteral(" / √d_head")), !byScalar) << where;
        if (byScalar) {
            EXPECT_TRUE(f.contains(QStringLiteral(", s = %1").arg(spec.queryPreAttnScalar))) << where;
        }
        EXPECT_EQ(f.contains(QStringLiteral("softmax(c·tanh(")), spec.attnSoftcap > 0) << where;
        if (spec.attnSoftcap > 0) {
            EXPECT_TRUE(f.contains(QStringLiteral(", c = %1").arg(double(spec.attnSoftcap)))) << where;
        }
        const int widest
            = spec.layerWindows.empty() ? 0 : *std::max_element(spec.layerWindows.begin(), spec.layerWindows.end());
        const bool everyLayer = widest > 0
            && std::all_of(spec.layerWindows.begin(), spec.layerWindows.end(), [](int w) { return w > 0; });
        EXPECT_EQ(f.contains(QStringLiteral("; M: i − %1 < j ≤ i").arg(widest)), everyLayer) << where;
        EXPECT_EQ(
            f.contains(QStringLiteral("; M on sliding layers: i − %1 < j ≤ i").arg(widest)), widest > 0 && !everyLayer)
            << where;
        // The gated MLP's sentence names the gate's own function (Gemma: GELU-tanh, not SiLU).
        const QString act = explanation(BlockStage::MlpAct, c);
        EXPECT_TRUE(act.contains(QString::fromUtf8(activationLook(spec.activation).name))) << act.toStdString();
        EXPECT_EQ(act.contains(QStringLiteral("SiLU")), spec.activation == model::Activation::Silu)
            << act.toStdString();
        withNorm += spec.qkNorm;
        withCap += spec.attnSoftcap > 0;
        withWindow += widest > 0;
    }
    EXPECT_EQ(withNorm, 2); // Qwen3 and Gemma 3
    EXPECT_GE(withCap, 1);
    EXPECT_EQ(withWindow, 2); // the two Gemmas, windowed on some layers
}

// The gated MLP multiplies SiLU(gate) by up elementwise (⊙), and shows its biases when the
// config has them (Llama's mlp_bias).
TEST(BlockStageTruth, TheGatedMlpFormulaSeparatesTheElementwiseProductAndShowsItsBiases)
{
    for (const model::ModelConfig &c : configs()) {
        const model::BlockSpec spec = model::BlockSpec::of(c);
        if (!spec.gatedMlp)
            continue;
        const QString act = formula(BlockStage::MlpAct, c);
        const QString out = formula(BlockStage::MlpOut, c);
        if (c.mlpBias) {
            EXPECT_EQ(act, QStringLiteral("act = SiLU(m·W_gate + b_gate) ⊙ (m·W_up + b_up)"));
            EXPECT_EQ(out, QStringLiteral("mlp_out = act·W_down + b_down"));
        } else {
            EXPECT_EQ(act, QStringLiteral("act = SiLU(m·W_gate) ⊙ (m·W_up)"));
            EXPECT_EQ(out, QStringLiteral("mlp_out = act·W_down"));
        }
    }
}

// LayerNorm's sentence says it subtracts the mean; RMSNorm's says it does not (BlockSpec's
// normCentres); a post-norm model's stream is not called a running sum.
TEST(BlockStageTruth, NormAndStreamSentencesFollowTheNormKindAndPlacement)
{
    for (const char *language : {"en", "zh_CN"}) {
        ASSERT_TRUE(Language::instance()->apply(QString::fromLatin1(language)));
        const bool zh = QString::fromLatin1(language) == QStringLiteral("zh_CN");
        for (const model::ModelConfig &c : configs()) {
            const model::BlockSpec spec = model::BlockSpec::of(c);
            const std::string where = std::string(language) + " " + c.modelType;
            const QString input = explanation(BlockStage::Input, c);
            EXPECT_EQ(input.contains(zh ? QStringLiteral("后归一化") : QStringLiteral("post-norm")), !spec.preNorm)
                << where << ": " << input.toStdString();
            EXPECT_EQ(input.contains(zh ? QStringLiteral("写入的全部内容") : QStringLiteral("carries everything")),
                spec.preNorm)
                << where << ": " << input.toStdString();
            if (!spec.preNorm)
                continue;
            const QString attnIn = explanation(BlockStage::AttnIn, c);
            const QString mlpIn = explanation(BlockStage::MlpIn, c);
            if (spec.normCentres()) {
                EXPECT_TRUE(attnIn.contains(
                    zh ? QStringLiteral("减去这一行的均值") : QStringLiteral("subtracts each token's row's mean")))
                    << where << ": " << attnIn.toStdString();
                EXPECT_TRUE(mlpIn.contains(zh ? QStringLiteral("中心化") : QStringLiteral("centres and rescales")))
                    << where << ": " << mlpIn.toStdString();
            } else {
                EXPECT_TRUE(
                    attnIn.contains(zh ? QStringLiteral("不减去均值") : QStringLiteral("no mean is subtracted")))
                    << where << ": " << attnIn.toStdString();
                EXPECT_FALSE(mlpIn.contains(zh ? QStringLiteral("中心化") : QStringLiteral("centres")))
                    << where << ": " << mlpIn.toStdString();
            }
        }
    }
    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("en")));
}
