// The built-in examples: each loads, validates, has a title and a description in both
// languages, and shows what its description promises.
#include "core/scene/pipeline.h"
#include "ui/document/examples.h"

#include "../uitestscenes.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace attnlab;
using test::example;

namespace {

bool hasDescription(const core::Scene &s, const std::string &lang)
{
    return std::any_of(s.description.begin(), s.description.end(),
        [&](const auto &d) { return d.first == lang && d.second.size() > 80; });
}

} // namespace

TEST(Examples, TheTeachingExamplesExist)
{
    const QStringList names = ui::exampleNames();
    for (const char *name : {"cat-eats-fish-handcalc", "cat-eats-fish", "pronoun", "softmax-sharpness", "order-matters",
             "order-matters-swapped", "order-matters-sinusoidal", "order-matters-swapped-sinusoidal", "causal-vs-full",
             "padding"})
        EXPECT_TRUE(names.contains(QString::fromLatin1(name))) << name;
}

TEST(Examples, EveryExampleValidatesAndIsDescribedInBothLanguages)
{
    for (const QString &name : ui::exampleNames()) {
        SCOPED_TRACE(name.toStdString());
        const core::LoadResult r = ui::loadExample(name);
        ASSERT_TRUE(r.ok());
        EXPECT_TRUE(core::validate(*r.scene).empty());
        EXPECT_FALSE(r.scene->title.empty());
        EXPECT_TRUE(hasDescription(*r.scene, "en"));
        EXPECT_TRUE(hasDescription(*r.scene, "zh_CN"));
        // The Chinese description is Chinese, not a copy of the English one.
        EXPECT_NE(ui::sceneDescription(*r.scene, QStringLiteral("zh_CN")),
            ui::sceneDescription(*r.scene, QStringLiteral("en")));
        EXPECT_TRUE(ui::sceneDescription(*r.scene, QStringLiteral("zh_CN")).contains(QStringLiteral("的")));
    }
}

TEST(Examples, HandCalculationGivesTheTrueWeightsOnTheEatRow)
{
    core::Pipeline p;
    const core::Stages &st = p.compute(example("cat-eats-fish-handcalc"));
    EXPECT_NEAR(st.heads[0].weights(1, 0), 0.316, 5e-4);
    EXPECT_NEAR(st.heads[0].weights(1, 1), 0.369, 5e-4);
    EXPECT_NEAR(st.heads[0].weights(1, 2), 0.316, 5e-4);
}

TEST(Examples, PronounAttendsMostToThePersonItRefersTo)
{
    const core::Scene s = example("pronoun");
    core::Pipeline p;
    const core::Stages &st = p.compute(s);
    const int she = int(std::find(s.tokens.begin(), s.tokens.end(), "她") - s.tokens.begin());
    const int hong = int(std::find(s.tokens.begin(), s.tokens.end(), "小红") - s.tokens.begin());
    const int ming = int(std::find(s.tokens.begin(), s.tokens.end(), "小明") - s.tokens.begin());
    ASSERT_LT(she, s.tokenCount());
    Eigen::Index best = -1;
    st.heads[0].weights.row(she).maxCoeff(&best);
    EXPECT_EQ(best, hong);
    EXPECT_GT(st.heads[0].weights(she, hong), 0.7f);
    EXPECT_LT(st.heads[0].weights(she, ming), 0.2f);
}

TEST(Examples, SoftmaxSharpnessShowsBothRows)
{
    core::Pipeline p;
    const core::Stages &st = p.compute(example("softmax-sharpness"));
    const core::Matrix &s = st.heads[0].scaled;
    EXPECT_NEAR(s(0, 0), 2, 1e-6);
    EXPECT_NEAR(s(0, 1), 0, 1e-6);
    EXPECT_NEAR(s(0, 2), 1, 1e-6);
    EXPECT_NEAR(s(1, 0), 20, 1e-5);
    EXPECT_NEAR(s(1, 2), 10, 1e-5);
    const core::Matrix &w = st.heads[0].weights;
    EXPECT_NEAR(w(0, 0), 0.665, 5e-4);
    EXPECT_NEAR(w(0, 1), 0.090, 5e-4);
    EXPECT_NEAR(w(0, 2), 0.245, 5e-4);
    EXPECT_GT(w(1, 0), 0.9999f);
}

TEST(Examples, OrderMattersOnlyWithPositions)
{
    // 猫吃鱼 → 鱼吃猫 swaps positions 0 and 2.
    const int perm[3] = {2, 1, 0};
    auto permuted = [&](const char *a, const char *b) {
        core::Pipeline pa, pb;
        const core::Matrix wa = pa.compute(example(a)).heads[0].weights;
        const core::Matrix wb = pb.compute(example(b)).heads[0].weights;
        double worst = 0;
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j)
                worst = std::max(worst, double(std::abs(wa(i, j) - wb(perm[i], perm[j]))));
        return worst;
    };
    EXPECT_LT(permuted("order-matters", "order-matters-swapped"), 1e-6);
    EXPECT_GT(permuted("order-matters-sinusoidal", "order-matters-swapped-sinusoidal"), 0.02);
}

TEST(Examples, CausalHidesTheFuture)
{
    const core::Scene s = example("causal-vs-full");
    EXPECT_EQ(s.mask, core::MaskKind::Causal);
    core::Pipeline p;
    const core::Matrix &w = p.compute(s).heads[0].weights;
    for (int i = 0; i < s.tokenCount(); ++i) {
        EXPECT_NEAR(w.row(i).sum(), 1, 1e-5);
        for (int j = i + 1; j < s.tokenCount(); ++j)
            EXPECT_EQ(w(i, j), 0.f);
    }
}

TEST(Examples, PaddingRowsSeeNoKeyAndWarn)
{
    const core::Scene s = example("padding");
    core::Pipeline p;
    const core::Stages &st = p.compute(s);
    EXPECT_EQ(st.rowsWithoutKeys, (std::vector<int> {3, 4}));
    EXPECT_EQ(st.warnings.size(), 2u);
    EXPECT_TRUE(st.heads[0].weights.bottomRows(2).isZero(0));
    EXPECT_TRUE(st.heads[0].context.bottomRows(2).isZero(0));
    EXPECT_TRUE(st.heads[0].weights.topRightCorner(3, 2).isZero(0));
    EXPECT_TRUE(st.heads[0].weights.allFinite());
}
