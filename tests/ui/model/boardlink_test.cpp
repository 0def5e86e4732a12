// One model document (issue 30): a head opened on the scene board is linked to the model. An edit
// of its weights there is one command on the session's undo stack, applied once to the model and
// computed once on the session's worker; the board, the grid and the prediction show that one
// computation, and undo moves them together. Edits the model cannot take unlink the board.
#include "core/model/headscene.h"
#include "core/model/topk.h"
#include "modelroomfixture.h"
#include "ui/board/linkbar.h"
#include "ui/document/examples.h"
#include "ui/i18n/language.h"
#include "ui/model/boardlink.h"
#include "ui/model/modelgridview.h"
#include "ui/model/predictionpanel.h"

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::directRunner;
using attnlab::test::HeldWorker;
using attnlab::test::Room;
using attnlab::test::TinyFolder;
using attnlab::test::waitComputed;
namespace model = attnlab::core::model;

namespace {

std::vector<int> ids(const ModelSession &session)
{
    std::vector<int> out;
    for (const auto &t : session.tokens())
        out.push_back(t.id);
    return out;
}

double maxDiff(const core::Matrix &a, const core::Matrix &b)
{
    return a.rows() == b.rows() && a.cols() == b.cols() ? double((a - b).cwiseAbs().maxCoeff()) : 1e9;
}

void expectSamePrediction(const PredictionPanel *panel, const model::ForwardRunner &runner)
{
    const auto expected = model::topK(runner.probabilities(), PredictionPanel::kTop);
    ASSERT_EQ(panel->entries().size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        EXPECT_EQ(panel->entries()[i].id, expected[i].id) << i;
        EXPECT_NEAR(panel->entries()[i].probability, expected[i].probability, 1e-6) << i;
    }
}

// The board shows the session's last pass: the worker is done and the link has shown it.
bool waitShown(Room &room, QSignalSpy &shown)
{
    return waitComputed(room.session) && (shown.count() > 0 || shown.wait(10000))
        && QTest::qWaitFor([&room] { return !room.session->isBusy(); }, 10000);
}

// A room on a tiny GPT-2 with head 3.2 open on the board.
struct Linked : Room {
    TinyFolder folder {false};
    BoardLink *link = nullptr;
    Linked()
    {
        openModel(folder.path(), QStringLiteral("the cat sat on the mat"));
        EXPECT_TRUE(waitComputed(session));
        session->setSelectedHead(2, 1);
        EXPECT_TRUE(room->openOnBoard());
        link = room->boardLink();
    }
};

// A tiny Qwen2: four query heads over two key/value heads, so heads 1 and 2 share one, 3 and 4
// the other.
struct QwenFolder {
    std::string dir = test::makeTempDir("boardlink-qwen2");
    QwenFolder()
    {
        test::TinyModelOptions o;
        o.heads = 4;
        o.kvHeads = 2;
        o.dModel = 16;
        o.dInner = 20;
        o.vocab = test::kGpt2FixtureVocabSize;
        o.addFiles = [](const std::string &d) { test::writeGpt2Tokenizer(d); };
        test::writeTinyQwen2(dir, o);
    }
    ~QwenFolder() { test::removeTree(dir); }
};

} // namespace

TEST(BoardLink, AWeightEditOnTheLinkedBoardIsOneModelCommandComputedOnceOnTheWorker)
{
    Linked r;
    ASSERT_TRUE(r.link->isLinked());
    EXPECT_EQ(r.document.link(), r.link);
    EXPECT_EQ(r.document.historyOwner(), r.session);
    const core::Scene opened = r.document.scene();
    const core::Matrix weightsBefore = r.document.stages().heads.at(0).weights;
    const QImage gridBefore = r.room->grid()->thumbnail(2, 1);
    const auto predictionBefore = r.room->prediction()->entries();

    // Held on the worker: the board shows the typed number at once, but computes nothing itself.
    QSignalSpy shown(r.link, &BoardLink::shown);
    auto held = std::make_unique<HeldWorker>(r.session);
    const core::Scalar value = opened.wq(3, 1) + 2.5f;
    r.document.setCell(MatrixId::WQ, 3, 1, value);
    EXPECT_EQ(r.session->undoStack()->count(), 1);
    EXPECT_EQ(r.document.undoStack()->count(), 0) << "the board keeps no history of its own while linked";
    EXPECT_EQ(r.document.scene().wq(3, 1), value);
    EXPECT_TRUE(r.document.stages().heads.at(0).weights == weightsBefore) << "the board did not compute the edit";
    held->release();
    ASSERT_TRUE(waitShown(r, shown));

    // The model holds the edit once, exactly as setHeadWeights with the edited scene gives it.
    core::Scene edited = opened;
    edited.wq(3, 1) = value;
    auto direct = directRunner(r.folder.dir);
    ASSERT_TRUE(direct->run(ids(*r.session)));
    ASSERT_TRUE(direct->setHeadWeights(2, 1, edited));
    expectSamePrediction(r.room->prediction(), *direct);
    const model::ForwardRunner *runner = r.session->runner();
    ASSERT_NE(runner, nullptr);
    EXPECT_EQ(model::headScene(*runner, 2, 1, edited.tokens).wq(3, 1), value);
    // The board's stages are the session's pass: its weights, the grid's thumbnail and the direct
    // runner agree.
    const core::Matrix &boardWeights = r.document.stages().heads.at(0).weights;
    EXPECT_GT(maxDiff(boardWeights, weightsBefore), 1e-4);
    EXPECT_LT(maxDiff(boardWeights, runner->attentionWeights(2, 1)), 2e-5);
    EXPECT_LT(maxDiff(boardWeights, runner->attentionThumbnail(2, 1)), 2e-5);
    EXPECT_LT(maxDiff(boardWeights, direct->attentionWeights(2, 1)), 2e-5);
    EXPECT_NE(r.room->grid()->thumbnail(2, 1), gridBefore);
    EXPECT_EQ(r.session->undoStack()->count(), 1);

    // Undo, as Edit → Undo does it for the board's history owner: board, grid and prediction.
    shown.clear();
    r.document.historyOwner()->undo();
    ASSERT_TRUE(waitShown(r, shown));
    EXPECT_TRUE(r.document.scene() == opened);
    EXPECT_LT(maxDiff(r.document.stages().heads.at(0).weights, weightsBefore), 1e-6);
    EXPECT_EQ(r.room->grid()->thumbnail(2, 1), gridBefore);
    const auto predictionAfter = r.room->prediction()->entries();
    ASSERT_EQ(predictionAfter.size(), predictionBefore.size());
    for (size_t i = 0; i < predictionBefore.size(); ++i) {
        EXPECT_EQ(predictionAfter[i].id, predictionBefore[i].id) << i;
        EXPECT_NEAR(predictionAfter[i].probability, predictionBefore[i].probability, 1e-6) << i;
    }
    EXPECT_TRUE(r.link->isLinked()) << "undo keeps the link";
}

TEST(BoardLink, ADragOnAWeightCellIsOneHistoryEntryAndEveryWeightAndBiasMaps)
{
    Linked r;
    QSignalSpy shown(r.link, &BoardLink::shown);
    const core::Scene opened = r.document.scene();
    r.document.beginScrub(MatrixId::WV, QStringLiteral("Scrub"));
    for (int step = 1; step <= 4; ++step)
        r.document.setCell(MatrixId::WV, 2, 0, opened.wv(2, 0) + 0.25f * step, true);
    r.document.endScrub();
    EXPECT_EQ(r.session->undoStack()->count(), 1);
    EXPECT_EQ(r.document.undoStack()->count(), 0);
    // A pasted block of W_O and a bias cell: one entry each.
    core::Scene pasted = r.document.scene();
    pasted.wo.block(1, 2, 2, 3).array() += 0.5f;
    pasted.bo(4) -= 1.0f;
    r.document.changeScene(pasted, QStringLiteral("Paste"));
    EXPECT_EQ(r.session->undoStack()->count(), 2);
    EXPECT_TRUE(r.document.scene() == pasted);
    ASSERT_TRUE(waitShown(r, shown));
    EXPECT_TRUE(r.document.scene() == pasted) << "the model's head is the board's scene";

    auto direct = directRunner(r.folder.dir);
    ASSERT_TRUE(direct->run(ids(*r.session)));
    ASSERT_TRUE(direct->setHeadWeights(2, 1, pasted));
    expectSamePrediction(r.room->prediction(), *direct);

    shown.clear();
    r.session->undoStack()->undo();
    r.session->undoStack()->undo();
    ASSERT_TRUE(waitShown(r, shown));
    EXPECT_TRUE(r.document.scene() == opened);
}

TEST(BoardLink, EditingXUnlinksTheBoardWhichSaysSoAndLeavesTheModelAlone)
{
    Language::instance()->apply(QStringLiteral("en"));
    Linked r;
    LinkBar bar(&r.document, &r.window);
    EXPECT_TRUE(bar.text().contains(QStringLiteral("Linked to head 3.2 of GPT-2"))) << bar.text().toStdString();
    const auto prediction = r.room->prediction()->entries();

    r.document.setCell(MatrixId::X, 0, 0, r.document.scene().x(0, 0) + 1.0f);
    EXPECT_EQ(r.document.link(), nullptr);
    EXPECT_FALSE(r.link->isLinked());
    EXPECT_EQ(r.room->boardLayer(), -1);
    EXPECT_EQ(r.document.historyOwner(), &r.document);
    EXPECT_EQ(r.document.undoStack()->count(), 1) << "the edit is the scene's own";
    EXPECT_EQ(r.session->undoStack()->count(), 0);
    EXPECT_TRUE(bar.text().contains(QStringLiteral("ordinary scene now"))) << bar.text().toStdString();
    Language::instance()->apply(QStringLiteral("zh_CN"));
    EXPECT_FALSE(bar.text().contains(QStringLiteral("ordinary"))) << bar.text().toStdString();
    EXPECT_FALSE(bar.text().isEmpty());
    Language::instance()->apply(QStringLiteral("en"));

    // A weight edit from now on is the board's too, computed by the board.
    const core::Scalar w = r.document.scene().wq(0, 0);
    r.document.setCell(MatrixId::WQ, 0, 0, w + 1.0f);
    r.document.flush();
    EXPECT_EQ(r.document.undoStack()->count(), 2);
    EXPECT_EQ(r.session->undoStack()->count(), 0);
    EXPECT_FALSE(r.session->isBusy());
    const auto still = r.room->prediction()->entries();
    ASSERT_EQ(still.size(), prediction.size());
    for (size_t i = 0; i < still.size(); ++i)
        EXPECT_EQ(still[i].probability, prediction[i].probability) << i;

    // Open on Board links it again; loading an example ends the link with no note.
    ASSERT_TRUE(r.room->openOnBoard());
    EXPECT_TRUE(r.link->isLinked());
    EXPECT_EQ(r.document.undoStack()->count(), 0);
    const core::LoadResult example = loadExample(QString::fromLatin1(kDefaultExample));
    ASSERT_TRUE(example.scene.has_value());
    r.document.load(*example.scene);
    EXPECT_FALSE(r.link->isLinked());
    EXPECT_TRUE(r.document.unlinkNote().isEmpty());
    EXPECT_TRUE(bar.text().isEmpty());
}

TEST(BoardLink, ChangingTheMaskUnlinksAndOpeningAnotherModelDoesToo)
{
    Linked r;
    core::Scene scene = r.document.scene();
    scene.mask = core::MaskKind::None;
    r.document.changeScene(scene, QStringLiteral("No mask"));
    EXPECT_FALSE(r.link->isLinked());
    EXPECT_EQ(r.document.scene().mask, core::MaskKind::None);
    EXPECT_EQ(r.session->undoStack()->count(), 0);

    ASSERT_TRUE(r.room->openOnBoard());
    ASSERT_TRUE(r.link->isLinked());
    TinyFolder other(true);
    r.openModel(other.path(), QStringLiteral("the [MASK] sat"));
    ASSERT_TRUE(waitComputed(r.session));
    EXPECT_FALSE(r.link->isLinked());
    EXPECT_FALSE(r.document.unlinkNote().isEmpty());
}

TEST(BoardLink, AKeyEditOfASharedKeyValueHeadIsOneCommandAndReachesTheSiblingOnly)
{
    Language::instance()->apply(QStringLiteral("en"));
    QwenFolder folder;
    Room r;
    r.openModel(QString::fromStdString(folder.dir), QStringLiteral("the cat sat on the mat"));
    ASSERT_TRUE(waitComputed(r.session));
    r.session->setSelectedHead(1, 2); // head 2.3 reads key/value head 2 with head 2.4
    ASSERT_TRUE(r.room->openOnBoard());
    BoardLink *link = r.room->boardLink();
    EXPECT_EQ(link->sharedKeyValueHeads(), QStringLiteral("2.4"));
    EXPECT_TRUE(link->description().contains(QStringLiteral("shared with head 2.4")))
        << link->description().toStdString();

    const model::ForwardRunner *runner = r.session->runner();
    const core::Matrix siblingBefore = runner->attentionWeights(1, 3);
    const core::Matrix otherBefore = runner->attentionWeights(1, 0);
    const core::Scene opened = r.document.scene();
    QSignalSpy shown(link, &BoardLink::shown);
    r.document.setCell(MatrixId::WK, 3, 1, opened.wk(3, 1) + 4);
    EXPECT_EQ(r.session->undoStack()->count(), 1);
    ASSERT_TRUE(waitShown(r, shown));

    core::Scene edited = opened;
    edited.wk(3, 1) += 4;
    runner = r.session->runner();
    EXPECT_GT(maxDiff(runner->attentionWeights(1, 3), siblingBefore), 1e-3) << "the sibling reads the same keys";
    EXPECT_LT(maxDiff(runner->attentionWeights(1, 0), otherBefore), 1e-6) << "the other group does not";
    auto direct = directRunner(folder.dir);
    ASSERT_TRUE(direct->run(ids(*r.session)));
    ASSERT_TRUE(direct->setHeadWeights(1, 2, edited));
    EXPECT_LT(maxDiff(runner->attentionWeights(1, 3), direct->attentionWeights(1, 3)), 1e-6);
    EXPECT_LT(maxDiff(r.document.stages().heads.at(0).weights, direct->attentionWeights(1, 2)), 2e-5);
    EXPECT_EQ(model::headScene(*runner, 1, 3, edited.tokens).wk, edited.wk);

    shown.clear();
    r.session->undoStack()->undo();
    ASSERT_TRUE(waitShown(r, shown));
    EXPECT_LT(maxDiff(r.session->runner()->attentionWeights(1, 3), siblingBefore), 1e-6);
    EXPECT_TRUE(r.document.scene() == opened);
}
