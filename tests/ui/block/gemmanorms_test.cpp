// Gemma 2 and Gemma 3's four norms on the block board (issue 31): input_layernorm (attn_in) and
// pre_feedforward_layernorm (mlp_in) multiply by 1 + γ, post_attention_layernorm and
// post_feedforward_layernorm normalise the sub-layers' outputs before their residual sums
// (after_attn, output). The board's formulas say so, and each card's cell, derived in double
// precision from the layer's own tensors, equals the number the core's block computed.
#include "boardfixture.h"
#include "core/model/lens/block.h"
#include "gemmafixture.h"
#include "ui/block/blockboard.h"
#include "ui/block/blockcard.h"
#include "ui/plot/matrixplot.h"

#include <QSignalSpy>

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::directRunner;
using attnlab::test::openBoardLayer;
using attnlab::test::waitComputed;
namespace model = attnlab::core::model;
using model::BlockOperation;
using model::BlockStage;

namespace {

void writeGemma(const std::string &dir, const std::string &type)
{
    test::TinyGemmaOptions o;
    o.modelType = type;
    o.layers = 2;
    o.vocab = test::kGpt2FixtureVocabSize;
    o.addFiles = [](const std::string &d) { test::writeGpt2Tokenizer(d); };
    test::writeTinyGemma(dir, o);
}

void checkFourNorms(const std::string &type)
{
    SCOPED_TRACE(type);
    test::WrittenFolder folder("blockboard-" + type, [&](const std::string &dir) { writeGemma(dir, type); });
    test::BoardRoom r;
    r.openModel(QString::fromStdString(folder.dir), QStringLiteral("the cat sat on the mat"));
    ASSERT_TRUE(waitComputed(r.session)) << r.actions->lastError().toStdString();
    ASSERT_TRUE(openBoardLayer(r.board, 1));
    const int n = int(r.session->tokens().size());
    ASSERT_GE(n, 3);

    // The formulas: the two norms before the sub-layers with (1 + γ), the two after them with
    // their own weights γ′, inside the residual sums.
    EXPECT_EQ(
        r.board.card(BlockStage::AttnIn)->formula(), QStringLiteral("a = RMSNorm₁(x) = x / √(mean(x²) + ε) · (1 + γ)"));
    EXPECT_TRUE(r.board.card(BlockStage::MlpIn)->formula().endsWith(QStringLiteral("· (1 + γ)")))
        << r.board.card(BlockStage::MlpIn)->formula().toStdString();
    const QString after = r.board.card(BlockStage::AfterAttn)->formula();
    EXPECT_TRUE(after.contains(QStringLiteral("√(mean(")) && after.endsWith(QStringLiteral("· (1 + γ′)")))
        << after.toStdString();
    EXPECT_TRUE(r.board.card(BlockStage::Output)->formula().endsWith(QStringLiteral("· (1 + γ′)")));
    EXPECT_TRUE(
        r.board.card(BlockStage::AfterAttn)->explanation().contains(QStringLiteral("post_attention_layernorm")));
    EXPECT_TRUE(r.board.card(BlockStage::Output)->explanation().contains(QStringLiteral("post_feedforward_layernorm")));

    // The cards hold the core's stages of an independent runner.
    auto runner = directRunner(folder.dir);
    ASSERT_TRUE(runner->run(test::sessionIds(r.session)));
    EXPECT_EQ(model::blockOperation(BlockStage::AfterAttn, runner->blockSpec()), BlockOperation::ResidualOfNorm);
    EXPECT_EQ(model::blockOperation(BlockStage::Output, runner->blockSpec()), BlockOperation::ResidualOfNorm);
    const model::BlockStages s = model::blockStages(*runner, 1);
    for (const BlockStage stage : {BlockStage::AttnIn, BlockStage::AfterAttn, BlockStage::MlpIn, BlockStage::Output}) {
        const core::Matrix &card = r.board.card(stage)->plot()->matrix();
        const core::Matrix &core = *model::blockStageMatrix(s, stage);
        ASSERT_EQ(card.rows(), core.rows());
        EXPECT_LE((card - core).cwiseAbs().maxCoeff(), 1e-6) << int(stage);
    }

    // Each of the four norms' cells derived from the tensors equals the core's number.
    for (const BlockStage stage : {BlockStage::AttnIn, BlockStage::AfterAttn, BlockStage::MlpIn, BlockStage::Output}) {
        for (const int row : {0, n - 1}) {
            SCOPED_TRACE(int(stage) * 100 + row);
            ASSERT_TRUE(r.board.selectCell(stage, row, 5));
            const model::CellDerivation &d = *r.board.derivation();
            ASSERT_TRUE(d.norm);
            EXPECT_EQ(d.norm->offset, 1.0);
            const double core = double((*model::blockStageMatrix(s, stage))(row, 5));
            if (stage == BlockStage::AttnIn || stage == BlockStage::MlpIn) {
                EXPECT_NEAR(d.norm->value, core, 2e-5 * std::max(1.0, std::abs(core)));
            } else {
                ASSERT_TRUE(d.residual);
                EXPECT_NEAR(d.residual->sum, core, 2e-5 * std::max(1.0, std::abs(core)));
                EXPECT_NEAR(d.residual->second, d.norm->value, 1e-12);
                EXPECT_TRUE(r.board.inspectorText().contains(QStringLiteral("residual sum")))
                    << r.board.inspectorText().toStdString();
            }
            EXPECT_TRUE(r.board.inspectorText().contains(QStringLiteral(" + γ =")))
                << r.board.inspectorText().toStdString();
        }
    }
}

} // namespace

TEST(GemmaBlockNorms, Gemma2sFourNormsSitInTheirPlacesWithOnePlusGamma)
{
    checkFourNorms("gemma2");
}

TEST(GemmaBlockNorms, Gemma3sFourNormsSitInTheirPlacesWithOnePlusGamma)
{
    checkFourNorms("gemma3_text");
}

// Not run by ctest: writes the checkpoints to /tmp/attnlab-demo-gemma2 and -gemma3 for a look at
// the app (--gtest_also_run_disabled_tests).
TEST(GemmaBlockNorms, DISABLED_WriteTheDemoFolders)
{
    for (const std::string type : {"gemma2", "gemma3"}) {
        const std::string dir = "/tmp/attnlab-demo-" + type;
        test::removeTree(dir);
        test::writeTextFile(dir + "/.keep", "");
        writeGemma(dir, type == "gemma3" ? "gemma3_text" : type);
    }
}
