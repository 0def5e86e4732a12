#pragma once
// One weight matrix of a GGUF file as the Quantization window shows it: its dequantized values
// (rows × cols, row after row as the file stores them) and, when the same model in another type is
// open beside it (a GGUF file, or a checkpoint folder whose tensors core/gguf/ggufmodel's
// ggufLayoutValues lays out as the GGUF does), the same tensor's values there and the error per
// weight (quantized − original) with its largest magnitude and RMS (core/gguf/quantblock.h).
// Plain C++, made on a worker thread.

#include "core/gguf/gguffile.h"
#include "core/gguf/quantblock.h"
#include "core/model/modelweights.h"

#include <memory>
#include <string>
#include <vector>

namespace attnlab::ui {

struct QuantMatrix {
    std::string name; // the tensor's name in the file
    const core::gguf::GgufTensor *tensor = nullptr; // null when `problem` is set
    int rows = 0;
    int cols = 0;
    std::vector<float> values;
    std::vector<float> original; // empty without an original
    std::vector<float> errors; // values − original, empty without an original
    core::gguf::QuantError error;
    // Why no original is compared although one was given: the tensor is missing there (or is of
    // a type not read) or has another shape.
    enum class Problem { None, Missing, Shape } originalProblem = Problem::None;
};

// What the matrices are compared with: a GGUF file, or a loaded checkpoint with the
// architecture of the quantized file (its general.architecture); neither: no comparison.
struct QuantOriginal {
    std::shared_ptr<core::gguf::GgufFile> file;
    std::shared_ptr<const core::model::ModelWeights> weights;
    std::string arch;
    bool empty() const { return !file && !weights; }
};

// Reads tensor `name` of `file` (a readable 2-D tensor) and the same tensor of `original`.
// Returns a QuantMatrix whose tensor is null when `file` has no such tensor.
QuantMatrix readQuantMatrix(
    const std::shared_ptr<core::gguf::GgufFile> &file, const std::string &name, const QuantOriginal &original);

// The readable matrices (2-D tensors) of `file`, in file order.
std::vector<std::string> quantMatrixNames(const core::gguf::GgufFile &file);

} // namespace attnlab::ui
