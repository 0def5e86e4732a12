#pragma once
// A table view for a MatrixModel that scrubs (ScrubTableView): each step is a continuous
// Document::setCell, so one drag is one history entry.

#include "ui/editors/scrubtableview.h"

namespace attnlab::ui {

class MatrixModel;

class MatrixTableView : public ScrubTableView {
    Q_OBJECT
public:
    explicit MatrixTableView(MatrixModel *model, QWidget *parent = nullptr);
    ~MatrixTableView() override;

    // Ctrl+C: the selected cells (their bounding rectangle) as tab-separated text, what
    // spreadsheets and NumPy exchange. Ctrl+V: tab-separated, CSV or NumPy-printed numbers
    // replace the cells from the selection's top-left corner on, as one undo step; a single
    // value fills the whole selection.
    void copySelection();
    bool paste(const QString &text);

Q_SIGNALS:
    // The state of what is being typed into a cell: why the text would be refused, or empty when
    // nothing is wrong any more (an editor opened afresh, a valid number typed, Esc pressed).
    void typedTextChecked(const QString &error);

protected:
    double cellValue(const QModelIndex &index) const override;
    void scrubStarted(const QModelIndex &index) override;
    void scrubbed(const QModelIndex &index, double value) override;
    void scrubFinished() override;
    void keyPressEvent(QKeyEvent *event) override;
    void closeEditor(QWidget *editor, QAbstractItemDelegate::EndEditHint hint) override;

private:
    MatrixModel *m_model;
};

} // namespace attnlab::ui
