#pragma once
// A table model over one weight tensor of one block of the session's model (the norms, W_O, the
// MLP's matrices: core/model/family/blocktensor.h), in the block board's orientation. Edits
// through setData() become undo steps on the session (ModelSession::editBlockCells); the model
// never changes the weights itself. It shows the runner's values, re-read after every finished
// run, and a cell just edited at once.

#include "core/model/family/blocktensor.h"
#include "core/types.h"

#include <QAbstractTableModel>

namespace attnlab::ui {

class ModelSession;

class BlockWeightModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit BlockWeightModel(ModelSession *session, QObject *parent = nullptr);

    // Shows `tensor` of `layer` (0-based); nothing when the layer lacks it.
    void setTensor(int layer, core::model::BlockTensor tensor);
    int layer() const { return m_layer; }
    core::model::BlockTensor tensor() const { return m_tensor; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    // Accepts a number or text that reads as one (MatrixModel::parseValue); anything else is
    // refused and inputRefused() says why.
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

    // The value the cell shows; 0 outside the tensor.
    core::Scalar value(int row, int column) const;
    // Pushes the edit of one cell: one undo step, or a step of scrub gesture `gesture`
    // (ModelSession::editBlockCells) that merges with the gesture's others.
    bool setValue(int row, int column, core::Scalar value, int gesture = 0);
    ModelSession *session() const { return m_session; }

Q_SIGNALS:
    void inputRefused(const QString &reason);

private:
    // Re-reads the values from the runner when it is idle; the shape from the checkpoint.
    void reload();
    QString tensorName() const;

    ModelSession *m_session;
    int m_layer = -1;
    core::model::BlockTensor m_tensor = core::model::BlockTensor::MlpIn;
    core::Matrix m_values;
    double m_maxAbs = 1;
};

} // namespace attnlab::ui
