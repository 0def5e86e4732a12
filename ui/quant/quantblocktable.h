#pragma once
// The parts of one quantization block (core/gguf/quantblock.h) as a table, one row per weight:
// its column in the matrix, its group (a k-quant's sub-block), the integer code as stored, the
// group's scale and min, the dequantized value and, when an original is open, the original value
// and the error. The heading above the table says where the block lies, its d (and m or dmin) and
// the type's formula.

#include "core/gguf/quantblock.h"

#include <QWidget>

#include <vector>

class QLabel;
class QTableWidget;

namespace attnlab::ui {

class QuantBlockTable : public QWidget {
    Q_OBJECT
public:
    explicit QuantBlockTable(QWidget *parent = nullptr);

    // `block` of a matrix `cols` wide out of `blocks`; `original` (may be null) the original
    // matrix's values, indexed as the matrix.
    void setBlock(const core::gguf::QuantBlock &block, int cols, std::uint64_t blocks, const float *original);
    void clear();
    QTableWidget *table() const { return m_table; }
    QString heading() const;
    void retranslate();
    // The decimals of the window's one number format (ui/plot's formatCellValue, fixed decimals,
    // never a power of ten beside plain decimals): enough that the smallest nonzero |value| keeps
    // three significant digits, 3 to 9. Infinities and NaN are ignored.
    static int sharedDecimals(const std::vector<double> &values);

protected:
    void changeEvent(QEvent *event) override;

private:
    void fill();

    QLabel *m_heading;
    QTableWidget *m_table;
    core::gguf::QuantBlock m_block;
    int m_cols = 0;
    std::uint64_t m_blocks = 0;
    const float *m_original = nullptr;
};

} // namespace attnlab::ui
