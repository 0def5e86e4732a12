#pragma once
// The row kernel of matrices kept in ggml's quantized blocks, under quantmatrix.h's few-row product
// (a decoding step, an output head): a few float32 input rows against many quantized weight rows.
// Every weight is the exact dequantized value (quantblocks.h) and multiplies the float inputs as
// they are (never rounded to 8 bits, as llama.cpp's dot products round them), so a result equals
// the float32 computation on the dequantized matrix up to the order of the float additions.
//
// On x86-64 processors the kernel is vector code chosen once per process
// (core/engine/kernelvariant.h): quantrows_avx512.cpp (a vector of 16 weights), quantrows_avx2.cpp
// (8). Both dequantize one group of 16 weights at a time in registers (quantgroups.h, every type's
// block layout as such groups), straight from the blocks where the file lies, and use it for every
// input row before reading on. The portable kernel dequantizes one block into a buffer on the
// stack and multiplies it with Eigen. Nothing is allocated.

#include "core/engine/kernelvariant.h"
#include "core/model/modelweights.h"

namespace attnlab::core::model::kernels {

// out[r·ldo + o] = Σ_i x[r·ldx + i] · W[o][i] for r < m and o < rows, where W's row o is `blocks`
// whole blocks of the quantized `type` starting at w + o·rowBytes, so each input row has
// blocks · quantBlockSize(type) elements. Any m ≥ 0; the inputs are read once per weight row
// for up to 4 rows at a time.
struct QuantDot {
    ElementType type = ElementType::Q8_0;
    const unsigned char *w = nullptr;
    long rows = 0, blocks = 0, rowBytes = 0;
    const float *x = nullptr;
    long m = 0, ldx = 0;
    float *out = nullptr;
    long ldo = 0;
};

// The product with this process's kernel variant.
void quantDotRows(const QuantDot &product);
// The product with `variant`'s kernel, which must be one kernelVariantSupported() accepts (for
// tests and benchmarks that compare variants); a type the variant has no vector code for runs the
// portable kernel.
void quantDotRows(engine::KernelVariant variant, const QuantDot &product);
// Whether `variant` runs vector code for `type` (the portable variant: never).
bool quantDotVectorised(engine::KernelVariant variant, ElementType type);

} // namespace attnlab::core::model::kernels
