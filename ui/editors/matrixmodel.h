#pragma once
// A table model over one editable matrix of the Document's scene. Edits through setData()
// become undo commands on the Document; the model never changes the scene itself.

#include "core/types.h"
#include "ui/document/historytext.h"
#include "ui/document/matrixid.h"

#include <QAbstractTableModel>
#include <QColor>

#include <optional>

namespace attnlab::core {
struct Edit;
}

namespace attnlab::ui {

class Document;

class MatrixModel : public QAbstractTableModel {
    Q_OBJECT
public:
    MatrixModel(Document *document, MatrixId matrix, QObject *parent = nullptr);

    MatrixId matrix() const { return m_matrix; }
    Document *document() const { return m_document; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    // Accepts a number (or text that reads as one, in the C or the user's locale); anything
    // else, or a value outside the allowed range, is refused and inputRefused() says why.
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

    // The value of the cell; 0 outside the matrix.
    core::Scalar value(int row, int column) const;
    // Replaces the cells from (row, column) on with `block` as one undo step named `what`; false
    // (and inputRefused() with the reason) when the block does not fit or holds a bad value.
    bool replaceBlock(int row, int column, const core::Matrix &block, const HistoryText &what);
    // The whole matrix as the scene holds it.
    core::Matrix matrixValues() const;
    // The number `text` stands for, or nothing with the reason in `reason`.
    static std::optional<core::Scalar> parseValue(const QString &text, QString *reason);
    // Blue for negative, white for 0, red for positive, scaled by the largest magnitude.
    static QColor cellColor(double value, double maxAbs);

Q_SIGNALS:
    void inputRefused(const QString &reason);

private:
    void onSceneChanged(const core::Edit &edit);
    void reset();
    void updateRange();

    Document *m_document;
    MatrixId m_matrix;
    int m_rows = 0;
    int m_columns = 0;
    double m_maxAbs = 1;
};

} // namespace attnlab::ui
