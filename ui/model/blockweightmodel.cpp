#include "ui/model/blockweightmodel.h"

#include "ui/editors/matrixmodel.h"
#include "ui/model/modelsession.h"

#include <QColor>
#include <QLocale>

namespace attnlab::ui {

namespace model = core::model;

BlockWeightModel::BlockWeightModel(ModelSession *session, QObject *parent)
    : QAbstractTableModel(parent)
    , m_session(session)
{
    connect(m_session, &ModelSession::computed, this, &BlockWeightModel::reload);
    // A tensor chosen while a read job held the worker (the block board reading its stages when
    // it opens) has no values yet, and a read ends without computed(): fill it once idle.
    connect(m_session, &ModelSession::busyChanged, this, [this](bool busy) {
        if (!busy && m_values.size() == 0)
            reload();
    });
    connect(m_session, &ModelSession::modelLoaded, this, [this] { setTensor(-1, m_tensor); });
}

void BlockWeightModel::setTensor(int layer, model::BlockTensor tensor)
{
    beginResetModel();
    m_layer = layer;
    m_tensor = tensor;
    m_values.resize(0, 0);
    endResetModel();
    reload();
}

QString BlockWeightModel::tensorName() const
{
    const model::ModelConfig *config = m_session->config();
    return config ? QString::fromStdString(model::blockTensorName(*config->family, m_tensor)) : QString();
}

void BlockWeightModel::reload()
{
    const model::BlockShape shape = m_session->blockTensorShape(m_layer, m_tensor);
    const model::ForwardRunner *runner = m_session->runner();
    if (shape.rows == 0 || !runner)
        return; // busy: the values come with the next computed()
    const core::Matrix values = runner->blockTensor(m_layer, m_tensor);
    const bool sameShape = values.rows() == m_values.rows() && values.cols() == m_values.cols();
    if (!sameShape)
        beginResetModel();
    m_values = values;
    const double maxAbs = m_values.size() > 0 ? double(m_values.cwiseAbs().maxCoeff()) : 0;
    m_maxAbs = maxAbs > 0 ? maxAbs : 1;
    if (!sameShape)
        endResetModel();
    else if (m_values.size() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

int BlockWeightModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_values.rows());
}

int BlockWeightModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_values.cols());
}

core::Scalar BlockWeightModel::value(int row, int column) const
{
    if (row < 0 || column < 0 || row >= m_values.rows() || column >= m_values.cols())
        return 0;
    return m_values(row, column);
}

QVariant BlockWeightModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_values.rows() || index.column() >= m_values.cols())
        return {};
    const double v = value(index.row(), index.column());
    switch (role) {
    case Qt::DisplayRole:
        return QLocale().toString(v, 'f', 3);
    case Qt::EditRole:
        // As text, so the editor is a line edit that takes any precision.
        return QString::number(v, 'g', 7);
    case Qt::ToolTipRole:
        return tr("%1[%2][%3] of layer %4 = %5\nDouble-click or type to edit, or drag sideways to scrub (the "
                  "wheel scrubs the selected cell); the model runs again from this layer and the prediction "
                  "shows its old value beside the new one.")
            .arg(tensorName())
            .arg(index.row())
            .arg(index.column())
            .arg(m_layer + 1)
            .arg(QLocale().toString(v, 'g', 7));
    case Qt::BackgroundRole:
        return MatrixModel::cellColor(v, m_maxAbs);
    case Qt::ForegroundRole:
        return MatrixModel::cellColor(v, m_maxAbs).lightnessF() < 0.55 ? QColor(Qt::white) : QColor(Qt::black);
    case Qt::TextAlignmentRole:
        return int(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant BlockWeightModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const bool matrix = model::blockTensorSpec(m_tensor).matrix;
    if (role == Qt::DisplayRole)
        return QString::number(section);
    // Matrix indices count from 0 (the glossary's rule); rows are inputs, columns outputs.
    if (!matrix)
        return orientation == Qt::Vertical ? QString() : tr("Dimension %1").arg(section);
    return orientation == Qt::Vertical ? tr("Row %1: the weights input dimension %1 feeds to every output").arg(section)
                                       : tr("Column %1: the weights output dimension %1 sums").arg(section);
}

Qt::ItemFlags BlockWeightModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable | Qt::ItemNeverHasChildren;
}

bool BlockWeightModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !index.isValid())
        return false;
    QString reason;
    const std::optional<core::Scalar> v = MatrixModel::parseValue(value.toString(), &reason);
    if (!v) {
        Q_EMIT inputRefused(reason);
        return false;
    }
    return setValue(index.row(), index.column(), *v);
}

bool BlockWeightModel::setValue(int row, int column, core::Scalar value, int gesture)
{
    if (row < 0 || column < 0 || row >= m_values.rows() || column >= m_values.cols())
        return false;
    if (!m_session->editBlockCells(m_layer, m_tensor, row, column, core::Matrix::Constant(1, 1, value), gesture))
        return false;
    // Shown at once; the runner's copy follows when the edit's run finishes.
    m_values(row, column) = value;
    const QModelIndex i = index(row, column);
    Q_EMIT dataChanged(i, i);
    return true;
}

} // namespace attnlab::ui
