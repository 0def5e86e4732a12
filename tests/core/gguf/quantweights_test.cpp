// Matrices kept in ggml's quantized blocks (TensorView::quant) give, through every reader of
// weights in core/model/block/blockmath.h, what the dequantized float matrix gives: products of
// one row to many rows, slices, column windows that do not start on a block, the embedding
// lookup and copies, for every quantized type, against a float64 product of the dequantized
// values (core/gguf/dequantize.h, itself pinned bit by bit in dequantize_test.cpp). Shapes have
// output counts that are no multiple of any SIMD width.
#include "core/gguf/dequantize.h"
#include "core/model/block/blockmath.h"

#include "ggufwriter.h"
#include "testutil.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace {

using namespace attnlab;
using core::Matrix;
using core::RowVector;
using core::gguf::GgmlType;
using core::model::TensorView;

constexpr std::uint32_t kQuantTypes[] = {8, 2, 3, 6, 7, 12, 13, 14}; // Q8_0 … Q6_K

// A random outputs × inputs matrix of ggml type `type` as a view, and its dequantized values.
struct QuantMatrix {
    std::string bytes;
    Matrix values;
    TensorView view;
};

QuantMatrix randomMatrix(std::mt19937 &rng, std::uint32_t type, int outputs, int inputs)
{
    QuantMatrix m;
    m.bytes = test::randomBlocks(rng, type, std::size_t(outputs) * std::size_t(inputs));
    const auto *src = reinterpret_cast<const unsigned char *>(m.bytes.data());
    m.values.resize(outputs, inputs);
    EXPECT_TRUE(core::gguf::dequantize(GgmlType(type), src, m.values.size(), m.values.data()));
    m.view.rows = outputs;
    m.view.cols = inputs;
    m.view.type = core::gguf::quantElementType(GgmlType(type));
    m.view.quant = src;
    m.view.rowBytes = m.bytes.size() / std::size_t(outputs);
    return m;
}

Matrix randomRows(std::mt19937 &rng, int rows, int cols)
{
    std::normal_distribution<float> n(0.f, 1.f);
    Matrix x(rows, cols);
    for (Eigen::Index i = 0; i < x.size(); ++i)
        x.data()[i] = n(rng);
    return x;
}

// x·Wᵀ in float64.
Matrix reference(const Matrix &x, const Matrix &w)
{
    return (x.cast<double>() * w.cast<double>().transpose()).cast<float>();
}

// The tolerance for a product of `k` terms: float rounding grows with the magnitudes summed.
double tolerance(const Matrix &x, const Matrix &w)
{
    return 1e-5 * std::max(1.0, double((x.cwiseAbs() * w.cwiseAbs().transpose()).maxCoeff()));
}

class QuantWeightsTest : public ::testing::TestWithParam<std::uint32_t> { };

TEST_P(QuantWeightsTest, ProductsOfOneToManyRowsEqualTheDequantizedMatrix)
{
    std::mt19937 rng(GetParam());
    const int inputs = GetParam() >= 12 ? 512 : 96; // two k-quant super-blocks; three legacy blocks
    // 300 outputs × 512 inputs is past the few-rows path's threshold for splitting across threads.
    for (const int outputs : {37, 300}) {
        const QuantMatrix w = randomMatrix(rng, GetParam(), outputs, inputs);
        ASSERT_TRUE(w.view.isQuantized());
        for (const int rows : {1, 3, 4, 5, 19}) {
            const Matrix x = randomRows(rng, rows, inputs);
            Matrix out(rows, outputs);
            core::model::project(x, w.view, TensorView {}, out);
            EXPECT_MATRIX_NEAR(out, reference(x, w.values), tolerance(x, w.values)) << outputs << " × " << rows;
            Matrix slice;
            core::model::projectSlice(x, w.view, TensorView {}, 5, 17, slice);
            EXPECT_MATRIX_NEAR(slice, reference(x, w.values.middleRows(5, 17)), tolerance(x, w.values));
        }
        const Matrix x = randomRows(rng, 1, inputs);
        RowVector row;
        core::model::projectRow(x.row(0), w.view, row);
        EXPECT_MATRIX_NEAR(Matrix(row), reference(x, w.values), tolerance(x, w.values));
    }
}

TEST_P(QuantWeightsTest, WindowsLookupsAndCopiesReadTheDequantizedValues)
{
    std::mt19937 rng(GetParam() + 100);
    const int inputs = GetParam() >= 12 ? 256 : 64;
    const QuantMatrix w = randomMatrix(rng, GetParam(), 23, inputs);
    EXPECT_MATRIX_NEAR(core::model::tensorCopy(w.view), w.values, 0.0);
    EXPECT_MATRIX_NEAR(core::model::storedCopy(w.view), w.values, 0.0);
    EXPECT_MATRIX_NEAR(core::model::tensorBlock(w.view, 3, 7, 5, 40), w.values.block(3, 7, 5, 40), 0.0);
    // A head's columns of W_O start inside a block: rows, then a window of the window.
    const TensorView rows = core::model::tensorRows(w.view, 4, 10);
    const TensorView cols = core::model::tensorColumns(rows, 9, 30);
    EXPECT_MATRIX_NEAR(core::model::tensorCopy(cols), w.values.block(4, 9, 10, 30), 0.0);
    const Matrix x = randomRows(rng, 2, 30);
    Matrix out(2, 10);
    core::model::project(x, cols, TensorView {}, out);
    const Matrix window = w.values.block(4, 9, 10, 30);
    EXPECT_MATRIX_NEAR(out, reference(x, window), tolerance(x, window));
    // The embedding lookup reads the rows asked for.
    const std::vector<int> ids = {22, 0, 5, 5, 17};
    Matrix looked(3, inputs);
    core::model::embeddingRows(w.view, ids, 2, looked);
    for (int r = 0; r < 3; ++r)
        EXPECT_MATRIX_NEAR(Matrix(looked.row(r)), Matrix(w.values.row(ids[std::size_t(2 + r)])), 0.0);
    Matrix added = Matrix::Ones(2, inputs);
    core::model::addTableRows(w.view, 6, added);
    EXPECT_MATRIX_NEAR(added, (w.values.middleRows(6, 2).array() + 1).matrix(), 0.0);
    // The bytes it takes: its blocks, not 4 per weight.
    EXPECT_EQ(core::model::tensorBytes(w.view), std::int64_t(w.bytes.size()));
}

INSTANTIATE_TEST_SUITE_P(EveryQuantType, QuantWeightsTest, ::testing::ValuesIn(kQuantTypes),
    [](const ::testing::TestParamInfo<std::uint32_t> &info) {
        return std::string(core::gguf::ggmlTypeInfo(info.param)->name);
    });

} // namespace
