#include "ui/editors/matrixtableview.h"

#include "core/json/matrixfile.h"
#include "core/scene/limits.h"
#include "ui/document/document.h"
#include "ui/editors/matrixmodel.h"
#include "ui/i18n/coremessages.h"

#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMouseEvent>
#include <QStyledItemDelegate>
#include <QToolTip>
#include <QUndoStack>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace attnlab::ui {

namespace {

// Edits a cell as text and says at once, in the editor, why the text would be refused.
class CellDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &, const QModelIndex &) const override
    {
        auto *edit = new QLineEdit(parent);
        edit->setFrame(false);
        connect(edit, &QLineEdit::textEdited, edit, [edit](const QString &text) {
            QString reason;
            const bool ok = MatrixModel::parseValue(text, &reason).has_value();
            edit->setStyleSheet(ok ? QString() : QStringLiteral("QLineEdit { background: #ffd7d7; }"));
            edit->setToolTip(ok ? QString() : reason);
            if (ok)
                QToolTip::hideText();
            else
                QToolTip::showText(edit->mapToGlobal(QPoint(0, edit->height())), reason, edit);
        });
        return edit;
    }

    void setEditorData(QWidget *editor, const QModelIndex &index) const override
    {
        static_cast<QLineEdit *>(editor)->setText(QString::number(index.data(Qt::EditRole).toDouble(), 'g', 7));
        static_cast<QLineEdit *>(editor)->selectAll();
    }

    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override
    {
        model->setData(index, static_cast<QLineEdit *>(editor)->text(), Qt::EditRole);
    }
};

// Rounds to the finest step, so that repeated float additions do not leave 0.30000001 in a
// cell; the value is not snapped to the coarser steps, so a first notch moves by a full step.
double tidy(double value)
{
    return std::round(value * 1000.0) / 1000.0;
}

} // namespace

MatrixTableView::MatrixTableView(MatrixModel *model, QWidget *parent)
    : QTableView(parent)
    , m_model(model)
{
    setModel(model);
    setItemDelegate(new CellDelegate(this));
    setEditTriggers(
        QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed | QAbstractItemView::AnyKeyPressed);
    setSelectionMode(QAbstractItemView::SingleSelection);
    horizontalHeader()->setDefaultSectionSize(56);
    horizontalHeader()->setMinimumSectionSize(40);
    verticalHeader()->setDefaultSectionSize(24);
    // A very long token must not push the numbers out of view: its row header is elided (the
    // header's tooltip has it in full).
    verticalHeader()->setMaximumWidth(verticalHeader()->fontMetrics().averageCharWidth() * 16);
    verticalHeader()->setTextElideMode(Qt::ElideRight);
    setToolTip(tr("Double-click or start typing to edit a cell. Drag sideways on a cell to scrub its value; "
                  "the mouse wheel scrubs the selected cell. Shift: coarse steps, Ctrl: fine steps."));
}

MatrixTableView::~MatrixTableView()
{
    endScrub();
}

double MatrixTableView::stepFor(Qt::KeyboardModifiers modifiers)
{
    if (modifiers & Qt::ShiftModifier)
        return 0.1;
    if (modifiers & (Qt::ControlModifier | Qt::AltModifier))
        return 0.001;
    return 0.01;
}

void MatrixTableView::scrubTo(const QModelIndex &index, double value)
{
    value = std::clamp(value, -core::limits::kMaxAbsValue, core::limits::kMaxAbsValue);
    m_model->document()->setCell(m_model->matrix(), index.row(), index.column(), core::Scalar(value), true);
}

void MatrixTableView::mousePressEvent(QMouseEvent *event)
{
    m_scrubbing = false;
    m_pressIndex = QModelIndex();
    if (event->button() == Qt::LeftButton) {
        m_pressIndex = indexAt(event->position().toPoint());
        m_pressPos = event->position().toPoint();
        m_startValue = m_pressIndex.isValid() ? m_pressIndex.data(Qt::EditRole).toDouble() : 0;
    }
    QTableView::mousePressEvent(event);
}

void MatrixTableView::mouseMoveEvent(QMouseEvent *event)
{
    if (!(event->buttons() & Qt::LeftButton) || !m_pressIndex.isValid()) {
        QTableView::mouseMoveEvent(event);
        return;
    }
    const int dx = event->position().toPoint().x() - m_pressPos.x();
    if (!m_scrubbing && std::abs(dx) < QApplication::startDragDistance()) {
        return;
    }
    if (!m_scrubbing) {
        m_scrubbing = true;
        setCursor(Qt::SizeHorCursor);
        // The macro keeps this drag's steps together and apart from an earlier drag of the same
        // cell, which would otherwise merge with it.
        m_model->document()->undoStack()->beginMacro(tr("Scrub %1[%2][%3]")
                                                         .arg(matrixKey(m_model->matrix()))
                                                         .arg(m_pressIndex.row())
                                                         .arg(m_pressIndex.column()));
        selectionModel()->setCurrentIndex(m_pressIndex, QItemSelectionModel::ClearAndSelect);
    }
    const double value = tidy(m_startValue + dx * stepFor(event->modifiers()));
    scrubTo(m_pressIndex, value);
}

void MatrixTableView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_scrubbing) {
        endScrub();
        event->accept();
        return;
    }
    m_pressIndex = QModelIndex();
    QTableView::mouseReleaseEvent(event);
}

void MatrixTableView::hideEvent(QHideEvent *event)
{
    endScrub();
    QTableView::hideEvent(event);
}

void MatrixTableView::endScrub()
{
    if (!m_scrubbing)
        return;
    m_scrubbing = false;
    unsetCursor();
    m_pressIndex = QModelIndex();
    m_model->document()->undoStack()->endMacro();
}

void MatrixTableView::wheelEvent(QWheelEvent *event)
{
    // Only the selected cell scrubs, so the wheel still scrolls a large matrix elsewhere.
    const QModelIndex index = indexAt(event->position().toPoint());
    // Some platforms turn Alt+wheel into horizontal scrolling.
    const int delta = event->angleDelta().y() != 0 ? event->angleDelta().y() : event->angleDelta().x();
    if (!index.isValid() || index != currentIndex() || state() == QAbstractItemView::EditingState || delta == 0) {
        QTableView::wheelEvent(event);
        return;
    }
    const double step = stepFor(event->modifiers()) * 10;
    const double notches = delta / 120.0;
    const double value = tidy(index.data(Qt::EditRole).toDouble() + notches * step);
    scrubTo(index, value);
    event->accept();
}

void MatrixTableView::keyPressEvent(QKeyEvent *event)
{
    if (event->matches(QKeySequence::Copy)) {
        copySelection();
        return;
    }
    if (event->matches(QKeySequence::Paste)) {
        paste(QApplication::clipboard()->text());
        return;
    }
    QTableView::keyPressEvent(event);
}

void MatrixTableView::copySelection()
{
    const QModelIndexList cells = selectionModel()->selectedIndexes();
    if (cells.isEmpty())
        return;
    int top = cells.front().row(), bottom = top, left = cells.front().column(), right = left;
    for (const QModelIndex &i : cells) {
        top = std::min(top, i.row());
        bottom = std::max(bottom, i.row());
        left = std::min(left, i.column());
        right = std::max(right, i.column());
    }
    const core::Matrix block = m_model->matrixValues().block(top, left, bottom - top + 1, right - left + 1);
    QApplication::clipboard()->setText(QString::fromStdString(core::matrixToTsv(block)));
}

bool MatrixTableView::paste(const QString &text)
{
    const core::MatrixReadResult read = core::parseMatrixText(text.toStdString());
    if (!read.ok()) {
        Q_EMIT m_model->inputRefused(tr("Not pasted: %1.").arg(coreMessageText(*read.error)));
        return false;
    }
    QModelIndexList cells = selectionModel()->selectedIndexes();
    if (cells.isEmpty() && currentIndex().isValid())
        cells << currentIndex();
    if (cells.isEmpty())
        cells << m_model->index(0, 0);
    int top = cells.front().row(), bottom = top, left = cells.front().column(), right = left;
    for (const QModelIndex &i : cells) {
        top = std::min(top, i.row());
        bottom = std::max(bottom, i.row());
        left = std::min(left, i.column());
        right = std::max(right, i.column());
    }
    core::Matrix block = read.matrix;
    if (block.size() == 1) // one value fills the selection, as in a spreadsheet
        block = core::Matrix::Constant(bottom - top + 1, right - left + 1, read.matrix(0, 0));
    return m_model->replaceBlock(top, left, block, [rows = block.rows(), cols = block.cols(), id = m_model->matrix()] {
        return tr("Paste %1 × %2 into %3").arg(rows).arg(cols).arg(matrixKey(id));
    });
}

} // namespace attnlab::ui
