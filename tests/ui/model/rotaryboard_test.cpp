// A head of a tiny Qwen2 model opened on the board: its Q, K, Q_rot and K_rot cards under
// rotate-half RoPE at the model's rope_theta, the model's own attention weights, the description
// naming the heads that share its keys and values, and edits of W_K on the board (linked to the
// model) reaching the sibling head that reads the same key/value head, undone step by step.
#include "core/model/headscene.h"
#include "modelroomfixture.h"
#include "ui/board/descriptionbanner.h"
#include "ui/board/pipelineboard.h"
#include "ui/board/stagecard.h"
#include "ui/board/stepcontroller.h"
#include "ui/i18n/language.h"
#include "ui/model/boardlink.h"

#include <QAction>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::directRunner;
using attnlab::test::Room;
using attnlab::test::waitComputed;
namespace model = attnlab::core::model;

namespace {

// Two layers of four query heads over two key/value heads: heads 1 and 2 read key/value head 1,
// heads 3 and 4 key/value head 2.
struct QwenFolder {
    std::string dir = test::makeTempDir("rotaryboard-qwen2");
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

} // namespace

TEST(RotaryBoard, AQwenHeadShowsItsRotatedCardsAndAKeyEditReachesTheSharingHead)
{
    Language::instance()->apply(QStringLiteral("en"));
    QwenFolder folder;
    Room room;
    room.openModel(QString::fromStdString(folder.dir), QStringLiteral("the cat sat on the mat"));
    ASSERT_TRUE(waitComputed(room.session));
    room.session->setSelectedHead(1, 2); // head 2.3
    ASSERT_TRUE(room.room->openOnBoard());

    const core::Scene &scene = room.document.scene();
    EXPECT_EQ(scene.positional, core::PositionalEncoding::Rope);
    EXPECT_EQ(scene.ropeConvention, core::RotaryConvention::HalfSplit);
    EXPECT_EQ(double(scene.ropeBase), 1e6) << "the fixture's rope_theta";
    const model::ForwardRunner *runner = room.session->runner();
    EXPECT_LT(maxDiff(room.document.stages().heads.at(0).weights, runner->attentionWeights(1, 2)), 2e-5);

    StepController steps(&room.document);
    PipelineBoard board(&room.document, &steps);
    DescriptionBanner banner(&room.document);
    board.resize(1280, 720);
    board.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&board));
    for (core::Stage stage : {core::StageQ, core::StageK, core::StageQRotated, core::StageKRotated}) {
        ASSERT_NE(board.card(stage), nullptr) << stage;
        EXPECT_TRUE(board.card(stage)->isVisible()) << stage;
    }
    EXPECT_TRUE(board.card(core::StageQRotated)->formula().contains(QStringLiteral("pairs (i, i + 2)")))
        << board.card(core::StageQRotated)->formula().toStdString();
    EXPECT_TRUE(banner.text().contains(QStringLiteral("heads 3 and 4 of this layer all read key/value head 2")))
        << banner.text().toStdString();
    EXPECT_TRUE(room.room->boardLink()->description().contains(QStringLiteral("shared with head 2.4")))
        << room.room->boardLink()->description().toStdString();
    Language::instance()->apply(QStringLiteral("zh_CN"));
    EXPECT_TRUE(banner.text().contains(QStringLiteral("头 3、头 4 都读取键/值头 2"))) << banner.text().toStdString();
    Language::instance()->apply(QStringLiteral("en"));

    // Edits of W_K on the board are the model's: head 2.4 reads the same keys.
    const core::Matrix siblingBefore = runner->attentionWeights(1, 3);
    const core::Matrix otherBefore = runner->attentionWeights(1, 0);
    room.document.setCell(MatrixId::WK, 3, 1, scene.wk(3, 1) + 4);
    room.document.setCell(MatrixId::WK, 7, 0, scene.wk(7, 0) - 3);
    const core::Scene edited = room.document.scene();
    ASSERT_TRUE(waitComputed(room.session));
    runner = room.session->runner();
    const core::Matrix siblingAfter = runner->attentionWeights(1, 3);
    EXPECT_GT(maxDiff(siblingAfter, siblingBefore), 1e-3) << "the sibling's keys changed";
    EXPECT_LT(maxDiff(runner->attentionWeights(1, 0), otherBefore), 1e-6) << "the other group's did not";
    auto direct = directRunner(folder.dir);
    ASSERT_TRUE(direct->run(ids(*room.session)));
    ASSERT_TRUE(direct->setHeadWeights(1, 2, edited));
    EXPECT_LT(maxDiff(siblingAfter, direct->attentionWeights(1, 3)), 1e-6);
    EXPECT_EQ(model::headScene(*runner, 1, 3, edited.tokens).wk, edited.wk);

    ASSERT_EQ(room.session->undoStack()->count(), 2);
    room.session->undoStack()->undo();
    room.session->undoStack()->undo();
    ASSERT_TRUE(waitComputed(room.session));
    EXPECT_LT(maxDiff(room.session->runner()->attentionWeights(1, 3), siblingBefore), 1e-6);
}
