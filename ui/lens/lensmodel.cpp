#include "ui/lens/lensmodel.h"

#include "ui/model/modelsession.h"
#include "ui/model/predictionpanel.h"
#include "ui/plot/colormaps.h"

#include <QFont>

#include <algorithm>

namespace attnlab::ui {

namespace model = core::model;

LensModel::LensModel(ModelSession *session, QObject *parent)
    : QAbstractTableModel(parent)
    , m_session(session)
{
}

void LensModel::reset()
{
    beginResetModel();
    const model::ForwardRunner *runner = m_session->runner();
    const bool shown = runner && m_session->isComputed() && runner->canPredict();
    m_tokens = shown ? m_session->displayTokens() : QStringList();
    m_layers = shown ? runner->layers() : 0;
    m_position = shown ? m_session->predictionPosition() : -1;
    m_rows.assign(size_t(m_tokens.size()), {});
    endResetModel();
}

void LensModel::setRow(int row, std::vector<std::vector<model::TokenProbability>> top)
{
    if (row < 0 || row >= rowCount() || int(top.size()) != columnCount())
        return;
    m_rows[size_t(row)] = std::move(top);
    Q_EMIT dataChanged(index(row, 0), index(row, columnCount() - 1));
}

bool LensModel::hasRow(int row) const
{
    return row >= 0 && row < rowCount() && !m_rows[size_t(row)].empty();
}

std::vector<int> LensModel::missingRows(int first, int last) const
{
    std::vector<int> rows;
    for (int r = std::max(0, first); r <= std::min(last, rowCount() - 1); ++r)
        if (!hasRow(r))
            rows.push_back(r);
    return rows;
}

const model::TokenProbability *LensModel::top(int row, int layer) const
{
    if (!hasRow(row) || layer < 0 || layer >= columnCount() || m_rows[size_t(row)][size_t(layer)].empty())
        return nullptr;
    return &m_rows[size_t(row)][size_t(layer)].front();
}

int LensModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_tokens.size());
}

int LensModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || m_tokens.isEmpty() ? 0 : m_layers + 1;
}

QVariant LensModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const model::TokenProbability *t = top(index.row(), index.column());
    switch (role) {
    case Qt::DisplayRole:
        if (!t)
            return QStringLiteral("…");
        return QStringLiteral("%1\n%2").arg(
            m_session->tokenDisplay(t->id), PredictionPanel::percentText(t->probability));
    case Qt::ToolTipRole:
        return cellToolTip(index.row(), index.column());
    case Qt::BackgroundRole:
    case Qt::ForegroundRole: {
        if (!t)
            return {};
        // QCPColorGradient gives a QRgb, which a view would not take for a brush.
        const QColor fill = QColor::fromRgba(
            sequentialGradient(QStringLiteral("viridis")).color(double(t->probability), QCPRange(0, 1)));
        return role == Qt::BackgroundRole ? fill : contrastingText(fill);
    }
    case Qt::TextAlignmentRole:
        return int(Qt::AlignCenter);
    case Qt::FontRole:
        if (index.row() == m_position && index.column() == m_layers) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    default:
        return {};
    }
}

QString LensModel::cellToolTip(int row, int layer) const
{
    const QString where = layer == 0
        ? tr("From the embeddings of token %1 “%2”, before any layer:").arg(row + 1).arg(m_tokens.value(row))
        : tr("After layer %1 at token %2 “%3”:").arg(layer).arg(row + 1).arg(m_tokens.value(row));
    if (!hasRow(row))
        return where + QLatin1Char('\n') + tr("not computed yet: it is computed when it scrolls into view.");
    QStringList lines {where};
    for (const model::TokenProbability &t : m_rows[size_t(row)][size_t(layer)])
        lines << QStringLiteral("“%1”  %2")
                     .arg(m_session->tokenDisplay(t.id), PredictionPanel::percentText(t.probability));
    if (row == m_position && layer == m_layers)
        lines << tr("This is the model's own prediction.");
    return lines.join(QLatin1Char('\n'));
}

QVariant LensModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal) {
        if (role == Qt::DisplayRole)
            return section == 0 ? tr("emb") : QString::number(section);
        if (role == Qt::ToolTipRole)
            return section == 0 ? tr("Layer 0: the embeddings, before any layer")
                                : tr("The residual stream after layer %1").arg(section);
        return {};
    }
    if (section < 0 || section >= m_tokens.size())
        return {};
    if (role == Qt::DisplayRole)
        return section == m_position ? QStringLiteral("▶ %1").arg(m_tokens[section]) : m_tokens[section];
    if (role == Qt::ToolTipRole)
        return section == m_position ? tr("Token %1: where the model's prediction is read").arg(section + 1)
                                     : tr("Token %1").arg(section + 1);
    return {};
}

} // namespace attnlab::ui
