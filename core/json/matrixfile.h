#pragma once
// Matrices in and out of the app in the formats learners already use: tab-separated text (what
// Excel, LibreOffice and NumPy's print exchange through the clipboard), CSV, and NumPy's .npy.
// Qt-free, so the readers are tested and fuzzed with the rest of the core.

#include "core/text/message.h"
#include "core/types.h"

#include <cstddef>
#include <optional>
#include <string>

namespace attnlab::core {

// A parsed matrix or a one-line reason it could not be read (with the 1-based line and column
// of the bad value for text), as a message for the user's language (core/text/message.h).
struct MatrixReadResult {
    Matrix matrix;
    std::optional<Message> error; // unset on success

    bool ok() const { return !error; }
    // The reason in English; empty on success.
    std::string english() const { return error ? error->english() : std::string(); }
};

// Rows on lines, values separated by tabs, commas, semicolons or runs of spaces (one separator
// kind for the whole text). A first row of non-numbers is a header and skipped, as is a first row
// of a label and the column numbers 0, 1, 2, …; a non-number in front of every row is a row label
// and skipped (so the app's own CSV export reads back); blank lines at
// either end are ignored; NumPy's bracketed print ("[[1. 2.]\n [3. 4.]]") is accepted.
// Every row needs the same number of values; every value must be a finite number within
// ±1e6 (the scene limit). At most `maxValues` values.
MatrixReadResult parseMatrixText(const std::string &text, std::size_t maxValues = std::size_t(1) << 24);

// Tab-separated text, one row a line, each value the shortest text that reads back to the same
// float.
std::string matrixToTsv(const Eigen::Ref<const Matrix> &m);
// The same with commas.
std::string matrixToCsv(const Eigen::Ref<const Matrix> &m);

// NumPy .npy (format 1.0–3.0): a 1-D or 2-D array of little-endian float32 ('<f4') or float64
// ('<f8') in C order (Fortran order is refused, as are other dtypes and shapes). A 1-D array is
// one row. Checks the header and that the data length matches the shape before reading.
MatrixReadResult parseNpy(const std::string &bytes, std::size_t maxValues = std::size_t(1) << 24);
// A float32 C-order .npy of the matrix (format 1.0).
std::string matrixToNpy(const Eigen::Ref<const Matrix> &m);

} // namespace attnlab::core
