// The pipeline board and its step control: which cards a scene has, what they say, and how
// stepping reveals them in order.
#include "ui/board/pipelineboard.h"
#include "ui/board/stagecard.h"
#include "ui/board/stepcontroller.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include "../uitestscenes.h"

#include <gtest/gtest.h>

using namespace attnlab;
using test::example;
using namespace attnlab::ui;

namespace {

QStringList names(const QList<core::Stage> &stages)
{
    QStringList out;
    for (core::Stage s : stages)
        out << QString::fromLatin1(core::stageName(s));
    return out;
}

} // namespace

TEST(BoardStages, FollowTheSceneShape)
{
    core::Scene scene = example("cat-eats-fish");
    EXPECT_EQ(names(StepController::boardStages(scene)).join(QLatin1Char(',')),
        QStringLiteral("X,Q,K,V,scores,scaled,masked,weights,context"));

    scene.positional = core::PositionalEncoding::Rope;
    EXPECT_EQ(names(StepController::boardStages(scene)).join(QLatin1Char(',')),
        QStringLiteral("X,Q,K,V,Q_rot,K_rot,scores,scaled,masked,weights,context"));

    scene.positional = core::PositionalEncoding::None;
    scene.wo = core::Matrix::Identity(scene.heads * scene.dK, scene.dModel);
    EXPECT_EQ(names(StepController::boardStages(scene)).back(), QStringLiteral("output"));
    EXPECT_TRUE(StepController::boardStages(scene).contains(core::StageConcat));

    const core::Scene direct = example("cat-eats-fish-handcalc");
    EXPECT_EQ(names(StepController::boardStages(direct)).join(QLatin1Char(',')),
        QStringLiteral("Q,K,V,scores,scaled,masked,weights,context"));
}

TEST(PipelineBoard, SteppingRevealsCardsInOrder)
{
    Document document;
    document.load(example("cat-eats-fish"));
    StepController steps(&document);
    PipelineBoard board(&document, &steps);
    const QList<StageCard *> cards = board.cards();
    ASSERT_EQ(cards.size(), 9);
    QSignalSpy changed(&steps, &StepController::changed);

    for (int step = 0; step < cards.size(); ++step) {
        ASSERT_EQ(steps.step(), step);
        for (int i = 0; i < cards.size(); ++i) {
            EXPECT_EQ(cards.at(i)->isRevealed(), i <= step) << "step " << step << " card " << i;
            EXPECT_EQ(cards.at(i)->isCurrent(), i == step) << "step " << step << " card " << i;
        }
        steps.next();
    }
    EXPECT_EQ(steps.step(), cards.size() - 1); // Next stops at the last card
    EXPECT_FALSE(steps.nextAction()->isEnabled());
    EXPECT_EQ(changed.count(), cards.size() - 1);

    steps.previousAction()->trigger();
    EXPECT_FALSE(cards.last()->isRevealed());
    steps.firstAction()->trigger();
    EXPECT_EQ(steps.revealedStages(), QList<core::Stage> {core::StageX});
    EXPECT_FALSE(steps.previousAction()->isEnabled());

    steps.showAllAction()->trigger();
    for (StageCard *card : cards)
        EXPECT_TRUE(card->isRevealed());
    EXPECT_TRUE(cards.first()->isCurrent());
    steps.showAllAction()->trigger();
    EXPECT_FALSE(cards.at(1)->isRevealed());
}

TEST(PipelineBoard, CardsShowFormulaAndShape)
{
    Document document;
    document.load(example("cat-eats-fish"));
    StepController steps(&document);
    PipelineBoard board(&document, &steps);
    StageCard *scores = board.card(core::StageScores);
    ASSERT_NE(scores, nullptr);
    EXPECT_EQ(scores->formula(), QStringLiteral("scores = Q·Kᵀ"));
    EXPECT_EQ(scores->shape(), QStringLiteral("3×3"));
    EXPECT_EQ(board.card(core::StageX)->shape(), QStringLiteral("3×8"));
    EXPECT_TRUE(board.card(core::StageScaled)->formula().contains(QStringLiteral("÷ √8")));
    EXPECT_EQ(board.card(core::StageOutput), nullptr);
}

TEST(PipelineBoard, CardsFollowSceneChanges)
{
    Document document;
    document.load(example("cat-eats-fish"));
    StepController steps(&document);
    PipelineBoard board(&document, &steps);
    steps.setCurrentStage(core::StageScores);

    core::Scene scene = document.scene();
    scene.positional = core::PositionalEncoding::Rope;
    document.changeScene(scene, QStringLiteral("RoPE"));
    document.flush();
    ASSERT_NE(board.card(core::StageQRotated), nullptr);
    EXPECT_EQ(board.card(core::StageScores)->formula(), QStringLiteral("scores = Q_rot·K_rotᵀ"));
    // Still on the scores card although two cards came before it.
    EXPECT_EQ(steps.currentStage(), core::StageScores);
    EXPECT_TRUE(board.card(core::StageQRotated)->isRevealed());

    scene.tokens.push_back(scene.tokens.front());
    document.changeScene(scene, QStringLiteral("token"));
    document.flush();
    EXPECT_EQ(board.card(core::StageWeights)->shape(), QStringLiteral("4×4"));

    document.undoStack()->undo();
    document.undoStack()->undo();
    document.flush();
    EXPECT_EQ(board.card(core::StageQRotated), nullptr);
    EXPECT_EQ(board.card(core::StageWeights)->shape(), QStringLiteral("3×3"));

    // A different scene starts at its first card.
    document.load(example("cat-eats-fish-handcalc"));
    EXPECT_EQ(steps.step(), 0);
    EXPECT_EQ(steps.currentStage(), core::StageQ);
    EXPECT_EQ(board.card(core::StageX), nullptr);
}

TEST(PipelineBoard, KeysStepTheBoard)
{
    Document document;
    document.load(example("cat-eats-fish"));
    StepController steps(&document);
    PipelineBoard board(&document, &steps);
    board.addActions({steps.nextAction(), steps.previousAction()});
    board.show();
    board.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&board));
    board.setFocus();

    QTest::keyClick(&board, Qt::Key_PageDown);
    EXPECT_EQ(steps.step(), 1);
    QTest::keyClick(&board, Qt::Key_Right);
    EXPECT_EQ(steps.step(), 2);
    QTest::keyClick(&board, Qt::Key_Left);
    EXPECT_EQ(steps.step(), 1);
    QTest::keyClick(&board, Qt::Key_PageUp);
    EXPECT_EQ(steps.step(), 0);
}

TEST(PipelineBoard, PlayRevealsOneStageAfterAnotherAndStopsAtTheEnd)
{
    Document document;
    document.load(example("cat-eats-fish-handcalc"));
    StepController steps(&document);
    steps.setPlayInterval(100);
    steps.setPlaying(true);
    EXPECT_TRUE(steps.playAction()->isChecked());
    EXPECT_TRUE(QTest::qWaitFor([&] { return !steps.isPlaying(); }, 5000));
    EXPECT_EQ(steps.step(), steps.stepCount() - 1);
    EXPECT_FALSE(steps.playAction()->isChecked());
}

TEST(PipelineBoard, SeveralHeadsAddConcatAndOutputAndAHeadSelector)
{
    Document document;
    document.load(example("cat-eats-fish"));
    StepController steps(&document);
    PipelineBoard board(&document, &steps);
    EXPECT_TRUE(board.headSelector()->isHidden());
    EXPECT_FALSE(board.nextHeadAction()->isEnabled());

    core::Scene scene = document.scene();
    scene.heads = 2;
    scene.dK = scene.dModel / 2;
    scene.wo = core::Matrix::Identity(scene.dModel, scene.dModel);
    document.changeScene(scene, QStringLiteral("two heads"));
    document.flush();
    ASSERT_NE(board.card(core::StageOutput), nullptr);
    EXPECT_EQ(board.card(core::StageConcat)->shape(), QStringLiteral("3×8"));
    EXPECT_EQ(board.card(core::StageQ)->shape(), QStringLiteral("3×4"));
    EXPECT_FALSE(board.headSelector()->isHidden());
    EXPECT_EQ(board.headSelector()->count(), 2);
    EXPECT_TRUE(board.card(core::StageWeights)->title().contains(QStringLiteral("head 1 of 2")));

    board.nextHeadAction()->trigger();
    EXPECT_EQ(document.currentHead(), 1);
    EXPECT_EQ(board.headSelector()->currentIndex(), 1);
    EXPECT_TRUE(board.card(core::StageWeights)->title().contains(QStringLiteral("head 2 of 2")));
    board.nextHeadAction()->trigger(); // wraps around
    EXPECT_EQ(document.currentHead(), 0);
    board.previousHeadAction()->trigger();
    EXPECT_EQ(document.currentHead(), 1);
}

TEST(PipelineBoard, NarrowBoardWrapsEachPhaseInsteadOfSqueezingCards)
{
    EXPECT_EQ(PipelineBoard::columnsForWidth(1200), 4);
    EXPECT_EQ(PipelineBoard::columnsForWidth(640), 2);
    EXPECT_EQ(PipelineBoard::columnsForWidth(300), 1);

    Document document;
    document.load(example("cat-eats-fish"));
    StepController steps(&document);
    PipelineBoard board(&document, &steps);
    board.resize(1200, 700);
    board.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&board));
    EXPECT_EQ(board.columnCount(), 4);
    EXPECT_TRUE(QTest::qWaitFor([&] { return board.card(core::StageX)->y() == board.card(core::StageV)->y(); }));
    EXPECT_EQ(board.card(core::StageX)->y(), board.card(core::StageV)->y());

    board.resize(640, 700);
    EXPECT_EQ(board.columnCount(), 2);
    // The layout moves the cards on a later event-loop turn.
    EXPECT_TRUE(QTest::qWaitFor([&] { return board.card(core::StageK)->y() > board.card(core::StageX)->y(); }));
    EXPECT_EQ(board.card(core::StageX)->y(), board.card(core::StageQ)->y());
    EXPECT_GT(board.card(core::StageK)->y(), board.card(core::StageX)->y());
    EXPECT_EQ(board.card(core::StageK)->x(), board.card(core::StageX)->x());
    // Wrapped cards stay wide enough for the values of a 3×3 heatmap.
    EXPECT_GE(board.card(core::StageScores)->width(), 225);
}

TEST(StageCard, ATitleTooLongForTheCardEndsInAnEllipsisAndKeepsTheFullTextAsTooltip)
{
    Document document;
    document.load(example("cat-eats-fish"));
    StageCard card(&document, core::StageWeights);
    auto *label = card.findChild<QLabel *>(QStringLiteral("StageCardTitle"));
    ASSERT_NE(label, nullptr);
    const QString full = card.title();
    ASSERT_FALSE(full.isEmpty());

    card.resize(600, 300);
    card.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&card));
    EXPECT_EQ(label->text(), full) << "wide enough: nothing is cut";

    card.resize(90, 300);
    QApplication::processEvents();
    EXPECT_LT(label->width(), label->fontMetrics().horizontalAdvance(full));
    EXPECT_TRUE(label->text().endsWith(QChar(0x2026))) << label->text().toStdString();
    EXPECT_LE(label->fontMetrics().horizontalAdvance(label->text()), label->width());
    EXPECT_EQ(label->toolTip(), full);
    EXPECT_EQ(card.title(), full);
}
