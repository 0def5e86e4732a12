// The block board's cell derivations (core/model/lens/blockderivation.h): the norm, activation
// and residual steps against plain double arithmetic written here, and on the tiny GPT-2, BERT,
// Qwen2 and Llama fixtures that every step ends at the number the stage holds.

#include "core/model/lens/blockderivation.h"

#include "lensreference.h"
#include "rotaryreference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

using namespace attnlab::core;
using namespace attnlab::core::model;
using namespace attnlab::test;

namespace {

// Every cell of every stage with a derivation: the derivation's last step is the stage's cell.
void expectDerivationsEndAtTheCells(const ForwardRunner &run, int layer, const std::string &what)
{
    const BlockStages s = blockStages(run, layer);
    for (int k = 0; k < kBlockStageCount; ++k) {
        const auto stage = BlockStage(k);
        const Matrix *m = blockStageMatrix(s, stage);
        if (!m)
            continue;
        for (int row = 0; row < m->rows(); ++row)
            for (int col = 0; col < m->cols(); ++col) {
                const CellDerivation d = deriveBlockCell(run, layer, s, stage, row, col);
                const std::string where
                    = what + " stage " + std::to_string(k) + " cell " + std::to_string(row) + "," + std::to_string(col);
                EXPECT_FLOAT_EQ(float(d.value), (*m)(row, col)) << where;
                if (d.norm) {
                    EXPECT_NEAR(d.norm->value, d.value, 2e-5 * (1 + std::abs(d.value))) << where;
                } else if (d.residual) {
                    EXPECT_NEAR(d.residual->sum, d.value, 2e-5 * (1 + std::abs(d.value))) << where;
                }
                if (d.residual && d.norm) {
                    EXPECT_NEAR(d.norm->x, d.residual->sum, 1e-5 * (1 + std::abs(d.norm->x))) << where;
                }
                if (d.projection) {
                    EXPECT_NEAR(d.projection->value, d.value, 2e-5 * (1 + std::abs(d.value))) << where;
                }
                if (d.activation) {
                    EXPECT_NEAR(d.activation->value, d.value, 2e-5 * (1 + std::abs(d.value))) << where;
                }
            }
    }
}

double naiveMean(const Vec &row)
{
    double s = 0;
    for (double v : row)
        s += v;
    return s / double(row.size());
}

} // namespace

TEST(BlockDerivation, LayerNormStepsAreThoseOfTheFormula)
{
    RowVector row(4);
    row << 1.f, 2.f, 3.f, 4.f;
    const NormStep s = deriveNorm(normDescription(NormKind::LayerNorm), row, 0, 2.0, 0.5, 1e-5);
    EXPECT_EQ(s.width, 4);
    EXPECT_DOUBLE_EQ(s.x, 1.0);
    EXPECT_DOUBLE_EQ(s.mean, 2.5);
    EXPECT_DOUBLE_EQ(s.variance, 1.25); // (2.25 + 0.25 + 0.25 + 2.25) / 4: biased
    EXPECT_DOUBLE_EQ(s.denominator, std::sqrt(1.25 + 1e-5));
    EXPECT_DOUBLE_EQ(s.normalized, -1.5 / std::sqrt(1.25 + 1e-5));
    EXPECT_TRUE(s.hasBias);
    EXPECT_DOUBLE_EQ(s.value, -1.5 / std::sqrt(1.25 + 1e-5) * 2.0 + 0.5);
}

TEST(BlockDerivation, RmsNormDividesByTheRootMeanSquareWithoutCentring)
{
    RowVector row(4);
    row << 1.f, -2.f, 3.f, 4.f;
    const NormStep s = deriveNorm(normDescription(NormKind::RmsNorm), row, 2, 0.5, std::nullopt, 1e-6);
    EXPECT_DOUBLE_EQ(s.mean, 0.0);
    EXPECT_DOUBLE_EQ(s.variance, 7.5); // (1 + 4 + 9 + 16) / 4
    EXPECT_FALSE(s.hasBias);
    EXPECT_DOUBLE_EQ(s.value, 3.0 / std::sqrt(7.5 + 1e-6) * 0.5);
    EXPECT_THROW(deriveNorm(normDescription(NormKind::RmsNorm), row, 4, 1.0, std::nullopt, 1e-6), std::out_of_range);
}

TEST(BlockDerivation, ActivationsGiveTheirKnownValues)
{
    EXPECT_NEAR(deriveActivation(Activation::GeluErf, 1.0).value, 0.8413447460685429, 1e-15);
    EXPECT_NEAR(deriveActivation(Activation::GeluTanh, 1.0).value, 0.8411919906082768, 1e-15);
    EXPECT_NEAR(deriveActivation(Activation::Silu, 1.0).value, 0.7310585786300049, 1e-15);
    EXPECT_NEAR(deriveActivation(Activation::QuickGelu, 1.0).value, 1.0 / (1.0 + std::exp(-1.702)), 1e-15);
    EXPECT_DOUBLE_EQ(deriveActivation(Activation::Relu, -3.0).value, 0.0);
    const ActivationStep g = deriveGatedActivation(Activation::Silu, 2.0, 3.0);
    EXPECT_TRUE(g.gated);
    EXPECT_NEAR(g.activated, 2.0 / (1.0 + std::exp(-2.0)), 1e-15);
    EXPECT_NEAR(g.value, 3.0 * 2.0 / (1.0 + std::exp(-2.0)), 1e-15);
}

TEST(BlockDerivation, TheStageTableFollowsTheNormPlacement)
{
    BlockSpec pre, post, gated;
    post.preNorm = false;
    gated.gatedMlp = true;
    EXPECT_EQ(blockOperation(BlockStage::AttnIn, pre), BlockOperation::Norm);
    EXPECT_EQ(blockOperation(BlockStage::AttnIn, post), BlockOperation::Identity);
    EXPECT_EQ(blockOperation(BlockStage::AfterAttn, pre), BlockOperation::Residual);
    EXPECT_EQ(blockOperation(BlockStage::AfterAttn, post), BlockOperation::ResidualNorm);
    EXPECT_EQ(blockOperation(BlockStage::MlpIn, post), BlockOperation::Identity);
    EXPECT_EQ(blockOperation(BlockStage::Output, post), BlockOperation::ResidualNorm);
    EXPECT_EQ(blockOperation(BlockStage::MlpAct, pre), BlockOperation::Activation);
    EXPECT_EQ(blockOperation(BlockStage::MlpAct, gated), BlockOperation::GatedActivation);
}

TEST(BlockDerivation, Gpt2NormCellsReadTheNaiveMeanAndVarianceOfTheirRow)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(gpt2Ids()));
    const Reference ref = gpt2Reference(*w, gpt2Ids(), allOn(w->config));
    const BlockReference b = gpt2BlockReference(*w, ref, 1);
    const BlockStages s = blockStages(run, 1);
    const int row = 2, col = 3;
    const CellDerivation d = deriveBlockCell(run, 1, s, BlockStage::MlpIn, row, col);
    ASSERT_TRUE(d.norm);
    EXPECT_EQ(d.operation, BlockOperation::Norm);
    const Vec &x = b.afterAttn[size_t(row)];
    const double mean = naiveMean(x);
    double var = 0;
    for (double v : x)
        var += (v - mean) * (v - mean);
    var /= double(x.size());
    EXPECT_NEAR(d.norm->mean, mean, 1e-5);
    EXPECT_NEAR(d.norm->variance, var, 1e-5 * (1 + var));
    EXPECT_FLOAT_EQ(float(d.norm->weight), tensorCopy(w->layers[1].mlpNorm.weight)(0, col));
    EXPECT_FLOAT_EQ(float(d.norm->bias), tensorCopy(w->layers[1].mlpNorm.bias)(0, col));
    EXPECT_NEAR(d.value, b.mlpIn[size_t(row)][size_t(col)], 2e-5);
    // A residual cell: the stream plus what attention wrote.
    const CellDerivation r = deriveBlockCell(run, 1, s, BlockStage::AfterAttn, row, col);
    ASSERT_TRUE(r.residual);
    EXPECT_FALSE(r.norm);
    EXPECT_NEAR(r.residual->first, b.input[size_t(row)][size_t(col)], 2e-4);
    EXPECT_NEAR(r.residual->second, b.attnOut[size_t(row)][size_t(col)], 2e-4);
    // An activation cell: GPT-2's tanh GELU of c_fc's output.
    const CellDerivation a = deriveBlockCell(run, 1, s, BlockStage::MlpAct, row, col);
    ASSERT_TRUE(a.activation);
    EXPECT_EQ(a.activation->function, Activation::GeluTanh);
    EXPECT_NEAR(a.activation->value, b.mlpAct[size_t(row)][size_t(col)], 2e-5);
}

TEST(BlockDerivation, Gpt2ConcatTimesTheOutputProjectionIsAttnOut)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(gpt2Ids()));
    const BlockStages s = blockStages(run, 0);
    const ModelConfig &c = w->config;
    ASSERT_EQ(s.concat.rows(), run.tokenCount());
    ASSERT_EQ(s.concat.cols(), c.heads * c.headDim());
    const Matrix wo = tensorCopy(w->layers[0].attnOut).transpose(); // in × out
    const Matrix bo = tensorCopy(w->layers[0].attnOutBias);
    for (int i = 0; i < s.concat.rows(); ++i)
        for (int j = 0; j < c.dModel; ++j) {
            double sum = bo(0, j);
            for (int k = 0; k < s.concat.cols(); ++k)
                sum += double(s.concat(i, k)) * double(wo(k, j));
            EXPECT_NEAR(s.attnOut(i, j), sum, 2e-5);
        }
}

TEST(BlockDerivation, EveryCellOfEveryFamilyEndsAtItsStageValue)
{
    auto gpt2 = makeGpt2(gpt2Config());
    ForwardRunner g(gpt2);
    ASSERT_TRUE(g.run(gpt2Ids()));
    expectDerivationsEndAtTheCells(g, 2, "gpt2");
    auto bert = makeBert(bertConfig());
    ForwardRunner b(bert);
    ASSERT_TRUE(b.run(bertIds()));
    expectDerivationsEndAtTheCells(b, 0, "bert");
    RotaryShape qwen;
    ForwardRunner q(makeRotary(rotaryConfig(qwen)));
    ASSERT_TRUE(q.run(rotaryIds()));
    expectDerivationsEndAtTheCells(q, 1, "qwen2");
}

TEST(BlockDerivation, ProjectionCellsSplitIntoProductsAndBiasAndConcatCellsNameTheirHead)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(gpt2Ids()));
    const BlockStages s = blockStages(run, 0);
    const ModelConfig &c = w->config;
    // mlp_out = mlp_act·c_proj + b, c_proj (inner × d, the transpose of the weights' d × inner).
    const Matrix proj = tensorCopy(w->layers[0].fcOut).transpose();
    const CellDerivation d = deriveBlockCell(run, 0, s, BlockStage::MlpOut, 1, 4);
    ASSERT_TRUE(d.projection);
    double products = 0;
    for (int k = 0; k < c.dInner; ++k)
        products += double(s.mlpAct(1, k)) * double(proj(k, 4));
    EXPECT_EQ(d.projection->terms, c.dInner);
    EXPECT_NEAR(d.projection->products, products, 1e-5);
    EXPECT_TRUE(d.projection->hasBias);
    EXPECT_FLOAT_EQ(float(d.projection->bias), tensorCopy(w->layers[0].fcOutBias)(0, 4));
    const int dh = c.headDim();
    const CellDerivation k = deriveBlockCell(run, 0, s, BlockStage::Concat, 2, dh + 1);
    EXPECT_EQ(k.head, 1);
    EXPECT_EQ(k.headColumn, 1);
    EXPECT_FALSE(k.projection);
}

TEST(BlockDerivation, BertAfterAttnIsTheLayerNormOfTheResidualSum)
{
    auto w = makeBert(bertConfig());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(bertIds()));
    const Reference ref = bertReference(*w, bertIds(), run.predictionPosition(), allOn(w->config));
    const BlockReference b = bertBlockReference(*w, ref, 0);
    const BlockStages s = blockStages(run, 0);
    const CellDerivation d = deriveBlockCell(run, 0, s, BlockStage::AfterAttn, 1, 2);
    ASSERT_TRUE(d.residual && d.norm);
    EXPECT_EQ(d.operation, BlockOperation::ResidualNorm);
    Vec sum;
    for (size_t j = 0; j < b.input[1].size(); ++j)
        sum.push_back(b.input[1][j] + b.attnOut[1][j]);
    EXPECT_NEAR(d.norm->mean, naiveMean(sum), 1e-5);
    EXPECT_NEAR(d.residual->sum, sum[2], 2e-4);
    EXPECT_FLOAT_EQ(float(d.norm->weight), tensorCopy(w->layers[0].attnNorm.weight)(0, 2));
    EXPECT_NEAR(d.value, b.afterAttn[1][2], 2e-5);
    // Post-norm attention reads the stream itself.
    EXPECT_EQ(deriveBlockCell(run, 0, s, BlockStage::AttnIn, 1, 2).operation, BlockOperation::Identity);
}

TEST(BlockDerivation, RotaryCellsUseRmsNormAndTheGatedMlp)
{
    RotaryShape shape;
    shape.family = "llama";
    shape.mlpBias = true;
    auto w = makeRotary(rotaryConfig(shape));
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(rotaryIds()));
    const BlockStages s = blockStages(run, 0);
    const CellDerivation n = deriveBlockCell(run, 0, s, BlockStage::AttnIn, 3, 5);
    ASSERT_TRUE(n.norm);
    EXPECT_EQ(n.norm->norm, &normDescription(NormKind::RmsNorm));
    EXPECT_FALSE(n.norm->hasBias);
    double meanSquare = 0;
    for (int j = 0; j < s.input.cols(); ++j)
        meanSquare += double(s.input(3, j)) * double(s.input(3, j));
    EXPECT_NEAR(n.norm->variance, meanSquare / double(s.input.cols()), 1e-6);
    const CellDerivation a = deriveBlockCell(run, 0, s, BlockStage::MlpAct, 3, 7);
    ASSERT_TRUE(a.activation);
    EXPECT_TRUE(a.activation->gated);
    // gate and up recomputed by hand from mlp_in and the two nn.Linear matrices (out × in).
    const Matrix gate = tensorCopy(w->layers[0].mlpGate), up = tensorCopy(w->layers[0].fcIn);
    double g = double(tensorCopy(w->layers[0].mlpGateBias)(0, 7)), u = double(tensorCopy(w->layers[0].fcInBias)(0, 7));
    for (int j = 0; j < s.mlpIn.cols(); ++j) {
        g += double(s.mlpIn(3, j)) * double(gate(7, j));
        u += double(s.mlpIn(3, j)) * double(up(7, j));
    }
    EXPECT_NEAR(a.activation->x, g, 1e-5);
    EXPECT_NEAR(a.activation->up, u, 1e-5);
    EXPECT_NEAR(a.value, g / (1 + std::exp(-g)) * u, 2e-5);
}

TEST(BlockDerivation, RefusesTheHeadsAndCellsOutsideTheStage)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(gpt2Ids()));
    const BlockStages s = blockStages(run, 0);
    EXPECT_THROW(deriveBlockCell(run, 0, s, BlockStage::Heads, 0, 0), std::out_of_range);
    EXPECT_THROW(deriveBlockCell(run, 0, s, BlockStage::Output, run.tokenCount(), 0), std::out_of_range);
    EXPECT_THROW(deriveBlockCell(run, 0, s, BlockStage::MlpAct, 0, w->config.dInner), std::out_of_range);
    EXPECT_THROW(deriveBlockCell(run, run.layers(), s, BlockStage::Input, 0, 0), std::out_of_range);
}
