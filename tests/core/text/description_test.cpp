// Example descriptions quote their scene's numbers through references, never typed digits.
#include "core/scene/pipeline.h"
#include "core/scene/stagesjson.h"
#include "core/text/chain.h"
#include "core/text/description.h"

#include "testutil.h"

#include <gtest/gtest.h>

#include <regex>

using namespace attnlab;

namespace {

core::Scene example(const std::string &name)
{
    const core::LoadResult r = test::loadExampleFile(name);
    EXPECT_TRUE(r.ok()) << name;
    return r.ok() ? *r.scene : core::Scene();
}

} // namespace

TEST(DescriptionTest, ReferencesResolveToTheSceneValuesInTheirFormat)
{
    const core::Scene scene = example("cat-eats-fish");
    core::Pipeline pipeline;
    const core::Stages &stages = pipeline.compute(scene);
    const double w = stages.heads[0].weights(1, 0);
    const core::RenderedDescription r = core::renderDescription(
        "{n} tokens, d_k = {d_k}, {{braces}}, w = {weights[1][0]:.2f} = {weights@1[1][0]:.1%}, "
        "max {max_weight[1]:d}, sum {row_sum[1]:.1f}, q {Q[0][1]}, √d_k = {divisor}",
        scene, stages);
    char expected[256];
    std::snprintf(expected, sizeof expected,
        "3 tokens, d_k = 8, {braces}, w = %.2f = %.1f%%, max %d, sum 1.0, q %s, √d_k = 2.828", w, 100 * w,
        int(std::round(stages.heads[0].weights.row(1).maxCoeff())),
        core::formatFixed(stages.heads[0].q(0, 1), 3).c_str());
    EXPECT_EQ(r.text, expected);
    EXPECT_TRUE(r.unresolved.empty());
}

TEST(DescriptionTest, AnUnresolvedReferenceIsMarkedAndListed)
{
    const core::Scene scene = example("cat-eats-fish");
    core::Pipeline pipeline;
    const core::Stages &stages = pipeline.compute(scene);
    const core::RenderedDescription r = core::renderDescription(
        "{weights[3][0]} {nope} {Q_rotated[0][0]} {weights@2[0][0]} {scores[0]} {d_k:x} {unclosed", scene, stages);
    EXPECT_EQ(r.text, "? ? ? ? ? ? {unclosed");
    EXPECT_EQ(r.unresolved.size(), 6u);
    EXPECT_EQ(core::renderDescription("{weights[0][0]}", scene, core::Stages()).unresolved.size(), 1u);
}

TEST(DescriptionTest, NegativeValuesUseTheTrueMinus)
{
    core::Scene scene = example("softmax-sharpness");
    scene.q(0, 0) = -2;
    core::Pipeline pipeline;
    EXPECT_EQ(core::renderDescription("{Q[0][0]:.1f}", scene, pipeline.compute(scene)).text, "\u22122.0");
}

// Every description of every example renders without an unresolved reference, in each language
// it has, and no digit is typed outside a reference except where it is not a value of the scene:
// a constant of a formula, a PyTorch version, how the numbers were made, and the index that names
// a head, a position or a row. Each of those is allowed here by name.
TEST(DescriptionTest, EveryExampleDescriptionResolvesAndTypesNoNumber)
{
    const std::vector<std::string> allowed = {"PyTorch 2.5", "10000^(−2i/d_k)", "(2i, 2i+1)", "0 by 0", "0 除以 0",
        "multiplied by 0.4", "乘以 0.4", "between −1 and 1", "在 −1 到 1 之间"};
    const std::regex names("(head|头|position|位置|at|第) [0-9]+|rows [0-9]+ and [0-9]+");
    for (const std::string &name : test::exampleFileNames()) {
        const core::Scene scene = example(name);
        ASSERT_TRUE(core::validate(scene).empty()) << name;
        core::Pipeline pipeline;
        const core::Stages &stages = pipeline.compute(scene);
        ASSERT_GE(scene.description.size(), 2u) << name << " needs an English and a Chinese description";
        for (const auto &[language, text] : scene.description) {
            const core::RenderedDescription r = core::renderDescription(text, scene, stages);
            EXPECT_TRUE(r.unresolved.empty()) << name << " (" << language << "): " << r.unresolved.front();
            std::string typed = core::withoutReferences(text);
            for (const std::string &a : allowed)
                for (size_t at = typed.find(a); at != std::string::npos; at = typed.find(a))
                    typed.erase(at, a.size());
            typed = std::regex_replace(typed, names, "");
            std::smatch digit;
            if (std::regex_search(typed, digit, std::regex("[^ ]*[0-9][^ ]*")))
                ADD_FAILURE() << name << " (" << language << ") types the number \"" << digit.str(0) << "\"";
        }
    }
}

TEST(DescriptionTest, TheTypedNumberCheckFindsATypedNumber)
{
    const std::string typed = core::withoutReferences("weights {weights[1][0]:.2f} and 0.42, {{not a reference}}");
    EXPECT_EQ(typed, "weights  and 0.42, {not a reference}");
}

// The rotated stages are Q_rot and K_rot in --dump of a scene as in --dump --model; a description
// written with the names before issue 36 (Q_rotated, K_rotated) reads the same cells.
TEST(DescriptionTest, RotatedStagesAreQRotAndKRotAndTheOldNamesStillRead)
{
    const core::Scene scene = example("order-matters-rope");
    core::Pipeline pipeline;
    const core::Stages &stages = pipeline.compute(scene);
    EXPECT_STREQ(core::stageName(core::StageQRotated), "Q_rot");
    EXPECT_STREQ(core::stageName(core::StageKRotated), "K_rot");
    const core::RenderedDescription now = core::renderDescription("{Q_rot[1][0]} {K_rot[2][1]}", scene, stages);
    const core::RenderedDescription old = core::renderDescription("{Q_rotated[1][0]} {K_rotated[2][1]}", scene, stages);
    EXPECT_TRUE(now.unresolved.empty());
    EXPECT_EQ(now.text, old.text);
    EXPECT_EQ(now.text,
        core::formatFixed(stages.heads[0].qRotated(1, 0), 3) + " "
            + core::formatFixed(stages.heads[0].kRotated(2, 1), 3));
    const std::string json = core::stagesToJson(scene, stages);
    EXPECT_NE(json.find("\"Q_rot\""), std::string::npos);
    EXPECT_NE(json.find("\"K_rot\""), std::string::npos);
    EXPECT_EQ(json.find("rotated"), std::string::npos);
}

// 猫吃鱼's description: 吃 gives 猫 and 鱼 together most of its weight (88%), which is not
// "almost all"; and what it keeps for itself is less than either, not "little".
TEST(DescriptionTest, CatEatsFishSaysMostForTheShareItHas)
{
    const core::Scene scene = example("cat-eats-fish");
    core::Pipeline pipeline;
    const core::Stages &stages = pipeline.compute(scene);
    const core::Matrix &w = stages.heads[0].weights;
    const double others = double(w(1, 0) + w(1, 2));
    EXPECT_GT(others, 0.5);
    EXPECT_LT(others, 0.95) << "then \"almost all\" would hold";
    EXPECT_LT(w(1, 1), std::min(w(1, 0), w(1, 2)));
    ASSERT_GE(scene.description.size(), 2u);
    for (const auto &[language, text] : scene.description) {
        const bool zh = language == "zh_CN";
        EXPECT_NE(text.find(zh ? "大部分注意力" : "most of its attention"), std::string::npos) << language;
        EXPECT_EQ(text.find(zh ? "几乎" : "almost all"), std::string::npos) << language;
        EXPECT_NE(text.find(zh ? "留给自己的较少" : "less to itself"), std::string::npos) << language;
    }
}
