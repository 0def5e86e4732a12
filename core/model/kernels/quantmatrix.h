#pragma once
// Products and copies of matrices kept in ggml's quantized blocks (a TensorView with `quant`, read
// where the GGUF file is mapped): what core/model/block/blockmath does for such views. Every
// weight is the exact dequantized value (quantblocks.h) and activations stay float32, so results
// equal the float32 computation on the dequantized matrix up to the order of the float additions
// (not llama.cpp's products, which round the activations to 8 bits first).
//
// One to kFewRows input rows (a decoding step, an output head): each output row is read a block
// at a time, the block dequantized into a small buffer on the stack and multiplied with the
// inputs' matching elements, the outputs split across threads when the matrix is large; no row
// of floats is ever kept. Many rows (a prompt): a band of output rows is dequantized into a
// float tile of at most kTileFloats and multiplied by Eigen's product, as halfmatrix.h does.

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
