// The block arithmetic of core/model/block/blockmath against formulas written out here in double
// precision (transformers' modeling_llama.py, modeling_rope_utils.py).

#include "core/model/block/blockmath.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

using namespace attnlab::core;
using namespace attnlab::core::model;

namespace {

constexpr double kPi = 3.14159265358979323846;

Matrix randomMatrix(int rows, int cols, unsigned seed)
{
    std::mt19937 rng(seed);
    std::normal_distribution<float> dist(0.f, 1.f);
    Matrix m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = dist(rng);
    return m;
}

TensorView view(const Matrix &m)
{
    return TensorView {m.data(), int(m.rows()), int(m.cols())};
}

// _compute_default_rope_parameters and _compute_llama3_parameters in double.
std::vector<double> inverseFrequencies(int dim, double theta, const RopeScaling &s)
{
    std::vector<double> inv(size_t(dim / 2));
    for (int i = 0; i < dim / 2; ++i)
        inv[size_t(i)] = 1.0 / std::pow(theta, double(2 * i) / dim);
    if (s.type != "llama3")
        return inv;
    const double lowWavelen = s.originalMaxPositions / s.lowFreqFactor;
    const double highWavelen = s.originalMaxPositions / s.highFreqFactor;
    for (double &f : inv) {
        const double wavelen = 2 * kPi / f;
        if (wavelen < highWavelen)
            continue;
        if (wavelen > lowWavelen) {
            f /= s.factor;
            continue;
        }
        const double smooth
            = (s.originalMaxPositions / wavelen - s.lowFreqFactor) / (s.highFreqFactor - s.lowFreqFactor);
        f = (1 - smooth) * f / s.factor + smooth * f;
    }
    return inv;
}

} // namespace

TEST(BlockMath, RmsNormIsTheWeightTimesTheRowOverItsRootMeanSquare)
{
    const Matrix x = randomMatrix(3, 8, 1), gamma = randomMatrix(1, 8, 2);
    LayerNormWeights w {view(gamma), {}};
    Matrix out(3, 8);
    rmsNormRows(x, w, 1e-6f, out);
    for (int r = 0; r < 3; ++r) {
        double sq = 0;
        for (int c = 0; c < 8; ++c)
            sq += double(x(r, c)) * x(r, c);
        const double inv = 1 / std::sqrt(sq / 8 + 1e-6);
        for (int c = 0; c < 8; ++c)
            EXPECT_NEAR(out(r, c), gamma(0, c) * x(r, c) * inv, 1e-5);
    }
    // normRows picks the same function for NormKind::RmsNorm, and LayerNorm subtracts the mean.
    Matrix again(3, 8), layer(3, 8);
    normRows(NormKind::RmsNorm, x, w, 1e-6f, again);
    EXPECT_EQ(again, out);
    const Matrix beta = Matrix::Zero(1, 8);
    normRows(NormKind::LayerNorm, x, LayerNormWeights {view(gamma), view(beta)}, 1e-6f, layer);
    EXPECT_GT((layer - out).cwiseAbs().maxCoeff(), 1e-3);
}

TEST(BlockMath, SiluAndItsNamesFollowAct2fn)
{
    ASSERT_TRUE(activationNamed("silu"));
    EXPECT_EQ(*activationNamed("silu"), Activation::Silu);
    EXPECT_EQ(*activationNamed("swish"), Activation::Silu);
    EXPECT_EQ(*activationNamed("gelu"), Activation::GeluErf);
    EXPECT_EQ(*activationNamed("gelu_pytorch_tanh"), Activation::GeluTanh);
    EXPECT_FALSE(activationNamed("tanh"));
    EXPECT_NE(activationNames().find("silu"), std::string::npos);
    Matrix m(1, 4);
    m << -3.f, -0.5f, 0.f, 2.f;
    const Matrix in = m;
    activate(Activation::Silu, m);
    for (int i = 0; i < 4; ++i)
        EXPECT_NEAR(m(0, i), in(0, i) / (1 + std::exp(-double(in(0, i)))), 1e-6);
}

TEST(BlockMath, DefaultRotaryFrequenciesAreThetaToTheMinusTwoIOverD)
{
    const RowVector inv = rotaryInverseFrequencies(16, 1e6, RopeScaling {});
    const std::vector<double> ref = inverseFrequencies(16, 1e6, RopeScaling {});
    ASSERT_EQ(inv.size(), 8);
    for (int i = 0; i < 8; ++i)
        EXPECT_NEAR(inv(i) / ref[size_t(i)], 1.0, 1e-6);
    EXPECT_EQ(inv(0), 1.f);
}

TEST(BlockMath, Llama3ScalingKeepsHighDividesLowAndSmoothsTheMiddle)
{
    // Llama 3.2's values with a small original context, so that a 64-wide head has frequencies in
    // all three bands.
    RopeScaling s;
    s.type = "llama3";
    s.factor = 32;
    s.lowFreqFactor = 1;
    s.highFreqFactor = 4;
    s.originalMaxPositions = 64;
    const RowVector inv = rotaryInverseFrequencies(64, 500000, s);
    const std::vector<double> plain = inverseFrequencies(64, 500000, RopeScaling {});
    const std::vector<double> ref = inverseFrequencies(64, 500000, s);
    int kept = 0, divided = 0, smoothed = 0;
    for (int i = 0; i < 32; ++i) {
        EXPECT_NEAR(inv(i) / ref[size_t(i)], 1.0, 1e-5) << i;
        const double ratio = ref[size_t(i)] / plain[size_t(i)];
        kept += std::abs(ratio - 1) < 1e-12;
        divided += std::abs(ratio - 1.0 / 32) < 1e-12;
        smoothed += ratio < 1 - 1e-9 && ratio > 1.0 / 32 + 1e-9;
    }
    EXPECT_GT(kept, 0);
    EXPECT_GT(divided, 0);
    EXPECT_GT(smoothed, 0);
    s.type = "yarn";
    EXPECT_THROW(rotaryInverseFrequencies(64, 500000, s), std::invalid_argument);
    EXPECT_THROW(rotaryInverseFrequencies(7, 10000, RopeScaling {}), std::invalid_argument);
}

TEST(BlockMath, RotateHalfTurnsDimensionIWithIPlusHalf)
{
    const int dh = 8, n = 5, first = 3;
    const RowVector inv = rotaryInverseFrequencies(dh, 10000, RopeScaling {});
    Matrix cos, sin;
    rotaryTables(inv, first, n, cos, sin);
    ASSERT_EQ(cos.rows(), n);
    ASSERT_EQ(cos.cols(), dh);
    const Matrix x = randomMatrix(n, dh, 5);
    Matrix y = x;
    applyRotary(y, cos, sin);
    for (int p = 0; p < n; ++p)
        for (int i = 0; i < dh / 2; ++i) {
            const double angle = double(first + p) / std::pow(10000.0, 2.0 * i / dh);
            const double a = x(p, i), b = x(p, i + dh / 2);
            EXPECT_NEAR(y(p, i), a * std::cos(angle) - b * std::sin(angle), 1e-5);
            EXPECT_NEAR(y(p, i + dh / 2), b * std::cos(angle) + a * std::sin(angle), 1e-5);
        }
    // A rotation keeps each pair's length; position 0 is the identity.
    rotaryTables(inv, 0, 1, cos, sin);
    Matrix row = x.topRows(1);
    applyRotary(row, cos, sin);
    EXPECT_EQ(row, x.topRows(1));
}

TEST(BlockMath, ProjectionsFollowTheirOrientationAndSlices)
{
    const Matrix x = randomMatrix(4, 6, 7), linear = randomMatrix(10, 6, 8), conv = randomMatrix(6, 10, 9);
    const Matrix bias = randomMatrix(1, 10, 10);
    Matrix out(4, 10);
    project(x, view(linear), view(bias), out);
    Matrix expected = x * linear.transpose();
    expected.rowwise() += bias.row(0);
    EXPECT_LT((out - expected).cwiseAbs().maxCoeff(), 1e-5);
    // A Conv1D weight (stored in × out) is an input-major view of the same outputs × inputs.
    TensorView convView = view(conv);
    convView.inputMajor = true;
    std::swap(convView.rows, convView.cols);
    project(x, convView, {}, out);
    EXPECT_LT((out - x * conv).cwiseAbs().maxCoeff(), 1e-5);
    EXPECT_EQ(tensorCopy(convView), Matrix(conv.transpose()));
    EXPECT_EQ(storedCopy(convView), conv);

    Matrix slice;
    projectSlice(x, view(linear), view(bias), 4, 3, slice);
    EXPECT_LT((slice - expected.middleCols(4, 3)).cwiseAbs().maxCoeff(), 1e-5);
    projectSlice(x, convView, view(bias), 2, 5, slice);
    Matrix convBiased = x * conv;
    convBiased.rowwise() += bias.row(0);
    EXPECT_LT((slice - convBiased.middleCols(2, 5)).cwiseAbs().maxCoeff(), 1e-5);

    // Windows with a leading dimension: outputs 3…6 of the Conv1D weight (a column window, as GPT-2's
    // q, k and v are of c_attn) and of the Linear one (a row window), inputs 1…4 of either.
    const TensorView convRows = tensorRows(convView, 3, 4), linearRows = tensorRows(view(linear), 3, 4);
    Matrix part(4, 4);
    project(x, convRows, {}, part);
    EXPECT_LT((part - x * conv.middleCols(3, 4)).cwiseAbs().maxCoeff(), 1e-5);
    project(x, linearRows, {}, part);
    EXPECT_LT((part - x * linear.middleRows(3, 4).transpose()).cwiseAbs().maxCoeff(), 1e-5);
    EXPECT_EQ(tensorBlock(convRows, 1, 2, 2, 3), Matrix(conv.block(2, 4, 3, 2).transpose()));
    const TensorView convCols = tensorColumns(convView, 1, 4), linearCols = tensorColumns(view(linear), 1, 4);
    Matrix narrow(4, 10);
    project(x.middleCols(1, 4), convCols, {}, narrow);
    EXPECT_LT((narrow - x.middleCols(1, 4) * conv.middleRows(1, 4)).cwiseAbs().maxCoeff(), 1e-5);
    project(x.middleCols(1, 4), linearCols, {}, narrow);
    EXPECT_LT((narrow - x.middleCols(1, 4) * linear.middleCols(1, 4).transpose()).cwiseAbs().maxCoeff(), 1e-5);

    RowVector logits;
    projectRow(x.row(1), view(linear), logits);
    EXPECT_LT((logits - (x.row(1) * linear.transpose())).cwiseAbs().maxCoeff(), 1e-5);
}

TEST(BlockMath, EmbeddingRowsAndCopiesReadTheTable)
{
    const Matrix table = randomMatrix(6, 3, 11);
    Matrix rows(2, 3);
    embeddingRows(view(table), {5, 0, 4}, 1, rows);
    EXPECT_EQ(rows.row(0), table.row(0));
    EXPECT_EQ(rows.row(1), table.row(4));
    Matrix sum = rows;
    addTableRows(view(table), 2, sum);
    EXPECT_EQ(sum.row(1), rows.row(1) + table.row(3));
    sum = rows;
    addTableRowToEach(view(table), 5, sum);
    EXPECT_EQ(sum.row(0), rows.row(0) + table.row(5));
    EXPECT_EQ(tensorBlock(view(table), 1, 1, 2, 2), table.block(1, 1, 2, 2));
    EXPECT_EQ(tensorCopy(view(table)), table);
    const Matrix vec = table.row(2);
    EXPECT_EQ(vectorSegment(view(vec), 1, 2), table.row(2).tail(2));
    addBias(sum, view(vec));
    EXPECT_EQ(sum.row(1), rows.row(1) + table.row(5) + table.row(2));
}
