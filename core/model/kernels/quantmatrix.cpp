#include "core/model/kernels/quantmatrix.h"

#include "core/model/kernels/quantblocks.h"
#include "core/model/kernels/quantrows.h"

#include <algorithm>
#include <vector>

namespace attnlab::core::model::kernels {

namespace {

// Outputs per thread chunk of the few-rows path, and the work (outputs × inputs) below which
// one thread is faster than waking the others.
constexpr int kChunk = 64;
constexpr long kParallelWork = 1L << 18;

// Elements [col, col + n) of stored row `row` of `t` (logical columns, after quantCol) into `out`.
void dequantizeRow(const TensorView &t, int row, int col, int n, float *out)
{
    const int size = quantBlockSize(t.type);
    const std::size_t bytes = quantBlockBytes(t.type);
    const int start = t.quantCol + col;
    const int firstBlock = start / size, lastBlock = (start + n - 1) / size;
    const unsigned char *src = t.quant + std::size_t(row) * t.rowBytes + std::size_t(firstBlock) * bytes;
    const std::size_t blocks = std::size_t(lastBlock - firstBlock + 1);
    if (start % size == 0 && n % size == 0) {
        dequantizeBlocks(t.type, src, blocks, out);
        return;
    }
    std::vector<float> whole(blocks * std::size_t(size));
    dequantizeBlocks(t.type, src, blocks, whole.data());
    std::copy_n(whole.begin() + (start - firstBlock * size), n, out);
}

// Outputs [first, first + count) for the few input rows of `x`: on whole blocks the row kernel
// (quantrows.h) on chunks of output rows, each weight row read once for every input row.
void projectFewRows(
    const Eigen::Ref<const Matrix> &x, const TensorView &w, int first, int count, Eigen::Ref<Matrix> out)
{
    const int size = quantBlockSize(w.type);
    const int k = w.cols;
    const int chunks = (count + kChunk - 1) / kChunk;
    const bool parallel = long(count) * k >= kParallelWork && chunks > 1;
    if (w.quantCol % size != 0 || k % size != 0) {
        // A window not on block boundaries (a head's columns): each row's window at once.
#pragma omp parallel for schedule(static) if (parallel)
        for (int c = 0; c < chunks; ++c) {
            RowVector row(k);
            for (int o = c * kChunk; o < std::min(count, (c + 1) * kChunk); ++o) {
                dequantizeRow(w, first + o, 0, k, row.data());
                for (Eigen::Index r = 0; r < x.rows(); ++r)
                    out(r, o) = row.dot(x.row(r));
            }
        }
        return;
    }
    QuantDot product;
    product.type = w.type;
    product.blocks = k / size;
    product.rowBytes = long(w.rowBytes);
    product.x = x.data();
    product.m = long(x.rows());
    product.ldx = long(x.outerStride());
    product.ldo = long(out.outerStride());
    const unsigned char *start
        = w.quant + std::size_t(first) * w.rowBytes + std::size_t(w.quantCol / size) * quantBlockBytes(w.type);
#pragma omp parallel for schedule(static) if (parallel)
    for (int c = 0; c < chunks; ++c) {
        const int begin = c * kChunk;
        QuantDot chunk = product;
        chunk.w = start + std::size_t(begin) * w.rowBytes;
        chunk.rows = std::min(kChunk, count - begin);
        chunk.out = out.data() + begin;
        quantDotRows(chunk);
    }
}

} // namespace

void projectQuantized(
    const Eigen::Ref<const Matrix> &x, const TensorView &w, int first, int count, Eigen::Ref<Matrix> out)
{
    if (x.rows() <= kFewRows) {
        projectFewRows(x, w, first, count, out);
        return;
    }
    const auto dequantizeOutput = [&](int o, float *row) { dequantizeRow(w, first + o, 0, w.cols, row); };
    projectByWidenedBands(x, w.cols, count, dequantizeOutput, out);
}

void dequantizeRows(const TensorView &t, const int *rows, Eigen::Ref<Matrix> out)
{
    RowVector row(t.cols);
    for (Eigen::Index r = 0; r < out.rows(); ++r) {
        dequantizeRow(t, rows[r], 0, t.cols, row.data());
        out.row(r) = row;
    }
}

void addDequantizedRows(const TensorView &t, const int *rows, Eigen::Ref<Matrix> out)
{
    RowVector row(t.cols);
    for (Eigen::Index r = 0; r < out.rows(); ++r) {
        dequantizeRow(t, rows[r], 0, t.cols, row.data());
        out.row(r) += row;
    }
}

Matrix dequantizeBlock(const TensorView &t, int row, int col, int rows, int cols)
{
    Matrix m(rows, cols);
    if (cols > 0)
        for (int r = 0; r < rows; ++r)
            dequantizeRow(t, row + r, col, cols, m.row(r).data());
    return m;
}

} // namespace attnlab::core::model::kernels
