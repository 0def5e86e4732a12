// The formula a stage is titled with, on the board and in exports, says what the scene computes.
#include "ui/board/stagecard.h"
#include "ui/document/examples.h"
#include "ui/i18n/language.h"
#include "ui/plot/stageinfo.h"

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;

namespace {

// A head of a model: X given, with the biases b_Q and b_O.
core::Scene biasedHead()
{
    core::Scene s;
    s.tokens = {"the", "cat"};
    s.dModel = 2;
    s.heads = 1;
    s.dK = 2;
    s.x = core::Matrix::Identity(2, 2);
    s.wq = s.wk = s.wv = s.wo = core::Matrix::Identity(2, 2);
    s.bq = core::RowVector::Constant(2, 0.5f);
    s.bo = core::RowVector::Constant(2, 1);
    return s;
}

} // namespace

TEST(StageTitles, ExportedTitlesFollowTheBoardsFormulas)
{
    const core::Scene head = biasedHead();
    ASSERT_TRUE(core::validate(head).empty());
    const core::Scene rope = *loadExample(QStringLiteral("order-matters-rope")).scene;
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        ASSERT_TRUE(Language::instance()->apply(language));
        // A model head's X is what its layer hands the attention, not embeddings.
        EXPECT_NE(stageTitle(head, core::StageX),
            stageTitle(*loadExample(QStringLiteral("cat-eats-fish")).scene, core::StageX));
        EXPECT_TRUE(stageTitle(head, core::StageX).contains(QStringLiteral("X"))) << language.toStdString();
        if (language == QStringLiteral("en")) {
            EXPECT_TRUE(stageTitle(head, core::StageX).contains(QStringLiteral("given")))
                << stageTitle(head, core::StageX).toStdString();
        }
        // Biases are added where the scene has them, on the card and in the export alike.
        for (const QString &text : {stageTitle(head, core::StageQ), StageCard::stageFormula(core::StageQ, head)})
            EXPECT_TRUE(text.contains(QStringLiteral("+ b_Q"))) << text.toStdString();
        EXPECT_FALSE(stageTitle(head, core::StageK).contains(QStringLiteral("b_K")));
        EXPECT_FALSE(StageCard::stageFormula(core::StageK, head).contains(QStringLiteral("b_K")));
        for (const QString &text :
            {stageTitle(head, core::StageOutput), StageCard::stageFormula(core::StageOutput, head)})
            EXPECT_TRUE(text.contains(QStringLiteral("+ b_O"))) << text.toStdString();
        // RoPE scores come from the rotated queries and keys.
        EXPECT_TRUE(stageTitle(rope, core::StageScores).contains(QStringLiteral("Q_rot\u00b7K_rot\u1d40")));
        EXPECT_TRUE(
            StageCard::stageFormula(core::StageScores, rope).contains(QStringLiteral("Q_rot\u00b7K_rot\u1d40")));
    }
    Language::instance()->apply(QStringLiteral("en"));
}
