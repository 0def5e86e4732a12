// What the model room's tooltips say holds for what its code does, in English and in Chinese:
// each test computes the behaviour the text describes and checks the words against it.
#include "../model/modelroomfixture.h"
#include "core/model/sampling.h"
#include "ui/generate/generatepanel.h"
#include "ui/i18n/language.h"
#include "ui/model/modelsession.h"

#include <QAction>
#include <QDoubleSpinBox>

#include <gtest/gtest.h>

#include <cmath>

using namespace attnlab;

namespace {

QString topPTip(const char *language)
{
    ui::Language::instance()->apply(QString::fromLatin1(language));
    ui::ModelSession session;
    ui::GeneratePanel panel(&session);
    return panel.topPBox()->toolTip();
}

QString generationTip(const char *language)
{
    ui::Language::instance()->apply(QString::fromLatin1(language));
    ui::ModelSession session;
    ui::GeneratePanel panel(&session);
    return panel.toolTip();
}

} // namespace

// Top-p keeps the smallest set of the most likely tokens whose probabilities reach p: of two
// tokens with probability ½ each and p = ½ it keeps one, whose probability is exactly p, not more
// than p. The tooltip says "at least p" (至少).
TEST(ModelFacts, TopPTooltipSaysAtLeastPAsTheWarperKeeps)
{
    const core::RowVector logits = core::RowVector::Zero(2);
    const core::RowVector kept = core::model::topPWarp(logits, 0.5);
    EXPECT_EQ(int(std::isfinite(kept(0))) + int(std::isfinite(kept(1))), 1) << "one token alone reaches p = 0.5";

    const QString en = topPTip("en");
    EXPECT_TRUE(en.contains(QStringLiteral("add up to at least p"))) << en.toStdString();
    EXPECT_FALSE(en.contains(QStringLiteral("more than p"))) << en.toStdString();
    const QString zh = topPTip("zh_CN");
    EXPECT_TRUE(zh.contains(QStringLiteral("至少为 p"))) << zh.toStdString();
    EXPECT_FALSE(zh.contains(QStringLiteral("超过 p"))) << zh.toStdString();
    ui::Language::instance()->apply(QStringLiteral("en"));
}

// A new token's query reads its own key and value as well as the earlier tokens': in a causal
// model the last row of every head's weights has a weight > 0 in its own column. The panel's
// tooltip says so.
TEST(ModelFacts, TheNewTokenReadsItsOwnKeyAndValueAsTheTooltipSays)
{
    test::TinyFolder folder(false);
    auto runner = test::directRunner(folder.dir);
    runner->run({264, 261, 263});
    for (int head = 0; head < 2; ++head) {
        const core::Matrix w = runner->attentionWeights(0, head);
        EXPECT_GT(w(2, 2), 0.f) << "head " << head;
    }
    const QString en = generationTip("en");
    EXPECT_TRUE(en.contains(QStringLiteral("and its own key and value"))) << en.toStdString();
    const QString zh = generationTip("zh_CN");
    EXPECT_TRUE(zh.contains(QStringLiteral("自己的键和值"))) << zh.toStdString();
    ui::Language::instance()->apply(QStringLiteral("en"));
}

// Switching a head off zeroes its context before W_O. transformers' head_mask did that in GPT-2 and
// BERT until version 5 removed head masking (huggingface/transformers#41076); the other families
// never had one, and the tooltip says so.
TEST(ModelFacts, TheAblateTooltipSaysWhichFamiliesHaveAHeadMask)
{
    for (const char *language : {"en", "zh_CN"}) {
        ui::Language::instance()->apply(QString::fromLatin1(language));
        test::Room room;
        QString tip;
        for (QAction *action : room.room->findChildren<QAction *>())
            if (action->toolTip().contains(QStringLiteral("head_mask")))
                tip = action->toolTip();
        const bool zh = std::string(language) == "zh_CN";
        EXPECT_TRUE(tip.contains(zh ? QStringLiteral("第 5 版移除") : QStringLiteral("until version 5 removed it")))
            << tip.toStdString();
        EXPECT_TRUE(tip.contains(zh ? QStringLiteral("其他模型族从来没有 head_mask")
                                    : QStringLiteral("the other families never had a head_mask")))
            << tip.toStdString();
        EXPECT_TRUE(tip.contains(QStringLiteral("W_O"))) << tip.toStdString();
    }
    ui::Language::instance()->apply(QStringLiteral("en"));
}
