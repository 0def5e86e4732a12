// The block board's stage table (core/model/lens/blockstagetable.h): one row per stage in the
// block's order, each computed only from stages above it, its matrix as wide as the row says in
// every family, and a family choice changing what a stage computes only where the row says so.

#include "core/model/lens/blockstagetable.h"

#include "modelreference.h"
#include "rotaryreference.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace attnlab::core;
using namespace attnlab::core::model;
using namespace attnlab::test;

namespace {

bool isNormed(BlockOperation op)
{
    return op == BlockOperation::Norm || op == BlockOperation::ResidualNorm;
}

} // namespace

TEST(BlockStageTable, HasOneRowPerStageInTheBlocksOrderWithItsOwnKey)
{
    const std::vector<BlockStageEntry> &table = blockStageTable();
    ASSERT_EQ(int(table.size()), kBlockStageCount);
    std::set<std::string> keys;
    for (int k = 0; k < kBlockStageCount; ++k) {
        const BlockStageEntry &e = table[size_t(k)];
        EXPECT_EQ(e.id, BlockStage(k)) << k;
        EXPECT_EQ(&blockStageEntry(BlockStage(k)), &e) << k;
        EXPECT_TRUE(keys.insert(e.key).second) << e.key;
        // Computed only from stages above it; a residual sum from two.
        if (e.from) {
            EXPECT_LT(int(*e.from), k) << e.key;
        }
        if (e.added) {
            EXPECT_LT(int(*e.added), k) << e.key;
        }
        EXPECT_EQ(bool(e.added), e.preNorm == BlockOperation::Residual) << e.key;
        EXPECT_EQ(!e.from, e.preNorm == BlockOperation::Stream) << e.key;
        // One matrix per head, or one matrix kept in BlockStages.
        EXPECT_EQ(e.matrix == nullptr, e.width == StageWidth::PerHead) << e.key;
    }
    EXPECT_EQ(std::string(blockStageEntry(BlockStage::AttnIn).key), "attn_in");
    EXPECT_EQ(std::string(blockStageEntry(BlockStage::MlpAct).key), "mlp_act");
    EXPECT_THROW(blockStageEntry(BlockStage(kBlockStageCount)), std::invalid_argument);
}

TEST(BlockStageTable, AChoiceChangesWhatAStageComputesOnlyWhereTheRowSaysSo)
{
    for (const BlockStageEntry &e : blockStageTable()) {
        if (e.preNorm != e.postNorm) {
            EXPECT_TRUE(e.changedBy & BlockChoice::NormPlacement) << e.key;
        }
        if (e.gatedMlp != e.preNorm) {
            EXPECT_TRUE(e.changedBy & BlockChoice::MlpKind) << e.key;
        }
        // Gemma's sandwich norms: a residual sum of a normalised sub-layer output, with that norm's weight.
        if (e.sandwich != e.preNorm) {
            EXPECT_TRUE(e.changedBy & BlockChoice::SandwichNorms) << e.key;
            EXPECT_EQ(e.sandwich, BlockOperation::ResidualOfNorm) << e.key;
            EXPECT_TRUE(e.sandwichWeight && e.added) << e.key;
        }
        EXPECT_EQ(bool(e.sandwichWeight), e.sandwich == BlockOperation::ResidualOfNorm) << e.key;
        // A stage that applies a norm under either placement names which one, and its weights.
        if (isNormed(e.preNorm) || isNormed(e.postNorm)) {
            EXPECT_TRUE(e.norm == 1 || e.norm == 2) << e.key;
            EXPECT_TRUE(e.weight && e.bias) << e.key;
            EXPECT_TRUE(e.changedBy & BlockChoice::NormKind) << e.key;
        } else {
            EXPECT_EQ(e.norm, 0) << e.key;
        }
        // A projection or an activation reads its matrix and bias; the gated one its gate too.
        if (e.preNorm == BlockOperation::Projection || e.preNorm == BlockOperation::Activation) {
            EXPECT_TRUE(e.weight && e.bias) << e.key;
        }
        EXPECT_EQ(bool(e.gate), e.gatedMlp == BlockOperation::GatedActivation) << e.key;
    }
    BlockSpec gated;
    gated.gatedMlp = true;
    gated.preNorm = false;
    EXPECT_EQ(blockOperation(BlockStage::MlpAct, gated), BlockOperation::GatedActivation);
    gated.preNorm = true;
    EXPECT_EQ(blockOperation(BlockStage::MlpOut, gated), BlockOperation::Projection);
    EXPECT_EQ(blockOperation(BlockStage::AttnIn, gated), BlockOperation::Norm);
}

// In every family each stage's matrix is as wide as its resolved form says, and the form names
// the norm, the gate, the bias and the activation the family has.
TEST(BlockStageTable, FormsAreTheFamilysStagesAsTheBlockComputesThem)
{
    RotaryShape llama;
    llama.family = "llama";
    llama.mlpBias = true;
    struct Case {
        const char *name;
        std::shared_ptr<ModelWeights> weights;
        std::vector<int> ids;
    };
    const std::vector<Case> cases = {
        {"gpt2", makeGpt2(gpt2Config()), gpt2Ids()},
        {"bert", makeBert(bertConfig()), bertIds()},
        {"qwen2", makeRotary(rotaryConfig(RotaryShape {})), rotaryIds()},
        {"llama", makeRotary(rotaryConfig(llama)), rotaryIds()},
    };
    for (const Case &c : cases) {
        ForwardRunner run(c.weights);
        ASSERT_TRUE(run.run(c.ids)) << c.name;
        const ModelConfig &config = run.config();
        const BlockStages stages = blockStages(run, 0);
        for (const BlockStageEntry &e : blockStageTable()) {
            const BlockStageForm f = blockStageForm(e.id, config);
            const std::string what = std::string(c.name) + " " + e.key;
            EXPECT_EQ(f.entry, &e) << what;
            EXPECT_EQ(f.operation, blockOperation(e.id, run.blockSpec())) << what;
            if (const Matrix *m = blockStageMatrix(stages, e.id)) {
                EXPECT_EQ(m->rows(), run.tokenCount()) << what;
                EXPECT_EQ(m->cols(), f.columns) << what;
            } else {
                EXPECT_EQ(f.columns, 0) << what;
            }
            EXPECT_EQ(f.norm != nullptr, isNormed(f.operation)) << what;
            if (f.norm) {
                EXPECT_EQ(f.norm->centred, config.family->norm == NormKind::LayerNorm) << what;
            }
            EXPECT_EQ(f.gated,
                e.id >= BlockStage::MlpAct && e.id <= BlockStage::MlpOut && config.family->mlp == MlpKind::GatedSilu)
                << what;
        }
        EXPECT_EQ(blockStageForm(BlockStage::AttnOut, config).bias, config.outBias) << c.name;
        EXPECT_EQ(blockStageForm(BlockStage::MlpOut, config).bias, config.mlpBias) << c.name;
        EXPECT_FALSE(blockStageForm(BlockStage::Concat, config).bias) << c.name;
        EXPECT_EQ(blockStageForm(BlockStage::MlpAct, config).activation, modelActivation(config)) << c.name;
    }
}

TEST(BlockStageTable, NormsAreDescribedByWhetherTheyCentre)
{
    EXPECT_TRUE(normDescription(NormKind::LayerNorm).centred);
    EXPECT_EQ(std::string(normDescription(NormKind::LayerNorm).name), "LayerNorm");
    EXPECT_FALSE(normDescription(NormKind::RmsNorm).centred);
    EXPECT_EQ(std::string(normDescription(NormKind::RmsNorm).symbol), "RMSNorm");
}
