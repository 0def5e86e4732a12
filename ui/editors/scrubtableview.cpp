#include "ui/editors/scrubtableview.h"

#include "core/scene/limits.h"

#include <QApplication>
#include <QMouseEvent>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace attnlab::ui {

namespace {

// Rounds to the finest step, so that repeated float additions do not leave 0.30000001 in a
// cell; the value is not snapped to the coarser steps, so a first notch moves by a full step.
double tidy(double value)
{
    return std::clamp(std::round(value * 1000.0) / 1000.0, -core::limits::kMaxAbsValue, core::limits::kMaxAbsValue);
}

} // namespace

ScrubTableView::ScrubTableView(QWidget *parent)
    : QTableView(parent)
{
}

double ScrubTableView::stepFor(Qt::KeyboardModifiers modifiers)
{
    if (modifiers & Qt::ShiftModifier)
        return 0.1;
    if (modifiers & (Qt::ControlModifier | Qt::AltModifier))
        return 0.001;
    return 0.01;
}

void ScrubTableView::mousePressEvent(QMouseEvent *event)
{
    m_scrubbing = false;
    m_pressIndex = QModelIndex();
    if (event->button() == Qt::LeftButton) {
        m_pressIndex = indexAt(event->position().toPoint());
        m_pressPos = event->position().toPoint();
        m_startValue = m_pressIndex.isValid() ? cellValue(m_pressIndex) : 0;
    }
    QTableView::mousePressEvent(event);
}

void ScrubTableView::mouseMoveEvent(QMouseEvent *event)
{
    if (!(event->buttons() & Qt::LeftButton) || !m_pressIndex.isValid()) {
        QTableView::mouseMoveEvent(event);
        return;
    }
    const int dx = event->position().toPoint().x() - m_pressPos.x();
    if (!m_scrubbing && std::abs(dx) < QApplication::startDragDistance())
        return;
    if (!m_scrubbing) {
        m_scrubbing = true;
        setCursor(Qt::SizeHorCursor);
        selectionModel()->setCurrentIndex(m_pressIndex, QItemSelectionModel::ClearAndSelect);
        scrubStarted(m_pressIndex);
    }
    // Back where the drag began is the value it began with, not that value rounded.
    scrubbed(m_pressIndex, dx == 0 ? m_startValue : tidy(m_startValue + dx * stepFor(event->modifiers())));
}

void ScrubTableView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_scrubbing) {
        endScrub();
        event->accept();
        return;
    }
    m_pressIndex = QModelIndex();
    QTableView::mouseReleaseEvent(event);
}

void ScrubTableView::hideEvent(QHideEvent *event)
{
    endScrub();
    QTableView::hideEvent(event);
}

void ScrubTableView::endScrub()
{
    if (!m_scrubbing)
        return;
    m_scrubbing = false;
    unsetCursor();
    m_pressIndex = QModelIndex();
    scrubFinished();
}

void ScrubTableView::wheelEvent(QWheelEvent *event)
{
    // Only the selected cell scrubs, so the wheel still scrolls a large matrix elsewhere.
    const QModelIndex index = indexAt(event->position().toPoint());
    // Some platforms turn Alt+wheel into horizontal scrolling.
    const int delta = event->angleDelta().y() != 0 ? event->angleDelta().y() : event->angleDelta().x();
    if (!index.isValid() || index != currentIndex() || state() == QAbstractItemView::EditingState || delta == 0) {
        QTableView::wheelEvent(event);
        return;
    }
    const double notches = delta / 120.0;
    scrubbed(index, tidy(cellValue(index) + notches * stepFor(event->modifiers()) * 10));
    event->accept();
}

} // namespace attnlab::ui
