// The block board's look table (ui/block/blockstagelook.h): one row per core stage in the core's
// order with everything the card, the board and the inspector ask, its title translated; and a
// family choice changes a stage's formula or explanation only where the core's row declares it.
#include "ui/block/blockstagelook.h"
#include "ui/i18n/language.h"

#include "modelreference.h"

#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <utility>

using namespace attnlab;
using namespace attnlab::ui;
namespace model = attnlab::core::model;

TEST(BlockStageLooks, EveryCoreStageHasOneRowSayingEverythingTheBoardAsks)
{
    const std::vector<BlockStageLook> &looks = blockStageLooks();
    ASSERT_EQ(looks.size(), model::blockStageTable().size());
    std::set<std::pair<int, int>> places;
    std::pair<int, int> last {-1, -1};
    for (size_t k = 0; k < looks.size(); ++k) {
        const BlockStageLook &look = looks[k];
        const model::BlockStageEntry &e = model::blockStageTable()[k];
        EXPECT_EQ(look.stage, e.id) << e.key;
        ASSERT_TRUE(look.title && look.symbol && look.explanation) << e.key;
        // The cards read as the block runs: left to right, attention's row above the MLP's.
        const std::pair<int, int> place {look.boardRow, look.boardColumn};
        EXPECT_TRUE(places.insert(place).second) << e.key;
        EXPECT_LT(last, place) << e.key;
        last = place;
        // A projection says what its products are; it and the activation name their matrices.
        EXPECT_EQ(look.products != nullptr, e.preNorm == model::BlockOperation::Projection) << e.key;
        if (e.weight && !model::blockStageEntry(e.id).norm) {
            EXPECT_TRUE(look.matrix && look.bias) << e.key;
        }
        if (e.gate) {
            EXPECT_TRUE(look.gate && look.gatedMatrix) << e.key;
        }
        // Only the heads' pictures show weights in [0, 1].
        EXPECT_EQ(look.probability, e.width == model::StageWidth::PerHead) << e.key;
        EXPECT_EQ(blockStageKey(e.id), QString::fromLatin1(e.key));
    }
}

TEST(BlockStageLooks, TitlesAreTranslated)
{
    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("zh_CN")));
    QStringList chinese;
    for (const BlockStageLook &look : blockStageLooks())
        chinese << blockStageTitle(look.stage);
    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("en")));
    for (size_t k = 0; k < blockStageLooks().size(); ++k) {
        const QString english = blockStageTitle(blockStageLooks()[k].stage);
        EXPECT_NE(chinese[int(k)], english);
        // The key is the same in both: "注意力输入 (attn_in)".
        EXPECT_TRUE(chinese[int(k)].endsWith(QStringLiteral(" (%1)").arg(blockStageKey(blockStageLooks()[k].stage))));
    }
    EXPECT_EQ(chinese[1], QStringLiteral("注意力输入 (attn_in)"));
}

namespace {

// GPT-2's description with one choice changed, as a made-up family would declare it.
struct Variant {
    model::BlockChoices choice;
    std::function<void(model::ModelFamily &, model::ModelConfig &)> change;
};

struct Texts {
    QString formula, explanation;
    bool operator==(const Texts &o) const { return formula == o.formula && explanation == o.explanation; }
};

Texts textsOf(model::BlockStage stage, const model::ModelConfig &config)
{
    const model::BlockStageForm form = model::blockStageForm(stage, config);
    return {blockStageFormula(form), blockStageExplanation(form)};
}

} // namespace

TEST(BlockStageLooks, AFamilyChoiceChangesOnlyTheStagesWhoseRowDeclaresIt)
{
    namespace C = model::BlockChoice;
    using model::ModelConfig;
    using model::ModelFamily;
    const std::vector<Variant> variants = {
        {C::NormPlacement, [](ModelFamily &f, ModelConfig &) { f.placement = model::NormPlacement::PostLn; }},
        {C::NormKind, [](ModelFamily &f, ModelConfig &) { f.norm = model::NormKind::RmsNorm; }},
        {C::MlpKind, [](ModelFamily &f, ModelConfig &) { f.mlp = model::MlpKind::GatedSilu; }},
        {C::Activation, [](ModelFamily &, ModelConfig &c) { c.activation = "relu"; }},
        {C::OutputBias, [](ModelFamily &, ModelConfig &c) { c.outBias = false; }},
        {C::MlpBias, [](ModelFamily &, ModelConfig &c) { c.mlpBias = false; }},
        // Gemma's norms of the sub-layers' outputs (issue 31).
        {C::SandwichNorms, [](ModelFamily &f, ModelConfig &) { f.tensors.attnPostNorm = "post_attention_layernorm"; }},
    };
    const ModelConfig base = test::gpt2Config();
    for (const Variant &v : variants) {
        ModelFamily family = *base.family;
        ModelConfig config = base;
        v.change(family, config);
        config.family = &family;
        int changed = 0;
        for (const model::BlockStageEntry &e : model::blockStageTable()) {
            const bool same = textsOf(e.id, config) == textsOf(e.id, base);
            if (!(e.changedBy & v.choice)) {
                EXPECT_TRUE(same) << e.key << " changes with undeclared choice " << v.choice;
            }
            changed += same ? 0 : 1;
        }
        // Each choice changes some stage of GPT-2's block.
        EXPECT_GT(changed, 0) << v.choice;
    }
}
