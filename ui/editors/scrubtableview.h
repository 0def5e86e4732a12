#pragma once
// A table view whose number cells scrub: dragging sideways on a cell, or turning the wheel over
// the selected cell, changes its value continuously (0.01 per pixel; Shift 0.1, Ctrl 0.001; a
// wheel notch ten pixels). What a step does is the subclass's: the scene's matrices push
// Document::setCell, the block board's weights ModelSession::editBlockCells, each merging one
// gesture's steps into one history entry.

#include <QModelIndex>
#include <QPoint>
#include <QTableView>

namespace attnlab::ui {

class ScrubTableView : public QTableView {
    Q_OBJECT
public:
    explicit ScrubTableView(QWidget *parent = nullptr);

    // The value change per pixel of drag (per wheel notch: ten times that) under `modifiers`.
    static double stepFor(Qt::KeyboardModifiers modifiers);
    // A drag is under way (between scrubStarted() and scrubFinished()).
    bool isDragging() const { return m_scrubbing; }

protected:
    // The number the cell holds, exactly (a drag back to where it began puts it back).
    virtual double cellValue(const QModelIndex &index) const = 0;
    // A drag of `index` begins, once the mouse has moved the start-drag distance sideways.
    virtual void scrubStarted(const QModelIndex &index) = 0;
    // One step: `index` is to hold `value`. A drag's steps come between scrubStarted() and
    // scrubFinished(); a wheel notch comes alone (isDragging() false).
    virtual void scrubbed(const QModelIndex &index, double value) = 0;
    virtual void scrubFinished() = 0;
    // Ends a drag under way. A subclass calls it from its destructor (the base's cannot reach the
    // subclass's scrubFinished()).
    void endScrub();

    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    QModelIndex m_pressIndex;
    QPoint m_pressPos;
    double m_startValue = 0;
    bool m_scrubbing = false;
};

} // namespace attnlab::ui
