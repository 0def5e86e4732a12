#include "ui/editors/matrixtableview.h"

#include "core/json/matrixfile.h"
#include "ui/document/document.h"
#include "ui/editors/matrixmodel.h"
#include "ui/i18n/coremessages.h"

#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLineEdit>
#include <QStyledItemDelegate>
#include <QToolTip>
#include <QUndoStack>

#include <algorithm>

namespace attnlab::ui {

namespace {

// Edits a cell as text and says at once, in the editor, why the text would be refused.
// The view hears the verdict too, so the line under the matrix says the same.
class CellDelegate : public QStyledItemDelegate {
public:
    explicit CellDelegate(MatrixTableView *view)
        : QStyledItemDelegate(view)
        , m_view(view)
    {
    }

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &, const QModelIndex &) const override
    {
        auto *edit = new QLineEdit(parent);
        edit->setFrame(false);
        // A new edit starts clean: an earlier cell's refusal is no longer news.
        Q_EMIT m_view->typedTextChecked(QString());
        connect(edit, &QLineEdit::textEdited, edit, [edit, view = m_view](const QString &text) {
            QString reason;
            const bool ok = MatrixModel::parseValue(text, &reason).has_value();
            Q_EMIT view->typedTextChecked(ok ? QString() : reason);
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

private:
    MatrixTableView *m_view;
};

} // namespace

MatrixTableView::MatrixTableView(MatrixModel *model, QWidget *parent)
    : ScrubTableView(parent)
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

double MatrixTableView::cellValue(const QModelIndex &index) const
{
    return m_model->value(index.row(), index.column());
}

void MatrixTableView::scrubStarted(const QModelIndex &index)
{
    // The macro keeps this drag's steps together and apart from an earlier drag of the same
    // cell, which would otherwise merge with it.
    m_model->document()->beginScrub(m_model->matrix(),
        tr("Scrub %1[%2][%3]").arg(matrixKey(m_model->matrix())).arg(index.row()).arg(index.column()));
}

void MatrixTableView::scrubbed(const QModelIndex &index, double value)
{
    m_model->document()->setCell(m_model->matrix(), index.row(), index.column(), core::Scalar(value), true);
}

void MatrixTableView::scrubFinished()
{
    m_model->document()->endScrub();
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
    // Esc dismisses the last refusal as it dismisses an edit.
    if (event->key() == Qt::Key_Escape)
        Q_EMIT typedTextChecked(QString());
    QTableView::keyPressEvent(event);
}

void MatrixTableView::closeEditor(QWidget *editor, QAbstractItemDelegate::EndEditHint hint)
{
    // Esc in the cell editor: the text typed is dropped, and with it what was wrong with it.
    if (hint == QAbstractItemDelegate::RevertModelCache)
        Q_EMIT typedTextChecked(QString());
    ScrubTableView::closeEditor(editor, hint);
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
