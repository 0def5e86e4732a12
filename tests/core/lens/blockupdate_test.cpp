// The block board's update after one cell edit (core/model/lens/blockupdate.h): for every block
// tensor of GPT-2, BERT, Qwen2 and Llama (with biases), the updated stages equal blockStages() of
// the edited runner — every row where the update says Exact, the rows asked for where it says
// Rows — whether the runner already holds the edit or not.

#include "core/model/lens/blockupdate.h"

#include "modelreference.h"
#include "rotaryreference.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

using namespace attnlab::core;
using namespace attnlab::core::model;
using namespace attnlab::test;

namespace {

void expectNear(const Matrix &got, const Matrix &want, int row, const std::string &what)
{
    ASSERT_EQ(got.cols(), want.cols()) << what;
    for (Eigen::Index c = 0; c < got.cols(); ++c)
        EXPECT_NEAR(got(row, c), want(row, c), 2e-5 * (1 + std::abs(want(row, c))))
            << what << " row " << row << " col " << c;
}

// The update of `before` equals `after` where it says it does, and is `before` where it is Stale.
// A stage the update says is unchanged holds the numbers from before.
void expectUpdateMatches(const BlockUpdate &u, const BlockStages &updated, const BlockStages &before,
    const BlockStages &after, const std::string &what)
{
    for (int k = 0; k < kBlockStageCount; ++k) {
        const auto stage = BlockStage(k);
        const Matrix *got = blockStageMatrix(updated, stage);
        if (!got)
            continue;
        const std::string where = what + " stage " + std::to_string(k);
        const Matrix &want = *blockStageMatrix(after, stage);
        ASSERT_EQ(got->rows(), want.rows()) << where;
        if (!u.changes(stage)) {
            EXPECT_EQ(u.stateOf(stage), BlockRowState::Exact) << where;
            EXPECT_EQ(*got, *blockStageMatrix(before, stage)) << where;
        }
        // A change said to lie in one column leaves every other column as it was, bit for bit.
        if (const int column = u.columnOf(stage); column >= 0) {
            EXPECT_TRUE(u.changes(stage)) << where;
            EXPECT_EQ(u.stateOf(stage), BlockRowState::Exact) << where;
            Matrix others = *got;
            others.col(column) = blockStageMatrix(before, stage)->col(column);
            EXPECT_EQ(others, *blockStageMatrix(before, stage)) << where;
        }
        switch (u.stateOf(stage)) {
        case BlockRowState::Exact:
            for (int r = 0; r < got->rows(); ++r)
                expectNear(*got, want, r, where);
            break;
        case BlockRowState::Rows:
            ASSERT_FALSE(u.rows.empty()) << where;
            for (const int r : u.rows)
                expectNear(*got, want, r, where);
            break;
        case BlockRowState::Stale:
            EXPECT_EQ(*got, *blockStageMatrix(before, stage)) << where;
            break;
        }
    }
}

bool isMlpTensor(BlockTensor t)
{
    return t >= BlockTensor::MlpGate;
}

bool isSecondNorm(BlockTensor t)
{
    return t == BlockTensor::MlpNormWeight || t == BlockTensor::MlpNormBias;
}

// Every block tensor of layer `layer`: one cell, updated from the runner before the edit and from
// the runner after it.
void expectUpdatesMatch(
    const std::shared_ptr<const ModelWeights> &w, const std::vector<int> &ids, int position, int layer, size_t tensors)
{
    const ModelConfig &c = w->config;
    const bool preNorm = c.family->placement == NormPlacement::PreLn;
    const int n = int(ids.size());
    const std::vector<int> rows = {n - 1, 1, -3, n + 4, 1};
    const std::vector<BlockTensor> present = blockTensorsOf(*c.family, w->layers[size_t(layer)]);
    EXPECT_EQ(present.size(), tensors);
    for (const BlockTensor t : present) {
        const std::string what = c.family->modelType + " " + blockTensorSpec(t).key;
        ForwardRunner run(w);
        ASSERT_TRUE(run.run(ids, position));
        const BlockStages before = blockStages(run, layer);
        const Matrix tensor = run.blockTensor(layer, t);
        BlockCellEdit edit {t, int(tensor.rows()) / 2, int(tensor.cols()) - 2, 0, 0};
        edit.before = tensor(edit.row, edit.col);
        edit.after = edit.before + 1.5f;
        BlockStages early = before, late = before;
        const BlockUpdate u = updateBlockStages(run, layer, early, edit, rows);
        ASSERT_TRUE(run.setBlockCells(layer, t, edit.row, edit.col, Matrix::Constant(1, 1, edit.after)));
        const BlockStages after = blockStages(run, layer);
        const BlockUpdate v = updateBlockStages(run, layer, late, edit, rows);
        EXPECT_EQ(u.rows, (std::vector<int> {1, n - 1})) << what;
        EXPECT_EQ(u.state, v.state) << what;
        EXPECT_EQ(u.changed, v.changed) << what;
        EXPECT_EQ(u.column, v.column) << what;
        // MLP matrices and biases other than the output projection's change one column of mlp_act.
        if (isMlpTensor(t) && t != BlockTensor::MlpOut && t != BlockTensor::MlpOutBias)
            EXPECT_EQ(u.columnOf(BlockStage::MlpAct), edit.col) << what;
        else
            EXPECT_EQ(u.columnOf(BlockStage::MlpAct), -1) << what;
        EXPECT_TRUE(u.changes(BlockStage::Output)) << what;
        EXPECT_FALSE(u.changes(BlockStage::Input)) << what;
        expectUpdateMatches(u, early, before, after, what + " (before the runner's edit)");
        expectUpdateMatches(v, late, before, after, what + " (after the runner's edit)");
        // The edit changed the output: the comparison is not between two unchanged stages.
        EXPECT_GT((after.output - before.output).cwiseAbs().maxCoeff(), 1e-5) << what;

        // MLP tensors and a post-norm block's second norm are exact everywhere; the first norm of a
        // pre-norm block recomputes the heads' contexts at the rows asked for from the updated KV
        // cache, and leaves only the heads' weight pictures to the full recompute.
        const bool exact = isMlpTensor(t) || (!preNorm && isSecondNorm(t));
        EXPECT_EQ(u.complete(), exact) << what;
        const bool firstNorm = t == BlockTensor::AttnNormWeight || t == BlockTensor::AttnNormBias;
        EXPECT_EQ(u.stateOf(BlockStage::Concat), preNorm && firstNorm ? BlockRowState::Rows : BlockRowState::Exact)
            << what;
        EXPECT_EQ(u.stateOf(BlockStage::Heads), preNorm && firstNorm ? BlockRowState::Stale : BlockRowState::Exact)
            << what;
        if (!exact) {
            EXPECT_EQ(u.stateOf(BlockStage::MlpOut), BlockRowState::Rows) << what;
        }
    }
}

} // namespace

TEST(BlockUpdate, Gpt2EveryTensorMatchesTheFullRecompute)
{
    expectUpdatesMatch(makeGpt2(gpt2Config(2)), gpt2Ids(), -1, 1, 10);
}

TEST(BlockUpdate, BertEveryTensorMatchesTheFullRecompute)
{
    const int position = int(bertIds().size()) - 1;
    expectUpdatesMatch(makeBert(bertConfig()), bertIds(), position, 0, 10);
}

TEST(BlockUpdate, RotaryEveryTensorMatchesTheFullRecompute)
{
    RotaryShape qwen;
    expectUpdatesMatch(makeRotary(rotaryConfig(qwen)), rotaryIds(), -1, 1, 6);
    RotaryShape llama;
    llama.family = "llama";
    llama.attentionBias = true;
    llama.mlpBias = true;
    expectUpdatesMatch(makeRotary(rotaryConfig(llama), 9), rotaryIds(), -1, 0, 10);
    // Qwen3's keys are normalised per head, not linear in attn_in: a first-norm edit recomputes them.
    RotaryShape qwen3;
    qwen3.family = "qwen3";
    qwen3.headDim = 6;
    expectUpdatesMatch(makeRotary(rotaryConfig(qwen3), 4), rotaryIds(), -1, 1, 6);
}

TEST(BlockUpdate, AllRowsAskedForMakeTheDenseStagesExact)
{
    auto w = makeGpt2(gpt2Config(2));
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(gpt2Ids()));
    const BlockStages before = blockStages(run, 0);
    const Matrix weight = run.blockTensor(0, BlockTensor::MlpNormWeight);
    const BlockCellEdit edit {BlockTensor::MlpNormWeight, 0, 3, weight(0, 3), weight(0, 3) * -2.f};
    std::vector<int> all;
    for (int r = 0; r < run.tokenCount(); ++r)
        all.push_back(r);
    BlockStages updated = before;
    const BlockUpdate u = updateBlockStages(run, 0, updated, edit, all);
    EXPECT_TRUE(u.complete());
    ASSERT_TRUE(run.setBlockCells(0, BlockTensor::MlpNormWeight, 0, 3, Matrix::Constant(1, 1, edit.after)));
    expectUpdateMatches(u, updated, before, blockStages(run, 0), "all rows");
    // No rows: the dense stages keep the numbers from before.
    BlockStages few = before;
    const BlockUpdate none = updateBlockStages(run, 0, few, edit, {});
    EXPECT_EQ(none.stateOf(BlockStage::MlpAct), BlockRowState::Rows);
    EXPECT_EQ(few.mlpAct, before.mlpAct);
    EXPECT_NE(few.mlpIn, before.mlpIn);
}

// An ln_1 / input_layernorm edit with every row asked for: the heads' contexts come from the KV
// cache plus the edit's rank-one term, so every stage after attn_in is exact at every row, under
// grouped-query attention, rotary positions and an ablated head, and on GPT-2's fused c_attn.
TEST(BlockUpdate, FirstNormEditWithAllRowsIsExactAfterTheHeads)
{
    for (const bool rotary : {true, false}) {
        const std::shared_ptr<const ModelWeights> w
            = rotary ? makeRotary(rotaryConfig(RotaryShape {})) : makeGpt2(gpt2Config(2));
        const std::vector<int> ids = rotary ? rotaryIds() : gpt2Ids();
        ForwardRunner run(w);
        ASSERT_TRUE(run.run(ids));
        Matrix mask = Matrix::Ones(w->config.layers, w->config.heads);
        mask(1, 1) = 0;
        ASSERT_TRUE(run.setHeadMask(mask));
        const BlockStages before = blockStages(run, 1);
        const Matrix weight = run.blockTensor(1, BlockTensor::AttnNormWeight);
        const BlockCellEdit edit {BlockTensor::AttnNormWeight, 0, 5, weight(0, 5), weight(0, 5) * 3.f - 0.5f};
        std::vector<int> all;
        for (int r = 0; r < run.tokenCount(); ++r)
            all.push_back(r);
        BlockStages updated = before;
        const BlockUpdate u = updateBlockStages(run, 1, updated, edit, all);
        const std::string what = rotary ? "rotary" : "gpt2";
        EXPECT_FALSE(u.complete()) << what;
        for (int k = 0; k < kBlockStageCount; ++k)
            EXPECT_EQ(u.stateOf(BlockStage(k)),
                BlockStage(k) == BlockStage::Heads ? BlockRowState::Stale : BlockRowState::Exact)
                << what << " stage " << k;
        ASSERT_TRUE(run.setBlockCells(1, BlockTensor::AttnNormWeight, 0, 5, Matrix::Constant(1, 1, edit.after)));
        const BlockStages after = blockStages(run, 1);
        expectUpdateMatches(u, updated, before, after, what);
        // The ablated head's context is zero before and after; another head's changed.
        const int dh = w->config.headDim();
        EXPECT_EQ(updated.concat.middleCols(dh, dh).cwiseAbs().maxCoeff(), 0.f) << what;
        EXPECT_GT((after.concat - before.concat).cwiseAbs().maxCoeff(), 1e-5) << what;
    }
}

TEST(BlockUpdate, BadEditsAreRefused)
{
    auto w = makeRotary(rotaryConfig(RotaryShape {}));
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(rotaryIds()));
    BlockStages s = blockStages(run, 0);
    // Qwen2 has no MLP biases, and W_O is 16 × 16.
    EXPECT_THROW(updateBlockStages(run, 0, s, {BlockTensor::MlpInBias, 0, 0, 0, 1}, {}), std::invalid_argument);
    EXPECT_THROW(updateBlockStages(run, 0, s, {BlockTensor::AttnOut, 16, 0, 0, 1}, {}), std::invalid_argument);
    EXPECT_THROW(updateBlockStages(run, 2, s, {BlockTensor::AttnOut, 0, 0, 0, 1}, {}), std::out_of_range);
}
