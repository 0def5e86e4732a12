#include "core/model/kernels/halfmatrix.h"

#include "core/model/kernels/halfrows.h"

#include <algorithm>

namespace attnlab::core::model::kernels {

namespace {

HalfKind kindOf(const TensorView &t)
{
    return t.type == ElementType::BF16 ? HalfKind::BF16 : HalfKind::F16;
}

// Outputs per thread chunk of the few-rows path, and the work (outputs × inputs) below which
// one thread is faster than waking the others.
constexpr int kChunk = 256;
constexpr long kParallelWork = 1L << 18;

// One input row `x` (length k) against outputs [first, first + count): dot products with W's
// stored rows (row-major) or a sum of them (input-major, a Conv1D weight).
void projectOneRow(const float *x, const TensorView &w, int first, int count, float *out)
{
    const HalfKind kind = kindOf(w);
    const bool conv1d = w.inputMajor;
    const size_t ld = size_t(w.ld());
    const long k = w.cols;
    const int chunks = (count + kChunk - 1) / kChunk;
    const bool parallel = long(count) * k >= kParallelWork && chunks > 1;
#pragma omp parallel for schedule(static) if (parallel)
    for (int c = 0; c < chunks; ++c) {
        const int begin = c * kChunk;
        const int n = std::min(kChunk, count - begin);
        if (conv1d) {
            std::fill(out + begin, out + begin + n, 0.f);
            accumulateRows(kind, x, w.bits + first + begin, size_t(k), size_t(n), ld, out + begin);
        } else {
            dotRows(kind, x, w.bits + size_t(first + begin) * ld, size_t(n), size_t(k), ld, out + begin);
        }
    }
}

} // namespace

void projectHalf(const Eigen::Ref<const Matrix> &x, const TensorView &w, int first, int count, Eigen::Ref<Matrix> out)
{
    const size_t ld = size_t(w.ld());
    if (x.rows() <= kFewRows) {
        for (Eigen::Index r = 0; r < x.rows(); ++r) {
            const RowVector row = x.row(r); // contiguous whatever x's strides
            RowVector result(count);
            projectOneRow(row.data(), w, first, count, result.data());
            out.row(r) = result;
        }
        return;
    }
    const HalfKind kind = kindOf(w);
    if (w.inputMajor) {
        // Stored in × out: widen a band of input rows (their `count` columns) and accumulate.
        const int inputs = w.cols;
        const int band = std::max(1, std::min(inputs, kTileFloats / std::max(1, count)));
        Matrix tile(band, count);
        for (int k0 = 0; k0 < inputs; k0 += band) {
            const int k = std::min(band, inputs - k0);
            for (int i = 0; i < k; ++i)
                widen(kind, w.bits + size_t(k0 + i) * ld + size_t(first), size_t(count), tile.row(i).data());
            if (k0 == 0)
                out.noalias() = x.middleCols(k0, k) * tile.topRows(k);
            else
                out.noalias() += x.middleCols(k0, k) * tile.topRows(k);
        }
        return;
    }
    // Stored out × in: widen a band of output rows and multiply.
    const auto widenRow = [&](int o, float *row) { widen(kind, w.bits + size_t(first + o) * ld, size_t(w.cols), row); };
    projectByWidenedBands(x, w.cols, count, widenRow, out);
}

void projectByWidenedBands(const Eigen::Ref<const Matrix> &x, int inputs, int count,
    const std::function<void(int output, float *row)> &widenRow, Eigen::Ref<Matrix> out)
{
    const int band = std::max(1, std::min(count, kTileFloats / std::max(1, inputs)));
    Matrix tile(band, inputs);
    for (int o = 0; o < count; o += band) {
        const int n = std::min(band, count - o);
#pragma omp parallel for schedule(static) if (long(n) * inputs >= kParallelWork)
        for (int i = 0; i < n; ++i)
            widenRow(o + i, tile.row(i).data());
        out.middleCols(o, n).noalias() = x * tile.topRows(n).transpose();
    }
}

void widenRows(const TensorView &t, const int *rows, Eigen::Ref<Matrix> out)
{
    for (Eigen::Index r = 0; r < out.rows(); ++r) {
        RowVector row(t.cols);
        widen(kindOf(t), t.bits + size_t(rows[r]) * size_t(t.ld()), size_t(t.cols), row.data());
        out.row(r) = row;
    }
}

void addWidenedRows(const TensorView &t, const int *rows, Eigen::Ref<Matrix> out)
{
    RowVector row(t.cols);
    for (Eigen::Index r = 0; r < out.rows(); ++r) {
        widen(kindOf(t), t.bits + size_t(rows[r]) * size_t(t.ld()), size_t(t.cols), row.data());
        out.row(r) += row;
    }
}

Matrix widenBlock(const TensorView &t, int row, int col, int rows, int cols)
{
    Matrix m(rows, cols);
    for (int r = 0; r < rows; ++r)
        widen(kindOf(t), t.bits + size_t(row + r) * size_t(t.ld()) + size_t(col), size_t(cols), m.row(r).data());
    return m;
}

} // namespace attnlab::core::model::kernels
