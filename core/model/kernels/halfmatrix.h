#pragma once
// Products and copies of checkpoint matrices kept as 16-bit floats (a TensorView of type F16 or
// BF16, read in the memory-mapped file): what core/model/block/blockmath does for such views. Results
// equal the float32 computation on the widened weights up to the order of the float additions.
//
// Many rows at once (a prompt): the weight is widened a tile at a time into a small float
// scratch (kTileFloats) and each tile goes through Eigen's matrix product (BLAS where the build
// uses it), so the product runs at float speed without a float copy of the whole matrix. One to
// kFewRows rows (a decoding step, an output head): each output is a direct widen-and-dot over the
// 16-bit row (core/model/kernels/halfrows.h), split across threads when the matrix is large.

#include "core/model/modelweights.h"
#include "core/types.h"

#include <functional>

namespace attnlab::core::model::kernels {

// Up to this many input rows take the widen-and-dot path.
inline constexpr int kFewRows = 4;
// Floats in one widened tile (256 KiB: it stays in the cache beside the product's own blocks).
inline constexpr int kTileFloats = 1 << 16;

// x·Wᵀ into `out` (rows(x) × count) for a matrix W of `count` outputs × `inputs` that is never held
// whole: `widenRow(o, row)` writes output o's `inputs` floats into `row`, a band of output rows at
// a time is widened into a float tile of at most kTileFloats (across the threads when the band is
// large) and Eigen's product multiplies it. The many-rows path of projectHalf and of
// projectQuantized (quantmatrix.h), each with its own widener.
void projectByWidenedBands(const Eigen::Ref<const Matrix> &x, int inputs, int count,
    const std::function<void(int output, float *row)> &widenRow, Eigen::Ref<Matrix> out);

// Outputs [first, first + count) of x·Wᵀ (W outputs × inputs; stored input-major, as a Conv1D
// weight, the outputs are its stored columns), into `out` (rows(x) × count). `w` must be F16 or
// BF16.
void projectHalf(const Eigen::Ref<const Matrix> &x, const TensorView &w, int first, int count, Eigen::Ref<Matrix> out);

// out.row(r) = t.row(rows[r]) widened, for r < out.rows() (`rows` holds out.rows() indices).
void widenRows(const TensorView &t, const int *rows, Eigen::Ref<Matrix> out);
// out.row(r) += t.row(rows[r]) widened.
void addWidenedRows(const TensorView &t, const int *rows, Eigen::Ref<Matrix> out);
// The block of t's stored elements at stored (row, col), rows × cols, widened.
Matrix widenBlock(const TensorView &t, int row, int col, int rows, int cols);

} // namespace attnlab::core::model::kernels
