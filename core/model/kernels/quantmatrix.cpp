#include "core/model/kernels/quantmatrix.h"

#include "core/model/kernels/quantblocks.h"

#include <algorithm>
#include <vector>

namespace attnlab::core::model::kernels {

namespace {

// The largest block (the k-quants' 256 elements).
constexpr int kMaxBlock = 256;
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

// Outputs [first, first + count) for the `m` input rows of `x` (m × k, contiguous): each output
// row's blocks dequantized one at a time and multiplied with every input row.
void projectFewRows(const Matrix &x, const TensorView &w, int first, int count, Eigen::Ref<Matrix> out)
{
    const int size = quantBlockSize(w.type);
    const std::size_t bytes = quantBlockBytes(w.type);
    const int k = w.cols;
    const Eigen::Index m = x.rows();
    const bool aligned = w.quantCol % size == 0 && k % size == 0;
    const BlockDequantizer dequantize = blockDequantizer(w.type);
    const int blocks = k / size;
    const int chunks = (count + kChunk - 1) / kChunk;
    const bool parallel = long(count) * k >= kParallelWork && chunks > 1;
#pragma omp parallel for schedule(static) if (parallel)
    for (int c = 0; c < chunks; ++c) {
        const int begin = c * kChunk, end = std::min(count, begin + kChunk);
        alignas(64) float block[kMaxBlock];
        RowVector row; // a window not on block boundaries: the whole window at once
        for (int o = begin; o < end; ++o) {
            float sums[kFewRows] = {};
            if (aligned) {
                const unsigned char *src
                    = w.quant + std::size_t(first + o) * w.rowBytes + std::size_t(w.quantCol / size) * bytes;
                for (int b = 0; b < blocks; ++b) {
                    dequantize(src + std::size_t(b) * bytes, block);
                    const Eigen::Map<const RowVector> values(block, size);
                    for (Eigen::Index r = 0; r < m; ++r)
                        sums[r] += values.dot(x.row(r).segment(Eigen::Index(b) * size, size));
                }
            } else {
                row.resize(k);
                dequantizeRow(w, first + o, 0, k, row.data());
                for (Eigen::Index r = 0; r < m; ++r)
                    sums[r] = row.dot(x.row(r));
            }
            for (Eigen::Index r = 0; r < m; ++r)
                out(r, o) = sums[r];
        }
    }
}

} // namespace

void projectQuantized(
    const Eigen::Ref<const Matrix> &x, const TensorView &w, int first, int count, Eigen::Ref<Matrix> out)
{
    if (x.rows() <= kFewRows) {
        const Matrix rows = x; // contiguous whatever x's strides
        projectFewRows(rows, w, first, count, out);
        return;
    }
    // A band of output rows dequantized and multiplied.
    const int in = w.cols;
    const int band = std::max(1, std::min(count, kTileFloats / std::max(1, in)));
    Matrix tile(band, in);
    for (int o = 0; o < count; o += band) {
        const int n = std::min(band, count - o);
#pragma omp parallel for schedule(static) if (long(n) * in >= kParallelWork)
        for (int i = 0; i < n; ++i)
            dequantizeRow(w, first + o + i, 0, in, tile.row(i).data());
        out.middleCols(o, n).noalias() = x * tile.topRows(n).transpose();
    }
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
