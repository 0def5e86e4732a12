#pragma once
// Products and copies of matrices kept in ggml's quantized blocks (a TensorView with `quant`, read
// where the GGUF file is mapped): what core/model/block/blockmath does for such views. Every
// weight is the exact dequantized value (quantblocks.h) and activations stay float32, so results
// equal the float32 computation on the dequantized matrix up to the order of the float additions
// (not llama.cpp's products, which round the activations to 8 bits first).
//
// One to kFewRows input rows (a decoding step, an output head): the row kernel (quantrows.h:
// AVX-512 or AVX2 code that dequantizes 16 weights at a time in registers, or a portable loop)
// reads each output row once, straight from its blocks, for every input row; the outputs are
// split across threads when the matrix is large; no row of floats is ever kept. A column window
// that does not start and end on block boundaries (a head's columns of W_O) dequantizes each
// row's window first. Many rows (a prompt): bands of output rows are dequantized into a float
// tile and multiplied by Eigen's product (halfmatrix.h's projectByWidenedBands).

#include "core/model/kernels/halfmatrix.h"
#include "core/model/modelweights.h"
#include "core/types.h"

namespace attnlab::core::model::kernels {

// Outputs [first, first + count) of x·Wᵀ (W outputs × inputs, quantized, row-major) into `out`
// (rows(x) × count).
void projectQuantized(
    const Eigen::Ref<const Matrix> &x, const TensorView &w, int first, int count, Eigen::Ref<Matrix> out);

// out.row(r) = t.row(rows[r]) dequantized, for r < out.rows() (the embedding lookup: only those
// rows are read).
void dequantizeRows(const TensorView &t, const int *rows, Eigen::Ref<Matrix> out);
// out.row(r) += t.row(rows[r]) dequantized.
void addDequantizedRows(const TensorView &t, const int *rows, Eigen::Ref<Matrix> out);
// The block of t's elements at (row, col), rows × cols, dequantized.
Matrix dequantizeBlock(const TensorView &t, int row, int col, int rows, int cols);

} // namespace attnlab::core::model::kernels
