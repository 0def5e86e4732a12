// The README's pictures of the 2025 families on the board and of quantization (issues 31, 34):
// a Gemma 2 head of the tests' tiny random checkpoint on the pipeline board, its soft cap and its
// layer's sliding window switched on from the model; and the Quantization window on a Q8_0 matrix
// quantized as ggml's quantize_row_q8_0_ref does, its error against the float original. Each
// writes a PNG to `file` and says whether it could; screenshots_test lists them.
#pragma once

#include <QString>

namespace attnlab::test {

bool gemmaBoardShot(const QString &file);
bool quantErrorShot(const QString &file);

} // namespace attnlab::test
