#pragma once
// A table view for a MatrixModel that adds scrubbing: dragging sideways on a cell, or turning
// the wheel over the selected cell, changes its value continuously. Each step is a continuous
// Document::setCell, so one drag is one history entry.

#include <QModelIndex>
#include <QPoint>
#include <QTableView>

namespace attnlab::ui {

class MatrixModel;

class MatrixTableView : public QTableView {
    Q_OBJECT
public:
    explicit MatrixTableView(MatrixModel *model, QWidget *parent = nullptr);
    ~MatrixTableView() override;

    // The value change per pixel of drag (per wheel notch: ten times that) under `modifiers`.
    static double stepFor(Qt::KeyboardModifiers modifiers);

    // Ctrl+C: the selected cells (their bounding rectangle) as tab-separated text, what
    // spreadsheets and NumPy exchange. Ctrl+V: tab-separated, CSV or NumPy-printed numbers
    // replace the cells from the selection's top-left corner on, as one undo step; a single
    // value fills the whole selection.
    void copySelection();
    bool paste(const QString &text);

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void endScrub();
    void scrubTo(const QModelIndex &index, double value);

    MatrixModel *m_model;
    QModelIndex m_pressIndex;
    QPoint m_pressPos;
    double m_startValue = 0;
    bool m_scrubbing = false;
};

} // namespace attnlab::ui
