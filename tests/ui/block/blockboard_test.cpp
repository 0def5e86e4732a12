// The block board on the tiny GPT-2 and BERT checkpoints of the model room's fixtures: Open Layer
// on Board shows the selected layer's whole block, every card's shape and matrix are the block's
// stages, a clicked cell is derived in the inspector, a head's picture asks to open that head,
// and an intervention on the model shows on the board.
#include "../model/modelroomfixture.h"
#include "core/model/lens/block.h"
#include "ui/block/blockboard.h"
#include "ui/block/blockcard.h"
#include "ui/block/blockderivationtext.h"
#include "ui/model/predictionpanel.h"
#include "ui/plot/matrixplot.h"

#include <QAction>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <functional>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::directRunner;
using attnlab::test::Room;
using attnlab::test::TinyFolder;
using attnlab::test::waitComputed;
namespace model = attnlab::core::model;
using model::BlockStage;

namespace {

std::vector<int> ids(const ModelSession &session)
{
    std::vector<int> out;
    for (const auto &t : session.tokens())
        out.push_back(t.id);
    return out;
}

// Runs `action` and waits until the board shows the stages it brought (they are computed on the
// session's worker).
bool shownAfter(BlockBoard &board, const std::function<void()> &action)
{
    QSignalSpy shown(&board, &BlockBoard::stagesShown);
    action();
    return shown.count() > 0 || shown.wait(10000);
}

// A board following the room, as the main window has it.
struct BoardRoom : Room {
    BlockBoard board {session};
    BoardRoom() { board.followRoom(room); }
};

} // namespace

TEST(BlockBoard, OpenLayerOnBoardShowsTheSelectedLayersWholeBlock)
{
    TinyFolder folder(false);
    BoardRoom r;
    r.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(r.session)) << r.actions->lastError().toStdString();
    r.session->setSelectedHead(1, 0);
    QAction *open = r.room->openLayerOnBoardAction();
    ASSERT_TRUE(open->isEnabled());
    EXPECT_EQ(open->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+L")));
    EXPECT_FALSE(open->toolTip().isEmpty());
    QSignalSpy opened(&r.board, &BlockBoard::layerOpened);
    ASSERT_TRUE(shownAfter(r.board, [&] { open->trigger(); }));
    ASSERT_EQ(opened.count(), 1);
    EXPECT_EQ(r.board.layer(), 1);
    EXPECT_TRUE(r.board.isVisible());

    const model::ModelConfig &c = *r.session->config();
    const int n = int(r.session->tokens().size());
    auto direct = directRunner(folder.dir);
    ASSERT_TRUE(direct->run(ids(*r.session)));
    const model::BlockStages expected = model::blockStages(*direct, 1);
    const auto shape = [](int rows, int cols) { return QStringLiteral("%1×%2").arg(rows).arg(cols); };
    EXPECT_EQ(r.board.card(BlockStage::Input)->shape(), shape(n, c.dModel));
    EXPECT_EQ(r.board.card(BlockStage::AttnIn)->shape(), shape(n, c.dModel));
    EXPECT_EQ(r.board.card(BlockStage::Concat)->shape(), shape(n, c.heads * c.headDim()));
    EXPECT_EQ(r.board.card(BlockStage::MlpAct)->shape(), shape(n, c.dInner));
    EXPECT_EQ(r.board.card(BlockStage::Output)->shape(), shape(n, c.dModel));
    EXPECT_EQ(r.board.card(BlockStage::Heads)->headPlots().size(), c.heads);
    EXPECT_EQ(r.board.card(BlockStage::AttnIn)->formula(), QStringLiteral("a = LN₁(x) = (x − μ) / √(σ² + ε) · γ + β"));
    EXPECT_EQ(r.board.card(BlockStage::AfterAttn)->formula(), QStringLiteral("h = x + attn_out"));
    for (int k = 0; k < model::kBlockStageCount; ++k) {
        const BlockCard *card = r.board.card(BlockStage(k));
        EXPECT_FALSE(card->explanation().isEmpty()) << k;
        const core::Matrix *m = model::blockStageMatrix(expected, BlockStage(k));
        if (!m)
            continue;
        ASSERT_EQ(card->plot()->rowCount(), m->rows()) << k;
        ASSERT_EQ(card->plot()->columnCount(), m->cols()) << k;
        EXPECT_LE((card->plot()->matrix() - *m).cwiseAbs().maxCoeff(), 1e-5) << k;
    }
    // The last card is the next layer's input.
    EXPECT_LE((r.board.stages().output - direct->layerInput(2)).cwiseAbs().maxCoeff(), 1e-5);
}

TEST(BlockBoard, AClickedNormCellIsDerivedWithItsRowsMeanAndVariance)
{
    TinyFolder folder(false);
    BoardRoom r;
    r.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(r.session));
    ASSERT_TRUE(shownAfter(r.board, [&] { ASSERT_TRUE(r.board.openLayer(0)); }));
    QSignalSpy selected(&r.board, &BlockBoard::cellSelected);
    MatrixPlot *plot = r.board.card(BlockStage::MlpIn)->plot();
    plot->resize(400, 300);
    plot->replot();
    // Click the centre of cell (1, 2) as a user would.
    const QPoint at(int(plot->xAxis->coordToPixel(2)), int(plot->yAxis->coordToPixel(1)));
    QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, at);
    ASSERT_EQ(selected.count(), 1);
    ASSERT_TRUE(r.board.derivation());
    const model::CellDerivation &d = *r.board.derivation();
    EXPECT_EQ(d.row, 1);
    EXPECT_EQ(d.col, 2);
    // The card numbers that column as the inspector does, from 0.
    const QMap<double, QString> columns = plot->xAxis->ticker().staticCast<QCPAxisTickerText>()->ticks();
    EXPECT_EQ(columns.value(0), QStringLiteral("0"));
    EXPECT_TRUE(BlockDerivationText::html(d, QStringLiteral("cat")).contains(QStringLiteral("column 2")));
    ASSERT_TRUE(d.norm);
    // The mean and the variance of row 1 of after_attn, in double.
    const core::Matrix &h = r.board.stages().afterAttn;
    double mean = 0, variance = 0;
    for (int j = 0; j < h.cols(); ++j)
        mean += double(h(1, j));
    mean /= double(h.cols());
    for (int j = 0; j < h.cols(); ++j)
        variance += (double(h(1, j)) - mean) * (double(h(1, j)) - mean);
    variance /= double(h.cols());
    EXPECT_NEAR(d.norm->mean, mean, 1e-9);
    EXPECT_NEAR(d.norm->variance, variance, 1e-9);
    EXPECT_NEAR(d.norm->value, plot->cellValue(1, 2), 1e-5);
    const QString text = r.board.inspectorText();
    EXPECT_TRUE(text.contains(
        QStringLiteral("mean μ = Σx / %1 = %2").arg(h.cols()).arg(BlockDerivationText::number(d.norm->mean))))
        << text.toStdString();
    EXPECT_TRUE(text.contains(BlockDerivationText::number(d.norm->weight))) << text.toStdString();
    EXPECT_TRUE(text.contains(BlockDerivationText::number(d.value))) << text.toStdString();
}

TEST(BlockBoard, BertShowsPostNormAndDerivesTheResidualSumBeforeItsLayerNorm)
{
    TinyFolder folder(true);
    BoardRoom r;
    r.openModel(folder.path(), QStringLiteral("the [MASK] sat"));
    ASSERT_TRUE(waitComputed(r.session)) << r.actions->lastError().toStdString();
    ASSERT_TRUE(shownAfter(r.board, [&] { ASSERT_TRUE(r.board.openLayer(2)); }));
    EXPECT_EQ(r.board.card(BlockStage::AttnIn)->formula(), QStringLiteral("a = x"));
    EXPECT_EQ(r.board.card(BlockStage::AfterAttn)->formula(), QStringLiteral("h = LN₁(x + attn_out)"));
    ASSERT_TRUE(r.board.selectCell(BlockStage::AfterAttn, 0, 1));
    const model::CellDerivation &d = *r.board.derivation();
    ASSERT_TRUE(d.residual && d.norm);
    const model::BlockStages &s = r.board.stages();
    EXPECT_NEAR(d.residual->sum, double(s.input(0, 1)) + double(s.attnOut(0, 1)), 1e-6);
    EXPECT_NEAR(d.norm->value, double(s.afterAttn(0, 1)), 1e-5);
    EXPECT_TRUE(r.board.inspectorText().contains(QStringLiteral("LayerNorm"))) << r.board.inspectorText().toStdString();
    // The activation: BERT's erf GELU with the real numbers.
    ASSERT_TRUE(r.board.selectCell(BlockStage::MlpAct, 0, 3));
    ASSERT_TRUE(r.board.derivation()->activation);
    EXPECT_TRUE(r.board.inspectorText().contains(QStringLiteral("erf"))) << r.board.inspectorText().toStdString();
    EXPECT_FALSE(r.board.selectCell(BlockStage::Heads, 0, 0));
    EXPECT_FALSE(r.board.selectCell(BlockStage::Output, 99, 0));
}

TEST(BlockBoard, Qwen2ShowsRmsNormAndTheGatedSiluWithTheirNumbers)
{
    const std::string dir = test::makeTempDir("blockboard-qwen2");
    test::TinyModelOptions o;
    o.layers = 2;
    o.heads = 4;
    o.kvHeads = 2;
    o.dModel = 16;
    o.dInner = 20;
    o.positions = 16;
    o.vocab = test::kGpt2FixtureVocabSize;
    o.addFiles = [](const std::string &d) { test::writeGpt2Tokenizer(d); };
    test::writeTinyQwen2(dir, o);
    {
        BoardRoom r;
        r.openModel(QString::fromStdString(dir), QStringLiteral("the cat sat"));
        ASSERT_TRUE(waitComputed(r.session)) << r.actions->lastError().toStdString();
        ASSERT_TRUE(shownAfter(r.board, [&] { ASSERT_TRUE(r.board.openLayer(1)); }));
        EXPECT_EQ(
            r.board.card(BlockStage::AttnIn)->formula(), QStringLiteral("a = RMSNorm₁(x) = x / √(mean(x²) + ε) · γ"));
        EXPECT_EQ(r.board.card(BlockStage::MlpAct)->formula(), QStringLiteral("act = SiLU(m·W_gate) ⊙ (m·W_up)"));
        EXPECT_EQ(r.board.card(BlockStage::MlpAct)->shape(), QStringLiteral("%1×20").arg(r.session->tokens().size()));
        ASSERT_TRUE(r.board.selectCell(BlockStage::AttnIn, 1, 3));
        const model::CellDerivation &n = *r.board.derivation();
        ASSERT_TRUE(n.norm);
        EXPECT_EQ(n.norm->norm, &model::normDescription(model::NormKind::RmsNorm));
        EXPECT_TRUE(r.board.inspectorText().contains(
            QStringLiteral("mean square mean(x²) = Σx² / 16 = %1").arg(BlockDerivationText::number(n.norm->variance))))
            << r.board.inspectorText().toStdString();
        ASSERT_TRUE(r.board.selectCell(BlockStage::MlpAct, 1, 5));
        const model::CellDerivation &a = *r.board.derivation();
        ASSERT_TRUE(a.activation && a.activation->gated);
        EXPECT_NEAR(a.activation->value, r.board.card(BlockStage::MlpAct)->plot()->cellValue(1, 5), 1e-5);
        EXPECT_TRUE(r.board.inspectorText().contains(BlockDerivationText::number(a.activation->up)));
    }
    test::removeTree(dir);
}

TEST(BlockBoard, AnotherModelFillsTheSameLayerWithItsOwnBlock)
{
    TinyFolder gpt2(false);
    TinyFolder bert(true);
    BoardRoom r;
    r.openModel(gpt2.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(r.session));
    r.board.show();
    ASSERT_TRUE(shownAfter(r.board, [&] { ASSERT_TRUE(r.board.openLayer(2)); }));
    ASSERT_TRUE(r.board.selectCell(BlockStage::MlpIn, 0, 0));
    ASSERT_TRUE(shownAfter(r.board, [&] { r.openModel(bert.path(), QStringLiteral("the [MASK] sat")); }));
    EXPECT_EQ(r.board.layer(), 2);
    EXPECT_FALSE(r.board.derivation());
    EXPECT_EQ(r.board.card(BlockStage::AttnIn)->formula(), QStringLiteral("a = x"));
    auto direct = directRunner(bert.dir);
    ASSERT_TRUE(direct->run(ids(*r.session), r.session->predictionPosition()));
    EXPECT_LE((r.board.stages().output - direct->layerInput(3)).cwiseAbs().maxCoeff(), 1e-5);
}

TEST(BlockBoard, AHeadsPictureOpensThatHeadOnThePipelineBoard)
{
    TinyFolder folder(false);
    BoardRoom r;
    r.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(r.session));
    ASSERT_TRUE(shownAfter(r.board, [&] { ASSERT_TRUE(r.board.openLayer(2)); }));
    QSignalSpy spy(&r.board, &BlockBoard::openHeadRequested);
    MatrixPlot *head = r.board.card(BlockStage::Heads)->headPlots().at(1);
    QTest::mouseClick(head, Qt::LeftButton, Qt::NoModifier, head->rect().center());
    ASSERT_EQ(spy.count(), 1);
    EXPECT_EQ(spy.at(0).at(0).toInt(), 2);
    EXPECT_EQ(spy.at(0).at(1).toInt(), 1);
    // The room put that head on the pipeline board, with the model's own weights.
    EXPECT_EQ(r.room->boardLayer(), 2);
    EXPECT_EQ(r.room->boardHead(), 1);
    EXPECT_EQ(r.session->selectedLayer(), 2);
    EXPECT_EQ(r.session->selectedHead(), 1);
    EXPECT_EQ(int(r.document.scene().tokens.size()), int(r.session->tokens().size()));
}

TEST(BlockBoard, CtrlPageUpAndCtrlPageDownStepThroughTheLayers)
{
    TinyFolder folder(false);
    BoardRoom r;
    r.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(r.session));
    ASSERT_TRUE(shownAfter(r.board, [&] { ASSERT_TRUE(r.board.openLayer(0)); }));
    QAction *previous = r.board.previousLayerAction();
    QAction *next = r.board.nextLayerAction();
    EXPECT_EQ(previous->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_PageUp));
    EXPECT_EQ(next->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_PageDown));
    EXPECT_FALSE(previous->toolTip().isEmpty());
    EXPECT_FALSE(previous->isEnabled());
    ASSERT_TRUE(shownAfter(r.board, [&] { next->trigger(); }));
    EXPECT_EQ(r.board.layer(), 1);
    ASSERT_TRUE(shownAfter(r.board, [&] { next->trigger(); }));
    EXPECT_EQ(r.board.layer(), 2);
    EXPECT_FALSE(next->isEnabled()); // the tiny model has three layers
    EXPECT_TRUE(previous->isEnabled());
    ASSERT_TRUE(shownAfter(r.board, [&] { previous->trigger(); }));
    EXPECT_EQ(r.board.layer(), 1);
    auto direct = directRunner(folder.dir);
    ASSERT_TRUE(direct->run(ids(*r.session)));
    EXPECT_LE((r.board.stages().input - direct->layerInput(1)).cwiseAbs().maxCoeff(), 1e-5);
}

TEST(BlockBoard, SwitchingAHeadOffShowsOnTheBoardAndUndoBringsItBack)
{
    TinyFolder folder(false);
    BoardRoom r;
    r.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(r.session));
    r.board.show();
    ASSERT_TRUE(shownAfter(r.board, [&] { ASSERT_TRUE(r.board.openLayer(1)); }));
    ASSERT_TRUE(r.board.selectCell(BlockStage::Output, 2, 0));
    const double before = r.board.derivation()->value;
    const int dh = r.session->config()->headDim();
    ASSERT_GT(r.board.stages().concat.middleCols(0, dh).cwiseAbs().maxCoeff(), 0.f);
    QSignalSpy computed(r.session, &ModelSession::computed);
    ASSERT_TRUE(shownAfter(r.board, [&] { r.session->toggleAblation(1, 0); }));
    // The board's read on the worker is not a pass: one computed(), and the prediction stays.
    EXPECT_EQ(computed.count(), 1);
    EXPECT_FALSE(r.room->prediction()->entries().empty());
    EXPECT_EQ(r.board.stages().concat.middleCols(0, dh).cwiseAbs().maxCoeff(), 0.f);
    EXPECT_EQ(r.board.card(BlockStage::Concat)->plot()->cellValue(0, 0), 0.0);
    // The derived cell follows the new numbers.
    ASSERT_TRUE(r.board.derivation());
    EXPECT_NE(r.board.derivation()->value, before);
    ASSERT_TRUE(shownAfter(r.board, [&] { r.session->undoStack()->undo(); }));
    EXPECT_NEAR(r.board.derivation()->value, before, 1e-6);
    // Hidden, the board leaves the work for when it is shown again.
    r.board.hide();
    r.session->toggleAblation(1, 0);
    ASSERT_TRUE(waitComputed(r.session));
    QTest::qWait(50);
    EXPECT_FALSE(r.board.isLoading());
    EXPECT_NEAR(r.board.derivation()->value, before, 1e-6);
    ASSERT_TRUE(shownAfter(r.board, [&] { r.board.show(); }));
    EXPECT_EQ(r.board.stages().concat.middleCols(0, dh).cwiseAbs().maxCoeff(), 0.f);
}
