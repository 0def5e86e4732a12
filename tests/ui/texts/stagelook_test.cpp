// The interface's stage table: one row per core stage, in the core's order, each with its texts
// in both languages; the board, the step control and the worksheet are laid out from it.
#include "core/scene/stagetable.h"
#include "ui/board/pipelineboard.h"
#include "ui/board/stagecard.h"
#include "ui/board/stepcontroller.h"
#include "ui/document/document.h"
#include "ui/export/handout.h"
#include "ui/i18n/language.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/plot/stageinfo.h"
#include "ui/plot/stagelook.h"

#include <QTest>

#include "../uitestscenes.h"

#include <gtest/gtest.h>

#include <map>

using namespace attnlab;
using namespace attnlab::ui;
using test::example;

namespace {

// cat-eats-fish with RoPE and a W_O: a scene with every stage but the memory (cross-attention's,
// which a scene under RoPE cannot have: tests/ui/translate/crossboard_test.cpp shows it).
core::Scene everyStage()
{
    core::Scene scene = example("cat-eats-fish");
    scene.positional = core::PositionalEncoding::Rope;
    scene.wo = core::Matrix::Identity(scene.heads * scene.dK, scene.dModel);
    // The attention variants' stages (issue 31) exist only while their switches are on.
    scene.variants.qkNorm = true;
    scene.variants.softCap = 5;
    scene.variants.sinkLogit = true;
    return scene;
}

} // namespace

TEST(StageLooks, EveryCoreStageHasExactlyOneRowInTheCoresOrder)
{
    ASSERT_EQ(stageLooks().size(), core::stageTable().size());
    for (size_t i = 0; i < stageLooks().size(); ++i)
        EXPECT_EQ(stageLooks()[i].stage, core::stageTable()[i].id) << i;
    for (core::Stage stage : core::allStages())
        EXPECT_EQ(stageLook(stage).stage, stage);
}

TEST(StageLooks, EveryRowSaysEverythingTheViewsAsk)
{
    const core::Scene scene = everyStage();
    ASSERT_TRUE(core::validate(scene).empty());
    int lastRow = 0;
    for (const StageLook &look : stageLooks()) {
        const std::string name = core::stageName(look.stage);
        ASSERT_TRUE(look.title && look.page && look.formula && look.figureTitle && look.sceneShapes) << name;
        EXPECT_FALSE(look.formula(scene).isEmpty()) << name;
        EXPECT_FALSE(look.figureTitle(scene).isEmpty()) << name;
        EXPECT_FALSE(look.sceneShapes(scene).isEmpty()) << name;
        // A heatmap that is not query × key names its columns.
        EXPECT_TRUE(look.square || look.featureAxis) << name;
        // The board's rows follow the pipeline: a stage never sits above one it comes after.
        EXPECT_GE(look.boardRow, lastRow) << name;
        lastRow = look.boardRow;
        for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")})
            EXPECT_FALSE(ExplanationPanel::pageHtml(explanationPage(look.stage, scene), language).isEmpty())
                << name << " " << language.toStdString();
    }
}

TEST(StageLooks, TitlesAndShortNamesAreTranslated)
{
    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("zh_CN")));
    for (const StageLook &look : stageLooks()) {
        EXPECT_NE(stageCardTitle(look.stage), QString::fromUtf8(look.title)) << look.title;
        if (look.shortName) {
            EXPECT_NE(stageDisplayName(look.stage), QString::fromUtf8(look.shortName)) << look.shortName;
        } else {
            EXPECT_EQ(stageDisplayName(look.stage), QString::fromLatin1(core::stageName(look.stage)));
        }
    }
    Language::instance()->apply(QStringLiteral("en"));
    EXPECT_EQ(stageCardTitle(core::StageWeights), QStringLiteral("Attention weights"));
    EXPECT_EQ(StageCard::stageTitle(core::StageWeights), stageCardTitle(core::StageWeights));
}

TEST(StageLooks, TheBoardShowsTheStagesTheSceneHasInTableOrder)
{
    const core::Scene scene = everyStage();
    QList<core::Stage> all(core::allStages().begin(), core::allStages().end());
    all.removeAll(core::StageMemory);
    EXPECT_EQ(StepController::boardStages(scene), all);
    core::Scene single = example("cat-eats-fish");
    ASSERT_EQ(single.headCount(), 1);
    ASSERT_FALSE(single.hasOutputWeights());
    for (core::Stage stage : StepController::boardStages(single))
        EXPECT_TRUE(core::hasStage(single, stage) && !stageLook(stage).onBoard);
    // A direct scene under RoPE rotates its given Q and K, and its board shows the rotations.
    core::Scene direct = example("cat-eats-fish-handcalc");
    direct.positional = core::PositionalEncoding::Rope;
    EXPECT_TRUE(core::hasStage(direct, core::StageQRotated));
    EXPECT_TRUE(StepController::boardStages(direct).contains(core::StageQRotated));
    EXPECT_TRUE(StepController::boardStages(direct).contains(core::StageKRotated));
}

TEST(StageLooks, TheBoardLaysOutOneRowPerPhaseOfTheTable)
{
    Document document;
    const core::Scene scene = everyStage();
    document.load(scene);
    StepController steps(&document);
    PipelineBoard board(&document, &steps);
    board.resize(1500, 1100);
    board.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&board));
    ASSERT_EQ(board.columnCount(), 4);
    // Every stage but the memory, which a scene without cross-attention has no card for.
    ASSERT_EQ(board.cards().size(), int(stageLooks().size()) - 1);
    ASSERT_EQ(board.cards().size(), StepController::boardStages(scene).size());
    EXPECT_TRUE(QTest::qWaitFor([&] { return board.card(core::StageScores)->y() > board.card(core::StageX)->y(); }));
    // A row with more cards than the board has columns goes on over several lines, in table order.
    std::map<int, int> cardsInRow;
    std::map<core::Stage, int> line;
    for (core::Stage stage : StepController::boardStages(document.scene()))
        line[stage] = cardsInRow[stageLook(stage).boardRow]++ / board.columnCount();
    for (const StageLook &a : stageLooks())
        for (const StageLook &b : stageLooks()) {
            if (!core::hasStage(scene, a.stage) || !core::hasStage(scene, b.stage))
                continue; // a hidden card (the memory) has no place of its own
            const int ya = board.card(a.stage)->y(), yb = board.card(b.stage)->y();
            if (a.boardRow == b.boardRow && line[a.stage] == line[b.stage]) {
                EXPECT_EQ(ya, yb) << core::stageName(a.stage) << " " << core::stageName(b.stage);
            } else if (a.boardRow < b.boardRow || (a.boardRow == b.boardRow && line[a.stage] < line[b.stage])) {
                EXPECT_LT(ya, yb) << core::stageName(a.stage) << " " << core::stageName(b.stage);
            }
        }
}

TEST(StageLooks, TheWorksheetBlanksWhatTheTableSays)
{
    Document document;
    core::Scene scene = example("cat-eats-fish");
    scene.mask = core::MaskKind::None;
    document.load(scene);
    QList<core::Stage> expected;
    for (const StageLook &look : stageLooks())
        if (look.worksheet == WorksheetUse::Blank)
            expected << look.stage;
    EXPECT_EQ(defaultWorksheetStages(document), expected);
    EXPECT_FALSE(expected.contains(core::StageMasked));

    scene.mask = core::MaskKind::Causal;
    document.load(scene);
    EXPECT_TRUE(defaultWorksheetStages(document).contains(core::StageMasked));
    EXPECT_EQ(defaultWorksheetStages(document).size(), expected.size() + 1);
}
