#include "ui/editors/matrixmodel.h"

#include "core/scene/limits.h"
#include "ui/document/document.h"
#include "ui/i18n/coremessages.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace attnlab::ui {

MatrixModel::MatrixModel(Document *document, MatrixId matrix, QObject *parent)
    : QAbstractTableModel(parent)
    , m_document(document)
    , m_matrix(matrix)
{
    connect(m_document, &Document::sceneReset, this, &MatrixModel::reset);
    connect(m_document, &Document::sceneChanged, this, &MatrixModel::onSceneChanged);
    const core::Scene &s = m_document->scene();
    if (hasMatrix(s, m_matrix)) {
        m_rows = int(matrixRef(s, m_matrix).rows());
        m_columns = int(matrixRef(s, m_matrix).cols());
    }
    updateRange();
}

int MatrixModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int MatrixModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_columns;
}

core::Scalar MatrixModel::value(int row, int column) const
{
    const core::Scene &s = m_document->scene();
    if (!hasMatrix(s, m_matrix))
        return 0;
    const auto m = matrixRef(s, m_matrix);
    if (row < 0 || column < 0 || row >= m.rows() || column >= m.cols())
        return 0;
    return m(row, column);
}

QColor MatrixModel::cellColor(double value, double maxAbs)
{
    const double t = maxAbs > 0 ? std::clamp(value / maxAbs, -1.0, 1.0) : 0.0;
    // Ends of the diverging map: a calm blue and red that keep black text readable near 0
    // and white text readable at the extremes.
    const QColor end = t < 0 ? QColor(33, 102, 172) : QColor(178, 24, 43);
    const QColor mid(247, 247, 247);
    const double a = std::abs(t);
    return QColor::fromRgbF(float(mid.redF() + (end.redF() - mid.redF()) * a),
        float(mid.greenF() + (end.greenF() - mid.greenF()) * a), float(mid.blueF() + (end.blueF() - mid.blueF()) * a));
}

QVariant MatrixModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows || index.column() >= m_columns)
        return {};
    const double v = value(index.row(), index.column());
    switch (role) {
    case Qt::DisplayRole:
        return QLocale().toString(v, 'f', 2);
    case Qt::EditRole:
        return v;
    case Qt::ToolTipRole:
        return tr("%1[%2][%3] = %4\nDouble-click or type to edit; drag sideways or use the wheel on the "
                  "selected cell to scrub (Shift: coarse, Ctrl: fine).")
            .arg(matrixKey(m_matrix))
            .arg(index.row())
            .arg(index.column())
            .arg(QLocale().toString(v, 'g', 7));
    case Qt::BackgroundRole:
        return cellColor(v, m_maxAbs);
    case Qt::ForegroundRole: {
        const QColor bg = cellColor(v, m_maxAbs);
        return bg.lightnessF() < 0.55 ? QColor(Qt::white) : QColor(Qt::black);
    }
    case Qt::TextAlignmentRole:
        return int(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant MatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const core::Scene &s = m_document->scene();
    if (orientation == Qt::Vertical) {
        QString token;
        if (m_matrix == MatrixId::Embeddings && section < int(s.vocabulary.size()))
            token = QString::fromStdString(s.vocabulary[size_t(section)]);
        else if ((m_matrix == MatrixId::DirectQ || m_matrix == MatrixId::DirectK || m_matrix == MatrixId::DirectV
                     || m_matrix == MatrixId::X)
            && section < s.tokenCount())
            token = QString::fromStdString(s.tokens[size_t(section)]);
        if (role == Qt::ToolTipRole && m_matrix == MatrixId::Embeddings && !token.isEmpty()
            && std::find(s.tokens.begin(), s.tokens.end(), s.vocabulary[size_t(section)]) == s.tokens.end())
            return tr("Row %1: token “%2”, not in the sentence now. Its values are kept for when it returns; "
                      "Settings → Remove unused rows deletes it.")
                .arg(section)
                .arg(token);
        if (role == Qt::ToolTipRole)
            return token.isEmpty() ? tr("Row %1").arg(section) : tr("Row %1: token “%2”").arg(section).arg(token);
        return token.isEmpty() ? QString::number(section) : QStringLiteral("%1 %2").arg(section).arg(token);
    }
    const bool headColumns = !s.direct && s.heads > 1 && s.dK > 0
        && (m_matrix == MatrixId::WQ || m_matrix == MatrixId::WK || m_matrix == MatrixId::WV || m_matrix == MatrixId::BQ
            || m_matrix == MatrixId::BK || m_matrix == MatrixId::BV);
    if (role == Qt::ToolTipRole)
        return headColumns
            ? tr("Column %1: dimension %2 of head %3").arg(section).arg(section % s.dK).arg(section / s.dK + 1)
            : tr("Column %1").arg(section);
    // Matrix indices count from 0, heads from 1 and always with the word (the glossary's rule).
    return headColumns ? tr("%1\nhead %2").arg(section).arg(section / s.dK + 1) : QString::number(section);
}

Qt::ItemFlags MatrixModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable | Qt::ItemNeverHasChildren;
}

std::optional<core::Scalar> MatrixModel::parseValue(const QString &raw, QString *reason)
{
    QString text = raw.trimmed();
    // A typographic minus, as pasted from slides or the app's own labels.
    text.replace(QChar(0x2212), QLatin1Char('-'));
    bool ok = false;
    double v = QLocale::c().toDouble(text, &ok);
    if (!ok)
        v = QLocale().toDouble(text, &ok);
    const auto refuse = [reason](const QString &why) {
        if (reason)
            *reason = why;
        return std::nullopt;
    };
    if (!ok || text.isEmpty())
        return refuse(tr("“%1” is not a number.").arg(raw));
    if (!std::isfinite(v))
        return refuse(tr("Only finite numbers are allowed, not “%1”.").arg(raw));
    if (std::abs(v) > core::limits::kMaxAbsValue)
        return refuse(tr("Values must lie between −1000000 and 1000000."));
    return core::Scalar(v);
}

bool MatrixModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !index.isValid() || index.row() >= m_rows || index.column() >= m_columns)
        return false;
    QString reason;
    std::optional<core::Scalar> v;
    if (value.typeId() == QMetaType::Double || value.typeId() == QMetaType::Float || value.typeId() == QMetaType::Int) {
        v = parseValue(QString::number(value.toDouble(), 'g', 17), &reason);
        if (!v && !std::isfinite(value.toDouble()))
            reason = tr("Only finite numbers are allowed.");
    } else {
        v = parseValue(value.toString(), &reason);
    }
    if (!v) {
        Q_EMIT inputRefused(reason);
        return false;
    }
    m_document->setCell(m_matrix, index.row(), index.column(), *v);
    return true;
}

bool MatrixModel::replaceBlock(int row, int column, const core::Matrix &block, const HistoryText &what)
{
    if (row < 0 || column < 0 || block.size() == 0 || row + block.rows() > m_rows
        || column + block.cols() > m_columns) {
        Q_EMIT inputRefused(tr("Not applied: %1 × %2 values do not fit at row %3, column %4 of %5, which is %6 × %7.")
                                .arg(block.rows())
                                .arg(block.cols())
                                .arg(row)
                                .arg(column)
                                .arg(matrixKey(m_matrix))
                                .arg(m_rows)
                                .arg(m_columns));
        return false;
    }
    core::Scene scene = m_document->scene();
    matrixRef(scene, m_matrix).block(row, column, block.rows(), block.cols()) = block;
    const std::vector<core::Problem> problems = core::validate(scene);
    if (!problems.empty()) {
        const core::Problem &p = problems.front();
        Q_EMIT inputRefused(tr("Not applied: %1").arg(problemText(p)));
        return false;
    }
    core::Edit edit;
    edit.target = editTarget(m_matrix);
    m_document->changeScene(scene, what, edit);
    return true;
}

core::Matrix MatrixModel::matrixValues() const
{
    return matrixRef(m_document->scene(), m_matrix);
}

void MatrixModel::onSceneChanged(const core::Edit &edit)
{
    const core::Scene &s = m_document->scene();
    const bool exists = hasMatrix(s, m_matrix);
    const int rows = exists ? int(matrixRef(s, m_matrix).rows()) : 0;
    const int cols = exists ? int(matrixRef(s, m_matrix).cols()) : 0;
    if (edit.target == core::Edit::Target::Everything || rows != m_rows || cols != m_columns) {
        reset();
        return;
    }
    if (edit.target != editTarget(m_matrix) || m_rows == 0 || m_columns == 0)
        return;
    const double before = m_maxAbs;
    updateRange();
    if (before == m_maxAbs && edit.row >= 0 && edit.column >= 0) {
        const QModelIndex i = index(edit.row, edit.column);
        Q_EMIT dataChanged(i, i);
    } else {
        // The colour scale moved: every cell's colour may have changed.
        Q_EMIT dataChanged(index(0, 0), index(m_rows - 1, m_columns - 1));
    }
}

void MatrixModel::reset()
{
    beginResetModel();
    const core::Scene &s = m_document->scene();
    const bool exists = hasMatrix(s, m_matrix);
    m_rows = exists ? int(matrixRef(s, m_matrix).rows()) : 0;
    m_columns = exists ? int(matrixRef(s, m_matrix).cols()) : 0;
    updateRange();
    endResetModel();
    // A reset with the same row count leaves QHeaderView's cached width; the row labels
    // (the tokens) may have changed, so say so or a longer token is cut off.
    if (m_rows > 0)
        Q_EMIT headerDataChanged(Qt::Vertical, 0, m_rows - 1);
}

void MatrixModel::updateRange()
{
    const core::Scene &s = m_document->scene();
    double maxAbs = 0;
    if (hasMatrix(s, m_matrix) && matrixRef(s, m_matrix).size() > 0)
        maxAbs = double(matrixRef(s, m_matrix).cwiseAbs().maxCoeff());
    m_maxAbs = maxAbs > 0 ? maxAbs : 1;
}

} // namespace attnlab::ui
